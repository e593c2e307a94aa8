package org.jumbocap.gui.service;

import java.io.IOException;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.follow.TcpFollow;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.model.RowStore;
import org.jumbocap.gui.store.FrameStore;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.pipeline.tcp.TcpConversations;

/**
 * Follows one TCP stream again over its own frames, from its first, for what the packed rows do not keep:
 * a frame's whole analysis (bytes in flight, the ACK's RTT, ...) for the detail tree, and the stream's
 * data for Follow TCP Stream. A conversation's analysis depends only on its own frames, so feeding the
 * core's {@link TcpConversations} the stream's frames alone gives what the pass over the whole capture
 * gave; the stream number and the findings come from the rows, which the whole pass made (a reused-ports
 * note needs the conversation before). Keeps its state between calls: asking for a later frame of the
 * same stream goes on from the last one, so walking down a stream reads each frame once. One thread.
 */
public final class TcpStreamReplay {
    private final CaptureBackend backend;
    private final CaptureBackend.FrameSummarizer summarizer;
    private final FrameSummary summary = new FrameSummary();
    private final TcpAnalysis scratch = new TcpAnalysis();
    private final TcpAnalysis last = new TcpAnalysis();
    private TcpConversations conversations;
    private RowStore rows;
    private int stream = -1;
    /** The last frame index fed, -1 for none. */
    private int lastIndex = -1;

    public TcpStreamReplay(CaptureBackend backend) {
        this.backend = backend;
        this.summarizer = backend.newSummarizer();
    }

    /**
     * The whole TCP analysis of the frame at {@code index}, or null when the conversations do not follow it.
     */
    public TcpAnalysis analysisOf(FrameStore frames, RowStore rows, int index) throws IOException {
        int s = rows.tcpStream(index);
        if (s < 0) {
            return null;
        }
        if (rows != this.rows || s != stream || index < lastIndex) {
            restart(rows, s);
        }
        if (index > lastIndex) {
            replay(frames, lastIndex + 1, index, null, () -> false);
        }
        TcpAnalysis out = new TcpAnalysis();
        out.copyFrom(last);
        TcpAnalysis kept = rows.tcpAnalysis(index, new TcpAnalysis(), -1);
        out.stream = kept.stream;
        out.flags = kept.flags;
        return out;
    }

    /** What {@link #follow} gathered: the stream's data, and whether it stopped at the byte budget. */
    public record Followed(TcpFollow data, boolean cut) {
    }

    /**
     * The data of stream {@code s} over every listed frame, until {@code maxBytes} of data are gathered (a
     * BIG TCP stream may carry gigabytes; the viewer holds a window's worth).
     */
    public Followed follow(FrameStore frames, RowStore rows, int s, long maxBytes, BooleanSupplier cancelled)
            throws IOException {
        restart(rows, s);
        TcpFollow follow = new TcpFollow(s);
        budget = maxBytes;
        counted = 0;
        gathered = 0;
        boolean cut = false;
        try {
            replay(frames, 0, rows.size() - 1, follow, cancelled);
        } catch (BudgetReached e) {
            cut = true;
        } finally {
            restart(rows, s);
        }
        return new Followed(follow, cut);
    }

    /** Ends a follow at its byte budget. */
    private static final class BudgetReached extends RuntimeException {
        BudgetReached() {
            super(null, null, false, false);
        }
    }

    private long budget = Long.MAX_VALUE;
    private int counted;
    private long gathered;

    private void restart(RowStore rows, int s) {
        this.rows = rows;
        this.stream = s;
        this.lastIndex = -1;
        this.conversations = new TcpConversations();
    }

    /** Feeds the stream's frames among indices {@code from .. to}. */
    private void replay(FrameStore frames, int from, int to, TcpFollow follow, BooleanSupplier cancelled)
            throws IOException {
        int first = from;
        while (first <= to && rows.tcpStream(first) != stream) {
            first++;
        }
        if (first > to) {
            lastIndex = to;
            return;
        }
        int[] at = {first};
        frames.visitRange(first + 1L, rows.fileOffset(first), to - first + 1, frame -> {
            if (cancelled.getAsBoolean()) {
                throw new CancellationException();
            }
            int index = at[0]++;
            if (rows.tcpStream(index) == stream) {
                feed(frame, follow);
            }
            lastIndex = index;
        });
    }

    private void feed(FrameRecord frame, TcpFollow follow) {
        summarizer.decode(frame, summary);
        conversations.observe(summary, frame, scratch);
        scratch.stream = stream;
        last.copyFrom(scratch);
        if (follow != null) {
            follow.observe(summary, scratch, frame);
            var chunks = follow.chunks();
            for (; counted < chunks.size(); counted++) {
                gathered += chunks.get(counted).data().length;
            }
            if (gathered >= budget) {
                throw new BudgetReached();
            }
        }
    }
}
