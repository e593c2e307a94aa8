package org.jumbocap.export.parquet;

import org.jumbocap.export.FrameRowBlock;

/**
 * A page of rows, column by column, that the writer fills a block of rows at a time and then encodes.
 */
final class RowPage {
    final ColumnPage[] columns;
    private final int capacity;
    int rows;

    RowPage(ColumnPage[] columns, int capacity) {
        this.columns = columns;
        this.capacity = capacity;
    }

    /** Copies rows {@code [from, from + n)} of the block into the columns, a column at a time; they must fit. */
    void add(FrameRowBlock block, int from, int n) {
        if (n > capacity - rows) {
            throw new IllegalStateException("the page has room for " + (capacity - rows) + " rows, not " + n);
        }
        for (ColumnPage c : columns) {
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
