package org.jumbocap.gui.viewmodel;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntConsumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.concurrent.Worker;
import org.jumbocap.displayfilter.FilterSyntaxException;
import org.jumbocap.gui.backend.CaptureBackend.ViewerFilter;
import org.jumbocap.gui.model.FindQuery;
import org.jumbocap.gui.model.RowList;
import org.jumbocap.gui.service.FindTask;
import org.jumbocap.gui.store.FrameStore;

/**
 * Find Packet: searches the shown rows for the next or previous match of a query on a thread of its own
 * (reading, filtering and sorting keep theirs), and says what it found in one status message.
 */
public final class FindViewModel implements AutoCloseable {
    private final CaptureViewModel capture;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jumbocap-find");
        t.setDaemon(true);
        return t;
    });
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper searching = new ReadOnlyBooleanWrapper(false);
    private FindTask running;
    /** What the last search decided in frame order, for finding next with the same filter: its text, rows and frames. */
    private String decidedText;
    private Object decidedRows;
    private java.util.BitSet decided;
    private int decidedSize;

    public FindViewModel(CaptureViewModel capture) {
        this.capture = capture;
    }

    /** What the last search found or why it could not run. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty searchingProperty() {
        return searching.getReadOnlyProperty();
    }

    /**
     * Looks for the next ({@code forward}) or previous shown row matching {@code query} after position
     * {@code from} (-1: none selected), wrapping round once; {@code onFound} gets the position in the shown
     * rows on the UI thread. A query that does not compile is reported in the message at once.
     */
    public void find(FindQuery query, int from, boolean forward, IntConsumer onFound) {
        if (query.text().isEmpty()) {
            message.set("Nothing to find: type a " + query.kind().toString().toLowerCase(java.util.Locale.ROOT));
            return;
        }
        ViewerFilter filter = null;
        try {
            if (query.kind() == FindQuery.Kind.DISPLAY_FILTER) {
                filter = capture.backend().compileFilter(query.text());
            } else {
                query.pattern();
            }
        } catch (FilterSyntaxException e) {
            message.set("Invalid display filter: " + e.detail());
            return;
        } catch (IllegalArgumentException e) {
            message.set("Invalid hex value: " + e.getMessage());
            return;
        }
        FrameStore store = capture.frameStore();
        RowList shown = capture.shownRowsProperty().get();
        if (store == null || shown.isEmpty()) {
            message.set("No frames to search");
            return;
        }
        int[] indices = new int[shown.size()];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = shown.frameIndex(i);
        }
        if (running != null) {
            running.cancel();
        }
        FindTask task = new FindTask(capture.backend(), store, shown.store(), indices, query, filter, from, forward);
        if (filter != null && decided != null && query.text().equals(decidedText) && shown.store() == decidedRows
                && shown.store().size() == decidedSize) {
            task.reusing(decided);
        }
        running = task;
        searching.set(true);
        message.set("Searching for " + query.describe() + "\u2026");
        task.stateProperty().addListener((obs, old, state) -> {
            if (task != running || !(state == Worker.State.SUCCEEDED || state == Worker.State.FAILED
                    || state == Worker.State.CANCELLED)) {
                return;
            }
            searching.set(false);
            running = null;
            if (state == Worker.State.FAILED) {
                message.set("Find failed: " + task.getException().getMessage());
                return;
            }
            if (state == Worker.State.CANCELLED) {
                message.set("Find cancelled");
                return;
            }
            FindTask.Found found = task.getValue();
            if (task.decidedInOrder() != null) {
                decided = task.decidedInOrder();
                decidedText = query.text();
                decidedRows = shown.store();
                decidedSize = shown.store().size();
            }
            if (capture.shownRowsProperty().get() != shown) {
                message.set("The list changed while searching; find again");
            } else if (found.position() < 0) {
                message.set("No frame matches " + query.describe());
            } else {
                long number = shown.frameIndex(found.position()) + 1L;
                message.set("Found frame " + number + (found.wrapped()
                        ? (forward ? " (search went past the last frame and started again at the first)"
                                : " (search went past the first frame and started again at the last)") : ""));
                onFound.accept(found.position());
            }
        });
        worker.execute(task);
    }

    /** Stops a search in progress. */
    public void cancel() {
        if (running != null) {
            running.cancel();
        }
    }

    @Override
    public void close() {
        cancel();
        worker.shutdownNow();
    }
}
