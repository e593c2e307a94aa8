package org.jumbocap.export.parquet;

import java.util.ArrayList;
import java.util.List;
import org.jumbocap.export.FrameRow;
import org.jumbocap.export.FrameRowBlock;

/**
 * A page of rows, column by column, that the writer fills row by row and then encodes. A row is copied in
 * type by type, one loop per page class, so each loop's calls are to one class and compile inline.
 */
final class RowPage {
    final ColumnPage[] columns;
    private final ColumnPage.Longs[] longs;
    private final ColumnPage.Booleans[] booleans;
    private final ColumnPage.Texts[] texts;
    private final ColumnPage.TextLists[] lists;
    private final int capacity;
    int rows;

    RowPage(ColumnPage[] columns, int capacity) {
        this.columns = columns;
        this.capacity = capacity;
        List<ColumnPage.Longs> l = new ArrayList<>();
        List<ColumnPage.Booleans> b = new ArrayList<>();
        List<ColumnPage.Texts> t = new ArrayList<>();
        List<ColumnPage.TextLists> s = new ArrayList<>();
        for (ColumnPage c : columns) {
            if (c instanceof ColumnPage.Longs x) {
                l.add(x);
            } else if (c instanceof ColumnPage.Booleans x) {
                b.add(x);
            } else if (c instanceof ColumnPage.Texts x) {
                t.add(x);
            } else {
                s.add((ColumnPage.TextLists) c);
            }
        }
        longs = l.toArray(new ColumnPage.Longs[0]);
        booleans = b.toArray(new ColumnPage.Booleans[0]);
        texts = t.toArray(new ColumnPage.Texts[0]);
        lists = s.toArray(new ColumnPage.TextLists[0]);
    }

    /** Copies the row's values into the columns; at most the capacity's rows fit. */
    void add(FrameRow row) {
        if (rows == capacity) {
            throw new IllegalStateException("the page is full: " + capacity + " rows");
        }
        for (ColumnPage.Longs c : longs) {
            c.add(row);
        }
        for (ColumnPage.Booleans c : booleans) {
            c.add(row);
        }
        for (ColumnPage.Texts c : texts) {
            c.add(row);
        }
        for (ColumnPage.TextLists c : lists) {
            c.add(row);
        }
        rows++;
    }

    /** Copies rows {@code [from, from + n)} of the block into the columns, a column at a time; they must fit. */
    void add(FrameRowBlock block, int from, int n) {
        if (n > capacity - rows) {
            throw new IllegalStateException("the page has room for " + (capacity - rows) + " rows, not " + n);
        }
        for (ColumnPage c : longs) {
            c.add(block, from, n);
        }
        for (ColumnPage c : booleans) {
            c.add(block, from, n);
        }
        for (ColumnPage c : texts) {
            c.add(block, from, n);
        }
        for (ColumnPage c : lists) {
            c.add(block, from, n);
        }
        rows += n;
    }

    /** Rows the page can still take. */
    int room() {
        return capacity - rows;
    }

    boolean isFull() {
        return rows >= capacity;
    }

    int rows() {
        return rows;
    }

    void clear() {
        for (ColumnPage c : columns) {
            c.clear();
        }
        rows = 0;
    }
}
