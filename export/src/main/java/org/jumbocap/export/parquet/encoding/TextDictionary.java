package org.jumbocap.export.parquet.encoding;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The distinct texts of a column chunk, each with its index and UTF-8 bytes: an open-addressing table on
 * {@link String#hashCode} (which a string keeps once computed) that compares by identity first, since the
 * rows hand in the same few address and expert strings again and again. {@link #mark} and
 * {@link #rollBack} as in {@link LongDictionary}; {@link #plainBytes} is the size of its dictionary page.
 */
public final class TextDictionary {
    private String[] keys = new String[1024];
    private int[] ids = new int[1024];
    private String[] texts = new String[256];
    private byte[][] utf8 = new byte[256][];
    private int size;
    private long plainBytes;

    public int size() {
        return size;
    }

    public byte[] utf8(int id) {
        return utf8[id];
    }

    /** The dictionary page's size, PLAIN-encoded: a four-byte length before each text. */
    public long plainBytes() {
        return plainBytes;
    }

    /** The text's index, added when it is new. */
    public int idOf(String text) {
        int mask = keys.length - 1;
        int slot = spread(text.hashCode()) & mask;
        String k;
        while ((k = keys[slot]) != null) {
            if (k == text || k.equals(text)) {
                return ids[slot];
            }
            slot = (slot + 1) & mask;
        }
        if (size == texts.length) {
            texts = Arrays.copyOf(texts, size * 2);
            utf8 = Arrays.copyOf(utf8, size * 2);
        }
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        texts[size] = text;
        utf8[size] = b;
        plainBytes += 4 + b.length;
        keys[slot] = text;
        ids[slot] = size;
        if (++size * 2 > keys.length) {
            rehash(keys.length * 2);
        }
        return size - 1;
    }

    /** The indices of {@code texts[0 .. n)} into {@code ids}, new texts added. */
    public void idsOf(String[] texts, int n, int[] ids) {
        for (int i = 0; i < n; i++) {
            ids[i] = idOf(texts[i]);
        }
    }

    public int mark() {
        return size;
    }

    public void rollBack(int mark) {
        if (mark == size) {
            return;
        }
        for (int id = mark; id < size; id++) {
            plainBytes -= 4 + utf8[id].length;
            texts[id] = null;
            utf8[id] = null;
        }
        size = mark;
        rehash(keys.length);
    }

    public void clear() {
        Arrays.fill(texts, 0, size, null);
        Arrays.fill(utf8, 0, size, null);
        Arrays.fill(keys, null);
        size = 0;
        plainBytes = 0;
    }

    private void rehash(int capacity) {
        keys = new String[capacity];
        ids = new int[capacity];
        int mask = capacity - 1;
        for (int id = 0; id < size; id++) {
            int slot = spread(texts[id].hashCode()) & mask;
            while (keys[slot] != null) {
                slot = (slot + 1) & mask;
            }
            keys[slot] = texts[id];
            ids[slot] = id;
        }
    }

    /** The high bits of the hash folded into the low ones the table's mask keeps, as HashMap does. */
    private static int spread(int h) {
        return h ^ (h >>> 16);
    }
}
