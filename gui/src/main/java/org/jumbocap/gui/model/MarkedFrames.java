package org.jumbocap.gui.model;

import java.util.BitSet;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;

/**
 * The frames the user marked (Ctrl+M), one bit per frame. Marks belong to one capture: a row of another
 * row store (a new file or capture) starts a fresh set. The count changes on the UI thread, so the table
 * can redraw when it does.
 */
public final class MarkedFrames {
    private RowStore store;
    private final BitSet marked = new BitSet();
    private final ReadOnlyIntegerWrapper count = new ReadOnlyIntegerWrapper();

    /** Marks an unmarked row, unmarks a marked one; returns whether it is marked now. */
    public boolean toggle(PacketRow row) {
        if (store == null || !row.sameStore(store)) {
            store = row.store();
            marked.clear();
        }
        marked.flip(row.index());
        count.set(marked.cardinality());
        return marked.get(row.index());
    }

    public boolean isMarked(PacketRow row) {
        return store != null && row.sameStore(store) && marked.get(row.index());
    }

    /** Unmarks every frame. */
    public void clear() {
        marked.clear();
        count.set(0);
    }

    /** Frames marked in the capture marked last (a new capture's rows are unmarked until one is marked). */
    public ReadOnlyIntegerProperty countProperty() {
        return count.getReadOnlyProperty();
    }

    /** The marked frames' numbers (frame index + 1) of the rows of {@code store}; empty for another store. */
    public BitSet numbers(RowStore of) {
        BitSet numbers = new BitSet();
        if (of == store) {
            for (int i = marked.nextSetBit(0); i >= 0; i = marked.nextSetBit(i + 1)) {
                numbers.set(i + 1);
            }
        }
        return numbers;
    }

    /**
     * The position in {@code rows} of the next marked row after {@code from} ({@code forward}) or before it,
     * wrapping round the list; -1 when no shown row is marked. {@code from} may be -1 (nothing selected).
     */
    public int next(RowList rows, int from, boolean forward) {
        int n = rows.size();
        if (n == 0 || rows.store() != store || marked.isEmpty()) {
            return -1;
        }
        int start = from < 0 ? (forward ? -1 : n) : from;
        for (int step = 1; step <= n; step++) {
            int at = Math.floorMod(start + (forward ? step : -step), n);
            if (marked.get(rows.frameIndex(at))) {
                return at;
            }
        }
        return -1;
    }
}
