package org.jumbocap.gui.viewmodel;

import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.model.ColouringRule;
import org.jumbocap.gui.model.RowColours;
import org.jumbocap.gui.model.RowStore;
import org.jumbocap.gui.service.ColouringScan;
import org.jumbocap.gui.store.FrameStore;

/**
 * The packet list's colouring rules, whether they are on, and the rule of each frame of the open capture,
 * decided in the background by {@link ColouringScan} when a file is read and again when the rules change,
 * and for a live capture as its frames are listed.
 */
public final class ColouringViewModel {
    private final CaptureBackend backend;
    private final BackgroundWork work;
    private final ObjectProperty<List<ColouringRule>> rules = new SimpleObjectProperty<>(ColouringRule.defaults());
    private final BooleanProperty colorize = new SimpleBooleanProperty(true);
    private final ObjectProperty<RowColours> colours = new SimpleObjectProperty<>();
    private FrameStore store;
    private int count;
    private ColouringScan running;
    /** The rules a live capture's loop decides for each new frame, while one runs. */
    private volatile LiveColouring live;
    /** Decides a live capture's new frames a few times a second while one runs. */
    private final javafx.animation.Timeline liveClock = new javafx.animation.Timeline(
            new javafx.animation.KeyFrame(javafx.util.Duration.millis(250), e -> {
                LiveColouring current = live;
                if (current != null) {
                    current.catchUp();
                }
            }));

    /**
     * Decides the rules of a live capture's frames as they are listed, beside the capture's loop (which it
     * does not slow: a rule's filter may need the frame's tree): a few times a second the frames listed
     * since are read back from the store, in frame order, through a frame step of its own that follows the
     * conversations as the loop's does. The whole capture is decided again by a scan when it stops.
     */
    private final class LiveColouring {
        private final ColouringScan.Compiled compiled;
        private final RowColours.Growing decided = new RowColours.Growing();
        private final CaptureBackend.FrameStep step = backend.newFrameStep(true);
        private final FrameStore frames;
        private final RowStore rows;
        /** The next frame index to decide; on the worker only. */
        private int next;
        private long previousNanos;
        private boolean working;

        LiveColouring(ColouringScan.Compiled compiled, FrameStore frames, RowStore rows) {
            this.compiled = compiled;
            this.frames = frames;
            this.rows = rows;
        }

        /** On the UI thread: decides the frames listed since the last time, unless that is still running. */
        void catchUp() {
            if (working || live != this) {
                return;
            }
            working = true;
            int upto = rows.size();
            work.execute(new javafx.concurrent.Task<Void>() {
                @Override
                protected Void call() throws java.io.IOException {
                    if (next < upto) {
                        long firstNanos = rows.firstNanos();
                        if (next == 0) {
                            previousNanos = firstNanos;
                        }
                        frames.visitRange(next + 1L, rows.fileOffset(next), upto - next, frame -> {
                            if (live != LiveColouring.this) {
                                throw new java.util.concurrent.CancellationException();
                            }
                            step.next(frame, firstNanos, previousNanos);
                            decided.append(compiled.ruleOf(step));
                            previousNanos = frame.timestampNanos();
                            next++;
                        });
                    }
                    return null;
                }

                @Override
                protected void succeeded() {
                    finish();
                }

                @Override
                protected void failed() {
                    finish();
                }

                @Override
                protected void cancelled() {
                    finish();
                }

                private void finish() {
                    working = false;
                    if (live == LiveColouring.this) {
                        // a new value, so the table draws the rows decided now
                        colours.set(new RowColours(compiled.used(), decided));
                    }
                }
            });
        }
    }

    ColouringViewModel(CaptureBackend backend, BackgroundWork work) {
        this.backend = backend;
        this.work = work;
        rules.addListener((obs, old, now) -> rescan());
    }

    public ObjectProperty<List<ColouringRule>> rulesProperty() {
        return rules;
    }

    public BooleanProperty colorizeProperty() {
        return colorize;
    }

    /** The rule of each frame of the open capture; null until the first scan ends. */
    public ReadOnlyObjectProperty<RowColours> coloursProperty() {
        return colours;
    }

    /**
     * A live capture starts: its frames are coloured as its loop takes them (rules edited meanwhile colour
     * the frames after the edit; the scan at the end decides every frame by the rules then).
     */
    void startLive(FrameStore frames, RowStore rows) {
        LiveColouring colouring = new LiveColouring(ColouringScan.Compiled.of(backend, rules.get()), frames, rows);
        live = colouring;
        colours.set(new RowColours(colouring.compiled.used(), colouring.decided));
        liveClock.setCycleCount(javafx.animation.Animation.INDEFINITE);
        liveClock.play();
    }

    /** A capture's first {@code frames} frames are read: decides their rules. */
    void start(FrameStore frames, int frameCount) {
        live = null;
        liveClock.stop();
        store = frames;
        count = frameCount;
        rescan();
    }

    /** The capture is closed or replaced. */
    void clear() {
        store = null;
        live = null;
        liveClock.stop();
        if (running != null) {
            running.cancel();
            running = null;
        }
        colours.set(null);
    }

    private void rescan() {
        if (running != null) {
            running.cancel();
        }
        if (store == null) {
            return;
        }
        ColouringScan task = new ColouringScan(backend, store, rules.get(), count);
        running = task;
        task.setOnSucceeded(e -> {
            if (running == task) {
                running = null;
                colours.set(task.getValue());
            }
        });
        work.execute(task);
    }
}
