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
import org.jumbocap.gui.service.ColouringScan;
import org.jumbocap.gui.store.FrameStore;

/**
 * The packet list's colouring rules, whether they are on, and the rule of each frame of the open capture,
 * decided in the background by {@link ColouringScan} when a file is read and again when the rules change.
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

    /**
     * Decides the rules of a live capture's frames in its loop, as they come (the whole capture is decided
     * again by a scan when it stops). Called on the capture's thread, once per frame, in frame order.
     */
    public static final class LiveColouring {
        private final ColouringScan.Compiled compiled;
        private final RowColours.Growing decided = new RowColours.Growing();

        LiveColouring(ColouringScan.Compiled compiled) {
            this.compiled = compiled;
        }

        public void decide(CaptureBackend.FrameStep frame) {
            decided.append(compiled.ruleOf(frame));
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
    LiveColouring startLive() {
        LiveColouring colouring = new LiveColouring(ColouringScan.Compiled.of(backend, rules.get()));
        live = colouring;
        colours.set(new RowColours(colouring.compiled.used(), colouring.decided));
        return colouring;
    }

    /** A capture's first {@code frames} frames are read: decides their rules. */
    void start(FrameStore frames, int frameCount) {
        live = null;
        store = frames;
        count = frameCount;
        rescan();
    }

    /** The capture is closed or replaced. */
    void clear() {
        store = null;
        live = null;
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
