package org.jumbocap.gui.viewmodel;

import java.io.IOException;
import java.util.BitSet;
import java.util.List;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.model.ExpertSummary;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.model.RowStore;
import org.jumbocap.gui.model.StatisticsAccumulator;
import org.jumbocap.gui.model.StatisticsReport;
import org.jumbocap.gui.service.ExpertScanTask;
import org.jumbocap.gui.service.StatisticsScan;
import org.jumbocap.gui.store.FrameStore;

/**
 * The expert pass (every frame dissected once after a source is listed: row colours, the expert table,
 * and the statistics over every frame) and statistics reports over the shown rows.
 */
public final class StatisticsViewModel {
    /** Time slices of the throughput curve. */
    private static final int THROUGHPUT_BINS = 200;

    private final CaptureBackend backend;
    private final BackgroundWork work;
    private final ReadOnlyObjectWrapper<ExpertSummary> expertSummary = new ReadOnlyObjectWrapper<>();
    /** Statistics over every listed frame from the expert pass; null until it ends. */
    private StatisticsAccumulator scanStatistics;
    private Task<?> expertTask;

    StatisticsViewModel(CaptureBackend backend, BackgroundWork work) {
        this.backend = backend;
        this.work = work;
    }

    public ReadOnlyObjectProperty<ExpertSummary> expertSummaryProperty() {
        return expertSummary.getReadOnlyProperty();
    }

    /** Starts the expert pass over the rows listed now. */
    void startExpertPass(FrameStore store, RowStore rows) {
        ExpertScanTask task = new ExpertScanTask(backend, store, rows);
        expertTask = task;
        task.setOnSucceeded(e -> {
            if (CaptureViewModel.TIMING) {
                CaptureViewModel.timing("expert pass done");
            }
            scanStatistics = task.getValue().statistics();
            expertSummary.set(task.getValue().experts());
        });
        work.execute(task);
    }

    /** Stops the expert pass and forgets its results (a new source). */
    void clear() {
        if (expertTask != null) {
            expertTask.cancel();
        }
        expertSummary.set(null);
        scanStatistics = null;
    }

    /**
     * Computes statistics over the shown rows in the background. With every frame shown they come from
     * the expert pass, which dissects each frame once for both (waiting for it when it still runs);
     * otherwise the shown frames are dissected for them.
     *
     * @param shown     the rows shown, in the order shown
     * @param numbers   their frame numbers
     * @param everyFrame true when every listed frame is shown
     * @param live      true while a live capture runs (the expert pass is not waited for)
     */
    void compute(List<PacketRow> shown, BitSet numbers, boolean everyFrame, boolean live, FrameStore frames,
                 Consumer<StatisticsReport> done, Runnable retry) {
        Task<?> scan = expertTask;
        if (everyFrame && scanStatistics == null && scan != null && !scan.isDone() && !live) {
            scan.stateProperty().addListener(new ChangeListener<Worker.State>() {
                @Override
                public void changed(ObservableValue<? extends Worker.State> obs, Worker.State old, Worker.State state) {
                    if (state == Worker.State.SUCCEEDED || state == Worker.State.FAILED
                            || state == Worker.State.CANCELLED) {
                        obs.removeListener(this);
                        // after the scan's own success handler has stored its statistics
                        Platform.runLater(retry);
                    }
                }
            });
            return;
        }
        StatisticsAccumulator ready = everyFrame ? scanStatistics : null;
        BitSet wanted = ready == null ? numbers : new BitSet();
        Task<StatisticsReport> task = new Task<>() {
            @Override
            protected StatisticsReport call() throws IOException {
                StatisticsAccumulator statistics = ready != null || frames == null ? ready
                        : StatisticsScan.over(backend, frames, wanted, this::isCancelled);
                return StatisticsReport.of(statistics == null ? new StatisticsAccumulator() : statistics, shown,
                        THROUGHPUT_BINS);
            }
        };
        task.setOnSucceeded(e -> done.accept(task.getValue()));
        task.setOnFailed(e -> work.status("Statistics failed: " + BackgroundWork.oneLine(task.getException())));
        work.execute(task);
    }
}
