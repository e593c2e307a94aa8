package org.jumbocap.gui.service;

import javafx.concurrent.Task;
import org.jumbocap.expert.Severity;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.model.ExpertSummary;
import org.jumbocap.gui.model.RowStore;
import org.jumbocap.gui.model.StatisticsAccumulator;
import org.jumbocap.gui.store.FrameStore;
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
        long total = Math.max(1, count);
        updateMessage("Expert analysis");
        // the viewer's frame loop, in frame order, so the TCP analysis findings (retransmissions, lost
        // segments) count and colour as in `read -V`
        FrameScan.all(backend, store, count, this::isCancelled, (index, frame) -> {
            FrameTree tree = frame.tree();
            statistics.add(tree);
            Severity worst = null;
            for (ExpertItem item : tree.experts()) {
                if (worst == null || item.severity().compareTo(worst) > 0) {
                    worst = item.severity();
                }
            }
            rows.setWorstExpert(index, worst);
            if ((index & 0x3FFF) == 0) {
                updateProgress(index, total);
            }
        });
        return new Result(new ExpertSummary(statistics.core().experts()), statistics);
    }
}
