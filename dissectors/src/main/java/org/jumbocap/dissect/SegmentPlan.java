package org.jumbocap.dissect;

/**
 * What TCP reassembly decided for one segment's payload, given to the segment's decode: the bytes at its
 * start that finish a message begun in earlier frames (and that message whole, when it was gathered), the
 * run of whole messages of its own, and the bytes at its end that begin a message completed later.
 * Offsets are from the payload's start. A segment whose payload is a run of whole messages from its first
 * byte needs no plan. A datagram protocol's frame gets a plan of no reassembly ({@link #datagram}) only to
 * carry what its protocol knew of the conversation from earlier frames. Immutable once made; a frame's
 * decode on any thread may read it.
 */
public final class SegmentPlan {
    /** The stream's protocol, which measures and decodes its messages. */
    public final StreamPduDissector dissector;
    /** Bytes at the payload's start that belong to a message begun earlier (gathered or given up). */
    public final int ownStart;
    /** End of the payload's own whole messages; from here to the end, a message completed later. */
    public final long ownEnd;
    /** The message this segment completes, gathered from every segment it ran through; null for none. */
    public final byte[] reassembled;
    /** The frames the reassembled message came from, in stream order, and how many bytes each gave. */
    public final long[] segmentFrames;
    public final int[] segmentBytes;
    /**
     * Bytes before {@link #ownStart} not decoded: after a gap in the stream (a lost segment, a capture that
     * began mid-stream) the decode resumes at the next message boundary the protocol finds; 0 for none.
     */
    public final int skippedAfterGap;
    /** A message longer than the reassembly's bound: its bytes are passed over, not gathered; -1 for none. */
    public final long tooLongMessage;
    /**
     * What the protocol knew of the conversation from the frames before this one
     * ({@link StreamPduDissector#conversationState}), fixed when the segment came in stream order, so the
     * decode sees the same on any thread and at any later time; null for nothing.
     */
    public final Object conversationState;

    public SegmentPlan(StreamPduDissector dissector, int ownStart, long ownEnd, byte[] reassembled, long[] segmentFrames,
                       int[] segmentBytes, int skippedAfterGap, long tooLongMessage) {
        this(dissector, ownStart, ownEnd, reassembled, segmentFrames, segmentBytes, skippedAfterGap, tooLongMessage, null);
    }

    /** The segment repeats bytes already followed: its messages were decoded where they first came. */
    private final boolean retransmitted;

    public SegmentPlan(StreamPduDissector dissector, int ownStart, long ownEnd, byte[] reassembled, long[] segmentFrames,
                       int[] segmentBytes, int skippedAfterGap, long tooLongMessage, Object conversationState) {
        this(dissector, ownStart, ownEnd, reassembled, segmentFrames, segmentBytes, skippedAfterGap, tooLongMessage,
                conversationState, false);
    }

    /**
     * The plan of a datagram, which no reassembly touches: only what its protocol knew of the conversation
     * from the frames before ({@link #conversationState}), as QUIC's short headers need the connection ids.
     */
    public static SegmentPlan datagram(Object conversationState) {
        return new SegmentPlan(null, 0, 0, null, null, null, 0, -1, conversationState, false);
    }

    /** The plan of a segment that repeats bytes already followed: all of it is segment data. */
    public static SegmentPlan retransmission(StreamPduDissector dissector, Object conversationState) {
        return new SegmentPlan(dissector, 0, 0, null, null, null, 0, -1, conversationState, true);
    }

    private SegmentPlan(StreamPduDissector dissector, int ownStart, long ownEnd, byte[] reassembled, long[] segmentFrames,
                        int[] segmentBytes, int skippedAfterGap, long tooLongMessage, Object conversationState,
                        boolean retransmitted) {
        this.retransmitted = retransmitted;
        this.conversationState = conversationState;
        this.dissector = dissector;
        this.ownStart = ownStart;
        this.ownEnd = ownEnd;
        this.reassembled = reassembled;
        this.segmentFrames = segmentFrames;
        this.segmentBytes = segmentBytes;
        this.skippedAfterGap = skippedAfterGap;
        this.tooLongMessage = tooLongMessage;
    }

    /**
     * The payload only begins a message completed in a later frame (tshark's Info is then
     * "[TCP segment of a reassembled PDU]" alone).
     */
    public boolean onlyBeginsAMessage() {
        return plain() && ownStart == 0 && ownEnd == 0;
    }

    /**
     * The payload only continues a message begun earlier and completed later (tshark appends
     * "[TCP segment of a reassembled PDU]" to TCP's Info).
     */
    public boolean onlyContinuesAMessage() {
        return plain() && ownStart > 0 && ownEnd <= ownStart;
    }

    private boolean plain() {
        return dissector != null && !retransmitted && reassembled == null && skippedAfterGap == 0 && tooLongMessage < 0;
    }
}
