package org.jumbocap.io.pcap;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.jumbocap.io.CaptureWriter;
import org.jumbocap.io.FrameRecord;

/** Writes classic pcap (little-endian, microsecond or nanosecond magic). */
public final class PcapWriter implements CaptureWriter {
    public static final int MAGIC_MICROS = 0xA1B2C3D4;
    public static final int MAGIC_NANOS = 0xA1B23C4D;

    private final OutputStream out;
    private final boolean nanos;
    private final ByteBuffer header = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);

    public PcapWriter(OutputStream out, int linkType, int snaplen, boolean nanos) throws IOException {
        this.out = out instanceof BufferedOutputStream ? out : new BufferedOutputStream(out, 1 << 16);
        this.nanos = nanos;
        ByteBuffer h = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(nanos ? MAGIC_NANOS : MAGIC_MICROS).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0)
                .putInt(snaplen).putInt(linkType);
        this.out.write(h.array());
    }

    @Override
    public String formatName() {
        return nanos ? "pcap-nsec" : "pcap";
    }

    @Override
    public void write(FrameRecord r) throws IOException {
        write(r.timestampNanos(), r.data(), 0, r.capturedLength(), r.originalLength());
    }

    @Override
    public void write(long timestampNanos, byte[] data, int offset, int capturedLength, long originalLength)
            throws IOException {
        writeHeader(timestampNanos, capturedLength, originalLength);
        out.write(data, offset, capturedLength);
    }

    @Override
    public void write(FrameRecord source, long timestampNanos, byte[] head, int headLength, byte[] body, int bodyOffset,
                      int bodyLength, long originalLength) throws IOException {
        int length = headLength + bodyLength;
        writeHeader(timestampNanos, length, Math.max(length, originalLength));
        out.write(head, 0, headLength);
        out.write(body, bodyOffset, bodyLength);
    }

    @Override
    public void framing(FrameRecord frame, ByteBuffer before, ByteBuffer after) {
        before.clear();
        putHeader(before.order(ByteOrder.LITTLE_ENDIAN), frame.timestampNanos(), frame.capturedLength(),
                frame.originalLength());
        before.flip();
        after.clear().flip();
    }

    private void writeHeader(long timestampNanos, int capturedLength, long originalLength) throws IOException {
        header.clear();
        putHeader(header, timestampNanos, capturedLength, originalLength);
        out.write(header.array());
    }

    private void putHeader(ByteBuffer into, long timestampNanos, int capturedLength, long originalLength) {
        long seconds = Math.floorDiv(timestampNanos, 1_000_000_000L);
        long fraction = Math.floorMod(timestampNanos, 1_000_000_000L);
        into.putInt((int) seconds).putInt((int) (nanos ? fraction : fraction / 1000)).putInt(capturedLength)
                .putInt((int) Math.min(originalLength, 0xFFFFFFFFL));
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
