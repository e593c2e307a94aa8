package org.jumbocap.stats;

import java.util.Arrays;

/**
 * What TCP conversation analysis found in one direction: retransmitted segments and bytes, segments lost
 * before the capture point, duplicate ACKs and out-of-order segments this side sent, and the RTTs of its
 * segments (measured at the ACKs the other side sent). Memory is bounded: at most {@link #RTT_SAMPLES}
 * RTTs are kept, a uniform sample of them once there are more (reservoir sampling with a fixed seed, so
 * the same capture gives the same median).
 */
public final class TcpAnalysisStats {
    public static final int RTT_SAMPLES = 10_000;

    long retransmissions;
    long retransmittedBytes;
    long lostSegments;
    long duplicateAcks;
    long outOfOrder;
    private long rttCount;
    private long rttMaxNanos = -1;
    /** Allocated at the first RTT: most directions of a capture of many short connections never get one. */
    private long[] rtts = NO_RTTS;
    private static final long[] NO_RTTS = new long[0];
    private int kept;
    private long random = 0x2545F4914F6CDD1DL;

    void addRtt(long nanos) {
        rttCount++;
        rttMaxNanos = Math.max(rttMaxNanos, nanos);
        if (kept < RTT_SAMPLES) {
            if (kept == rtts.length) {
                rtts = Arrays.copyOf(rtts, Math.min(RTT_SAMPLES, Math.max(16, kept * 2)));
            }
            rtts[kept++] = nanos;
            return;
        }
        // xorshift: replace a kept sample with probability RTT_SAMPLES / rttCount
        random ^= random << 13;
        random ^= random >>> 7;
        random ^= random << 17;
        long slot = Long.remainderUnsigned(random, rttCount);
        if (slot < RTT_SAMPLES) {
            rtts[(int) slot] = nanos;
        }
    }

    public long retransmissions() {
        return retransmissions;
    }

    /** TCP payload bytes of the retransmitted segments (fast and spurious ones included). */
    public long retransmittedBytes() {
        return retransmittedBytes;
    }

    public long lostSegments() {
        return lostSegments;
    }

    public long duplicateAcks() {
        return duplicateAcks;
    }

    public long outOfOrder() {
        return outOfOrder;
    }

    /** RTTs measured for this direction's segments. */
    public long rttCount() {
        return rttCount;
    }

    /** Median RTT in nanoseconds (of the kept sample past {@link #RTT_SAMPLES}), or -1 with none. */
    public long rttMedianNanos() {
        if (kept == 0) {
            return -1;
        }
        long[] sorted = Arrays.copyOf(rtts, kept);
        Arrays.sort(sorted);
        return kept % 2 == 1 ? sorted[kept / 2] : (sorted[kept / 2 - 1] + sorted[kept / 2]) / 2;
    }

    public long rttMaxNanos() {
        return rttMaxNanos;
    }

    /** True when nothing was found or measured. */
    public boolean isEmpty() {
        return retransmissions == 0 && lostSegments == 0 && duplicateAcks == 0 && outOfOrder == 0 && rttCount == 0;
    }
}
