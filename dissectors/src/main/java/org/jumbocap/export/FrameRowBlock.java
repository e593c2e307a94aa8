package org.jumbocap.export;

/**
 * The storage of consecutive {@link FrameRow}s: every row's numbers (and its null bits and list sizes) in
 * one array and its texts in another, row after row. The export fills rows on one thread and writes them on
 * another; rows laid out in order are read by the writer in order, which the hardware prefetches, and the
 * writer copies a block into its columns a column at a time ({@link #copyNumbers}, {@link #copyTexts})
 * instead of a row at a time through every column's page.
 */
public final class FrameRowBlock {
    private static final ExportColumn[] COLUMNS = ExportColumn.all().toArray(new ExportColumn[0]);
    /** Each column's index among the columns of its kind. */
    private static final int[] SLOT = new int[COLUMNS.length];
    static final int TEXT_COLUMNS;
    static final int LIST_COLUMNS;
    /** Longs a row takes: its null bits, one size per list column, then one per number column. */
    static final int NUMBER_STRIDE;
    static final int NULLS = 0;
    private static final int LIST_SIZES = 1;
    private static final int NUMBERS;
    /** The nulls of a cleared row: every nullable column. */
    static final long NULLABLE;

    static {
        if (COLUMNS.length > Long.SIZE) {
            throw new IllegalStateException(COLUMNS.length + " columns do not fit the null bits");
        }
        int numbers = 0;
        int texts = 0;
        int lists = 0;
        long nullable = 0;
        for (ExportColumn c : COLUMNS) {
            SLOT[c.ordinal()] = switch (c.type()) {
                case STRING -> texts++;
                case STRING_LIST -> lists++;
                case INT32, INT64, BOOLEAN, TIMESTAMP_MICROS -> numbers++;
            };
            if (c.nullable()) {
                nullable |= 1L << c.ordinal();
            }
        }
        TEXT_COLUMNS = texts;
        LIST_COLUMNS = lists;
        NUMBERS = LIST_SIZES + lists;
        NUMBER_STRIDE = NUMBERS + numbers;
        NULLABLE = nullable;
    }

    final long[] numbers;
    final String[] texts;
    /** Each row's list items, one array per list column: {@code lists[row * LIST_COLUMNS + slot]}. */
    final String[][] lists;
    private final FrameRow[] rows;

    public FrameRowBlock(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a block holds at least one row, not " + capacity);
        }
        numbers = new long[capacity * NUMBER_STRIDE];
        texts = new String[capacity * TEXT_COLUMNS];
        lists = new String[capacity * LIST_COLUMNS][];
        rows = new FrameRow[capacity];
        for (int i = 0; i < capacity; i++) {
            for (int k = 0; k < LIST_COLUMNS; k++) {
                lists[i * LIST_COLUMNS + k] = new String[8];
            }
            rows[i] = new FrameRow(this, i);
        }
    }

    public int capacity() {
        return rows.length;
    }

    /** The row at {@code index}; the same object every time. */
    public FrameRow row(int index) {
        return rows[index];
    }

    /** Where a number column's value lies in a row's stretch of {@link #numbers}. */
    static int numberOffset(int column) {
        return NUMBERS + SLOT[column];
    }

    static int listSizeOffset(int column) {
        return LIST_SIZES + SLOT[column];
    }

    static int slot(int column) {
        return SLOT[column];
    }

    /**
     * Copies a number column (INT32, INT64, BOOLEAN, TIMESTAMP_MICROS) of rows {@code [from, from + n)}:
     * each row's definition level ({@code present} when it has a value, 0 when null) into {@code levels}
     * from {@code levelAt}, and the values of the rows that have one into {@code values} from {@code
     * valueAt}, narrowed to 32 bits when {@code int32}.
     *
     * @return the values copied
     */
    public int copyNumbers(ExportColumn column, int from, int n, byte[] levels, int levelAt, byte present,
                           long[] values, int valueAt, boolean int32) {
        int c = column.ordinal();
        long bit = 1L << c;
        int offset = numberOffset(c);
        long[] src = numbers;
        int v = valueAt;
        for (int r = from, end = from + n, l = levelAt; r < end; r++, l++) {
            int at = r * NUMBER_STRIDE;
            if ((src[at + NULLS] & bit) != 0) {
                levels[l] = 0;
            } else {
                levels[l] = present;
                long x = src[at + offset];
                values[v++] = int32 ? (int) x : x;
            }
        }
        return v - valueAt;
    }

    /** {@link #copyNumbers} for a STRING column. */
    public int copyTexts(ExportColumn column, int from, int n, byte[] levels, int levelAt, byte present,
                         String[] values, int valueAt) {
        int c = column.ordinal();
        long bit = 1L << c;
        int slot = SLOT[c];
        long[] nulls = numbers;
        String[] src = texts;
        int v = valueAt;
        for (int r = from, end = from + n, l = levelAt; r < end; r++, l++) {
            if ((nulls[r * NUMBER_STRIDE + NULLS] & bit) != 0) {
                levels[l] = 0;
            } else {
                levels[l] = present;
                values[v++] = src[r * TEXT_COLUMNS + slot];
            }
        }
        return v - valueAt;
    }
}
