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
        // the viewer's frame loop, conversations followed over every frame, so the counted frames' trees
        // carry their TCP analysis findings as the expert pass's do
        FrameScan.all(backend, store, -1, cancelled, (index, frame) -> {
            if (numbers.get(index + 1)) {
                statistics.add(frame.tree());
            }
        });
        return statistics;
    }
}
