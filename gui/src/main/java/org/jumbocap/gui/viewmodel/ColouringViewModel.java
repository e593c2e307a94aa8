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

    /** A capture's first {@code frames} frames are read: decides their rules. */
    void start(FrameStore frames, int frameCount) {
        store = frames;
        count = frameCount;
        rescan();
    }

    /** The capture is closed or replaced. */
    void clear() {
        store = null;
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
