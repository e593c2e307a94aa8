package org.jumbocap.gui.model;

import javafx.collections.ObservableListBase;

/**
 * The packet list's rows as an observable list without an object per frame: either every stored frame in
 * frame order, or the frames an {@link IntColumn} names (a display filter's result, in the order shown).
 * {@link #get} makes a {@link PacketRow} view on demand. The size grows on the UI thread by {@link
 * #publish}, which tells the table how many rows the reader has added since.
 */
public final class RowList extends ObservableListBase<PacketRow> {
    private final RowStore store;
    private final RowTexts texts;
    /** Null: every stored frame, index = position. */
    private final IntColumn indices;
    private int size;

    private RowList(RowStore store, RowTexts texts, IntColumn indices) {
        this.store = store;
        this.texts = texts;
        this.indices = indices;
    }

    /** Every frame of the store, in frame order. */
    public static RowList all(RowStore store, RowTexts texts) {
        return new RowList(store, texts, null);
    }

    /** The frames whose indices the column holds, in its order. */
    public static RowList of(RowStore store, RowTexts texts, IntColumn indices) {
        return new RowList(store, texts, indices);
    }

    /** An empty list (no capture). */
    public static RowList empty() {
        RowStore none = new RowStore();
        return new RowList(none, new RowTexts(none, (first, count, done) -> done.accept(null), () -> { }), null);
    }

    /** Shows the rows added to the source since the last call; on the UI thread. */
    public void publish() {
        int now = indices == null ? store.size() : indices.size();
        if (now > size) {
            int from = size;
            size = now;
            beginChange();
            nextAdd(from, now);
            endChange();
        }
    }

    /** Frame index (number - 1) of the row at a position. */
    public int frameIndex(int position) {
        return indices == null ? position : indices.get(position);
    }

    public RowStore store() {
        return store;
    }

    public RowTexts texts() {
        return texts;
    }

    @Override
    public PacketRow get(int position) {
        if (position < 0 || position >= size) {
            throw new IndexOutOfBoundsException(position + " of " + size);
        }
        return new PacketRow(store, texts, frameIndex(position));
    }

    @Override
    public int size() {
        return size;
    }

    /** Position of a row; scans the indices, no row objects made. */
    @Override
    public int indexOf(Object o) {
        if (!(o instanceof PacketRow row) || !row.sameStore(store)) {
            return -1;
        }
        int target = row.index();
        if (indices == null) {
            return target < size ? target : -1;
        }
        for (int i = 0; i < size; i++) {
            if (indices.get(i) == target) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public boolean contains(Object o) {
        return indexOf(o) >= 0;
    }

    /**
     * Identity, not the list contract's element by element: comparing two lists of a million rows would
     * make a view of each, and properties holding a list compare old and new value on every change.
     */
    @Override
    public boolean equals(Object o) {
        return this == o;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }
}
