package org.jumbocap.checksum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.proto.tcp.TransportFrames;
import org.junit.jupiter.api.Test;

class ChecksumVerdictTest {
    private static final byte[] SRC6 = TransportFrames.V6_SRC;
    private static final byte[] DST6 = TransportFrames.V6_DST;

    @Test
    void wideSumMatchesTheWordByWordSumForEveryLengthAndAlignment() {
        Random random = new Random(2675);
        byte[] data = new byte[300];
        random.nextBytes(data);
        FrameBuffer buffer = FrameBuffer.wrap(data);
        for (int from = 0; from < 9; from++) {
            for (int length = 0; length <= 64 + 17; length++) {
                byte[] slice = java.util.Arrays.copyOfRange(data, from, from + length);
                assertEquals(TransportFrames.fold(TransportFrames.referenceSum(slice)),
                        ChecksumVerdict.fold(ChecksumVerdict.sum(buffer, from, length)), "from " + from + " length " + length);
            }
        }
    }

    @Test
    void wideSumOfAllOnesDoesNotOverflowOnASuperPacket() {
        byte[] ones = new byte[512 * 1024 + 3];
        java.util.Arrays.fill(ones, (byte) 0xFF);
        assertEquals(TransportFrames.fold(TransportFrames.referenceSum(ones)),
                ChecksumVerdict.fold(ChecksumVerdict.sum(FrameBuffer.wrap(ones), 0, ones.length)));
    }

    @Test
    void rfc1071WorkedExample() {
        // RFC 1071 section 3: the words 0001 f203 f4f5 f6f7 sum to 2ddf0, folded ddf2.
        byte[] words = {0x00, 0x01, (byte) 0xf2, 0x03, (byte) 0xf4, (byte) 0xf5, (byte) 0xf6, (byte) 0xf7};
        assertEquals(0xddf2, ChecksumVerdict.fold(0x2ddf0L));
        assertEquals(0xddf2, ChecksumVerdict.fold(ChecksumVerdict.sum(words, 0, words.length)));
    }

    @Test
    void ipv6PseudoHeaderUsesThe32BitJumboLength() {
        long length = 184_232L;
        byte[] pseudo = TransportFrames.pseudoHeader(6, SRC6, DST6, length);
        assertEquals(TransportFrames.fold(TransportFrames.referenceSum(pseudo)),
                ChecksumVerdict.fold(ChecksumVerdict.pseudoHeaderSum(SRC6, DST6, 6, length)));
    }

    /**
     * The Linux kernel's generic {@code csum_tcpudp_nofold} on a little-endian host: addresses loaded as
     * host-order 32-bit words, {@code (proto + len) << 8} added as a 32-bit length, a 64-bit sum folded.
     * Its 16-bit result is the byte-swapped network-order sum.
     */
    private static int kernelPseudoHeaderFold(byte[] src, byte[] dst, int protocol, long length) {
        long s = littleEndian32(src) + littleEndian32(dst) + ((protocol + length) << 8);
        s = (s & 0xFFFFFFFFL) + (s >>> 32);
        s = (s & 0xFFFFFFFFL) + (s >>> 32);
        s = (s & 0xFFFF) + (s >>> 16);
        s = (s & 0xFFFF) + (s >>> 16);
        int hostOrder = (int) s & 0xFFFF;
        return ((hostOrder & 0xFF) << 8) | (hostOrder >>> 8);
    }

    private static long littleEndian32(byte[] a) {
        return (a[0] & 0xFFL) | (a[1] & 0xFFL) << 8 | (a[2] & 0xFFL) << 16 | (a[3] & 0xFFL) << 24;
    }

    @Test
    void ipv4PseudoHeaderAddsTheRealLengthAs32BitsLikeTheKernel() {
        byte[] src = TransportFrames.V4_SRC;
        byte[] dst = TransportFrames.V4_DST;
        for (long length : new long[] {40, 1480, 65535, 65536, 70_020, 183_928, 524_288}) {
            int ours = ChecksumVerdict.fold(ChecksumVerdict.pseudoHeaderSum(src, dst, 6, length));
            int kernel = kernelPseudoHeaderFold(src, dst, 6, length);
            assertTrue(ChecksumVerdict.sameOnesComplement(ours, kernel), "length " + length + ": " + ours + " vs " + kernel);
        }
    }

    private static byte[] segmentWith(TransportFrames.Checksum mode, byte[] payload) {
        return TransportFrames.withChecksum(TransportFrames.ackSegment(payload), 16, 6, SRC6, DST6, mode);
    }

    private static ChecksumVerdict.Result check(byte[] segment, long pseudoLength) {
        long pseudo = ChecksumVerdict.pseudoHeaderSum(SRC6, DST6, 6, pseudoLength);
        return ChecksumVerdict.check(FrameBuffer.wrap(segment), 0, segment.length, 16, pseudo, true);
    }

