package org.jumbocap.gui.viewmodel;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import org.jumbocap.follow.TcpFollow;
import org.jumbocap.gui.model.FollowLines;
import org.jumbocap.gui.model.FollowLines.Format;
import org.jumbocap.gui.model.RowStore;
import org.jumbocap.gui.service.TcpStreamReplay;
import org.jumbocap.gui.store.FrameStore;

/**
 * Follow TCP Stream: one stream's data in order, each side as its receiver got it (the core's
 * {@link TcpFollow}, as {@code jumbocap follow} prints it), gathered on a worker thread over the listed
 * frames and shown as lines in a chosen format; saving writes on a worker too.
 */
public final class FollowStreamViewModel {
    /** Data gathered at most; a BIG TCP stream can carry gigabytes. */
    public static final long MAX_BYTES = 32L << 20;

    private final CaptureViewModel capture;
    private final ReadOnlyObjectWrapper<TcpFollow> followed = new ReadOnlyObjectWrapper<>();
    private final ObservableList<FollowLines.Line> lines = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Format> format = new ReadOnlyObjectWrapper<>(Format.ASCII);
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
    private final ReadOnlyObjectWrapper<Integer> stream = new ReadOnlyObjectWrapper<>(-1);
    private boolean cut;
    private Task<?> running;

    public FollowStreamViewModel(CaptureViewModel capture) {
        this.capture = capture;
    }

    /** The followed data, null while it is gathered. */
    public ReadOnlyObjectProperty<TcpFollow> followedProperty() {
        return followed.getReadOnlyProperty();
    }

    /** The lines shown, in the chosen format. */
    public ObservableList<FollowLines.Line> lines() {
        return FXCollections.unmodifiableObservableList(lines);
    }

    public ReadOnlyObjectProperty<Format> formatProperty() {
        return format.getReadOnlyProperty();
    }

    /** "client → server: N bytes, server → client: M bytes", or what is happening. */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Integer> streamProperty() {
        return stream.getReadOnlyProperty();
    }

    /** The display filter that shows this stream's frames. */
    public String streamFilter() {
        return "tcp.stream == " + stream.get();
    }

    /** Gathers stream {@code s} of the open capture in the background. */
    public void follow(int s) {
        FrameStore frames = capture.frameStore();
        RowStore rows = capture.packetList().store();
        if (running != null) {
            running.cancel();
        }
        stream.set(s);
        followed.set(null);
        lines.clear();
        if (frames == null || s < 0) {
            summary.set("No TCP stream");
            return;
        }
        busy.set(true);
        summary.set("Following TCP stream " + s + "\u2026");
        TcpStreamReplay replay = new TcpStreamReplay(capture.backend());
        Task<TcpStreamReplay.Followed> task = new Task<>() {
            @Override
            protected TcpStreamReplay.Followed call() throws IOException {
                return replay.follow(frames, rows, s, MAX_BYTES, this::isCancelled);
            }
        };
        running = task;
        task.setOnSucceeded(e -> {
            if (running != task) {
                return;
            }
            busy.set(false);
            cut = task.getValue().cut();
            followed.set(task.getValue().data());
            show(format.get());
        });
        task.setOnFailed(e -> {
            if (running == task) {
                busy.set(false);
                summary.set("Follow failed: " + BackgroundWork.oneLine(task.getException()));
            }
        });
        capture.work().execute(task);
    }

    /** Shows the data in another format. */
    public void show(Format f) {
        format.set(f);
        TcpFollow data = followed.get();
        if (data == null) {
            return;
        }
        lines.setAll(FollowLines.of(data, f));
        long[] bytes = FollowLines.bytesPerSide(data);
        summary.set(data.client() + " \u2192 " + data.server() + ": " + grouped(bytes[0]) + " bytes, "
                + data.server() + " \u2192 " + data.client() + ": " + grouped(bytes[1]) + " bytes"
                + (cut ? " (the first " + grouped(MAX_BYTES) + " bytes)" : ""));
    }

    /**
     * Writes the stream to a file on a worker thread: the bytes themselves for Raw (both sides in order),
     * else the lines shown.
     *
     * @param done told on the UI thread with null, or the failure's message
     */
    public void save(Path target, Consumer<String> done) {
        TcpFollow data = followed.get();
        if (data == null) {
            return;
        }
        Format f = format.get();
        List<FollowLines.Line> shown = List.copyOf(lines);
        Task<Void> task = new Task<>() {
            @Override
            protected Void call() throws IOException {
                if (f == Format.RAW) {
                    try (OutputStream out = Files.newOutputStream(target)) {
                        for (TcpFollow.Chunk c : data.chunks()) {
                            out.write(c.data());
                        }
                    }
                } else {
                    try (BufferedWriter out = Files.newBufferedWriter(target, StandardCharsets.UTF_8)) {
                        for (FollowLines.Line l : shown) {
                            out.write(l.text());
                            out.write('\n');
                        }
                    }
                }
                return null;
            }
        };
        task.setOnSucceeded(e -> done.accept(null));
        task.setOnFailed(e -> done.accept(BackgroundWork.oneLine(task.getException())));
        capture.work().execute(task);
    }

    private static String grouped(long n) {
        return String.format(java.util.Locale.ROOT, "%,d", n);
    }
}
