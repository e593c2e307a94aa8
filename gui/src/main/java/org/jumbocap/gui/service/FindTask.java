package org.jumbocap.gui.service;

import java.util.BitSet;
import javafx.concurrent.Task;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.backend.CaptureBackend.ViewerFilter;
import org.jumbocap.gui.backend.CaptureBackend.FrameStep;
import org.jumbocap.dissect.SegmentPlan;
import org.jumbocap.gui.backend.CaptureBackend.FrameSummarizer;
import org.jumbocap.gui.model.FindQuery;
import org.jumbocap.gui.model.RowFactory;
import org.jumbocap.gui.model.RowStore;
import org.jumbocap.gui.store.FrameStore;
import org.jumbocap.io.FrameRecord;

/**
 * Looks for the next (or previous) shown row that matches a {@link FindQuery}, starting after a position
 * and wrapping round the list once. A display filter is decided as the filter bar decides it, by the
 * viewer's frame step (the core's frame pipeline); one on the TCP conversations or the expert items over
 * the frame loop in frame order ({@link FrameScan}). The Info column is the same summary text the list shows.
 */
public final class FindTask extends Task<FindTask.Found> {
    /**
     * @param position position in the shown rows, or -1 when nothing matched
     * @param wrapped  the search went past the end (or the start) of the list to find it
     */
    public record Found(int position, boolean wrapped, int searched) {
    }

    private final CaptureBackend backend;
    private final FrameStore store;
    private final RowStore rows;
    private final int[] shownIndices;
    private final FindQuery query;
    private final ViewerFilter filter;
    private final int from;
    private final boolean forward;
    /** The frames the filter passes, decided in frame order: handed in from the search before, or made here. */
    private volatile BitSet inOrder;

    /**
     * @param shownIndices frame indices of the shown rows, in the order shown
     * @param filter       the compiled display filter of a display-filter query, else null
     * @param from         position to start after (-1: from the start, or the end going back)
     */
    public FindTask(CaptureBackend backend, FrameStore store, RowStore rows, int[] shownIndices, FindQuery query,
                    ViewerFilter filter, int from, boolean forward) {
        this.backend = backend;
        this.store = store;
        this.rows = rows;
        this.shownIndices = shownIndices;
        this.query = query;
        this.filter = filter;
        this.from = from;
        this.forward = forward;
    }

    @Override
    protected Found call() throws Exception {
        int n = shownIndices.length;
        updateMessage("Finding " + query.describe());
        byte[] pattern = query.kind() == FindQuery.Kind.DISPLAY_FILTER ? null : query.pattern();
        boolean exact = query.kind() == FindQuery.Kind.HEX || query.caseSensitive();
        FrameSummarizer summarizer = backend.newSummarizer();
        FrameSummary summary = new FrameSummary();
        // a display filter is decided by the viewer's one frame step; one on the conversations needs every
        // frame before, in order: the frame loop decides it over the capture first, as the filter bar does
        if (inOrder == null && query.kind() == FindQuery.Kind.DISPLAY_FILTER && filter.readsConversation()) {
            inOrder = matchesInOrder();
        }
        BitSet inOrder = this.inOrder;
        FrameStep frameStep = query.kind() == FindQuery.Kind.DISPLAY_FILTER && inOrder == null ? backend.newFrameStep(false) : null;
        RowFactory factory = new RowFactory();
        long firstNanos = rows.firstNanos();
        int start = from < 0 ? (forward ? -1 : n) : from;
        for (int step = 1; step <= n; step++) {
            if (isCancelled()) {
                return new Found(-1, false, step - 1);
            }
            int unwrapped = start + (forward ? step : -step);
            int at = Math.floorMod(unwrapped, n);
            int index = shownIndices[at];
            if (inOrder != null) {
                if (inOrder.get(index)) {
                    return new Found(at, unwrapped < 0 || unwrapped >= n, step);
                }
                continue;
            }
            FrameRecord frame = store.read(index + 1L, rows.fileOffset(index));
            long previousNanos = index == 0 ? firstNanos : rows.timestampNanos(index - 1);
            boolean match = switch (query.kind()) {
                case DISPLAY_FILTER -> {
                    frameStep.next(frame, firstNanos, previousNanos);
                    yield frameStep.passes(filter);
                }
                case HEX -> FindQuery.contains(frame.data(), frame.capturedLength(), pattern, true);
                case STRING -> {
                    if (query.scope() == FindQuery.Scope.INFO) {
                        // the payload as the row shows it: with the reassembly plan the listing pass kept
                        SegmentPlan plan = store.segmentPlans().get(index);
                        summarizer.decode(frame, summary, plan);
                        yield query.infoMatches(factory.text(summary,
                                () -> backend.dissect(frame, firstNanos, previousNanos, plan)).info());
                    }
                    yield FindQuery.contains(frame.data(), frame.capturedLength(), pattern, exact);
                }
            };
            if (match) {
                return new Found(at, unwrapped < 0 || unwrapped >= n, step);
            }
            if ((step & 0x3FF) == 0) {
                updateProgress(step, n);
            }
        }
        return new Found(-1, false, n);
    }

    /**
     * Hands in what a search before decided in frame order for the same filter over the same rows, so
     * finding the next one does not read the capture again.
     */
    public FindTask reusing(BitSet matches) {
        this.inOrder = matches;
        return this;
    }

    /** The frames the filter passes as decided in frame order (null: decided frame by frame, or not yet). */
    public BitSet decidedInOrder() {
        return inOrder;
    }

    /** The indices of every listed frame the filter passes, decided in frame order with the conversations followed. */
    private BitSet matchesInOrder() throws java.io.IOException {
        BitSet matches = new BitSet();
        int total = rows.size();
        FrameScan.all(backend, store, total, this::isCancelled, (index, frame) -> {
            if (frame.passes(filter)) {
                matches.set(index);
            }
            if ((index & 0x3FFF) == 0) {
                updateProgress(index, total);
            }
        });
        return matches;
    }
}
