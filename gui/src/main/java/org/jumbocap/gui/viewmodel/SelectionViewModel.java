package org.jumbocap.gui.viewmodel;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.model.FrameDetail;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.service.DetailLoader;
import org.jumbocap.gui.store.FrameStore;

/** The selected row and its detail (tree and bytes), dissected on the detail loader's thread. */
public final class SelectionViewModel implements AutoCloseable {
    private final DetailLoader detailLoader;
    private final ReadOnlyObjectWrapper<PacketRow> selectedRow = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<FrameDetail> detail = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper detailError = new ReadOnlyStringWrapper();

    SelectionViewModel(CaptureBackend backend) {
        this.detailLoader = new DetailLoader(backend);
    }

    public ReadOnlyObjectProperty<PacketRow> selectedRowProperty() {
        return selectedRow.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<FrameDetail> detailProperty() {
        return detail.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty detailErrorProperty() {
        return detailError.getReadOnlyProperty();
    }

    /**
     * Shows the detail of a row (null clears it).
     *
     * @param previous the row of the frame before, for the delta time, or null
     */
    void select(PacketRow row, PacketRow previous, FrameStore store) {
        selectedRow.set(row);
        if (row == null || store == null) {
            detailLoader.clear();
            detail.set(null);
            return;
        }
        long first = row.timestampNanos() - row.relativeNanos();
        long previousNanos = previous == null ? row.timestampNanos() : previous.timestampNanos();
        detailLoader.load(store, row, first, previousNanos, loaded -> {
            detailError.set(null);
            detail.set(loaded);
        }, message -> {
            detail.set(null);
            detailError.set(message);
        });
    }

    /** Nothing selected (a new source). */
    void clear() {
        detailLoader.clear();
        selectedRow.set(null);
        detail.set(null);
        detailError.set(null);
    }

    @Override
    public void close() {
        detailLoader.close();
    }
}
