package org.jumbocap.export;

import java.util.Arrays;

/**
 * One frame's values for the {@link ExportColumn} schema, reused for every frame. Numbers and booleans are
 * kept as longs, texts as strings, lists as a reused array and a count: filling a row allocates nothing but
 * the texts it did not already hold. A row is a place in a {@link FrameRowBlock}, which keeps its values
 * with those of the rows beside it; {@code new FrameRow()} is a block of one.
 */
public final class FrameRow {
    private final FrameRowBlock block;
    private final int index;
    private final long[] numbers;
    /** This row's first long in {@code numbers}: its null bits (bit {@code ordinal} set: the column is null). */
    private final int at;
    private final String[] texts;
    private final int textAt;
    private final String[][] lists;
    private final int listAt;

    public FrameRow() {
        this(new FrameRowBlock(1), 0);
    }

    // only FrameRowBlock makes rows of a block; the public constructor makes its own block of one
    FrameRow(FrameRowBlock block, int index) {
        this.block = block;
        this.index = index;
        this.numbers = block.numbers;
        this.at = index * FrameRowBlock.NUMBER_STRIDE;
        this.texts = block.texts;
        this.textAt = index * FrameRowBlock.TEXT_COLUMNS;
        this.lists = block.lists;
        this.listAt = index * FrameRowBlock.LIST_COLUMNS;
        clear();
    }

    /** The block that holds the row, and its place there. */
    public FrameRowBlock block() {
        return block;
    }

    public int index() {
        return index;
    }

    /** Every nullable column null, every list empty. */
    public void clear() {
        numbers[at + FrameRowBlock.NULLS] = FrameRowBlock.NULLABLE;
        for (int i = 0; i < FrameRowBlock.LIST_COLUMNS; i++) {
            numbers[at + 1 + i] = 0;
        }
    }

    public void setNull(ExportColumn c) {
        if (!c.nullable()) {
            throw new IllegalArgumentException(c.columnName() + " is not nullable");
        }
        numbers[at] |= 1L << c.ordinal();
    }

    public void setLong(ExportColumn c, long value) {
        int i = c.ordinal();
        numbers[at + FrameRowBlock.numberOffset(i)] = value;
        numbers[at] &= ~(1L << i);
    }

    public void setBoolean(ExportColumn c, boolean value) {
        setLong(c, value ? 1 : 0);
    }

    /** Sets a text; null sets the column null. */
    public void setString(ExportColumn c, String value) {
        int i = c.ordinal();
        texts[textAt + FrameRowBlock.slot(i)] = value;
        if (value == null) {
            numbers[at] |= 1L << i;
        } else {
            numbers[at] &= ~(1L << i);
        }
    }

    /** Empties a list column and makes it non-null, for {@link #addToList}. */
    public void startList(ExportColumn c) {
        int i = c.ordinal();
        numbers[at + FrameRowBlock.listSizeOffset(i)] = 0;
        numbers[at] &= ~(1L << i);
    }

    public void addToList(ExportColumn c, String value) {
        int i = c.ordinal();
        int k = listAt + FrameRowBlock.slot(i);
        int sizeAt = at + FrameRowBlock.listSizeOffset(i);
        int size = (int) numbers[sizeAt];
        String[] l = lists[k];
        if (size == l.length) {
            l = lists[k] = Arrays.copyOf(l, l.length * 2);
        }
        l[size] = value;
        numbers[sizeAt] = size + 1;
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
        return (numbers[at] & (1L << column)) != 0;
    }

    public long getLong(int column) {
        return numbers[at + FrameRowBlock.numberOffset(column)];
    }

    public String getString(int column) {
        return texts[textAt + FrameRowBlock.slot(column)];
    }

    public int listSize(int column) {
        return (int) numbers[at + FrameRowBlock.listSizeOffset(column)];
    }

    public String listItem(int column, int index) {
        if (index < 0 || index >= listSize(column)) {
            throw new IndexOutOfBoundsException(index);
        }
        return lists[listAt + FrameRowBlock.slot(column)][index];
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
            case STRING_LIST -> Arrays.copyOf(lists[listAt + FrameRowBlock.slot(c.ordinal())], listSize(c));
        };
    }
}
