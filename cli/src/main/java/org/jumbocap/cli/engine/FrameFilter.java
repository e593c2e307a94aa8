package org.jumbocap.cli.engine;

import org.jumbocap.fast.FastSummary;
import org.jumbocap.tree.FrameTree;

/** A compiled display filter as the frame loops use it. */
public interface FrameFilter {
    /** True when {@link #matches(FastSummary)} decides alone, so frames that fail need no tree. */
    boolean canUseFastPath();

    boolean matches(FastSummary summary);

    boolean matches(FrameTree tree);
}
