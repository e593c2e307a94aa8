package org.jumbocap.gui.model;

import java.util.Arrays;

/**
 * An append-only column of ints in chunks (frame indices of the shown rows): one thread appends, others
 * read below {@link #size()}, which is published after the value is written.
 */
public final class IntColumn {
    private static final int CHUNK_BITS = 16;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int MASK = CHUNK - 1;

    private volatile int[][] chunks = new int[0][];
    private volatile int size;

    /** A column holding {@code values[0..count)}. */
    public static IntColumn of(int[] values, int count) {
        IntColumn c = new IntColumn();
        for (int i = 0; i < count; i++) {
            c.append(values[i]);
        }
        return c;
    }

    public void append(int value) {
        int index = size;
        int c = index >>> CHUNK_BITS;
        int[][] table = chunks;
        if (c == table.length) {
            table = Arrays.copyOf(table, c + 1);
            table[c] = new int[CHUNK];
            chunks = table;
        }
        table[c][index & MASK] = value;
        size = index + 1;
    }

    public int get(int index) {
        return chunks[index >>> CHUNK_BITS][index & MASK];
    }

    public int size() {
        return size;
    }

    /** The values as one array (for sorting). */
    public int[] toArray() {
        int n = size;
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = get(i);
        }
        return out;
    }
}
