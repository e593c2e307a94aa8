package org.jumbocap.gui.service;

import org.jumbocap.fast.FastSummary;
import org.jumbocap.gui.engine.CaptureBackend;
import org.jumbocap.gui.engine.CaptureBackend.CompiledFilter;
import org.jumbocap.io.FrameRecord;

/** Applies a display filter to frames on a background thread: fast path when the filter allows it. */
final class FilterEvaluator {
    private final CaptureBackend backend;
    private final CompiledFilter filter;

    FilterEvaluator(CaptureBackend backend, CompiledFilter filter) {
        this.backend = backend;
        this.filter = filter;
    }

    /** @param summary the frame's fast summary, already decoded */
    boolean test(FrameRecord frame, FastSummary summary, long firstNanos, long previousNanos) {
        if (filter == null) {
            return true;
        }
        if (filter.canUseFastPath()) {
            return filter.matches(summary);
        }
        return filter.matches(backend.dissect(frame, firstNanos, previousNanos));
    }
}
