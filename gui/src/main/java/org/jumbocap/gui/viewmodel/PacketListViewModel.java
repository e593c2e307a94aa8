package org.jumbocap.gui.viewmodel;

import java.util.Objects;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import javafx.util.Duration;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.model.IntColumn;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.model.RowList;
import org.jumbocap.gui.model.RowOrder;
import org.jumbocap.gui.model.RowStore;
import org.jumbocap.gui.model.RowTexts;
import org.jumbocap.gui.model.ShownRows;
import org.jumbocap.gui.service.RowTextLoader;
import org.jumbocap.gui.store.FrameStore;

/**
 * The packet list: every listed frame packed in a {@link RowStore}, the rows shown (all, or a display
 * filter's result) in frame order or sorted, their texts made for the rows on screen, and the counts.
 * A reader appends rows on its thread; {@link #publish} shows them on the UI thread ten times a second.
 */
public final class PacketListViewModel implements AutoCloseable {
    private final CaptureBackend backend;
    private final BackgroundWork work;
    private RowStore rowStore = new RowStore();
    private RowTexts texts;
    private RowTextLoader textLoader;
    private FrameStore frames;
    private final ReadOnlyObjectWrapper<RowList> allRows = new ReadOnlyObjectWrapper<>(RowList.empty());
    private final ReadOnlyObjectWrapper<RowList> shownRows = new ReadOnlyObjectWrapper<>(allRows.get());
    /** What the table lists: always this one list, showing {@link #shownRows}. */
    private final ShownRows table = new ShownRows();
    private final ReadOnlyIntegerWrapper frameCount = new ReadOnlyIntegerWrapper();
    private final ReadOnlyIntegerWrapper shownCount = new ReadOnlyIntegerWrapper();
    /** Counts up whenever row texts arrive, so the table redraws. */
    private final ReadOnlyLongWrapper textsVersion = new ReadOnlyLongWrapper();
    private boolean textsRedrawQueued;
    /** The column and direction the shown rows are sorted by; null in frame order. */
    private RowOrder order;
    private boolean firstRowsTimed;
    /** Hands what the reader appended to the lists, ten times a second. */
    private final Timeline publisher = new Timeline(new KeyFrame(Duration.millis(100), e -> publish()));

    PacketListViewModel(CaptureBackend backend, BackgroundWork work) {
        this.backend = backend;
        this.work = work;
        publisher.setCycleCount(Animation.INDEFINITE);
        shownRows.addListener((obs, old, now) -> table.switchTo(now));
    }

    /** Every listed frame in frame order (index = number - 1); a new list for each file or capture. */
    public ObservableList<PacketRow> rows() {
        return allRows.get();
    }

    /** The frames the display filter lets through, in the order shown (frame order unless sorted). */
    public ObservableList<PacketRow> shownRows() {
        return table;
    }

