package org.jumbocap.io.pcapng;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.jumbocap.io.CaptureWriter;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.InterfaceInfo;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.io.VnetHeader;

/**
 * Writes little-endian pcapng: one Section Header Block, an Interface Description Block per interface
 * (if_tsresol 9 for nanosecond timestamps, 6 for microseconds; if_name when given) and an Enhanced
 * Packet Block per frame. Interfaces are declared with {@link #addInterface} or, when frames are written
 * as {@link FrameRecord}s, created on first use for each (interface id, link type) pair of the source.
 * Every block is written whole, so a {@link #flush} leaves a file other tools can read. Wireshark reads
 * files mixing link types; tcpdump (libpcap) stops at an interface whose link type differs from the
 * first one's.
 *
 * <p>A frame that carries the kernel's facts ({@link FrameRecord#packetFlags()}, {@link
 * FrameRecord#vnetHeader()}) gets them as Enhanced Packet Block options: {@code epb_flags} and jumbocap's
 * custom option ({@link KernelFactsOption}, described in docs/pcapng-kernel-facts.md), then {@code
 * opt_endofopt}. A frame without them is written without options, as before those facts existed. A frame
 * written as segments of a super-packet ({@link #write(FrameRecord, long, byte[], int, byte[], int, int,
 * long)}) keeps its source's direction and reception bits but not the offload bits or the virtio_net_hdr,
 * which describe the super-packet.
 */
public final class PcapngWriter implements CaptureWriter {
    private static final int SHB_USERAPPL = 4;
    private static final int IF_NAME = 2;
    private static final int IF_TSRESOL = 9;

    private final OutputStream out;
    private final boolean nanos;
    private final int defaultLinkType;
    private final int defaultSnaplen;
    private final ByteBuffer header = ByteBuffer.allocate(28).order(ByteOrder.LITTLE_ENDIAN);
    private final ByteBuffer trailer = ByteBuffer.allocate(8 + KernelFactsOption.MAX_OPTIONS_LENGTH)
            .order(ByteOrder.LITTLE_ENDIAN);
    /** Key: source interface id << 32 | link type. */
    private final Map<Long, Integer> interfaceBySource = new HashMap<>();
    private int interfaceCount;

    /**
     * Starts a section. Frames written with {@link #write(long, byte[], int, int, long)} go to an
     * interface of {@code linkType}, declared on first use.
     */
    public PcapngWriter(OutputStream out, int linkType, int snaplen, boolean nanos) throws IOException {
        this.out = out instanceof BufferedOutputStream ? out : new BufferedOutputStream(out, 1 << 16);
        this.nanos = nanos;
        this.defaultLinkType = linkType;
        this.defaultSnaplen = snaplen;
        byte[] appl = "jumbocap".getBytes(StandardCharsets.UTF_8);
        int optionsLength = 4 + pad(appl.length) + 4;
        ByteBuffer b = ByteBuffer.allocate(28 + optionsLength).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(PcapngReader.SHB).putInt(b.capacity()).putInt(PcapngReader.BYTE_ORDER_MAGIC)
                .putShort((short) 1).putShort((short) 0).putLong(-1L);
        putOption(b, SHB_USERAPPL, appl);
        b.putInt(0).putInt(b.capacity());
        this.out.write(b.array());
    }

    /** Declares an interface and returns its id for {@link #write(int, long, byte[], int, int, long)}. */
    public int addInterface(int linkType, int snaplen, String ifName) throws IOException {
        byte[] nameBytes = ifName == null ? null : ifName.getBytes(StandardCharsets.UTF_8);
        int optionsLength = 4 + 4 + (nameBytes == null ? 0 : 4 + pad(nameBytes.length)) + 4;
        ByteBuffer b = ByteBuffer.allocate(20 + optionsLength).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(PcapngReader.IDB).putInt(b.capacity()).putShort((short) linkType).putShort((short) 0).putInt(snaplen);
        if (nameBytes != null) {
            putOption(b, IF_NAME, nameBytes);
        }
        putOption(b, IF_TSRESOL, new byte[] {(byte) (nanos ? InterfaceInfo.TSRESOL_NANOS : InterfaceInfo.TSRESOL_MICROS)});
        b.putInt(0).putInt(b.capacity());
        out.write(b.array());
        return interfaceCount++;
    }

    @Override
    public void write(FrameRecord r) throws IOException {
        int id = interfaceOf(r);
        writeFrame(id, r.timestampNanos(), r.data(), 0, r.capturedLength(), r.originalLength(), r.packetFlags(),
                r.vnetHeader());
    }

    @Override
    public void write(FrameRecord source, long timestampNanos, byte[] head, int headLength, byte[] body, int bodyOffset,
                      int bodyLength, long originalLength) throws IOException {
        int length = headLength + bodyLength;
        int padded = pad(length);
        long flags = KernelFactsOption.segmentFlags(source.packetFlags());
        int options = KernelFactsOption.optionsLength(flags, null);
        writeBlockHeader(interfaceOf(source), timestampNanos, length, originalLength, padded + options);
        out.write(head, 0, headLength);
        out.write(body, bodyOffset, bodyLength);
        writeBlockTrailer(length, padded, options, flags, null);
    }

