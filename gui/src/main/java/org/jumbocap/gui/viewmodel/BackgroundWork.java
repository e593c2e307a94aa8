package org.jumbocap.gui.viewmodel;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;

/**
 * The viewer's worker threads and its status line. One main task runs at a time (reading, filtering,
 * sorting, saving): it drives the progress bar and the busy flag, and a new one cancels the one before.
 * Side tasks (the expert pass, statistics) run beside it without touching either. Used on the UI thread.
 */
public final class BackgroundWork implements AutoCloseable {
    private final ExecutorService workers = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "jumbocap-worker");
        t.setDaemon(true);
        return t;
    });
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("Ready");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private Task<?> mainTask;
    private Runnable whenIdle;

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Progress of the main task, 0..1, or -1 when unknown. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** Sets the status line. */
    public void status(String text) {
        status.set(text);
    }

    /** True while a main task runs. */
    public boolean mainTaskRunning() {
        // by state, not isRunning(): a task's state listeners (its handlers, and what they start) run before
        // JavaFX clears its running flag, and a filter applied from there must not wait for a task that is over
        if (mainTask == null) {
            return false;
        }
        Worker.State state = mainTask.getState();
        return state == Worker.State.READY || state == Worker.State.SCHEDULED || state == Worker.State.RUNNING;
    }

    /**
     * Runs the task as the main one, cancelling the one before; the handlers run on the UI thread, the
     * busy flag drops after them.
     */
    public <T> void run(Task<T> task, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        if (mainTaskRunning()) {
            mainTask.cancel();
        }
        mainTask = task;
        busy.set(true);
        progress.bind(task.progressProperty());
        task.messageProperty().addListener((obs, old, message) -> {
            // a task replaced or cancelled no longer speaks for the status line
            if (message != null && !message.isEmpty() && mainTask == task && !task.isDone()) {
                status.set(message);
            }
        });
        task.stateProperty().addListener((obs, old, state) -> {
            if (state == Worker.State.SUCCEEDED || state == Worker.State.FAILED || state == Worker.State.CANCELLED) {
                if (mainTask == task) {
                    progress.unbind();
                    progress.set(0);
                }
                try {
                    if (state == Worker.State.SUCCEEDED) {
                        onSuccess.accept(task.getValue());
                    } else if (state == Worker.State.FAILED) {
                        onFailure.accept(task.getException());
                    } else if (mainTask == task) {
                        status.set("Cancelled");
                    }
                } finally {
                    if (mainTask == task) {
                        busy.set(false);
                        Runnable next = whenIdle;
                        whenIdle = null;
                        if (next != null && mainTask == task) {
                            next.run();
                        }
                    }
                }
            }
        });
        workers.execute(task);
    }

    /**
     * Runs {@code action} once on the UI thread when the main tasks end (at once when none runs); a later
     * call replaces an action still waiting.
     */
    public void whenIdle(Runnable action) {
        if (mainTaskRunning()) {
            whenIdle = action;
        } else {
            whenIdle = null;
            action.run();
        }
    }

    /** Runs a side task, which neither shows progress nor cancels the main one. */
    public void execute(Task<?> task) {
        workers.execute(task);
    }

    /** Cancels the main task. */
    public void cancel() {
        if (mainTask != null) {
            mainTask.cancel();
        }
    }

    @Override
    public void close() {
        cancel();
        workers.shutdownNow();
    }

    /** The first line of a failure's message. */
    static String oneLine(Throwable t) {
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /** "1 frame", "2 frames". */
    static String frames(long n) {
        return String.format(java.util.Locale.ROOT, "%,d", n) + (n == 1 ? " frame" : " frames");
    }
}
