package org.jumbocap.export.parquet.encoding;

import java.util.Arrays;

/**
 * The distinct values of a column chunk, each with its index in the dictionary page: an open-addressing
 * table of longs, so looking a value up neither boxes nor allocates. {@link #mark} and {@link #rollBack}
 * take back the values of a page that made the dictionary too large, which is then written plain.
 */
public final class LongDictionary {
    private long[] keys = new long[1024];
    private int[] ids = new int[1024];
    private boolean[] used = new boolean[1024];
    private long[] values = new long[256];
    private int size;

    public int size() {
        return size;
    }

    public long value(int id) {
        return values[id];
    }

    /** The value's index, added when it is new. */
    public int idOf(long value) {
        int mask = keys.length - 1;
        int slot = hash(value) & mask;
        while (used[slot]) {
            if (keys[slot] == value) {
                return ids[slot];
            }
            slot = (slot + 1) & mask;
        }
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size] = value;
        used[slot] = true;
        keys[slot] = value;
        ids[slot] = size;
        if (++size * 2 > keys.length) {
            rehash(keys.length * 2);
        }
        return size - 1;
    }

    /** The indices of {@code values[0 .. n)} into {@code ids}, new values added. */
    public void idsOf(long[] values, int n, int[] ids) {
        for (int i = 0; i < n; i++) {
            ids[i] = idOf(values[i]);
        }
    }

    /** A point to roll back to: the dictionary's size. */
    public int mark() {
        return size;
    }

    /** Forgets every value added since {@code mark}. */
    public void rollBack(int mark) {
        if (mark == size) {
            return;
        }
        size = mark;
        rehash(keys.length);
    }

    public void clear() {
        size = 0;
        Arrays.fill(used, false);
    }

    private void rehash(int capacity) {
        keys = new long[capacity];
        ids = new int[capacity];
        used = new boolean[capacity];
        int mask = capacity - 1;
        for (int id = 0; id < size; id++) {
            int slot = hash(values[id]) & mask;
            while (used[slot]) {
                slot = (slot + 1) & mask;
            }
            used[slot] = true;
            keys[slot] = values[id];
            ids[slot] = id;
        }
    }

    private static int hash(long v) {
        long h = v * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
