package org.jumbocap.pipeline;

import org.jumbocap.displayfilter.CompiledFilter;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.FrameTree;

/**
 * The one per-frame loop body every front end runs (the command line's {@code read} and {@code stats}, live
 * capture, the viewer): decode the frame without a tree into a reusable summary, decide the display filter
 * on the summary when it can ({@link CompiledFilter#canDecide}), else on the tree, and dissect in full only
 * on demand ({@link #tree}), at most once per frame. One instance per loop and thread: it reuses its
 * summary.
 */
public final class FramePipeline {
    private final FrameDissector dissector;
    private final CompiledFilter filter;
    private final boolean verifyChecksums;
    private final FrameSummary ownSummary = new FrameSummary();
    private FrameSummary summary = ownSummary;
    private FrameRecord frame;
    private long firstNanos;
    private long previousNanos;
    private FrameTree tree;

    /**
     * @param filter          null to pass every frame
     * @param verifyChecksums sum the bytes each TCP, UDP and ICMP checksum covers (in the summary and the
     *                        tree); without it only the offload judgement is made and checksums are
     *                        "unverified", as in Wireshark's default
     */
    public FramePipeline(FrameDissector dissector, CompiledFilter filter, boolean verifyChecksums) {
        this.dissector = dissector;
        this.filter = filter;
        this.verifyChecksums = verifyChecksums;
    }

    /**
     * Decodes the next frame and tells whether it passes the filter. The record must stay valid until the
     * next call (the tree reads it).
     *
     * @param firstNanos    timestamp of the file's first frame, for the tree's relative time
     * @param previousNanos timestamp of the frame before, for the tree's delta time
     */
    public boolean accept(FrameRecord record, long firstNanos, long previousNanos) {
        return accept(record, firstNanos, previousNanos, ownSummary);
    }

    /**
     * Like {@link #accept(FrameRecord, long, long)}, decoding into the given summary, which stays the
     * frame's: a loop that decodes a batch of frames on one thread keeps one summary per frame and hands
     * the frames on elsewhere with {@link #adopt}.
     */
    public boolean accept(FrameRecord record, long firstNanos, long previousNanos, FrameSummary into) {
        this.summary = into;
        this.frame = record;
        this.firstNanos = firstNanos;
        this.previousNanos = previousNanos;
        this.tree = null;
        dissector.summarize(record, summary, verifyChecksums);
        if (filter == null) {
            return true;
        }
        if (filter.canDecide(summary)) {
            return filter.matches(summary);
        }
        return filter.matches(tree());
    }

    /**
     * Makes a frame another pipeline decoded (on another thread) the current one here, with its summary
     * and, when that pipeline built it, its tree.
     */
    public void adopt(FrameRecord record, long firstNanos, long previousNanos, FrameSummary decoded, FrameTree builtTree) {
        this.frame = record;
        this.firstNanos = firstNanos;
        this.previousNanos = previousNanos;
        this.summary = decoded;
        this.tree = builtTree;
    }

    /** The summary of the frame last given to {@link #accept}. */
    public FrameSummary summary() {
        return summary;
    }

    /** The full tree of the frame last given to {@link #accept}, dissected on the first call. */
    public FrameTree tree() {
        if (tree == null) {
            tree = dissector.dissect(frame, firstNanos, previousNanos, summary, verifyChecksums);
        }
        return tree;
    }

    /** True when the tree of the current frame was already built (the filter needed it). */
    public boolean hasTree() {
        return tree != null;
    }

    /** The frame last given to {@link #accept}. */
    public FrameRecord frame() {
        return frame;
    }

    public boolean verifiesChecksums() {
        return verifyChecksums;
    }

    /** The display filter, or null. */
    public CompiledFilter filter() {
        return filter;
    }
}
