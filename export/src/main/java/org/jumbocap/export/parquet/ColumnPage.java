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

    ColumnPage(ExportColumn column, int maxDefinition, int capacity) {
        this.column = column;
        this.index = column.ordinal();
        this.maxDefinition = maxDefinition;
        this.definitions = new byte[capacity];
        this.repetitions = new byte[capacity];
    }

    /** Values (not nulls) held. */
    abstract int valueCount();

    abstract void clearValues();

    final void clear() {
        levelCount = 0;
        rows = 0;
        nulls = 0;
        clearValues();
    }

    /** A scalar value's definition level; the arrays hold a level for every row. */
    final void scalar(boolean present) {
        if (present) {
            definitions[levelCount++] = (byte) maxDefinition;
        } else {
            definitions[levelCount++] = 0;
            nulls++;
        }
        rows++;
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
        int count;

        Longs(ExportColumn column, int maxDefinition, boolean int32, int capacity) {
            super(column, maxDefinition, capacity);
            this.int32 = int32;
            this.values = new long[capacity];
        }

        void add(FrameRow row) {
            boolean present = !row.isNull(index);
            scalar(present);
            if (present) {
                long v = row.getLong(index);
                values[count++] = int32 ? (int) v : v;
            }
        }

        @Override
        void add(FrameRowBlock block, int from, int n) {
            int copied = block.copyNumbers(column, from, n, definitions, levelCount, (byte) maxDefinition, values, count,
                    int32);
            count += copied;
            scalars(n, copied);
        }

        @Override
        int valueCount() {
            return count;
        }

        @Override
        void clearValues() {
            count = 0;
        }

    }

    static final class Booleans extends ColumnPage {
        boolean[] values;
        int count;

        Booleans(ExportColumn column, int maxDefinition, int capacity) {
            super(column, maxDefinition, capacity);
            this.values = new boolean[capacity];
        }

        void add(FrameRow row) {
            boolean present = !row.isNull(index);
            scalar(present);
            if (present) {
                values[count++] = row.getLong(index) != 0;
            }
        }

        /** A block's values as numbers, before they become booleans. */
        private long[] numbers = new long[0];

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

        @Override
        int valueCount() {
            return count;
        }

        @Override
        void clearValues() {
            count = 0;
        }

    }

    /** String values, of a string column or the items of a list; rows hand in the same few instances. */
    abstract static class TextValues extends ColumnPage {
        String[] values;
        int count;

        TextValues(ExportColumn column, int maxDefinition, int capacity) {
            super(column, maxDefinition, capacity);
            this.values = new String[capacity];
        }

        @Override
        final int valueCount() {
            return count;
        }

        @Override
        final void clearValues() {
            Arrays.fill(values, 0, count, null);
            count = 0;
        }

    }

    static final class Texts extends TextValues {
        Texts(ExportColumn column, int maxDefinition, int capacity) {
            super(column, maxDefinition, capacity);
        }

        void add(FrameRow row) {
            boolean present = !row.isNull(index);
            scalar(present);
            if (present) {
                values[count++] = row.getString(index);
            }
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

        void add(FrameRow row) {
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
