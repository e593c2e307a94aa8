package org.jumbocap.gui.service;

import org.jumbocap.gui.backend.CaptureBackend.CompiledFilter;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.io.FrameRecord;

/** Applies a display filter to frames on a background thread, through the core's frame pipeline. */
final class FilterEvaluator {
    private final CaptureBackend backend;
    private final CompiledFilter filter;

    FilterEvaluator(CaptureBackend backend, CompiledFilter filter) {
        this.backend = backend;
        this.filter = filter;
    }

    boolean test(FrameRecord frame, long firstNanos, long previousNanos) {
        if (filter == null) {
            return true;
        }
        return filter.test(frame, firstNanos, previousNanos);
    }

    /** For a frame decoded and followed through the conversations in order. */
    boolean test(FrameRecord frame, long firstNanos, long previousNanos, org.jumbocap.dissect.FrameSummary summary,
                 org.jumbocap.pipeline.tcp.TcpAnalysis analysis) {
        return filter == null || filter.test(frame, firstNanos, previousNanos, summary, analysis);
    }
}
