package org.jumbocap.gui.service;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingDeque;
import javafx.application.Platform;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.store.FrameStore;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * The values of one field for the packet list's "Apply as Column": a row's value is its field's value
 * text in the frame's tree (every occurrence, comma-separated, as Wireshark's custom columns show them),
 * made on a thread of its own for the rows on screen, newest request first. Values are kept per frame
 * up to a bound, for one capture at a time.
 */
public final class FieldColumnLoader implements AutoCloseable {
    private static final int MAX_VALUES = 1 << 16;

    private final CaptureBackend backend;
    private final String field;
    private final Runnable onLoaded;
    private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jumbocap-field-column");
        t.setDaemon(true);
        return t;
    });
    private final LinkedBlockingDeque<Runnable> wanted = new LinkedBlockingDeque<>();
    /** Frame number to value, for {@link #valuesOf}; touched on the UI thread only. */
    private final Map<Long, String> values = new HashMap<>();
    private final java.util.Set<Long> asked = new java.util.HashSet<>();
    private FrameStore valuesOf;
    private boolean redrawQueued;

    /**
     * @param field    the field's filter name
     * @param onLoaded called on the UI thread when values arrived, so the table redraws
     */
    public FieldColumnLoader(CaptureBackend backend, String field, Runnable onLoaded) {
        this.backend = backend;
        this.field = field;
        this.onLoaded = onLoaded;
    }

    public String field() {
        return field;
    }

    /**
     * The value of a row from {@code store} when made (empty when the frame has no such field), else null,
     * and it is asked for. On the UI thread.
     *
     * @param previousNanos timestamp of the frame before it in the file, for time fields
     */
    public String value(FrameStore store, PacketRow row, long previousNanos) {
        if (store != valuesOf) {
            valuesOf = store;
            values.clear();
            asked.clear();
        }
        String v = values.get(row.number());
        if (v != null || store == null || !asked.add(row.number())) {
            return v;
        }
        long firstNanos = row.timestampNanos() - row.relativeNanos();
        wanted.addFirst(() -> {
            String made;
            try {
                FrameRecord frame = store.read(row);
                made = valueIn(backend.dissect(frame, firstNanos, previousNanos), field);
            } catch (Exception | StackOverflowError e) {
                made = "";
            }
            String result = made;
            Platform.runLater(() -> arrived(store, row.number(), result));
        });
        executor.execute(() -> {
            Runnable next = wanted.pollFirst();
            if (next != null) {
                next.run();
            }
        });
        return null;
    }

    private void arrived(FrameStore store, long number, String value) {
        if (store != valuesOf) {
            return;
        }
        if (values.size() >= MAX_VALUES) {
            values.clear();
            asked.clear();
        }
        values.put(number, value);
        if (!redrawQueued) {
            redrawQueued = true;
            Platform.runLater(() -> {
                redrawQueued = false;
                onLoaded.run();
            });
        }
    }

    /** Every shown occurrence of a field in a tree, comma-separated; empty when there is none. */
    public static String valueIn(FrameTree tree, String field) {
        StringBuilder out = new StringBuilder();
        for (FieldNode layer : tree.layers()) {
            layer.walk(n -> {
                if (n.name().equals(field) && !n.isHidden()) {
                    out.append(out.length() == 0 ? "" : ",").append(n.valueText());
                }
            });
        }
        return out.toString();
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
