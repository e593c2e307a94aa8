package org.jumbocap.export;

import java.util.Arrays;

/**
 * One frame's values for the {@link ExportColumn} schema, reused for every frame. Numbers and booleans are
 * kept as longs, texts as strings, lists as a reused array and a count: filling a row allocates nothing but
 * the texts it did not already hold. Each kind has an array of its own columns only, and the nulls are the
 * bits of one long, so a row is a few cache lines: the export fills rows on one thread and writes them on
 * another, and every line of a row crosses between the two cores.
 */
public final class FrameRow {
    private static final ExportColumn[] COLUMNS = ExportColumn.all().toArray(new ExportColumn[0]);
    /** Each column's index in the array of its kind. */
    private static final int[] SLOT = new int[COLUMNS.length];
    private static final int NUMBER_COLUMNS;
    private static final int TEXT_COLUMNS;
    private static final int LIST_COLUMNS;
    /** The nulls of a cleared row: every nullable column. */
    private static final long NULLABLE;

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
        NUMBER_COLUMNS = numbers;
        TEXT_COLUMNS = texts;
        LIST_COLUMNS = lists;
        NULLABLE = nullable;
    }

    private final long[] numbers = new long[NUMBER_COLUMNS];
    private final String[] texts = new String[TEXT_COLUMNS];
    private final String[][] lists = new String[LIST_COLUMNS][];
    private final int[] listSizes = new int[LIST_COLUMNS];
    /** Bit {@code ordinal} set: the column is null. */
    private long nulls;

    public FrameRow() {
        for (int i = 0; i < LIST_COLUMNS; i++) {
            lists[i] = new String[8];
        }
        clear();
    }

    /** Every nullable column null, every list empty. */
    public void clear() {
        nulls = NULLABLE;
        for (int i = 0; i < LIST_COLUMNS; i++) {
            listSizes[i] = 0;
        }
    }

    public void setNull(ExportColumn c) {
        if (!c.nullable()) {
            throw new IllegalArgumentException(c.columnName() + " is not nullable");
        }
        nulls |= 1L << c.ordinal();
    }

    public void setLong(ExportColumn c, long value) {
        int i = c.ordinal();
        numbers[SLOT[i]] = value;
        nulls &= ~(1L << i);
    }

    public void setBoolean(ExportColumn c, boolean value) {
        setLong(c, value ? 1 : 0);
    }

    /** Sets a text; null sets the column null. */
    public void setString(ExportColumn c, String value) {
        int i = c.ordinal();
        texts[SLOT[i]] = value;
        if (value == null) {
            nulls |= 1L << i;
        } else {
            nulls &= ~(1L << i);
        }
    }

    /** Empties a list column and makes it non-null, for {@link #addToList}. */
    public void startList(ExportColumn c) {
        int i = c.ordinal();
        listSizes[SLOT[i]] = 0;
        nulls &= ~(1L << i);
    }

    public void addToList(ExportColumn c, String value) {
        int k = SLOT[c.ordinal()];
        String[] l = lists[k];
        if (listSizes[k] == l.length) {
            l = lists[k] = Arrays.copyOf(l, l.length * 2);
        }
        l[listSizes[k]++] = value;
    }

    public boolean isNull(ExportColumn c) {
        return isNull(c.ordinal());
    }

    public long getLong(ExportColumn c) {
        return getLong(c.ordinal());
    }

    public int getInt(ExportColumn c) {
        return (int) getLong(c.ordinal());
    }

    public boolean getBoolean(ExportColumn c) {
        return getLong(c.ordinal()) != 0;
    }

    public String getString(ExportColumn c) {
        return getString(c.ordinal());
    }

    public int listSize(ExportColumn c) {
        return listSize(c.ordinal());
    }

    public String listItem(ExportColumn c, int index) {
        return listItem(c.ordinal(), index);
    }

    // The same by the column's ordinal, for writers that copy every column of every row.

    public boolean isNull(int column) {
        return (nulls & (1L << column)) != 0;
    }

    public long getLong(int column) {
        return numbers[SLOT[column]];
    }

    public String getString(int column) {
        return texts[SLOT[column]];
    }

    public int listSize(int column) {
        return listSizes[SLOT[column]];
    }

    public String listItem(int column, int index) {
        int k = SLOT[column];
        if (index < 0 || index >= listSizes[k]) {
            throw new IndexOutOfBoundsException(index);
        }
        return lists[k][index];
    }

    /** The value as a plain Java object (Long, Integer, Boolean, String, String[]), or null; for tests and tools. */
    public Object value(ExportColumn c) {
        if (isNull(c)) {
            return null;
        }
        return switch (c.type()) {
            case STRING -> getString(c);
            case INT32 -> getInt(c);
            case INT64, TIMESTAMP_MICROS -> getLong(c);
            case BOOLEAN -> getBoolean(c);
            case STRING_LIST -> Arrays.copyOf(lists[SLOT[c.ordinal()]], listSize(c));
        };
    }
}
