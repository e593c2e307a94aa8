package org.jumbocap.pipeline.tcp;

/**
 * What the conversation says about one TCP frame: its stream, its sequence numbers as shown (relative to
 * the conversation's first, or raw), the analysis findings and measurements. One instance is reused for
 * every frame ({@link #reset}); values that do not apply are -1.
 */
public final class TcpAnalysis {
    /** False for a frame that is not a TCP segment the conversations follow; every other value is then unset. */
    public boolean tracked;
    /** Sequence numbers are relative to the conversation's first ones (else raw). */
    public boolean relative;
    public long stream = -1;
    /** tcp.seq, tcp.ack, tcp.nxtseq as shown: relative, or raw when {@link #relative} is off. */
    public long seq = -1;
    public long ack = -1;
    public long nextSeq = -1;
    /**
     * Wireshark would show an "SEQ/ACK analysis" subtree: a finding, an acknowledged segment, or a data
     * segment whose bytes in flight were counted.
     */
    public boolean analysisRecord;
    /** Bits of {@link TcpAnalysisFlag}. */
    public int flags;
    public long duplicateAckNumber = -1;
    public long duplicateAckFrame = -1;
    public long acksFrame = -1;
    public long ackRttNanos = -1;
    public long initialRttNanos = -1;
    public long bytesInFlight = -1;
    /**
     * The window as the receiver reads it (Wireshark's calculated {@code tcp.window_size}): the field
     * shifted by the sender's window scale from the handshake, unscaled on a SYN; -1 when not analysed.
     */
    public long windowSize = -1;
    /**
     * 2 to the window scale, -1 when the handshake was not seen, -2 when a side did not offer scaling, 0
     * on a SYN (whose window is never scaled).
     */
    public int windowScalingFactor = -1;
    public long timeRelativeNanos = -1;
    public long timeDeltaNanos = -1;
    /** Wire segments of {@link #effectiveMss} this segment's data stands for (more than 1: a super-packet). */
    public long wireSegments = -1;
    public int effectiveMss = -1;
    /**
     * The MSS in force for the sender from the handshake: the smaller of the two SYNs' MSS options, or the
     * one seen; -1 when neither was. Set on every tracked segment, with data or without.
     */
    public int mssInForce = -1;
    /** Bytes and wire segments of the peer this ACK acknowledges for the first time. */
    public long ackedBytes = -1;
    public long ackedSegments = -1;
    /** Conversations open when this frame's made the table forget the least recently seen one, else -1. */
    public long conversationCap = -1;
    /** On a FIN: {@link #FIN_ACTIVE} or {@link #FIN_PASSIVE}, as Wireshark tells which side closes; else 0. */
    public int finClosing;
    /** A FIN from the side whose peer has sent none: it initiates the closing. */
    public static final int FIN_ACTIVE = 1;
    /** A FIN that answers the peer's: it undergoes the closing. */
    public static final int FIN_PASSIVE = 2;
    /** What TCP reassembly decided for the segment's payload, or null: decoded as it comes. */
    public org.jumbocap.dissect.SegmentPlan segmentPlan;
    /**
     * The frame's DNS responses paired with their queries, in frame order: per response its transaction id,
     * its query's frame and the nanoseconds since it ({@link DnsTransactions}); null for none. Never changed
     * once set.
     */
    public long[] dnsPairs;
    /**
     * The frame's DNS queries' responses, known only from a first pass over the capture ({@link DnsResponses}):
     * per response its transaction id and its frame; null for none or without a first pass. Never changed once set.
     */
    public long[] dnsAnswers;

    public void reset() {
        tracked = false;
        relative = true;
        stream = seq = ack = nextSeq = -1;
        analysisRecord = false;
        flags = 0;
        duplicateAckNumber = duplicateAckFrame = acksFrame = ackRttNanos = initialRttNanos = bytesInFlight = -1;
        timeRelativeNanos = timeDeltaNanos = -1;
        wireSegments = -1;
        effectiveMss = -1;
        mssInForce = -1;
        ackedBytes = ackedSegments = -1;
        conversationCap = -1;
        finClosing = 0;
        segmentPlan = null;
        dnsPairs = null;
        dnsAnswers = null;
        windowSize = -1;
        windowScalingFactor = -1;
    }

    /**
     * True when the frame has the finding. As in Wireshark, a fast or spurious retransmission is also a
     * retransmission.
     */
    public boolean has(TcpAnalysisFlag flag) {
        if (flag == TcpAnalysisFlag.RETRANSMISSION) {
            return (flags & (TcpAnalysisFlag.RETRANSMISSION.bit() | TcpAnalysisFlag.FAST_RETRANSMISSION.bit()
                    | TcpAnalysisFlag.SPURIOUS_RETRANSMISSION.bit())) != 0;
        }
        return flag.in(flags);
    }

    /** True when the frame gets an "SEQ/ACK analysis" subtree: Wireshark's, or the jumbo counts. */
    public boolean hasAnalysisTree() {
        return tracked && (analysisRecord || wireSegments >= 0 || ackedBytes >= 0);
    }

    /** Copies every value from {@code other} (for keeping a frame's analysis). */
    public void copyFrom(TcpAnalysis o) {
        tracked = o.tracked;
        relative = o.relative;
        analysisRecord = o.analysisRecord;
        stream = o.stream;
        seq = o.seq;
        ack = o.ack;
        nextSeq = o.nextSeq;
        flags = o.flags;
        duplicateAckNumber = o.duplicateAckNumber;
        duplicateAckFrame = o.duplicateAckFrame;
        acksFrame = o.acksFrame;
        ackRttNanos = o.ackRttNanos;
        initialRttNanos = o.initialRttNanos;
        bytesInFlight = o.bytesInFlight;
        timeRelativeNanos = o.timeRelativeNanos;
        timeDeltaNanos = o.timeDeltaNanos;
        wireSegments = o.wireSegments;
        effectiveMss = o.effectiveMss;
        mssInForce = o.mssInForce;
        ackedBytes = o.ackedBytes;
        ackedSegments = o.ackedSegments;
        conversationCap = o.conversationCap;
        finClosing = o.finClosing;
        segmentPlan = o.segmentPlan;
        dnsPairs = o.dnsPairs;
        dnsAnswers = o.dnsAnswers;
        windowSize = o.windowSize;
        windowScalingFactor = o.windowScalingFactor;
    }
}
