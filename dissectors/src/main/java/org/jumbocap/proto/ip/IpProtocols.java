package org.jumbocap.proto.ip;

import java.util.Map;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.IpContext;
import org.jumbocap.dissect.Tables;

/** IP protocol numbers shared by IPv4's protocol field and IPv6's next-header fields. */
public final class IpProtocols {
    /** IPv6 Hop-by-Hop Options, the header that carries the Jumbo Payload option. */
    public static final int HOP_BY_HOP = 0;
    public static final int IPIP = 4;
    public static final int IPV6 = 41;

    public static final Map<Long, String> NAMES = Map.ofEntries(
            Map.entry(0L, "IPv6 Hop-by-Hop Option"), Map.entry(1L, "ICMP"), Map.entry(2L, "IGMP"),
            Map.entry(4L, "IPIP"), Map.entry(6L, "TCP"), Map.entry(17L, "UDP"), Map.entry(41L, "IPv6"),
            Map.entry(43L, "Routing Header for IPv6"), Map.entry(44L, "Fragment Header for IPv6"),
            Map.entry(47L, "Generic Routing Encapsulation"), Map.entry(50L, "Encap Security Payload"),
            Map.entry(51L, "Authentication Header"), Map.entry(58L, "ICMPv6"), Map.entry(59L, "IPv6 No Next Header"),
            Map.entry(60L, "Destination Options for IPv6"), Map.entry(132L, "SCTP"), Map.entry(135L, "Mobile IPv6"),
            Map.entry(136L, "UDPLite"), Map.entry(143L, "Ethernet"));

    private IpProtocols() {
    }

    /**
     * Hands an IP payload to the transport table. IP-in-IP (4) and IPv6-in-IP (41) are tunnels: their
     * inner packet is dissected one tunnel level deeper.
     */
    public static void handoff(DissectionContext ctx, int protocol, int offset, long length) {
        if (protocol == IPIP || protocol == IPV6) {
            ctx.handoffTunnel(Tables.IP_PROTO, protocol, offset, length);
        } else {
            ctx.handoff(Tables.IP_PROTO, protocol, offset, length);
        }
    }

    /**
     * True when the packet being dissected is carried in the first fragment of an enclosing IP packet (a
     * tunnel whose outer packet was fragmented): its tail is in fragments that are not reassembled, so
     * a length that runs past the bytes at hand is expected.
     */
    public static boolean insideFragment(DissectionContext ctx) {
        IpContext outer = ctx.ip();
        return outer != null && outer.moreFragments();
    }
}
