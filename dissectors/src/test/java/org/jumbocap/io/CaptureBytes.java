package org.jumbocap.io;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Builds capture files byte by byte in either byte order, including broken ones: every length field is
 * written as given, never corrected.
 */
public final class CaptureBytes {
    public static final int LINKTYPE_ETHERNET = 1;

    private final boolean bigEndian;
    private byte[] buf = new byte[256];
    private int size;

    private CaptureBytes(boolean bigEndian) {
        this.bigEndian = bigEndian;
    }

    public static CaptureBytes littleEndian() {
        return new CaptureBytes(false);
    }

    public static CaptureBytes bigEndian() {
        return new CaptureBytes(true);
    }

    public static CaptureBytes of(boolean bigEndian) {
        return new CaptureBytes(bigEndian);
    }

    public int size() {
        return size;
    }

    public byte[] toArray() {
        return Arrays.copyOf(buf, size);
    }

    /** The first {@code n} bytes, for files cut short. */
    public byte[] cut(int n) {
        return Arrays.copyOf(buf, n);
    }

    public CaptureBytes u8(int v) {
        if (size == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        buf[size++] = (byte) v;
        return this;
    }

    public CaptureBytes u16(int v) {
        return bigEndian ? u8(v >>> 8).u8(v) : u8(v).u8(v >>> 8);
    }

    public CaptureBytes u32(long v) {
        return bigEndian ? u16((int) (v >>> 16)).u16((int) v) : u16((int) v).u16((int) (v >>> 16));
    }

    public CaptureBytes u64(long v) {
        return bigEndian ? u32(v >>> 32).u32(v) : u32(v).u32(v >>> 32);
    }

    public CaptureBytes bytes(byte[] b) {
        for (byte x : b) {
            u8(x);
        }
        return this;
    }

    public CaptureBytes pad4() {
        while (size % 4 != 0) {
            u8(0);
        }
        return this;
    }

    /** A recognisable frame: byte i of frame {@code seed} is {@code seed * 31 + i}. */
    public static byte[] frame(int seed, int length) {
        byte[] f = new byte[length];
        for (int i = 0; i < length; i++) {
            f[i] = (byte) (seed * 31 + i);
        }
        return f;
    }

    // ---- classic pcap

    public CaptureBytes pcapHeader(int magic, long snaplen, long linkTypeField) {
        return u32(magic).u16(2).u16(4).u32(0).u32(0).u32(snaplen).u32(linkTypeField);
    }

    /** A record whose length fields are written as given; {@code data} may be shorter (a cut file). */
    public CaptureBytes pcapRecord(long seconds, long fraction, long capturedLength, long originalLength, byte[] data) {
        return u32(seconds).u32(fraction).u32(capturedLength).u32(originalLength).bytes(data);
    }

    public CaptureBytes pcapRecord(long seconds, long fraction, byte[] data) {
        return pcapRecord(seconds, fraction, data.length, data.length, data);
    }

    // ---- pcapng

    /** A block of this order: type, total length, body (padded), total length again. */
    public CaptureBytes block(int type, byte[] body) {
        int total = 12 + ((body.length + 3) & ~3);
        return block(type, total, body, total);
    }

    /** A block with both length fields as given (for broken files). */
    public CaptureBytes block(int type, long leadingLength, byte[] body, long trailingLength) {
        u32(type).u32(leadingLength).bytes(body).pad4();
        return u32(trailingLength);
    }

    public CaptureBytes shb(int major, int minor) {
        return block(0x0A0D0D0A, of(bigEndian).u32(0x1A2B3C4D).u16(major).u16(minor).u64(-1L).toArray());
    }

    /** An IDB; null options are left out. */
    public CaptureBytes idb(int linkType, long snaplen, String name, String description, Integer tsresol,
                            Long tsoffset) {
        CaptureBytes body = of(bigEndian).u16(linkType).u16(0).u32(snaplen);
        boolean options = false;
        if (name != null) {
            body.option(2, name.getBytes(StandardCharsets.UTF_8));
            options = true;
        }
        if (description != null) {
            body.option(3, description.getBytes(StandardCharsets.UTF_8));
            options = true;
        }
        if (tsresol != null) {
            body.option(9, new byte[] {(byte) (int) tsresol});
            options = true;
        }
        if (tsoffset != null) {
            body.option(14, of(bigEndian).u64(tsoffset).toArray());
            options = true;
        }
        if (options) {
            body.u16(0).u16(0);
        }
        return block(1, body.toArray());
    }

    public CaptureBytes idb(int linkType, long snaplen) {
        return idb(linkType, snaplen, null, null, null, null);
    }

    /** An option: code, length, value, padding to 4 bytes. */
    public CaptureBytes option(int code, byte[] value) {
        return u16(code).u16(value.length).bytes(value).pad4();
    }

    /** An EPB body; {@code capturedLength} is written as given. */
    public byte[] epbBody(int interfaceId, long units, long capturedLength, long originalLength, byte[] data) {
        return of(bigEndian).u32(interfaceId).u32(units >>> 32).u32(units).u32(capturedLength).u32(originalLength)
                .bytes(data).pad4().toArray();
    }

    public CaptureBytes epb(int interfaceId, long units, byte[] data, long originalLength) {
        return block(6, epbBody(interfaceId, units, data.length, originalLength, data));
    }

    public CaptureBytes epb(int interfaceId, long units, byte[] data) {
        return epb(interfaceId, units, data, data.length);
    }
}
