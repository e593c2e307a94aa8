package org.jumbocap.pipeline.tcp;

/**
 * One direction of a TCP conversation, as Wireshark's {@code tcp_flow_t}: the base sequence number, the
 * highest sequence number sent, the last ACK and window sent, and the segments sent and not yet
 * acknowledged. Sequence numbers are kept relative to {@link #base} (32-bit, wrapping).
 */
final class TcpFlow {
    /** Wireshark keeps at most this many unacknowledged segments per direction (TCP_MAX_UNACKED_SEGMENTS). */
    static final int MAX_UNACKED = 10_000;
    static final int WINDOW_SCALE_UNKNOWN = -1;
    /** The handshake showed that windows are not scaled. */
    static final int WINDOW_SCALE_NONE = -2;

    boolean baseSet;
    /** Reassembly for the protocol above, once a segment's payload went to one that measures its messages. */
    PduReassembly pdus;
    long base;
    boolean sawSyn;

    /** Highest relative sequence number after a segment (0 = none yet), with its frame time. */
    long nextSeq;
    long nextSeqNanos;
    /** Highest contiguous relative sequence number the peer may acknowledge (0 = none yet). */
    long maxSeqToBeAcked;

    /** Last ACK sent (relative to the peer's base) and when; {@code lastAckSet} once a segment was seen. */
    boolean lastAckSet;
    long lastAck;
    long lastAckNanos;
    /** Last window field sent, raw; -1 before any segment. */
    long window = -1;
    /** The last window field came from a SYN, so it is never scaled. */
    boolean windowFromSyn;
    int windowScale = WINDOW_SCALE_UNKNOWN;
    int lastSegmentFlags;
    long lastNonDupAckFrame;
    int dupAckCount;
    boolean validBytesInFlight = true;

    /** MSS announced in this side's SYN, or -1; effective MSS of its latest data segment, or -1. */
    int announcedMss = -1;
    int lastEffectiveMss = -1;
    /** Highest ACK this side sent (relative to the peer's base), for newly acknowledged bytes. */
    boolean highestAckSet;
    long highestAck;
    boolean finSeen;
    /** This side sent a FIN before its peer did: it began closing the connection (Wireshark's closing_initiator). */
    boolean closingInitiator;
    /** Bytes the SACK blocks of this side's latest segment cover. */
    long sackedBytes;

    /** Unacknowledged segments, oldest first: relative seq and next seq, frame number, time. */
    private long[] segSeq = new long[4];
    private long[] segNext = new long[4];
    private long[] segFrame = new long[4];
    private long[] segNanos = new long[4];
    int segmentCount;
    /**
     * The lowest start and highest end of the unacknowledged segments, kept as they change, so bytes in
     * flight cost no walk of up to {@link #MAX_UNACKED} segments per frame (a capture of one direction
     * only never sees them acknowledged).
     */
    private long lowestSeq;
    private long highestNext;

    /** The window as the peer reads it, or -1 when unknown. */
    long scaledWindow() {
        return window < 0 ? -1 : scaled(window, windowFromSyn);
    }

    /** A window field this side sends, as the peer reads it: a SYN's, or one before scaling is known, as is. */
    long scaled(long field, boolean fromSyn) {
        return fromSyn || windowScale < 0 ? field : field << windowScale;
    }

    void addSegment(long seq, long next, long frame, long nanos) {
        if (segmentCount >= MAX_UNACKED) {
            return;
        }
        if (segmentCount == segSeq.length) {
            int n = Math.min(MAX_UNACKED, segSeq.length * 2);
            segSeq = java.util.Arrays.copyOf(segSeq, n);
            segNext = java.util.Arrays.copyOf(segNext, n);
            segFrame = java.util.Arrays.copyOf(segFrame, n);
            segNanos = java.util.Arrays.copyOf(segNanos, n);
        }
        lowestSeq = segmentCount == 0 ? seq : Math.min(lowestSeq, seq);
        highestNext = segmentCount == 0 ? next : Math.max(highestNext, next);
        segSeq[segmentCount] = seq;
        segNext[segmentCount] = next;
        segFrame[segmentCount] = frame;
        segNanos[segmentCount] = nanos;
        segmentCount++;
    }

    /**
     * Removes what {@code ack} acknowledges, trims segments it acknowledges in part, and reports the
     * segment it acknowledges exactly (the oldest such, as Wireshark ends up reporting).
     */
    void acknowledge(long ack, long nowNanos, TcpAnalysis out) {
        int kept = 0;
        boolean matched = false;
        for (int i = 0; i < segmentCount; i++) {
            long seq = segSeq[i];
            long next = segNext[i];
            if (ack == next) {
                if (!matched) {
                    matched = true;
                    out.acksFrame = segFrame[i];
                    out.ackRttNanos = nowNanos - segNanos[i];
                }
                continue;
            }
            if (Seq.gt(ack, seq) && Seq.le(ack, next)) {
                seq = ack;
            } else if (!Seq.gt(next, ack)) {
                continue;
            }
            lowestSeq = kept == 0 ? seq : Math.min(lowestSeq, seq);
            highestNext = kept == 0 ? next : Math.max(highestNext, next);
            segSeq[kept] = seq;
            segNext[kept] = next;
            segFrame[kept] = segFrame[i];
            segNanos[kept] = segNanos[i];
            kept++;
        }
        segmentCount = kept;
    }

    /** Wireshark's default bytes in flight: the span from the lowest to the highest unacknowledged byte; -1 with none. */
    long unacknowledgedSpan() {
        return segmentCount == 0 ? -1 : highestNext - lowestSeq;
    }
}
