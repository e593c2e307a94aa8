package org.jumbocap.proto.icmp;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.proto.ip.IpProtocols;
import org.jumbocap.proto.ip.JumboOption;

/**
 * The invoking packet an ICMP error quotes. The quote holds only the packet's start; the length handed to
 * the IP dissector is the one the quoted header states, so the quote reads like a packet cut short by a
 * snaplen rather than a malformed one. Reads here never go past the captured bytes.
 */
final class QuotedPacket {
    static final int IPV6_HEADER = 40;

    private QuotedPacket() {
    }

    /**
     * Length of the quoted IPv6 packet: 40 plus the payload length, or plus the Jumbo Payload length for a
     * jumbogram; {@code available} when the header states none (BIG TCP payload length 0 without Hop-by-Hop).
     */
    static long ipv6Length(FrameBuffer b, int start, long available) {
        if (!b.has(start, IPV6_HEADER)) {
            return available;
        }
        int payloadLength = b.u16(start + 4);
        if (payloadLength != 0) {
            return IPV6_HEADER + payloadLength;
        }
        int jumbo = jumboOption(b, start);
        if (jumbo >= 0 && b.has(jumbo + 2, 4)) {
            return IPV6_HEADER + b.u32(jumbo + 2);
        }
        return available;
    }

    /** Length of the quoted IPv4 packet from its total length; {@code available} for BIG TCP's total length 0. */
    static long ipv4Length(FrameBuffer b, int start, long available) {
        if (!b.has(start, 4)) {
            return available;
        }
        int headerLength = (b.u8(start) & 0x0F) * 4;
        int totalLength = b.u16(start + 2);
        return totalLength >= headerLength && totalLength >= 20 ? totalLength : available;
    }

    /** Frame offset of the Jumbo Payload option in the quoted packet's Hop-by-Hop header, or -1. */
    static int jumboOption(FrameBuffer b, int start) {
        if (!b.has(start + 6, 1) || b.u8(start + 6) != IpProtocols.HOP_BY_HOP) {
            return -1;
        }
        return JumboOption.find(b, start + IPV6_HEADER);
    }
}
