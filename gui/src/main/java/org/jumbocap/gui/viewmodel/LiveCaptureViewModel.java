package org.jumbocap.gui.viewmodel;

import java.io.IOException;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.util.Duration;
import org.jumbocap.gui.live.LiveSource;

/**
 * A live capture's lifecycle and counters: received and dropped, refreshed twice a second, and the end of
 * a capture that stopped by itself. What each frame becomes is the capture view model's (the same rows
 * as a file's).
 */
public final class LiveCaptureViewModel {
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyLongWrapper received = new ReadOnlyLongWrapper();
    private final ReadOnlyLongWrapper dropped = new ReadOnlyLongWrapper();
    private LiveSource source;
    /** Refreshes the counters while no frames come, and notices a capture that ended by itself. */
    private Timeline watch;
    /** True once a stop was asked and the capture is still writing its last frames. */
    private boolean stopping;

    public ReadOnlyBooleanProperty liveRunningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyLongProperty liveReceivedProperty() {
        return received.getReadOnlyProperty();
    }

    public ReadOnlyLongProperty liveDroppedProperty() {
        return dropped.getReadOnlyProperty();
    }

    boolean running() {
        return source != null;
    }

    /**
     * Starts handing the frames of an opened source to {@code onFrame} on the capture's thread.
     *
     * @param onEnded called on the UI thread when the capture failed by itself
     */
    void start(LiveSource opened, java.util.function.Consumer<org.jumbocap.io.FrameRecord> onFrame, Runnable onEnded)
            throws IOException {
        source = opened;
        stopping = false;
        running.set(true);
        watch = new Timeline(new KeyFrame(Duration.millis(250), e -> {
            received.set(opened.received());
            dropped.set(opened.dropped());
            if ((opened.failure() != null || stopping && opened.finished()) && source == opened) {
                onEnded.run();
            }
        }));
        watch.setCycleCount(Animation.INDEFINITE);
        watch.play();
        opened.start(onFrame);
    }

    /**
     * Asks the capture to stop without waiting on the UI thread; the frames it still writes are listed,
     * and the end is handled as a capture that ended by itself (within the watch's period).
     */
    /** True when the source ends in the background (the capture process): Stop then need not wait. */
    boolean stopsInBackground() {
        return source != null && source.file() != null;
    }

    boolean requestStop() {
        if (source == null || stopping) {
            return false;
        }
        stopping = true;
        source.requestStop();
        return true;
    }

    /**
     * Stops the capture; returns why it had failed by itself, or null (also when none ran).
     */
    String stop() {
        if (source == null) {
            return null;
        }
        if (watch != null) {
            watch.stop();
        }
        source.stop();
        received.set(source.received());
        dropped.set(source.dropped());
        String failure = source.failure();
        source = null;
        stopping = false;
        running.set(false);
        return failure;
    }

    /** Counters back to zero (a new source). */
    void clear() {
        received.set(0);
        dropped.set(0);
    }
}
