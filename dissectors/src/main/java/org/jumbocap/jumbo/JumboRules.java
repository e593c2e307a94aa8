package org.jumbocap.jumbo;

/**
 * The one place that decides a packet's real layer-3 length when the IP header's own length field is
 * zero. The full dissectors and the fast path both ask here, so they never disagree.
 *
 * <p>RFC 2675: IPv6 payload length 0 plus a Jumbo Payload option is a jumbogram whose length is the
 * option's value. Linux BIG TCP on newer kernels sends IPv6 super-packets with payload length 0 and no
 * Hop-by-Hop header, and IPv4 super-packets with total length 0: for those the only honest length is
 * what the layer below carried.
 */
public final class JumboRules {
    private JumboRules() {
    }

    /**
     * Kind of an IPv6 packet.
     *
     * @param payloadLength   the fixed header's payload length field
     * @param hasJumboOption  a Jumbo Payload option was found in the Hop-by-Hop header
     * @param bytesAfterFixedHeader bytes the layer below carried after the 40-byte header (reported, not
     *                        captured, length)
     * @return the kind, or null for an ordinary packet
     */
    public static JumboKind ipv6Kind(int payloadLength, boolean hasJumboOption, long bytesAfterFixedHeader) {
        if (payloadLength != 0) {
            return null;
        }
        if (hasJumboOption) {
            return JumboKind.IPV6_HBH;
        }
        return bytesAfterFixedHeader > 0 ? JumboKind.IPV6_ZERO_LENGTH : null;
    }

    /**
     * Real payload length of an IPv6 packet (bytes after the 40-byte fixed header, extension headers
     * included), given its kind from {@link #ipv6Kind}.
     */
    public static long ipv6PayloadLength(JumboKind kind, int payloadLength, long jumboOptionValue,
                                         long bytesAfterFixedHeader) {
        if (kind == null) {
            return payloadLength;
        }
        return kind == JumboKind.IPV6_HBH ? jumboOptionValue : bytesAfterFixedHeader;
    }

    /**
     * Kind of an IPv4 packet: total length 0 on a packet the layer below carried with more than a header
     * is Linux BIG TCP.
     *
     * @param totalLength      the header's total length field
     * @param headerLength     IHL times 4
     * @param bytesFromHeader  bytes the layer below carried from the start of the IPv4 header
     */
    public static JumboKind ipv4Kind(int totalLength, int headerLength, long bytesFromHeader) {
        return totalLength == 0 && bytesFromHeader > headerLength ? JumboKind.IPV4_ZERO_LENGTH : null;
    }

    /**
     * Header-and-data length of a UDP datagram. RFC 2675 section 4: a length of 0 means the IP layer's
     * upper-layer length (a jumbogram's UDP length does not fit in 16 bits); a length the IP layer
     * contradicts is cut to what the IP layer carried, and never below the 8-byte header.
     *
     * @param lengthField the UDP header's length field
     * @param ipLength    the upper-layer length the IP layer gave (32-bit for jumbograms)
     */
    public static long udpDatagramLength(int lengthField, long ipLength) {
        return lengthField == 0 ? ipLength : Math.max(8, Math.min(lengthField, ipLength));
    }

    /** Real total length of an IPv4 packet (header included), given its kind from {@link #ipv4Kind}. */
    public static long ipv4TotalLength(JumboKind kind, int totalLength, long bytesFromHeader) {
        return kind == JumboKind.IPV4_ZERO_LENGTH ? bytesFromHeader : totalLength;
    }
}
