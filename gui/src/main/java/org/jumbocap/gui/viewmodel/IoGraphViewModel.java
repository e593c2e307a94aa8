package org.jumbocap.gui.viewmodel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.concurrent.Task;
import org.jumbocap.gui.model.IoGraphLine;
import org.jumbocap.gui.service.FrameSelection;
import org.jumbocap.gui.service.IoGraphScan;
import org.jumbocap.stats.IoIntervals;

/**
 * State of the I/O graph window: the counted series of the lines last asked for, recounted in the
 * background with the viewer's display-filter engine. Properties change on the UI thread only.
 */
public final class IoGraphViewModel {
    private static final ExecutorService WORKER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jumbocap-io-graph");
        t.setDaemon(true);
        return t;
    });

    /** The counted lines, each with the line it was counted for. */
    public record Graph(List<IoGraphLine> lines, List<IoIntervals> series, long intervalNanos) {
    }

    private final CaptureViewModel capture;
    private final ReadOnlyObjectWrapper<Graph> graph = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private Task<List<IoIntervals>> running;

    public IoGraphViewModel(CaptureViewModel capture) {
        this.capture = capture;
    }

    public ReadOnlyObjectProperty<Graph> graphProperty() {
        return graph.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** From the first listed frame to the last, or 0 with none. */
    public long spanNanos() {
        FrameSelection all = capture.frameSelection(false);
        return all == null ? 0 : Math.max(0, all.lastNanos() - all.firstNanos());
    }

    /** Time of the first listed frame, where the graph's first interval starts; 0 with none. */
    public long firstNanos() {
        FrameSelection all = capture.frameSelection(false);
        return all == null ? 0 : all.firstNanos();
    }

    /** The interval that fits the capture's span in fewer than 1,000 points. */
    public long defaultIntervalNanos() {
        return IoIntervals.defaultInterval(spanNanos());
    }

    /** Counts the enabled lines over every listed frame, per {@code intervalNanos}. */
    public void count(List<IoGraphLine> lines, long intervalNanos) {
        if (running != null) {
            running.cancel();
        }
        FrameSelection all = capture.frameSelection(false);
        List<IoGraphLine> drawn = new ArrayList<>();
        for (IoGraphLine l : lines) {
            if (l.enabled()) {
                drawn.add(l);
            }
        }
        if (all == null || drawn.isEmpty()) {
            graph.set(new Graph(drawn, List.of(), intervalNanos));
            status.set(all == null ? "No frames" : "No line enabled");
            return;
        }
        List<String> filters = drawn.stream().map(IoGraphLine::filter).toList();
        Task<List<IoIntervals>> task = new Task<>() {
            @Override
            protected List<IoIntervals> call() throws Exception {
                return IoGraphScan.over(capture.backend(), all, intervalNanos, filters, this::isCancelled);
            }
        };
        running = task;
        busy.set(true);
        status.set("Counting\u2026");
        task.setOnSucceeded(e -> {
            if (running == task) {
                busy.set(false);
                graph.set(new Graph(List.copyOf(drawn), task.getValue(), intervalNanos));
                status.set(drawn.size() + (drawn.size() == 1 ? " line, " : " lines, ")
                        + String.format(java.util.Locale.ROOT, "%,d", task.getValue().get(0).count()) + " intervals");
            }
        });
        task.setOnFailed(e -> {
            if (running == task) {
                busy.set(false);
                Throwable t = task.getException();
                status.set(t instanceof IoGraphScan.BadLineFilter ? "Filter of " + t.getMessage()
                        : "Counting failed: " + t.getMessage());
            }
        });
        WORKER.execute(task);
    }
}
