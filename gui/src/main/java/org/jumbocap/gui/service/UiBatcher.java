package org.jumbocap.gui.service;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.util.Duration;

/**
 * Carries items from a background thread to the UI in batches: producers {@link #offer} from any thread,
 * and a timeline on the UI thread hands whatever queued up to the consumer every period, so a fast
 * reader or a busy interface costs the UI one list change per tick instead of one per frame.
 */
public final class UiBatcher<T> {
    public static final Duration DEFAULT_PERIOD = Duration.millis(100);

    private final ConcurrentLinkedQueue<T> queue = new ConcurrentLinkedQueue<>();
    private final Consumer<List<T>> consumer;
    private final Timeline timeline;

    /** Must be created on the UI thread. */
    public UiBatcher(Duration period, Consumer<List<T>> consumer) {
        this.consumer = consumer;
        this.timeline = new Timeline(new KeyFrame(period, e -> drain()));
        this.timeline.setCycleCount(Animation.INDEFINITE);
    }

    public void start() {
        timeline.play();
    }

    public void offer(T item) {
        queue.offer(item);
    }

    /** Stops the timer and delivers what is left; call on the UI thread. */
    public void stopAndDrain() {
        timeline.stop();
        drain();
    }

    /** Delivers what is queued now; call on the UI thread. */
    public void drain() {
        if (!Platform.isFxApplicationThread()) {
            throw new IllegalStateException("drain on the UI thread only");
        }
        if (queue.isEmpty()) {
            return;
        }
        List<T> batch = new ArrayList<>(Math.max(16, queue.size()));
        T item;
        while ((item = queue.poll()) != null) {
            batch.add(item);
        }
        consumer.accept(batch);
    }
}
