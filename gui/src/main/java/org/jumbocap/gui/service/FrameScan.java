package org.jumbocap.gui.service;

import java.io.IOException;
import java.util.function.BooleanSupplier;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.backend.CaptureBackend.FrameStep;
import org.jumbocap.gui.store.FrameStore;

/**
 * The viewer's one loop over an open capture's frames, as the command line's frame loop is one loop with
 * many outputs: every stored frame in frame order from the first, through one {@link FrameStep} (the
 * core's pipeline, TCP conversations followed), handed to a sink per task (filtering, finding, the expert
 * pass, the I/O graph lines). A sink decides a display filter with {@link FrameStep#passes}, so every
 * window decides it as {@code read -Y} does. Frames a parallel slice reads without the conversations go
 * through the same step ({@link #range}); such a step refuses a filter that reads them.
 */
public final class FrameScan {
    /** Receives each frame of the scan, in frame order, on the scan's thread. */
    @FunctionalInterface
    public interface Sink {
        /** @param index the frame's index in the list (its number - 1) */
        void frame(int index, FrameStep frame) throws IOException;
    }

    private FrameScan() {
    }

    /**
     * Every stored frame up to {@code count} (negative: all), in order, through one step that follows the
     * conversations; stops early when {@code cancelled} says so, or quietly at a format error (the frames
     * before it were listed and are good).
     */
    public static void all(CaptureBackend backend, FrameStore store, int count, BooleanSupplier cancelled, Sink sink)
            throws IOException {
        all(backend, store, count, false, cancelled, sink);
    }

    /**
     * As {@link #all(CaptureBackend, FrameStore, int, BooleanSupplier, Sink)}, with every checksum summed
     * when {@code verifyChecksums}, so the trees' checksum verdicts and expert items are those of {@code read -V}.
     */
    public static void all(CaptureBackend backend, FrameStore store, int count, boolean verifyChecksums,
                           BooleanSupplier cancelled, Sink sink) throws IOException {
        FrameStep step = backend.newFrameStep(true, verifyChecksums);
        long[] times = {Long.MIN_VALUE, 0};
        store.scan(frame -> {
            long index = frame.number() - 1;
            if (index < 0 || (count >= 0 && index >= count)) {
                return;
            }
            long ts = frame.timestampNanos();
            if (times[0] == Long.MIN_VALUE) {
                times[0] = ts;
                times[1] = ts;
            }
            step.next(frame, times[0], times[1]);
            times[1] = ts;
            sink.frame((int) index, step);
        }, cancelled);
    }

    /**
     * Frames {@code first .. first + count - 1} in order, whose first record starts at {@code firstOffset},
     * through a step of their own that does not follow the conversations (a slice read beside others).
     *
     * @param firstNanos    time of the capture's first frame
     * @param previousNanos time of the frame before {@code first} ({@code firstNanos} for the first)
     */
    public static void range(CaptureBackend backend, FrameStore store, int first, long firstOffset, int count,
                             long firstNanos, long previousNanos, BooleanSupplier cancelled, Sink sink) throws IOException {
        if (count <= 0) {
            return;
        }
        FrameStep step = backend.newFrameStep(false);
        long[] previous = {previousNanos};
        int[] at = {first};
        store.visitRange(first + 1L, firstOffset, count, frame -> {
            if (cancelled.getAsBoolean()) {
                throw new java.util.concurrent.CancellationException();
            }
            step.next(frame, firstNanos, previous[0]);
            previous[0] = frame.timestampNanos();
            sink.frame(at[0]++, step);
        });
    }
}
