package org.jumbocap.gui.service;

import java.util.BitSet;
import javafx.concurrent.Task;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.gui.backend.CaptureBackend.CompiledFilter;
import org.jumbocap.gui.backend.CaptureBackend.FrameSummarizer;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.store.FrameStore;

/** Runs a display filter over every stored frame; the result holds the numbers of the frames that match. */
public final class FilterTask extends Task<BitSet> {
    private final CaptureBackend backend;
    private final FrameStore store;
    private final CompiledFilter filter;
    private final long expectedFrames;

    public FilterTask(CaptureBackend backend, FrameStore store, CompiledFilter filter, long expectedFrames) {
        this.backend = backend;
        this.store = store;
        this.filter = filter;
        this.expectedFrames = Math.max(1, expectedFrames);
    }

    @Override
    protected BitSet call() throws Exception {
        BitSet matches = new BitSet();
        FrameSummarizer summarizer = backend.newSummarizer();
        FilterEvaluator evaluator = new FilterEvaluator(backend, filter);
        FrameSummary summary = new FrameSummary();
        long[] times = {Long.MIN_VALUE, 0};
        long[] seen = {0};
        updateMessage("Filtering: " + filter.text());
        store.scan(frame -> {
            if (times[0] == Long.MIN_VALUE) {
                times[0] = frame.timestampNanos();
                times[1] = times[0];
            }
            summarizer.decode(frame, summary);
            if (evaluator.test(frame, times[0], times[1]) && frame.number() <= Integer.MAX_VALUE) {
                matches.set((int) frame.number());
            }
            times[1] = frame.timestampNanos();
            if ((++seen[0] & 0x3FF) == 0) {
                updateProgress(seen[0], expectedFrames);
            }
        }, this::isCancelled);
        return matches;
    }
}
