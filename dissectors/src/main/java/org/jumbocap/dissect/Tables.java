package org.jumbocap.dissect;

/** Names of the dissector tables. */
public final class Tables {
    /** LINKTYPE_ value of the capture. */
    public static final String LINK_TYPE = "link_type";
    /** Ethernet type / SLL protocol (0x86DD, 0x0800, 0x8100, ...). */
    public static final String ETHERTYPE = "ethertype";
    /** IPv4 protocol / IPv6 next header of the transport (6, 17, 58, ...). */
    public static final String IP_PROTO = "ip.proto";
    /** IPv6 extension headers by next-header value (0, 43, 44, 60, 51, 50, 135, 59). */
    public static final String IPV6_EXT = "ipv6.ext";
    /** UDP destination or source port of the payload's protocol (4789 VXLAN, 6081 Geneve, 53 DNS, 5353 mDNS). */
    public static final String UDP_PORT = "udp.port";
    /** TCP port of the protocol a segment's payload carries (53 DNS, 443 TLS); the lower port is tried first. */
    public static final String TCP_PORT = "tcp.port";
    /**
     * {@link HeuristicDissector}s TCP tries, in key order, on a payload no port claimed, as Wireshark's
     * heuristic dissectors (TLS on any port).
     */
    public static final String TCP_HEURISTIC = "tcp.heuristic";
    /** {@link HeuristicDissector}s UDP tries, in key order, on a payload no port claimed (QUIC on any port). */
    public static final String UDP_HEURISTIC = "udp.heuristic";

    private Tables() {
    }
}
