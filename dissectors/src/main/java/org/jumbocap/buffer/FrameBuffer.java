package org.jumbocap.buffer;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A read-only view of one captured frame. Offsets are relative to the start of the frame. Every read is
 * checked against the captured length; unsigned getters widen ({@link #u32} returns a {@code long}) because
 * jumbo lengths use all 32 bits. The view never copies the frame; {@link #slice} makes another view.
 */
public final class FrameBuffer {
    private final byte[] data;
    private final int base;
    private final int capturedLength;
    private final long originalLength;

    public FrameBuffer(byte[] data, int base, int capturedLength, long originalLength) {
        if (base < 0 || capturedLength < 0 || base > data.length - capturedLength) {
            throw new IllegalArgumentException("view [" + base + ", +" + capturedLength + ") outside array of " + data.length);
        }
        this.data = data;
        this.base = base;
        this.capturedLength = capturedLength;
        this.originalLength = Math.max(originalLength, capturedLength);
    }

    public static FrameBuffer wrap(byte[] data) {
        return new FrameBuffer(data, 0, data.length, data.length);
    }

    /** Bytes present in the capture. */
    public int capturedLength() {
        return capturedLength;
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
        if (!has(offset, length)) {
            throw new TruncatedException(offset, length);
        }
        return base + offset;
    }

    public int u8(int offset) {
        return data[check(offset, 1)] & 0xFF;
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
     * length is reduced by the same amount.
     */
    public FrameBuffer slice(int offset) {
        int from = Math.min(Math.max(offset, 0), capturedLength);
        return new FrameBuffer(data, base + from, capturedLength - from, originalLength - from);
    }

    /** Backing array, for zero-copy consumers (checksums, hex dumps). Index with {@link #arrayOffset}. */
    public byte[] array() {
        return data;
    }

    public int arrayOffset() {
        return base;
    }

    /** Raw byte at a frame offset without the truncation exception; callers check {@link #has} first. */
    public byte rawByte(int offset) {
        return data[base + offset];
    }
}
