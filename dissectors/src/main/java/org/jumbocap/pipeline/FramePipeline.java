package org.jumbocap.pipeline;

import org.jumbocap.displayfilter.CompiledFilter;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.pipeline.tcp.TcpAnalysisTree;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.jumbocap.tree.FrameTree;

/**
 * The one per-frame loop body every front end runs (the command line's {@code read} and {@code stats}, live
 * capture, the viewer): decode the frame without a tree into a reusable summary, decide the display filter
 * on the summary when it can ({@link CompiledFilter#canDecide}), else on the tree, and dissect in full only
 * on demand ({@link #tree}), at most once per frame. With {@link TcpConversations}, every frame also goes
 * through the in-order conversation step after it is decoded (stream, relative sequence numbers, analysis
 * findings): its result is the frame's {@link #tcpAnalysis}, the filter decides {@code tcp.stream} and
 * {@code tcp.analysis.*} from it, and the tree gets its fields. One instance per loop and thread: it reuses
 * its summary.
 */
public final class FramePipeline {
    private final FrameDissector dissector;
    private final CompiledFilter filter;
    private final boolean verifyChecksums;
    private final FrameSummary ownSummary = new FrameSummary();
    private FrameSummary summary = ownSummary;
    private final TcpConversations conversations;
    private final TcpAnalysis ownAnalysis = new TcpAnalysis();
    /** The current frame's analysis: this pipeline's own, or one handed in by {@link #adopt}; null without conversations. */
    private TcpAnalysis analysis;
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
        this(dissector, filter, verifyChecksums, null);
    }

    /**
     * @param conversations follows TCP conversations over the frames in the order given, or null for
     *                      frames without conversation analysis (then a filter on its fields matches nothing)
     */
    public FramePipeline(FrameDissector dissector, CompiledFilter filter, boolean verifyChecksums,
                         TcpConversations conversations) {
        this.dissector = dissector;
        this.filter = filter;
        this.verifyChecksums = verifyChecksums;
        this.conversations = conversations;
    }

    /** A new capture begins: stream numbers start from 0 again. */
    public void startCapture() {
        if (conversations != null) {
            conversations.clear();
        }
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
        decode(record, firstNanos, previousNanos, into);
        return followAndDecide();
    }

    /**
     * {@link #accept} for a frame another thread has decoded ({@link #decode} alone, into {@code decoded}, which
     * stays the frame's): follows its conversation here, in frame order, decoding it again only where reassembly
     * plans its payload otherwise, and decides the filter.
     */
    public boolean acceptDecoded(FrameRecord record, long firstNanos, long previousNanos, FrameSummary decoded) {
        adopt(record, firstNanos, previousNanos, decoded, null, null);
        return followAndDecide();
    }

    /** The rest of {@link #accept} after the decode: the conversation, the decode as planned, the filter. */
    private boolean followAndDecide() {
        if (conversations != null) {
            analysis = ownAnalysis;
            conversations.observe(summary, frame, analysis);
            decodeAsPlanned();
        }
        return passes();
    }

    /**
     * The first step of {@link #accept} alone: decodes the frame into {@code into} without following its
     * conversation or deciding the filter. A loop that decodes on several threads does this on each, then
     * {@link #observe} on one thread in frame order, then {@link #passes} on any.
     */
    public void decode(FrameRecord record, long firstNanos, long previousNanos, FrameSummary into) {
        this.summary = into;
        this.frame = record;
        this.firstNanos = firstNanos;
        this.previousNanos = previousNanos;
        this.tree = null;
        this.analysis = null;
        dissector.summarize(record, summary, verifyChecksums);
    }

    /**
     * Follows the current frame's TCP conversation into {@code into}, which becomes the frame's analysis.
     * Frames must come in capture order, on one thread. The summary is not decoded again for the plan TCP
     * reassembly may make: {@link #adopt} with the analysis does that, on any thread.
     *
     * @throws IllegalStateException when this pipeline follows no conversations
     */
    public void observe(TcpAnalysis into) {
        if (conversations == null) {
            throw new IllegalStateException("this pipeline follows no TCP conversations");
        }
        analysis = into;
        conversations.observe(summary, frame, into);
    }

    /** Whether the current frame passes the filter: on the summary (and analysis) when that decides, else on the tree. */
    public boolean passes() {
        if (filter == null) {
            return true;
        }
        if (filter.canDecide(summary, analysis)) {
            return filter.matches(summary, analysis);
        }
        return filter.matches(tree());
    }

    /**
     * Makes a frame another pipeline decoded (on another thread) the current one here, with its summary,
     * its conversation analysis (or null) and, when that pipeline built it, its tree.
     */
    public void adopt(FrameRecord record, long firstNanos, long previousNanos, FrameSummary decoded, TcpAnalysis analysed,
                      FrameTree builtTree) {
        this.frame = record;
        this.firstNanos = firstNanos;
        this.previousNanos = previousNanos;
        this.summary = decoded;
        this.analysis = analysed;
        this.tree = builtTree;
        decodeAsPlanned();
    }

    /**
     * Decodes the frame's summary again when TCP reassembly planned its payload otherwise than the first,
     * in-order-blind decode took it (a message completed from earlier frames, the start of one completed
     * later): once per frame, on whichever thread takes the frame after its conversation was followed.
     */
    private void decodeAsPlanned() {
        if (analysis != null && analysis.segmentPlan != null && summary.decodedWith != analysis.segmentPlan) {
            dissector.summarize(frame, summary, verifyChecksums, analysis.segmentPlan);
        }
    }

    /** The summary of the frame last given to {@link #accept}. */
    public FrameSummary summary() {
        return summary;
    }

    /** The full tree of the frame last given to {@link #accept}, dissected on the first call. */
    public FrameTree tree() {
        if (tree == null) {
            tree = dissector.dissect(frame, firstNanos, previousNanos, summary, verifyChecksums,
                    analysis != null ? analysis.segmentPlan : null);
            if (analysis != null) {
                TcpAnalysisTree.addTo(tree, analysis);
            }
        }
        return tree;
    }

    /**
     * The TCP conversation analysis of the current frame, or null when its conversation was not followed.
     * Reused for the next frame.
     */
    public TcpAnalysis tcpAnalysis() {
        return analysis;
    }

    /** The conversation state, or null. */
    public TcpConversations conversations() {
        return conversations;
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
