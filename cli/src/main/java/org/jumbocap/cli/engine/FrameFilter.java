package org.jumbocap.cli.engine;

import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.fast.FastDecoder;
import org.jumbocap.fast.FastSummary;
import org.jumbocap.filter.CompiledFilter;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.FrameTree;

/**
 * A compiled display filter as the frame loops use it: it decides from the allocation-free summary
 * where it can, so frames that fail are never fully dissected, and from the tree otherwise. One
 * instance per loop (it reuses its summary).
 */
public final class FrameFilter {
    private final CompiledFilter filter;
    private final boolean fast;
    private final FastDecoder fastDecoder = new FastDecoder();
    private final FastSummary summary = new FastSummary();

    FrameFilter(CompiledFilter filter) {
        this.filter = filter;
        this.fast = filter.canUseFastPath();
    }

    /**
     * The frame's tree when it passes the filter, else null. The summary alone decides only when it
     * sees everything the tree would (an ICMP error's quoted packet, for one, it does not).
     */
    public FrameTree dissectIfMatching(FrameRecord rec, FrameDissector dissector, long firstNanos, long previousNanos) {
        boolean decided = false;
        if (fast) {
            fastDecoder.decode(rec, summary);
            decided = filter.canDecide(summary);
            if (decided && !filter.matches(summary)) {
                return null;
            }
        }
        FrameTree tree = dissector.dissect(rec, firstNanos, previousNanos);
        return decided || filter.matches(tree) ? tree : null;
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
