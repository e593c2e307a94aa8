package org.jumbocap.export.parquet.encoding;

import java.util.Arrays;

/**
 * A growable byte array the encoders write into, little-endian as Parquet's encodings are. One sink is
 * reused page after page ({@link #reset}), so encoding a page allocates nothing once it has grown.
 */
public final class ByteSink {
    private byte[] bytes;
    private int size;

    public ByteSink(int initialCapacity) {
        bytes = new byte[Math.max(16, initialCapacity)];
    }

    public void reset() {
        size = 0;
    }

    public int size() {
        return size;
    }

    /** The bytes written so far are {@code array()[0 .. size())}; the array changes when the sink grows. */
    public byte[] array() {
        return bytes;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    /** Room for {@code more} bytes after the ones written. */
    public void ensure(int more) {
        if (more > bytes.length - size) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, Math.addExact(size, more)));
        }
    }

    public void writeByte(int b) {
        if (size == bytes.length) {
            ensure(1);
        }
        bytes[size++] = (byte) b;
    }

    /** Overwrites a byte already written (a run header reserved before its run's length was known). */
    public void setByte(int at, int b) {
        if (at < 0 || at >= size) {
            throw new IndexOutOfBoundsException(at);
        }
        bytes[at] = (byte) b;
    }

    public void writeIntLittleEndian(int v) {
        ensure(4);
        bytes[size] = (byte) v;
        bytes[size + 1] = (byte) (v >>> 8);
        bytes[size + 2] = (byte) (v >>> 16);
        bytes[size + 3] = (byte) (v >>> 24);
        size += 4;
    }

    /** Each of {@code values[0 .. n)} as a four-byte integer (PLAIN INT32). */
    public void writeIntsLittleEndian(long[] values, int n) {
        ensure(4 * n);
        for (int i = 0; i < n; i++) {
            int v = (int) values[i];
            bytes[size] = (byte) v;
            bytes[size + 1] = (byte) (v >>> 8);
            bytes[size + 2] = (byte) (v >>> 16);
            bytes[size + 3] = (byte) (v >>> 24);
            size += 4;
        }
    }

    /** The low {@code count} bytes of {@code v} (0 to 8), low byte first. */
    public void writeLittleEndian(long v, int count) {
        ensure(count);
        for (int i = 0; i < count; i++) {
            bytes[size + i] = (byte) (v >>> (8 * i));
        }
        size += count;
    }

    public void writeLongLittleEndian(long v) {
        ensure(8);
        for (int i = 0; i < 8; i++) {
            bytes[size + i] = (byte) (v >>> (8 * i));
        }
        size += 8;
    }

    /** ULEB-128: seven bits a byte, low bits first, the high bit set on every byte but the last. */
    public void writeUnsignedVarLong(long v) {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            bytes[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        bytes[size++] = (byte) v;
    }

    /** Zig-zag, then ULEB-128, so that small negative numbers stay short too. */
    public void writeZigZagVarLong(long v) {
        writeUnsignedVarLong((v << 1) ^ (v >> 63));
    }

    public void write(byte[] b, int offset, int length) {
        ensure(length);
        System.arraycopy(b, offset, bytes, size, length);
        size += length;
    }

    public void write(byte[] b) {
        write(b, 0, b.length);
    }
}
