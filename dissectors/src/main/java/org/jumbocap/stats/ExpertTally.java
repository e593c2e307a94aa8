package org.jumbocap.stats;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.pipeline.tcp.TcpAnalysisTree;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FrameTree;

/** Expert items by id, in order of first appearance: how often, and the first one's message, file and frame. */
final class ExpertTally {
    private final Map<String, CaptureStatistics.ExpertCount> experts = new LinkedHashMap<>();

    /**
     * Counts the findings the pipeline's summary lists, then the conversation's, in the order the tree lists
     * them; the frame's tree is built, once, only when an id is seen for the first time (for its message).
     */
    void add(FramePipeline pipeline, String file) {
        FrameSummary s = pipeline.summary();
        FrameTree tree = null;
        for (int i = 0; i < s.expertCount; i++) {
            tree = count(s.experts[i], pipeline, tree, file);
        }
        TcpAnalysis a = pipeline.tcpAnalysis();
        if (TcpAnalysisTree.hasExperts(a)) {
            for (ExpertDef def : TcpAnalysisTree.experts(a)) {
                tree = count(def, pipeline, tree, file);
            }
        }
    }

    private FrameTree count(ExpertDef def, FramePipeline pipeline, FrameTree tree, String file) {
        CaptureStatistics.ExpertCount count = experts.get(def.id());
        if (count == null) {
            FrameTree t = tree != null ? tree : pipeline.tree();
            count = new CaptureStatistics.ExpertCount(firstItem(t, def), file, pipeline.frame().number());
            experts.put(def.id(), count);
            tree = t;
        }
        count.increment();
        return tree;
    }

    private static ExpertItem firstItem(FrameTree tree, ExpertDef def) {
        for (ExpertItem item : tree.experts()) {
            if (item.id().equals(def.id())) {
                return item;
            }
        }
        throw new IllegalStateException("the summary lists " + def.id() + " but the tree does not");
    }

    /** Counts the items of a frame's tree. */
    void add(List<ExpertItem> items, String file, long frameNumber) {
        for (int i = 0, n = items.size(); i < n; i++) {
            ExpertItem item = items.get(i);
            CaptureStatistics.ExpertCount count = experts.get(item.id());
            if (count == null) {
                count = new CaptureStatistics.ExpertCount(item, file, frameNumber);
                experts.put(item.id(), count);
            }
            count.increment();
        }
    }

    List<CaptureStatistics.ExpertCount> counts() {
        return List.copyOf(experts.values());
    }
}
