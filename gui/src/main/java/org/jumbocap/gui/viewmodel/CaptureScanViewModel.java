package org.jumbocap.gui.viewmodel;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
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

/**
 * State of a window that counts over the open capture in the background (Expert Information, Protocol
 * Hierarchy, Capture File Properties, TCP Stream Graphs, Conversations and Endpoints): the result over every frame or, limited to the display filter,
 * over the frames shown, counted again when the limit is switched, another filter is applied while
 * limited, or a read ends. Properties change on the UI thread only; the count runs on a worker.
 *
 * @param <R> what one count gives
 */
public abstract class CaptureScanViewModel<R> {
    /** One count over the frames of {@code selection}; runs on the worker. */
    @FunctionalInterface
    public interface Scan<R> {
        R count(CaptureViewModel capture, FrameSelection selection, BooleanSupplier cancelled) throws Exception;
    }

    private static final ExecutorService WORKER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jumbocap-window-scan");
        t.setDaemon(true);
        return t;
    });

    private final CaptureViewModel capture;
    private final ExecutorService worker;
    private final BooleanProperty limitToDisplayFilter = new SimpleBooleanProperty(false);
    private final ReadOnlyObjectWrapper<R> result = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private Task<R> running;
    /** True while a window shows the result: only then do filter changes cost a recount. */
    private boolean watched;

    protected CaptureScanViewModel(CaptureViewModel capture) {
        this(capture, WORKER);
    }

    /** @param worker the thread the counts run on (a window may keep its own, to count beside the others) */
    protected CaptureScanViewModel(CaptureViewModel capture, ExecutorService worker) {
        this.capture = capture;
        this.worker = worker;
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

    /** A view model whose count is {@code scan}. */
    public static <R> CaptureScanViewModel<R> of(CaptureViewModel capture, Scan<R> scan) {
        return new CaptureScanViewModel<>(capture) {
            @Override
            protected R count(CaptureViewModel capture, FrameSelection selection, BooleanSupplier cancelled)
                    throws Exception {
                return scan.count(capture, selection, cancelled);
            }
        };
    }

    /** Counts the frames of {@code selection}; runs on the worker. */
    protected abstract R count(CaptureViewModel capture, FrameSelection selection, BooleanSupplier cancelled)
            throws Exception;

    /** The status line under a result. */
    protected String describe(R result, FrameSelection selection) {
        return selection.filter().isEmpty() ? "Every frame" : "Frames shown by " + selection.filter();
    }

    public BooleanProperty limitToDisplayFilterProperty() {
        return limitToDisplayFilter;
    }

    public ReadOnlyObjectProperty<R> resultProperty() {
        return result.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** True while a count runs. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** A window showing the result opened ({@code true}) or closed. */
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
            running = null;
            busy.set(false);
            result.set(null);
            status.set("No frames");
            return;
        }
        Task<R> task = new Task<>() {
            @Override
            protected R call() throws Exception {
                return count(capture, selection, this::isCancelled);
            }
        };
        running = task;
        busy.set(true);
        status.set("Counting\u2026");
        task.setOnSucceeded(e -> {
            if (running == task) {
                busy.set(false);
                result.set(task.getValue());
                status.set(describe(task.getValue(), selection));
            }
        });
        task.setOnFailed(e -> {
            if (running == task) {
                busy.set(false);
                status.set("Counting failed: " + task.getException().getMessage());
            }
        });
        worker.execute(task);
    }
}
