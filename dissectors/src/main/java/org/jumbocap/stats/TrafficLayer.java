package org.jumbocap.stats;

import org.jumbocap.dissect.FrameSummary;

/**
 * The protocol layers the conversation and endpoint tables count, as Wireshark's tabs: which address
 * (and port) of a frame's summary each takes, and the display-filter fields that select it. Every layer
 * is the innermost of its kind in a tunnelled frame, as {@link FrameSummary} describes it: a VXLAN frame
 * counts under its inner Ethernet and IP headers and its inner TCP or UDP, not under the outer ones.
 */
public enum TrafficLayer {
    ETHERNET("Ethernet", "eth.addr", null),
    IPV4("IPv4", "ip.addr", null),
    IPV6("IPv6", "ipv6.addr", null),
    TCP("TCP", null, "tcp.port"),
    UDP("UDP", null, "udp.port");

    private static final int IP_TCP = 6;
    private static final int IP_UDP = 17;

    private final String label;
    private final String addressField;
    private final String portField;

    TrafficLayer(String label, String addressField, String portField) {
        this.label = label;
        this.addressField = addressField;
        this.portField = portField;
    }

    /** The tab's name: "Ethernet", "IPv4", "IPv6", "TCP", "UDP". */
    public String label() {
        return label;
    }

    /** True for TCP and UDP, whose endpoints have ports. */
    public boolean hasPorts() {
        return portField != null;
    }

    /** True when the frame has this layer. */
    boolean present(FrameSummary s) {
        return switch (this) {
            case ETHERNET -> s.ethSrc >= 0;
            case IPV4 -> s.ipVersion == 4;
            case IPV6 -> s.ipVersion == 6;
            case TCP -> s.ipProto == IP_TCP && s.srcPort >= 0 && (s.ipVersion == 4 || s.ipVersion == 6);
            case UDP -> s.ipProto == IP_UDP && s.srcPort >= 0 && (s.ipVersion == 4 || s.ipVersion == 6);
        };
    }

    /** The frame's source endpoint at this layer; call only when {@link #present}. */
    TrafficEndpoint source(FrameSummary s) {
        if (this == ETHERNET) {
            return new TrafficEndpoint(this, 0, 0, s.ethSrc, -1);
        }
        return new TrafficEndpoint(this, s.ipVersion, s.srcHi, s.srcLo, hasPorts() ? s.srcPort : -1);
    }

    /** The frame's destination endpoint at this layer; call only when {@link #present}. */
    TrafficEndpoint destination(FrameSummary s) {
        if (this == ETHERNET) {
            return new TrafficEndpoint(this, 0, 0, s.ethDst, -1);
        }
        return new TrafficEndpoint(this, s.ipVersion, s.dstHi, s.dstLo, hasPorts() ? s.dstPort : -1);
    }

    /** The address field for an endpoint of this layer: {@code eth.addr}, {@code ip.addr} or {@code ipv6.addr}. */
    String addressField(int ipVersion) {
        if (addressField != null) {
            return addressField;
        }
        return ipVersion == 6 ? "ipv6.addr" : "ip.addr";
    }

    /** {@code tcp.port}, {@code udp.port}, or null. */
    String portField() {
        return portField;
    }
}
