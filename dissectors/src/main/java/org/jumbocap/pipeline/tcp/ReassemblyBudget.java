package org.jumbocap.pipeline.tcp;

/**
 * The bound on what TCP reassembly holds: the bytes of the messages in flight (begun, not yet complete)
 * and the list of segments each came from, per direction of a stream and over all streams of a pass.
 * Nothing is held for a message's claimed length, only for bytes that arrived. Not thread-safe: one per
 * {@link TcpConversations}.
 */
public final class ReassemblyBudget {
    /** Per direction: larger than any TLS record (2^14 + 2048 bytes) with room for HTTP headers and bodies. */
    public static final int DEFAULT_PER_STREAM = 1 << 20;
    /** Over all streams. */
    public static final long DEFAULT_TOTAL = 128L << 20;
    /** What one listed segment costs: its frame number and byte count. */
    static final int SEGMENT_COST = Long.BYTES + Integer.BYTES;

    private final int perStream;
    private final long total;
    private long held;
    private long peak;

    public ReassemblyBudget() {
        this(DEFAULT_PER_STREAM, DEFAULT_TOTAL);
    }

    public ReassemblyBudget(int perStream, long total) {
        if (perStream < 64 || total < perStream) {
            throw new IllegalArgumentException("per-stream bound " + perStream + " and total " + total);
        }
        this.perStream = perStream;
        this.total = total;
    }

    public int perStream() {
        return perStream;
    }

    /** Bytes held now. */
    public long held() {
        return held;
    }

    /** The most held at once. */
    public long peak() {
        return peak;
    }

    /** Takes {@code bytes} more for a direction that holds {@code stream} now; false (nothing taken) past a bound. */
    boolean take(long stream, long bytes) {
        if (stream + bytes > perStream || held + bytes > total) {
            return false;
        }
        held += bytes;
        peak = Math.max(peak, held);
        return true;
    }

    void give(long bytes) {
        held -= bytes;
    }

    void clear() {
        held = 0;
    }
}