    public ReadOnlyObjectProperty<RowList> shownRowsProperty() {
        return shownRows.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty frameCountProperty() {
        return frameCount.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty shownCountProperty() {
        return shownCount.getReadOnlyProperty();
    }

    /** Changes whenever texts of rows on screen have been made: the table redraws then. */
    public ReadOnlyLongProperty textsVersionProperty() {
        return textsVersion.getReadOnlyProperty();
    }

    /** The order of the shown rows, null for frame order. */
    public RowOrder order() {
        return order;
    }

    /** The packed rows of the current source. */
    public RowStore store() {
        return rowStore;
    }

    /** The shown list now (a filter's result or every row). */
    RowList shown() {
        return shownRows.get();
    }

    /** True when every row is shown. */
    boolean showsEveryRow() {
        return shownRows.get() == allRows.get();
    }

    /** The row of frame {@code number}, or null. */
    public PacketRow row(long number) {
        long index = number - 1;
        return index >= 0 && index < rows().size() ? rows().get((int) index) : null;
    }

    /**
     * New lists over a new row store for a source; returns the column the reader puts the indices of the
     * frames the display filter passes in, or null when every frame is shown ({@code filtered} false).
     */
    IntColumn start(FrameStore frames, boolean filtered) {
        rowStore = new RowStore();
        this.frames = frames;
        if (textLoader != null) {
            textLoader.close();
        }
        textLoader = new RowTextLoader(backend, frames, rowStore);
        texts = new RowTexts(rowStore, textLoader, this::textsArrived);
        RowList all = RowList.all(rowStore, texts);
        allRows.set(all);
        order = null;
        if (!filtered) {
            shownRows.set(all);
            return null;
        }
        IntColumn shownIndices = new IntColumn();
        shownRows.set(RowList.of(rowStore, texts, shownIndices));
        return shownIndices;
    }

    /** Publishes rows as the reader appends them, until {@link #stopStreaming}. */
    void startStreaming() {
        publisher.play();
    }

    /** Stops the clock and publishes what is there. */
    void stopStreaming() {
        publisher.stop();
        publish();
    }

    /** Lists nothing (a new source is about to start). */
    void clear() {
        publisher.stop();
        RowList none = RowList.empty();
        allRows.set(none);
        shownRows.set(none);
        order = null;
        frameCount.set(0);
        shownCount.set(0);
    }

    void publish() {
        if (CaptureViewModel.TIMING && !firstRowsTimed && rowStore.size() > 0) {
            firstRowsTimed = true;
            CaptureViewModel.timing("first rows listed");
        }
        allRows.get().publish();
        shownRows.get().publish();
        frameCount.set(allRows.get().size());
        shownCount.set(shownRows.get().size());
    }

    private void textsArrived() {
        if (!textsRedrawQueued) {
            textsRedrawQueued = true;
            Platform.runLater(() -> {
                textsRedrawQueued = false;
                textsVersion.set(textsVersion.get() + 1);
            });
        }
    }

    /** Shows every row in frame order. */
    void showEveryRow() {
        show(allRows.get(), null);
    }

    /** Shows the rows whose frame indices the column holds, in frame order. */
    void showOnly(IntColumn indices) {
        show(RowList.of(rowStore, texts, indices), null);
    }

    private void show(RowList rows, RowOrder newOrder) {
        order = newOrder;
        rows.publish();
        shownRows.set(rows);
        shownCount.set(rows.size());
    }

    /**
     * Sorts the shown rows by a column in the background (null: frame order); the table shows the new
     * order when it is ready.
     *
     * @param statusAfter the status line once sorted
     */
    void sort(RowOrder newOrder, java.util.function.Supplier<String> statusAfter) {
        RowList current = shownRows.get();
        if (Objects.equals(newOrder, order) || work.mainTaskRunning()) {
            return;
        }
        RowStore sorted = rowStore;
        FrameStore source = frames;
        int count = current.size();
        int[] indices = new int[count];
        for (int i = 0; i < count; i++) {
            indices[i] = current.frameIndex(i);
        }
        Task<int[]> task = new Task<>() {
            @Override
            protected int[] call() throws java.io.IOException {
                updateMessage("Sorting " + BackgroundWork.frames(count));
                String[] texts = newOrder != null && RowOrder.needsTexts(newOrder.column())
                        ? texts(sorted, source, newOrder.column(), indices, this::isCancelled) : null;
                return RowOrder.sort(indices, sorted, newOrder, texts);
            }
        };
        work.run(task, result -> {
            if (sorted == rowStore && current == shownRows.get()) {
                show(RowList.of(rowStore, texts, IntColumn.of(result, result.length)), newOrder);
                work.status(statusAfter.get());
            }
        }, failure -> work.status("Sort failed: " + BackgroundWork.oneLine(failure)));
    }

    /**
     * A text column's text of each frame among {@code indices}, by frame index: made in pages as the rows
     * on screen are, on the sorting thread.
     */
    private String[] texts(RowStore rows, FrameStore source, String column, int[] indices,
                           java.util.function.BooleanSupplier cancelled) throws java.io.IOException {
        int total = rows.size();
        String[] texts = new String[total];
        java.util.BitSet wanted = new java.util.BitSet(total);
        for (int i : indices) {
            wanted.set(i);
        }
        RowTextLoader maker = new RowTextLoader(backend, source, rows);
        try {
            final int page = 4096;
            for (int first = wanted.nextSetBit(0); first >= 0; first = wanted.nextSetBit(first)) {
                if (cancelled.getAsBoolean()) {
                    throw new java.util.concurrent.CancellationException();
                }
                int count = Math.min(page, total - first);
                org.jumbocap.gui.model.RowText[] made = maker.make(first, count);
                for (int k = 0; k < count; k++) {
                    if (wanted.get(first + k)) {
                        texts[first + k] = RowOrder.textOf(column, made[k]);
                    }
                }
                first += count;
                if (first >= total) {
                    break;
                }
            }
        } finally {
            maker.close();
        }
        return texts;
    }

    @Override
    public void close() {
        publisher.stop();
        if (textLoader != null) {
            textLoader.close();
        }
    }
}
