package org.jumbocap.cli.engine;

import org.jumbocap.displayfilter.CompiledFilter;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.tree.FrameTree;

/**
 * A compiled display filter as the command line's loops use it, on the core's {@link FramePipeline}: decided
 * from the summary where it can, so frames that fail are never fully dissected, and from the tree otherwise.
 */
public final class FrameFilter {
    private final CompiledFilter filter;

    FrameFilter(CompiledFilter filter) {
        this.filter = filter;
    }

    /** The compiled filter. */
    public CompiledFilter compiled() {
        return filter;
    }

    /** Whether a tree passes (for callers that already have one). */
    public boolean matches(FrameTree tree) {
        return filter.matches(tree);
    }

    @Override
    public String toString() {
        return filter.text();
    }
}
