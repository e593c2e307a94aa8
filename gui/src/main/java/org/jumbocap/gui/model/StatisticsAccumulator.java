package org.jumbocap.gui.model;

import org.jumbocap.stats.CaptureStatistics;
import org.jumbocap.stats.SizeHistogram;
import org.jumbocap.tree.FrameTree;

/**
 * The shared core statistics fed one dissected frame at a time, plus what only the viewer draws: the
 * sizes of the jumbograms and super-packets alone, in the core histogram's buckets. A frame counts as
 * one exactly when the core counts it among its jumbo frames. Feed it from one thread.
 */
public final class StatisticsAccumulator {
    private final CaptureStatistics core = new CaptureStatistics();
    private final SizeHistogram jumboSizes = new SizeHistogram();

    /** Adds a frame; the tree is not kept, so its record may be reused afterwards. */
    public void add(FrameTree tree) {
        long jumboBefore = core.jumboFrames();
        core.add(tree);
        if (core.jumboFrames() > jumboBefore) {
            jumboSizes.add(tree.frame().originalLength());
        }
    }

    public CaptureStatistics core() {
        return core;
    }

    public SizeHistogram jumboSizes() {
        return jumboSizes;
    }
}
