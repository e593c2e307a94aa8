package org.jumbocap.dissect;

/**
 * What TCP reassembly decided for one segment's payload, given to the segment's decode: the bytes at its
 * start that finish a message begun in earlier frames (and that message whole, when it was gathered), the
 * run of whole messages of its own, and the bytes at its end that begin a message completed later.
 * Offsets are from the payload's start. A segment whose payload is a run of whole messages from its first
 * byte needs no plan. Immutable once made; a frame's decode on any thread may read it.
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

    public SegmentPlan(StreamPduDissector dissector, int ownStart, long ownEnd, byte[] reassembled, long[] segmentFrames,
                       int[] segmentBytes, int skippedAfterGap, long tooLongMessage, Object conversationState) {
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
}
