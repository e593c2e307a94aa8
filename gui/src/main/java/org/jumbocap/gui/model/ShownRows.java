package org.jumbocap.gui.model;

import javafx.collections.ListChangeListener;
import javafx.collections.ObservableListBase;

/**
 * The one list the packet table shows, whose content is whichever {@link RowList} is current: every
 * frame, a filter's result or a sorted order. Switching tells the table "all rows replaced"; the rows a
 * loading list adds pass through as additions.
 */
public final class ShownRows extends ObservableListBase<PacketRow> {
    private RowList current = RowList.empty();
    private final ListChangeListener<PacketRow> forward = c -> {
        beginChange();
        while (c.next()) {
            if (c.wasAdded()) {
                nextAdd(c.getFrom(), c.getTo());
            }
        }
        endChange();
    };

    public ShownRows() {
        current.addListener(forward);
    }

    /** The list shown now. */
    public RowList current() {
        return current;
    }

    /** Shows another list; on the UI thread. */
    public void switchTo(RowList next) {
        if (next == current) {
            return;
        }
        RowList old = current;
        old.removeListener(forward);
        current = next;
        next.addListener(forward);
        beginChange();
        nextReplace(0, next.size(), old.subList(0, old.size()));
        endChange();
    }

    @Override
    public PacketRow get(int index) {
        return current.get(index);
    }

    @Override
    public int size() {
        return current.size();
    }

    @Override
    public int indexOf(Object o) {
        return current.indexOf(o);
    }

    @Override
    public boolean contains(Object o) {
        return current.contains(o);
    }
}
