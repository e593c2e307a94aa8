package org.jumbocap.export.parquet;

import java.util.Arrays;
import org.jumbocap.export.ExportColumn;
import org.jumbocap.export.FrameRow;
import org.jumbocap.export.FrameRowBlock;

/**
 * One column's share of a page of rows, as the rows come: definition and repetition levels and the
 * values, in arrays, which {@link ColumnChunkBuffer} encodes reading them front to back.
 *
 * <p>Only the levels a page needs are stored: none for a required scalar column, definition levels for an
 * optional one, both for a list. A scalar column has at most one level a row, so its arrays are sized to
 * the page's rows once; a list's grow.
 */
abstract class ColumnPage {
    final ExportColumn column;
    /** The column's index in the row (its ordinal), read once. */
    final int index;
    final int maxDefinition;
    byte[] definitions;
    byte[] repetitions;
    int levelCount;
    int rows;
    int nulls;
    /** Values (not nulls) held, at the front of the subclass's values array. */
    int count;

    ColumnPage(ExportColumn column, int maxDefinition, int capacity) {
        this.column = column;
        this.index = column.ordinal();
        this.maxDefinition = maxDefinition;
        this.definitions = new byte[capacity];
        this.repetitions = new byte[capacity];
    }

    /** Values (not nulls) held. */
    final int valueCount() {
        return count;
    }

    void clear() {
        levelCount = 0;
        rows = 0;
        nulls = 0;
        count = 0;
    }

    /** Counts {@code n} scalar rows whose levels were written in place, {@code present} of them with a value. */
    final void scalars(int n, int present) {
        levelCount += n;
        rows += n;
        nulls += n - present;
    }

    /** Copies the column of rows {@code [from, from + n)} of the block; the page has room for them. */
    abstract void add(FrameRowBlock block, int from, int n);

    /** INT32 and INT64 values (timestamps included), as longs. */
    static final class Longs extends ColumnPage {
        private final boolean int32;
        long[] values;

        Longs(ExportColumn column, int maxDefinition, boolean int32, int capacity) {
            super(column, maxDefinition, capacity);
            this.int32 = int32;
            this.values = new long[capacity];
        }

        @Override
        void add(FrameRowBlock block, int from, int n) {
            int copied = block.copyNumbers(column, from, n, definitions, levelCount, (byte) maxDefinition, values, count,
                    int32);
            count += copied;
            scalars(n, copied);
        }
    }

    static final class Booleans extends ColumnPage {
        boolean[] values;
        /** A block's values as numbers, before they become booleans. */
        private long[] numbers = new long[0];

        Booleans(ExportColumn column, int maxDefinition, int capacity) {
            super(column, maxDefinition, capacity);
            this.values = new boolean[capacity];
        }

        @Override
        void add(FrameRowBlock block, int from, int n) {
            if (numbers.length < n) {
                numbers = new long[n];
            }
            int copied = block.copyNumbers(column, from, n, definitions, levelCount, (byte) maxDefinition, numbers, 0, false);
            for (int i = 0; i < copied; i++) {
                values[count + i] = numbers[i] != 0;
            }
            count += copied;
            scalars(n, copied);
        }
    }

    /** String values, of a string column or the items of a list; rows hand in the same few instances. */
    abstract static class TextValues extends ColumnPage {
        String[] values;

        TextValues(ExportColumn column, int maxDefinition, int capacity) {
            super(column, maxDefinition, capacity);
            this.values = new String[capacity];
        }

        @Override
        final void clear() {
            Arrays.fill(values, 0, count, null); // no page keeps the strings of the one before alive
            super.clear();
        }

    }

    static final class Texts extends TextValues {
        Texts(ExportColumn column, int maxDefinition, int capacity) {
            super(column, maxDefinition, capacity);
        }

        @Override
        void add(FrameRowBlock block, int from, int n) {
            int copied = block.copyTexts(column, from, n, definitions, levelCount, (byte) maxDefinition, values, count);
            count += copied;
            scalars(n, copied);
        }
    }

    /**
     * A list of strings in the standard three-level form ({@link ParquetSchema}): the items are the leaf
     * column's values. The first item of a row is at repetition level 0 and the others at 1; an item is at
     * the maximum definition level, an empty list one below it, a null list (of an optional column) at 0.
     */
    static final class TextLists extends TextValues {
        TextLists(ExportColumn column, int maxDefinition, int capacity) {
            super(column, maxDefinition, capacity);
        }

        private void add(FrameRow row) {
            if (row.isNull(index)) {
                level(0, 0);
            } else {
                int k = row.listSize(index);
                if (k == 0) {
                    level(0, maxDefinition - 1);
                }
                for (int j = 0; j < k; j++) {
                    level(j == 0 ? 0 : 1, maxDefinition);
                    if (count == values.length) {
                        values = Arrays.copyOf(values, count * 2);
                    }
                    values[count++] = row.listItem(index, j);
                }
            }
            rows++;
        }

        @Override
        void add(FrameRowBlock block, int from, int n) {
            for (int r = from; r < from + n; r++) {
                add(block.row(r));
            }
        }

        private void level(int repetition, int definition) {
            if (levelCount == definitions.length) {
                definitions = Arrays.copyOf(definitions, levelCount * 2);
                repetitions = Arrays.copyOf(repetitions, levelCount * 2);
            }
            definitions[levelCount] = (byte) definition;
            repetitions[levelCount] = (byte) repetition;
            levelCount++;
            if (definition < maxDefinition) {
                nulls++;
            }
        }
    }
}
