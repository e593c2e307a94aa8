package org.jumbocap.gui.service;

import java.io.IOException;
import java.util.BitSet;
import java.util.function.BooleanSupplier;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.model.StatisticsAccumulator;
import org.jumbocap.gui.store.FrameStore;

/**
 * Statistics over a subset of the stored frames (those a display filter shows, or those captured so
 * far), for when the expert pass's statistics over every frame do not answer. Runs in the background.
 */
public final class StatisticsScan {
    private StatisticsScan() {
    }

    /** @param numbers the frame numbers to count */
    public static StatisticsAccumulator over(CaptureBackend backend, FrameStore store, BitSet numbers,
                                             BooleanSupplier cancelled) throws IOException {
        StatisticsAccumulator statistics = new StatisticsAccumulator();
        statistics.core().startFile(store.name());
        long[] times = {Long.MIN_VALUE, 0};
        store.scan(frame -> {
            if (times[0] == Long.MIN_VALUE) {
                times[0] = frame.timestampNanos();
                times[1] = times[0];
            }
            long number = frame.number();
            if (number >= 0 && number <= Integer.MAX_VALUE && numbers.get((int) number)) {
                statistics.add(backend.dissect(frame, times[0], times[1]));
            }
            times[1] = frame.timestampNanos();
        }, cancelled);
        return statistics;
    }
}
