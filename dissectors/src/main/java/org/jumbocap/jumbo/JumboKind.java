package org.jumbocap.jumbo;

/** How a frame's real layer-3 length was found when the IP header's own length field could not say. */
public enum JumboKind {
    /** RFC 2675: IPv6 payload length 0 and a Hop-by-Hop Jumbo Payload option with the real length. */
    IPV6_HBH("ipv6-hbh"),
    /** Linux BIG TCP without the Hop-by-Hop header: IPv6 payload length 0, length taken from the frame. */
    IPV6_ZERO_LENGTH("ipv6-zero-length"),
    /** Linux BIG TCP over IPv4: total length 0, length taken from the frame. */
    IPV4_ZERO_LENGTH("ipv4-zero-length");

    private final String label;

    JumboKind(String label) {
        this.label = label;
    }

    /** The value of the {@code jumbo.kind} field. */
    public String label() {
        return label;
    }

    public static JumboKind fromLabel(String s) {
        for (JumboKind k : values()) {
            if (k.label.equals(s)) {
                return k;
            }
        }
        return null;
    }
}
