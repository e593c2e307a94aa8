package org.jumbocap.cli.engine;

import org.jumbocap.displayfilter.CompiledFilter;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.tree.FrameTree;

/**
 * A compiled display filter as the command line's loops use it, on the core's {@link FramePipeline}: decided
 * from the summary where it can, so frames that fail are never fully dissected, and from the tree otherwise.
 */
public final class FrameFilter {
    private final CompiledFilter filter;
    private FramePipeline pipeline;
    private FrameDissector pipelineDissector;

    FrameFilter(CompiledFilter filter) {
        this.filter = filter;
    }

    /** The compiled filter. */
    public CompiledFilter compiled() {
        return filter;
    }

    /** The frame's tree (checksums verified) when it passes the filter, else null. */
    public FrameTree dissectIfMatching(FrameRecord rec, FrameDissector dissector, long firstNanos, long previousNanos) {
        if (pipeline == null || pipelineDissector != dissector) {
            pipeline = new FramePipeline(dissector, filter, true);
            pipelineDissector = dissector;
        }
        return pipeline.accept(rec, firstNanos, previousNanos) ? pipeline.tree() : null;
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
