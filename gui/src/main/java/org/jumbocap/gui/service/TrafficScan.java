package org.jumbocap.gui.service;

import java.io.IOException;
import java.util.function.BooleanSupplier;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.stats.Endpoints;
import org.jumbocap.stats.TwoWayConversations;

/**
 * Conversations and endpoints of the selected frames, from the core's frame summaries (no trees), in one
 * pass over the store. Runs in the background.
 */
public final class TrafficScan {
    private TrafficScan() {
    }

    /** What one pass counted: both tables, over {@code frames} frames chosen by {@code filter} ("" for all). */
    public record Result(TwoWayConversations conversations, Endpoints endpoints, long frames, String filter) {
    }

    public static Result over(CaptureBackend backend, FrameSelection selection, BooleanSupplier cancelled)
            throws IOException {
        TwoWayConversations conversations = new TwoWayConversations();
        conversations.setCaptureStart(selection.firstNanos());
        Endpoints endpoints = new Endpoints();
        CaptureBackend.FrameSummarizer summarizer = backend.newSummarizer();
        FrameSummary summary = new FrameSummary();
        long[] counted = {0};
        selection.store().scan(frame -> {
            if (!selection.includes(frame.number())) {
                return;
            }
            summarizer.decode(frame, summary);
            conversations.add(summary, frame.timestampNanos(), frame.originalLength());
            endpoints.add(summary, frame.originalLength());
            counted[0]++;
        }, cancelled);
        return new Result(conversations, endpoints, counted[0], selection.filter());
    }
}