    /** The interface frames of the source's (interface, link type) pair go to, declared on first use. */
    private int interfaceOf(FrameRecord r) throws IOException {
        long key = (long) r.interfaceId() << 32 | (r.linkType() & 0xFFFFFFFFL);
        Integer id = interfaceBySource.get(key);
        if (id == null) {
            id = addInterface(r.linkType(), defaultSnaplen, null);
            interfaceBySource.put(key, id);
        }
        return id;
    }

    @Override
    public void write(long timestampNanos, byte[] data, int offset, int capturedLength, long originalLength)
            throws IOException {
        long key = defaultLinkType & 0xFFFFFFFFL;
        Integer id = interfaceBySource.get(key);
        if (id == null) {
            id = addInterface(defaultLinkType, defaultSnaplen, null);
            interfaceBySource.put(key, id);
        }
        write(id, timestampNanos, data, offset, capturedLength, originalLength);
    }

    /** Writes one Enhanced Packet Block on an interface from {@link #addInterface}. */
    public void write(int interfaceId, long timestampNanos, byte[] data, int offset, int capturedLength,
                      long originalLength) throws IOException {
        writeFrame(interfaceId, timestampNanos, data, offset, capturedLength, originalLength, PacketFlags.NONE, null);
    }

    private void writeFrame(int interfaceId, long timestampNanos, byte[] data, int offset, int capturedLength,
                            long originalLength, long flags, VnetHeader vnet) throws IOException {
        if (interfaceId < 0 || interfaceId >= interfaceCount) {
            throw new IllegalArgumentException("interface " + interfaceId + " was not declared");
        }
        int padded = pad(capturedLength);
        int options = KernelFactsOption.optionsLength(flags, vnet);
        writeBlockHeader(interfaceId, timestampNanos, capturedLength, originalLength, padded + options);
        out.write(data, offset, capturedLength);
        writeBlockTrailer(capturedLength, padded, options, flags, vnet);
    }

    @Override
    public void framing(FrameRecord frame, ByteBuffer before, ByteBuffer after) throws IOException {
        int length = frame.capturedLength();
        int padded = pad(length);
        long flags = frame.packetFlags();
        VnetHeader vnet = frame.vnetHeader();
        int options = KernelFactsOption.optionsLength(flags, vnet);
        before.clear();
        putBlockHeader(before.order(ByteOrder.LITTLE_ENDIAN), interfaceOf(frame), frame.timestampNanos(), length,
                frame.originalLength(), padded + options);
        before.flip();
        after.clear();
        putBlockTrailer(after.order(ByteOrder.LITTLE_ENDIAN), length, padded, options, flags, vnet);
        after.flip();
    }

    private void writeBlockHeader(int interfaceId, long timestampNanos, int capturedLength, long originalLength, int padded)
            throws IOException {
        header.clear();
        putBlockHeader(header, interfaceId, timestampNanos, capturedLength, originalLength, padded);
        out.write(header.array());
    }

    private void putBlockHeader(ByteBuffer into, int interfaceId, long timestampNanos, int capturedLength,
                                long originalLength, int bodyAfterData) {
        long units = nanos ? timestampNanos : Math.floorDiv(timestampNanos, 1000L);
        into.putInt(PcapngReader.EPB).putInt(32 + bodyAfterData).putInt(interfaceId).putInt((int) (units >>> 32)).putInt((int) units)
                .putInt(capturedLength).putInt((int) Math.min(Math.max(originalLength, capturedLength), 0xFFFFFFFFL));
    }

    /** The padding to a 4-byte boundary, the options of {@code optionsLength} bytes and the block's closing length. */
    private void writeBlockTrailer(int capturedLength, int padded, int optionsLength, long flags, VnetHeader vnet)
            throws IOException {
        trailer.clear();
        putBlockTrailer(trailer, capturedLength, padded, optionsLength, flags, vnet);
        out.write(trailer.array(), 0, trailer.position());
    }

    private static void putBlockTrailer(ByteBuffer into, int capturedLength, int padded, int optionsLength, long flags,
                                        VnetHeader vnet) {
        for (int i = capturedLength; i < padded; i++) {
            into.put((byte) 0);
        }
        if (optionsLength > 0) {
            KernelFactsOption.put(into, flags, vnet);
        }
        into.putInt(32 + padded + optionsLength);
    }

    private static int pad(int n) {
        return (n + 3) & ~3;
    }

    private static void putOption(ByteBuffer b, int code, byte[] value) {
        b.putShort((short) code).putShort((short) value.length).put(value);
        for (int i = value.length; i < pad(value.length); i++) {
            b.put((byte) 0);
        }
    }

    @Override
    public String formatName() {
        return "pcapng";
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
