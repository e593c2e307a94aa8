package org.jumbocap.testing;

import java.util.Arrays;
import java.util.HexFormat;

/** A growable big-endian byte builder for crafting frames in tests and sample generators. */
public final class Bytes {
    private byte[] buf = new byte[256];
    private int size;

    public static Bytes of() {
        return new Bytes();
    }

    private void ensure(int extra) {
        if (size + extra > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + extra));
        }
    }

    public Bytes u8(int v) {
        ensure(1);
        buf[size++] = (byte) v;
        return this;
    }

    public Bytes u16(int v) {
        return u8(v >>> 8).u8(v);
    }

    public Bytes u24(int v) {
        return u8(v >>> 16).u8(v >>> 8).u8(v);
    }

    public Bytes u32(long v) {
        return u16((int) (v >>> 16) & 0xFFFF).u16((int) v & 0xFFFF);
    }

    public Bytes bytes(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, buf, size, b.length);
        size += b.length;
        return this;
    }

    /** Hex digits, spaces and colons ignored: {@code hex("86dd")}. */
    public Bytes hex(String hex) {
        return bytes(HexFormat.of().parseHex(hex.replaceAll("[\\s:]", "")));
    }

    /** {@code n} bytes of a repeating pattern (payload filler). */
    public Bytes fill(int n, int value) {
        ensure(n);
        Arrays.fill(buf, size, size + n, (byte) value);
        size += n;
        return this;
    }

    /** Overwrites two bytes at an earlier position (lengths and checksums known only at the end). */
    public Bytes set16(int offset, int v) {
        buf[offset] = (byte) (v >>> 8);
        buf[offset + 1] = (byte) v;
        return this;
    }

    public Bytes set32(int offset, long v) {
        set16(offset, (int) (v >>> 16) & 0xFFFF);
        return set16(offset + 2, (int) v & 0xFFFF);
    }

    public int size() {
        return size;
    }

    public byte[] toArray() {
        return Arrays.copyOf(buf, size);
    }
}
