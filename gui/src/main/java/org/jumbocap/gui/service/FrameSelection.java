package org.jumbocap.gui.service;

import java.util.BitSet;
import org.jumbocap.gui.store.FrameStore;

/**
 * The frames a statistics window counts: every listed frame of a store, or those whose numbers are set.
 *
 * @param numbers    frame numbers to count, or null for every frame
 * @param firstNanos time of the capture's first frame, which relative times count from
 * @param lastNanos  time of the last listed frame
 * @param filter     the display filter that chose {@code numbers}, or "" for every frame
 */
public record FrameSelection(FrameStore store, BitSet numbers, long firstNanos, long lastNanos, String filter) {
    public boolean includes(long frameNumber) {
        return numbers == null || (frameNumber >= 0 && frameNumber <= Integer.MAX_VALUE && numbers.get((int) frameNumber));
    }
}
