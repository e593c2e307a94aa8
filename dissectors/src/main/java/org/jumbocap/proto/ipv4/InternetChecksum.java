package org.jumbocap.proto.ipv4;

import org.jumbocap.buffer.FrameBuffer;

/** RFC 1071 ones'-complement sum, for the IPv4 header checksum. */
final class InternetChecksum {
    private InternetChecksum() {
    }

    /** Sum of the 16-bit words of captured bytes (an odd last byte is padded with zero), not yet folded. */
    static long sum(FrameBuffer b, int offset, int length) {
        long sum = 0;
        int i = 0;
        for (; i + 1 < length; i += 2) {
            sum += b.u16(offset + i);
        }
        if (i < length) {
            sum += b.u8(offset + i) << 8;
        }
        return sum;
    }

    /** The checksum a header should carry, given the sum of its words without the checksum field. */
    static int fold(long sum) {
        long s = sum;
        while ((s >>> 16) != 0) {
            s = (s & 0xFFFF) + (s >>> 16);
        }
        return (int) (~s & 0xFFFF);
    }
}
