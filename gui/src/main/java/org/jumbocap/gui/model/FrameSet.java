package org.jumbocap.gui.model;

import java.util.BitSet;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;

/**
 * Frames the user picked out of one capture (marked, ignored, time references), one bit per frame. The set
 * belongs to one capture: a row of another row store (a new file or capture) starts a fresh set. The count
 * changes on the UI thread, so the table can redraw when it does.
 */
public class FrameSet {
    private RowStore store;
    /** By frame index. */
    final BitSet marked = new BitSet();
    private final ReadOnlyIntegerWrapper count = new ReadOnlyIntegerWrapper();

    /** Adds a row not in the set, removes one in it; returns whether it is in the set now. */
    public boolean toggle(PacketRow row) {
        if (store == null || !row.sameStore(store)) {
            store = row.store();
            marked.clear();
        }
        marked.flip(row.index());
        count.set(marked.cardinality());
        return marked.get(row.index());
    }

    public boolean contains(PacketRow row) {
        return store != null && row.sameStore(store) && marked.get(row.index());
    }

    /** Empties the set. */
    public void clear() {
        marked.clear();
        count.set(0);
    }

    /** Frames in the set, of the capture picked from last (a new capture's set is empty until one is picked). */
    public ReadOnlyIntegerProperty countProperty() {
        return count.getReadOnlyProperty();
    }

    /** The numbers (frame index + 1) of the set's frames among the rows of {@code store}; empty for another store. */
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
     * The position in {@code rows} of the next row of the set after {@code from} ({@code forward}) or before
     * it, wrapping round the list; -1 when no shown row is in it. {@code from} may be -1 (nothing selected).
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

    /** True when the set is of the rows of {@code of} (frames of another capture are in no set of this one). */
    public boolean isOf(RowStore of) {
        return of != null && of == store;
    }
}
