package org.jumbocap.export;

import java.util.Arrays;

/**
 * One frame's values for the {@link ExportColumn} schema, reused for every frame. Numbers and booleans are
 * kept as longs, texts as strings, lists as a reused array and a count: filling a row allocates nothing but
 * the texts it did not already hold.
 */
public final class FrameRow {
    private static final int COLUMNS = ExportColumn.all().size();

    private final long[] numbers = new long[COLUMNS];
    private final String[] texts = new String[COLUMNS];
    private final boolean[] nulls = new boolean[COLUMNS];
    private final String[][] lists = new String[COLUMNS][];
    private final int[] listSizes = new int[COLUMNS];

    public FrameRow() {
        for (ExportColumn c : ExportColumn.all()) {
            if (c.type() == ColumnType.STRING_LIST) {
                lists[c.ordinal()] = new String[8];
            }
        }
        clear();
    }

    /** Every nullable column null, every list empty. */
    public void clear() {
        for (ExportColumn c : ExportColumn.all()) {
            int i = c.ordinal();
            nulls[i] = c.nullable();
            listSizes[i] = 0;
        }
    }

    public void setNull(ExportColumn c) {
        if (!c.nullable()) {
            throw new IllegalArgumentException(c.columnName() + " is not nullable");
        }
        nulls[c.ordinal()] = true;
    }

    public void setLong(ExportColumn c, long value) {
        numbers[c.ordinal()] = value;
        nulls[c.ordinal()] = false;
    }

    public void setBoolean(ExportColumn c, boolean value) {
        setLong(c, value ? 1 : 0);
    }

    /** Sets a text; null sets the column null. */
    public void setString(ExportColumn c, String value) {
        texts[c.ordinal()] = value;
        nulls[c.ordinal()] = value == null;
    }

    /** Empties a list column and makes it non-null, for {@link #addToList}. */
    public void startList(ExportColumn c) {
        listSizes[c.ordinal()] = 0;
        nulls[c.ordinal()] = false;
    }

    public void addToList(ExportColumn c, String value) {
        int i = c.ordinal();
        String[] l = lists[i];
        if (listSizes[i] == l.length) {
            l = lists[i] = Arrays.copyOf(l, l.length * 2);
        }
        l[listSizes[i]++] = value;
    }

    public boolean isNull(ExportColumn c) {
        return nulls[c.ordinal()];
    }

    public long getLong(ExportColumn c) {
        return numbers[c.ordinal()];
    }

    public int getInt(ExportColumn c) {
        return (int) numbers[c.ordinal()];
    }

    public boolean getBoolean(ExportColumn c) {
        return numbers[c.ordinal()] != 0;
    }

    public String getString(ExportColumn c) {
        return texts[c.ordinal()];
    }

    public int listSize(ExportColumn c) {
        return listSizes[c.ordinal()];
    }

    public String listItem(ExportColumn c, int index) {
        return listItem(c.ordinal(), index);
    }

    // The same by the column's ordinal, for writers that copy every column of every row.

    public boolean isNull(int column) {
        return nulls[column];
    }

    public long getLong(int column) {
        return numbers[column];
    }

    public String getString(int column) {
        return texts[column];
    }

    public int listSize(int column) {
        return listSizes[column];
    }

    public String listItem(int column, int index) {
        if (index < 0 || index >= listSizes[column]) {
            throw new IndexOutOfBoundsException(index);
        }
        return lists[column][index];
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
            case STRING_LIST -> Arrays.copyOf(lists[c.ordinal()], listSizes[c.ordinal()]);
        };
    }
}
