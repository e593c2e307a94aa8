package org.jumbocap.proto.ipv4;

/**
 * RFC 1071 ones'-complement checksum of the IPv4 header; the sum itself is
 * {@link org.jumbocap.checksum.ChecksumVerdict#sum}, which folds to the same 16 bits as a word-by-word sum.
 */
final class InternetChecksum {
    private InternetChecksum() {
    }

    /** The checksum a header should carry, given the sum of its words without the checksum field. */
    static int fold(long sum) {
        return ~org.jumbocap.buffer.FrameBuffer.fold(sum) & 0xFFFF;
    }
}