    @Test
    void verdictsOnASuperPacketSegment() {
        byte[] payload = TransportFrames.data(TransportFrames.SUPER_DATA);
        byte[] good = segmentWith(TransportFrames.Checksum.CORRECT, payload);
        ChecksumVerdict.Result r = check(good, good.length);
        assertEquals(ChecksumVerdict.GOOD, r.verdict());
        assertEquals(r.field(), r.expected());

        byte[] bad = segmentWith(TransportFrames.Checksum.BAD, payload);
        ChecksumVerdict.Result b = check(bad, bad.length);
        assertEquals(ChecksumVerdict.BAD, b.verdict());
        assertEquals(r.field(), b.expected(), "the expected value is the correct checksum");

        byte[] offloaded = segmentWith(TransportFrames.Checksum.OFFLOADED, payload);
        ChecksumVerdict.Result o = check(offloaded, offloaded.length);
        assertEquals(ChecksumVerdict.OFFLOADED, o.verdict());
        assertEquals(r.field(), o.expected());

        // A 16-bit truncated length in the pseudo-header gets neither right.
        assertEquals(ChecksumVerdict.BAD, check(good, good.length & 0xFFFF).verdict());
        assertEquals(ChecksumVerdict.BAD, check(offloaded, offloaded.length & 0xFFFF).verdict());
    }

    @Test
    void offloadedAcceptsEitherOnesComplementZero() {
        byte[] segment = TransportFrames.ackSegment(TransportFrames.data(40));
        FrameBuffer buffer = FrameBuffer.wrap(segment);
        // A pseudo-header sum folding to 0xFFFF: the sender may have written 0x0000 or 0xFFFF.
        assertEquals(ChecksumVerdict.OFFLOADED, ChecksumVerdict.check(buffer, 0, segment.length, 16, 0xFFFF, true).verdict());
        segment[16] = (byte) 0xFF;
        segment[17] = (byte) 0xFF;
        assertEquals(ChecksumVerdict.OFFLOADED, ChecksumVerdict.check(buffer, 0, segment.length, 16, 0xFFFF, true).verdict());
        assertEquals(ChecksumVerdict.BAD, ChecksumVerdict.check(buffer, 0, segment.length, 16, 0xFFFF, false).verdict(),
                "protocols without offload never get the verdict");
    }

    @Test
    void notCheckedWhenTheSegmentWasNotCapturedWhole() {
        byte[] good = segmentWith(TransportFrames.Checksum.CORRECT, TransportFrames.data(2000));
        FrameBuffer cut = new FrameBuffer(good, 0, 1500, good.length);
        long pseudo = ChecksumVerdict.pseudoHeaderSum(SRC6, DST6, 6, good.length);
        ChecksumVerdict.Result r = ChecksumVerdict.check(cut, 0, good.length, 16, pseudo, true);
        assertEquals(ChecksumVerdict.NOT_CHECKED, r.verdict());
    }

    @Test
    void aCutSuperPacketIsJudgedFromItsPseudoHeaderSumAlone() {
        byte[] offloaded = segmentWith(TransportFrames.Checksum.OFFLOADED, TransportFrames.data(TransportFrames.SUPER_DATA));
        FrameBuffer cut = new FrameBuffer(offloaded, 0, 1500, offloaded.length);
        long pseudo = ChecksumVerdict.pseudoHeaderSum(SRC6, DST6, 6, offloaded.length);
        ChecksumVerdict.Result r = ChecksumVerdict.check(cut, 0, offloaded.length, 16, pseudo, true, true);
        assertEquals(ChecksumVerdict.OFFLOADED, r.verdict());
        assertEquals(-1, r.expected(), "the full checksum needs the uncaptured payload");
        assertEquals(ChecksumVerdict.NOT_CHECKED, ChecksumVerdict.check(cut, 0, offloaded.length, 16, pseudo, true, false).verdict(),
                "an ordinary cut packet: a complete checksum may equal the pseudo-header sum by chance");
        assertEquals(ChecksumVerdict.NOT_CHECKED, ChecksumVerdict.check(cut, 0, offloaded.length, 16, pseudo, false, true).verdict(),
                "protocols without offload");
        long truncatedLength = ChecksumVerdict.pseudoHeaderSum(SRC6, DST6, 6, offloaded.length & 0xFFFF);
        assertEquals(ChecksumVerdict.NOT_CHECKED, ChecksumVerdict.check(cut, 0, offloaded.length, 16, truncatedLength, true, true).verdict(),
                "a pseudo-header with the wrong length is not the kernel's value");
    }

    @Test
    void tunnelChecksumRightOnceTheInnerWordIsCompleted() {
        for (int innerOffset : new int[] {40, 41}) {
            byte[] region = TransportFrames.data(120);
            int finalWord = 0xBEEF;
            int partialWord = 0x1234;
            region[innerOffset] = (byte) (finalWord >>> 8);
            region[innerOffset + 1] = (byte) finalWord;
            region[6] = 0;
            region[7] = 0;
            int outer = ~TransportFrames.fold(TransportFrames.referenceSum(region)) & 0xFFFF;
            region[6] = (byte) (outer >>> 8);
            region[7] = (byte) outer;
            region[innerOffset] = (byte) (partialWord >>> 8);
            region[innerOffset + 1] = (byte) partialWord;
            ChecksumVerdict.Result r = ChecksumVerdict.check(FrameBuffer.wrap(region), 0, region.length, 6, 0, true);
            assertEquals(ChecksumVerdict.BAD, r.verdict());
            boolean odd = (innerOffset & 1) != 0;
            assertTrue(ChecksumVerdict.goodAfterReplacing(r, partialWord, finalWord, odd), "inner word at " + innerOffset);
            assertFalse(ChecksumVerdict.goodAfterReplacing(r, partialWord, finalWord + 1, odd));
        }
    }
}
