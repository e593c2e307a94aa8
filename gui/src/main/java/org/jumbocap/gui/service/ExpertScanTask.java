package org.jumbocap.gui.service;

import javafx.concurrent.Task;
import org.jumbocap.expert.Severity;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.model.ExpertSummary;
import org.jumbocap.gui.model.RowStore;
import org.jumbocap.gui.model.StatisticsAccumulator;
import org.jumbocap.gui.store.FrameStore;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.pipeline.tcp.TcpAnalysisTree;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FrameTree;

/**
 * Dissects every frame fully in the background after the fast pass listed them: it fills each row's
 * worst expert severity (which colours the row) and, from the same trees, the shared capture statistics
 * whose expert counts feed the statistics view, so no frame is dissected twice.
 */
public final class ExpertScanTask extends Task<ExpertScanTask.Result> {
    /** The expert table's entries and the statistics over every listed frame. */
    public record Result(ExpertSummary experts, StatisticsAccumulator statistics) {
    }

    private final CaptureBackend backend;
    private final FrameStore store;
    private final RowStore rows;
    private final int count;

    /** Scans the first {@code rows.size()} frames, those listed now. */
    public ExpertScanTask(CaptureBackend backend, FrameStore store, RowStore rows) {
        this.backend = backend;
        this.store = store;
        this.rows = rows;
        this.count = rows.size();
    }

    @Override
    protected Result call() throws Exception {
        StatisticsAccumulator statistics = new StatisticsAccumulator();
        statistics.core().startFile(store.name());
        long[] times = {Long.MIN_VALUE, 0};
        long total = Math.max(1, count);
        // in frame order, so the TCP analysis findings (retransmissions, lost segments) count and colour as in `read -V`
        CaptureBackend.FrameSummarizer summarizer = backend.newSummarizer();
        FrameSummary summary = new FrameSummary();
        TcpConversations conversations = new TcpConversations();
        TcpAnalysis analysis = new TcpAnalysis();
        updateMessage("Expert analysis");
        store.scan(frame -> {
            long index = frame.number() - 1;
            if (index < 0 || index >= count) {
                return;
            }
            if (times[0] == Long.MIN_VALUE) {
                times[0] = frame.timestampNanos();
                times[1] = times[0];
            }
            FrameTree tree = backend.dissect(frame, times[0], times[1]);
            summarizer.decode(frame, summary);
            conversations.observe(summary, frame, analysis);
            TcpAnalysisTree.addTo(tree, analysis);
            times[1] = frame.timestampNanos();
            statistics.add(tree);
            Severity worst = null;
            for (ExpertItem item : tree.experts()) {
                if (worst == null || item.severity().compareTo(worst) > 0) {
                    worst = item.severity();
                }
            }
            rows.setWorstExpert((int) index, worst);
            if ((index & 0x3FFF) == 0) {
                updateProgress(index, total);
            }
        }, this::isCancelled);
        return new Result(new ExpertSummary(statistics.core().experts()), statistics);
    }
}
