package org.jumbocap.buffer;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A read-only view of one captured frame. Offsets are relative to the start of the frame. Every read is
 * checked against the captured length; unsigned getters widen ({@link #u32} returns a {@code long}) because
 * jumbo lengths use all 32 bits. The view never copies the frame; {@link #slice} makes another view.
 *
 * <p>A view may hold only the first bytes of its frame (a capture reader loads a prefix of each frame and
 * leaves the rest in the file, see {@link #loadedLength}). Any read past the loaded part, {@link #array}
 * included, first loads the rest through the view's {@link Tail}; the common case, a read inside the
 * loaded part, costs one comparison as before.
 */
public final class FrameBuffer {
    /** Supplies the part of a frame that a view does not hold yet. */
    @FunctionalInterface
    public interface Tail {
        /**
         * Loads the whole frame of the state {@code stamp} names and returns an array that holds the view's
         * bytes at the same indices as the view's array, now all of them.
         *
         * @throws IllegalStateException when that state is gone (the record was reused, the reader moved on
         *                               or was closed)
         */
        byte[] load(long stamp);

        /**
         * The unfolded one's-complement sum (RFC 1071) of the bytes at indices {@code [from, from + length)}
         * of the state {@code stamp} names, read where they lie (a file's mapping) without loading them, the
         * byte at {@code from} a word's high byte; -1 when this tail cannot, and the caller loads the frame.
         */
        default long sum(long stamp, int from, int length) {
            return -1;
        }
    }

    private byte[] data;
    private final int base;
    private final int capturedLength;
    private final long originalLength;
    /** Bytes from {@code base} present in {@code data}; {@code capturedLength} once fully loaded. */
    private int loaded;
    /** Where the rest comes from; null once fully loaded. */
    private Tail tail;
    private final long stamp;

    public FrameBuffer(byte[] data, int base, int capturedLength, long originalLength) {
        this(data, base, capturedLength, originalLength, capturedLength, null, 0);
    }

    /**
     * A view of which only the first {@code loadedLength} bytes are in {@code data}; the rest come from
     * {@code tail} (called with {@code stamp}) when something reads them. A null tail needs a fully loaded
     * view.
     */
    public FrameBuffer(byte[] data, int base, int capturedLength, long originalLength, int loadedLength, Tail tail,
                       long stamp) {
        // a lazy slice past the loaded bytes may start beyond the (prefix-sized) array: nothing is read there
        if (base < 0 || capturedLength < 0 || loadedLength < 0 || loadedLength > capturedLength
                || (loadedLength > 0 || tail == null) && base > data.length - loadedLength) {
            throw new IllegalArgumentException("view [" + base + ", +" + loadedLength + ") outside array of " + data.length);
        }
        if (tail == null && loadedLength < capturedLength) {
            throw new IllegalArgumentException("view holds " + loadedLength + " of " + capturedLength
                    + " bytes and has no tail to load the rest from");
        }
        this.data = data;
        this.base = base;
        this.capturedLength = capturedLength;
        this.originalLength = Math.max(originalLength, capturedLength);
        this.loaded = loadedLength;
        this.tail = loadedLength == capturedLength ? null : tail;
        this.stamp = stamp;
    }

    public static FrameBuffer wrap(byte[] data) {
        return new FrameBuffer(data, 0, data.length, data.length);
    }

    /** Bytes present in the capture. */
    public int capturedLength() {
        return capturedLength;
    }

    /** Captured bytes this view holds in memory now; {@link #capturedLength} once the frame is loaded. */
    public int loadedLength() {
        return loaded;
    }

    /** Length of the frame on the wire, as the capture file reports it (never less than captured). */
    public long originalLength() {
        return originalLength;
    }

    /** True when the frame was cut by the snaplen. */
    public boolean isCut() {
        return originalLength > capturedLength;
    }

    /** True when {@code length} bytes starting at {@code offset} were captured. */
    public boolean has(int offset, int length) {
        return offset >= 0 && length >= 0 && offset <= capturedLength - length;
    }

    /** Captured bytes from {@code offset} to the end (0 when past the end). */
    public int remaining(int offset) {
        return offset >= capturedLength || offset < 0 ? 0 : capturedLength - offset;
    }

    private int check(int offset, int length) {
        if (offset < 0 || length < 0 || offset > loaded - length) {
            return miss(offset, length);
        }
        return base + offset;
    }

    /** A read outside the loaded bytes: past the captured end it throws, otherwise it loads the rest. */
    private int miss(int offset, int length) {
        if (!has(offset, length)) {
            throw new TruncatedException(offset, length);
        }
        loadTail();
        return base + offset;
    }

    private void loadTail() {
        Tail t = tail;
        if (t == null) {
            return;
        }
        byte[] whole = t.load(stamp);
        if (whole.length - capturedLength < base) {
            throw new IllegalStateException("loaded frame of " + whole.length + " bytes is shorter than the view [" + base
                    + ", +" + capturedLength + ")");
        }
        data = whole;
        loaded = capturedLength;
        tail = null;
    }

    public int u8(int offset) {
        int i = check(offset, 1); // before reading the field: a miss replaces the array
        return data[i] & 0xFF;
    }

    public int u16(int offset) {
        int i = check(offset, 2);
        return ((data[i] & 0xFF) << 8) | (data[i + 1] & 0xFF);
    }

    public int u16le(int offset) {
        int i = check(offset, 2);
        return (data[i] & 0xFF) | ((data[i + 1] & 0xFF) << 8);
    }

    public int u24(int offset) {
        int i = check(offset, 3);
        return ((data[i] & 0xFF) << 16) | ((data[i + 1] & 0xFF) << 8) | (data[i + 2] & 0xFF);
    }

    public long u32(int offset) {
        int i = check(offset, 4);
        return ((long) (data[i] & 0xFF) << 24) | ((data[i + 1] & 0xFF) << 16) | ((data[i + 2] & 0xFF) << 8)
                | (data[i + 3] & 0xFF);
    }

    public long u32le(int offset) {
        int i = check(offset, 4);
        return (data[i] & 0xFF) | ((data[i + 1] & 0xFF) << 8) | ((data[i + 2] & 0xFF) << 16)
                | ((long) (data[i + 3] & 0xFF) << 24);
    }

    public long u64(int offset) {
        return (u32(offset) << 32) | u32(offset + 4);
    }

    /** A copy of {@code length} bytes (for small values such as addresses). */
    public byte[] bytes(int offset, int length) {
        int i = check(offset, length);
        return Arrays.copyOfRange(data, i, i + length);
    }

    /** Bytes as text, ASCII/UTF-8, for small string fields. */
    public String string(int offset, int length) {
        int i = check(offset, length);
        return new String(data, i, length, StandardCharsets.UTF_8);
    }

    /**
     * A view of this frame from {@code offset} on. The captured part is what remains; the original
     * length is reduced by the same amount. A slice of a partly loaded view loads the rest on its own.
     */
    public FrameBuffer slice(int offset) {
        int from = Math.min(Math.max(offset, 0), capturedLength);
        return new FrameBuffer(data, base + from, capturedLength - from, originalLength - from,
                Math.max(0, loaded - from), tail, stamp);
    }

    /**
     * Backing array, for zero-copy consumers (checksums, hex dumps). Index with {@link #arrayOffset}. Loads
     * the whole frame first when only part of it is loaded.
     */
    public byte[] array() {
        if (tail != null) {
            loadTail();
        }
        return data;
    }

    /**
     * The unfolded one's-complement sum (RFC 1071) of captured bytes {@code [offset, offset + length)} of a
     * view that has not loaded them all, summed in place by its tail so they stay out of the heap (a
     * super-packet's payload), the byte at {@code offset} a word's high byte; -1 when the view has no tail
     * or it cannot: then read {@link #array}.
     */
    public long sumInPlace(int offset, int length) {
        Tail t = tail;
        if (t == null || length <= 0 || !has(offset, length)) {
            return -1;
        }
        return t.sum(stamp, base + offset, length);
    }

    /**
     * The unfolded one's-complement sum of {@code data[from, from + length)} by absolute index, as big-endian
     * 16-bit words whatever the buffer's order (a mapped file's bytes, summed where they lie by a {@link Tail}):
     * 32-bit halves eight bytes a step, which fold to the same 16 bits as word by word. The words are read in
     * the buffer's own order, and a little-endian buffer's folded sum has its two bytes exchanged once at
     * the end (RFC 1071 section 2(B): the sum does not depend on the byte order but for that exchange), so a
     * buffer in the machine's order is summed without exchanging the bytes of every word.
     */
    public static long onesComplementSum(java.nio.ByteBuffer data, int from, int length) {
        long high = 0;
        long low = 0;
        int i = from;
        int end = from + length;
        for (; i <= end - 8; i += 8) {
            long a = data.getLong(i);
            high += a >>> 32;
            low += a & 0xFFFFFFFFL;
        }
        long total = high + low;
        if (data.order() == java.nio.ByteOrder.LITTLE_ENDIAN) {
            total = swapBytes(fold(total));
        }
        for (; i <= end - 2; i += 2) {
            total += ((data.get(i) & 0xFF) << 8) | (data.get(i + 1) & 0xFF);
        }
        if (i < end) {
            total += (data.get(i) & 0xFF) << 8;
        }
        return total;
    }

    /** A sum folded to 16 bits with end-around carry (not complemented). */
    public static int fold(long sum) {
        long s = sum;
        while ((s >>> 16) != 0) {
            s = (s & 0xFFFF) + (s >>> 16);
        }
        return (int) s;
    }

    /** A 16-bit word with its two bytes exchanged. */
    public static int swapBytes(int word) {
        return (word & 0xFF) << 8 | (word >>> 8) & 0xFF;
    }

    public int arrayOffset() {
        return base;
    }

    /** Raw byte at a frame offset without the truncation exception; callers check {@link #has} first. */
    public byte rawByte(int offset) {
        if (offset >= loaded && tail != null) {
            loadTail();
        }
        return data[base + offset];
    }
}
