package org.jumbocap.proto.ip;

import org.jumbocap.buffer.FrameBuffer;

/**
 * Where a Hop-by-Hop header keeps the RFC 2675 Jumbo Payload option, found by the walk the IPv6 option
 * dissector makes (Pad1 one byte, every other option its two bytes and its data). Here rather than in the
 * IPv6 folder because ICMPv6 needs it too, for the packet an error message quotes.
 */
public final class JumboOption {
    /** Option type of the Jumbo Payload option (RFC 2675 section 2). */
    public static final int TYPE = 0xC2;
    /** Option type of Pad1, the one option without a length byte. */
    public static final int PAD1 = 0x00;

    private JumboOption() {
    }

    /**
     * Frame offset of the first Jumbo Payload option of the Hop-by-Hop header at {@code headerStart}, or -1,
     * within the captured bytes; for a packet decoded without a chain, such as the one an ICMPv6 error quotes.
     */
    public static int find(FrameBuffer b, int headerStart) {
        if (!b.has(headerStart, 2)) {
            return -1;
        }
        int end = headerStart + (b.u8(headerStart + 1) + 1) * 8;
        int p = headerStart + 2;
        while (p < end && b.has(p, 2)) {
            int type = b.u8(p);
            if (type == PAD1) {
                p++;
            } else if (type == TYPE) {
                return p;
            } else {
                p += 2 + b.u8(p + 1);
            }
        }
        return -1;
    }
}
