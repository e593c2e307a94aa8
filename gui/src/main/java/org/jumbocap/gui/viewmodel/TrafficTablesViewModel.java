package org.jumbocap.gui.viewmodel;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.concurrent.Task;
import org.jumbocap.gui.service.FrameSelection;
import org.jumbocap.gui.service.TrafficScan;

/**
 * State of the Conversations and Endpoints windows, which share one count: the tables over every frame
 * or (limit to display filter) the frames shown, recounted in the background when the limit is switched
 * or, while limited, another display filter is applied. Properties change on the UI thread only.
 */
public final class TrafficTablesViewModel {
    private static final ExecutorService WORKER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jumbocap-traffic");
        t.setDaemon(true);
        return t;
    });

    private final CaptureViewModel capture;
    private final BooleanProperty limitToDisplayFilter = new SimpleBooleanProperty(false);
    private final ReadOnlyObjectWrapper<TrafficScan.Result> result = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private Task<TrafficScan.Result> running;
    /** True while a window shows the tables: only then do filter changes cost a recount. */
    private boolean watched;

    public TrafficTablesViewModel(CaptureViewModel capture) {
        this.capture = capture;
        limitToDisplayFilter.addListener((obs, was, now) -> refresh());
        capture.appliedFilterProperty().addListener((obs, was, now) -> {
            if (watched && limitToDisplayFilter.get()) {
                refresh();
            }
        });
        // a newly opened file, or a read that has ended, changes every number
        capture.busyProperty().addListener((obs, was, now) -> {
            if (watched && !now) {
                refresh();
            }
        });
    }

    /** Limit to display filter: count only the frames the filter shows. */
    public BooleanProperty limitToDisplayFilterProperty() {
        return limitToDisplayFilter;
    }

    public ReadOnlyObjectProperty<TrafficScan.Result> resultProperty() {
        return result.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** A window showing the tables opened ({@code true}) or closed. */
    public void setWatched(boolean watched) {
        this.watched = watched;
    }

    /** Counts again over the frames chosen now. */
    public void refresh() {
        if (running != null) {
            running.cancel();
        }
        FrameSelection selection = capture.frameSelection(limitToDisplayFilter.get());
        if (selection == null) {
            result.set(null);
            status.set("No frames");
            return;
        }
        Task<TrafficScan.Result> task = new Task<>() {
            @Override
            protected TrafficScan.Result call() throws Exception {
                return TrafficScan.over(capture.backend(), selection, this::isCancelled);
            }
        };
        running = task;
        busy.set(true);
        status.set("Counting\u2026");
        task.setOnSucceeded(e -> {
            if (running == task) {
                busy.set(false);
                TrafficScan.Result r = task.getValue();
                result.set(r);
                status.set(CaptureViewModel.frames(r.frames())
                        + (r.filter().isEmpty() ? "" : " shown by " + r.filter()));
            }
        });
        task.setOnFailed(e -> {
            if (running == task) {
                busy.set(false);
                status.set("Counting failed: " + task.getException().getMessage());
            }
        });
        WORKER.execute(task);
    }
}
