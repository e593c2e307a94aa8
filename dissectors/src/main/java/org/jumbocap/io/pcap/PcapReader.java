package org.jumbocap.io.pcap;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.CaptureInput;
import org.jumbocap.io.CaptureLimits;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.InterfaceInfo;

/**
 * Streams classic pcap: either byte order, microsecond ({@code 0xa1b2c3d4}) or nanosecond
 * ({@code 0xa1b23c4d}) timestamps, any link type. The FCS bits of the link-type field are masked off
 * (see {@link #fcsLength()}); timestamp seconds are unsigned, so files past 2038 read right.
 *
 * <p>Each record's captured length is checked before allocation against {@link
 * CaptureLimits#MAX_CAPTURED_LENGTH}. A record longer than the file's snaplen (converted and hand-made
 * files have them; tshark reads them) is read whole and marked ({@link FrameRecord#exceededSnaplen}), and
 * the frame gets an expert warning naming the snaplen. A captured length above the original length is accepted and the original length taken to be
 * the captured length, as Wireshark does. A cut or corrupt record throws {@link CaptureFormatException}
 * naming the record and its offset; every frame returned before it was complete, and later calls throw
 * the same exception.
 *
 * <p>From a regular file a large frame's data is read only as far as {@link
 * org.jumbocap.io.CaptureInput#EAGER_PREFIX_LENGTH}; its record reads the rest on demand ({@link
 * FrameRecord}). The file's size is known, so a record whose data runs past the end still fails here.
 */
public final class PcapReader implements CaptureReader {
    public static final int FILE_HEADER_LENGTH = 24;
    public static final int RECORD_HEADER_LENGTH = 16;

    private static final int LINKTYPE_MASK = 0xFFFF;
    private static final int FCS_PRESENT = 0x04000000;

    private final CaptureInput in;
    private final String name;
    private final boolean bigEndian;
    private final boolean nanos;
    private final int versionMajor;
    private final int versionMinor;
    private final long snaplen;
    private final int linkType;
    private final int fcsLength;
    private final long recordLimit;
    /** The file's one interface; asked for with every frame by loops that keep time per interface. */
    private final List<InterfaceInfo> interfaces;
    private long recordNumber;
    private CaptureFormatException failure;

    /** Reads the file header from {@code in}, which stands at the start of the file. */
    public PcapReader(CaptureInput in, String name) throws IOException {
        this.in = in;
        this.name = name;
        int got = in.fill(FILE_HEADER_LENGTH);
        byte[] b = in.buffer();
        int p = in.bufferPosition();
        if (got < 4) {
            throw new CaptureFormatException(name, 0, got == 0 ? "empty file"
                    : "file ends inside the magic number (needs " + (4 - got) + " more bytes)");
        }
        int magicLe = le32(b, p);
        int magicBe = be32(b, p);
        if (magicLe == PcapWriter.MAGIC_MICROS || magicLe == PcapWriter.MAGIC_NANOS) {
            bigEndian = false;
            nanos = magicLe == PcapWriter.MAGIC_NANOS;
        } else if (magicBe == PcapWriter.MAGIC_MICROS || magicBe == PcapWriter.MAGIC_NANOS) {
            bigEndian = true;
            nanos = magicBe == PcapWriter.MAGIC_NANOS;
        } else {
            throw new CaptureFormatException(name, 0, String.format("not a pcap file (magic 0x%08x)", magicBe));
        }
        if (got < FILE_HEADER_LENGTH) {
            throw new CaptureFormatException(name, got, "file ends inside the pcap file header (needs "
                    + (FILE_HEADER_LENGTH - got) + " more bytes)");
        }
        versionMajor = u16(b, p + 4);
        versionMinor = u16(b, p + 6);
        snaplen = u32(b, p + 16);
        int rawLinkType = i32(b, p + 20);
        in.consume(FILE_HEADER_LENGTH);
        if (versionMajor != 2) {
            throw new CaptureFormatException(name, 4, "unsupported pcap version " + versionMajor + "." + versionMinor);
        }
        linkType = rawLinkType & LINKTYPE_MASK;
        fcsLength = (rawLinkType & FCS_PRESENT) != 0 ? (rawLinkType >>> 28) * 2 : -1;
        // a record longer than the snaplen is read (tshark does too) and marked; only the cap is a limit
        recordLimit = CaptureLimits.MAX_CAPTURED_LENGTH;
        interfaces = List.of(new InterfaceInfo(0, 0, 0, linkType, snaplen, null, null,
                nanos ? InterfaceInfo.TSRESOL_NANOS : InterfaceInfo.TSRESOL_MICROS, 0));
    }

    /** Opens a file, seekable. */
    public static PcapReader open(Path file) throws IOException {
        CaptureInput in = CaptureInput.open(file);
        try {
            return new PcapReader(in, file.toString());
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** Reads a stream (not seekable). */
    public PcapReader(InputStream in, String name) throws IOException {
        this(CaptureInput.of(in), name);
    }

    @Override
    public boolean next(FrameRecord into) throws IOException {
        if (failure != null) {
            throw failure;
        }
        long offset = in.position();
        long number = recordNumber + 1;
        int got = in.fill(RECORD_HEADER_LENGTH);
        if (got == 0) {
            if (in.damage() != null) {
                throw fail(number, offset, "file ends before record " + number);
            }
            return false;
        }
        if (got < RECORD_HEADER_LENGTH) {
            throw fail(number, offset, "file ends inside record " + number + " header at byte offset "
                    + (offset + got) + " (needs " + (RECORD_HEADER_LENGTH - got) + " more bytes)");
        }
        byte[] b = in.buffer();
        int p = in.bufferPosition();
        long seconds = u32(b, p);
        long fraction = u32(b, p + 4);
        long captured = u32(b, p + 8);
        long original = u32(b, p + 12);
        if (captured > recordLimit) {
            throw fail(number, offset, "captured length " + captured + " exceeds the limit of " + recordLimit + " bytes");
        }
        in.consume(RECORD_HEADER_LENGTH);
        if (!in.mayHave(captured)) {
            long end = offset + RECORD_HEADER_LENGTH + in.remaining();
            throw fail(number, offset, "file ends inside record " + number + " data at byte offset " + end
                    + " (needs " + (offset + RECORD_HEADER_LENGTH + captured - end) + " more bytes)");
        }
        long ts = seconds * 1_000_000_000L + (nanos ? fraction : fraction * 1000L);
        int len = (int) captured;
        int read = in.readFrame(into, number, ts, 0, linkType, len, original, offset);
        if (read < len) {
            throw fail(number, offset, "file ends inside record " + number + " data at byte offset "
                    + (offset + RECORD_HEADER_LENGTH + read) + " (needs " + (len - read) + " more bytes)");
        }
        if (snaplen > 0 && captured > snaplen) {
            into.markExceededSnaplen(snaplen);
        }
        recordNumber = number;
        return true;
    }

    private CaptureFormatException fail(long number, long offset, String problem) {
        String damage = in.damage();
        failure = new CaptureFormatException(name, "record", number, offset, damage == null ? problem : problem + " (" + damage + ")");
        return failure;
    }

    @Override
    public void seek(long fileOffset, long frameNumber) throws IOException {
        if (!in.seekable()) {
            throw new UnsupportedOperationException(name + " is a stream and cannot seek");
        }
        if (fileOffset < FILE_HEADER_LENGTH) {
            throw new IllegalArgumentException("offset " + fileOffset + " is inside the pcap file header");
        }
        in.seek(fileOffset);
        recordNumber = frameNumber - 1;
        failure = null;
    }

    @Override
    public boolean seekable() {
        return in.seekable();
    }

    @Override
    public List<InterfaceInfo> interfaces() {
        return interfaces;
    }

    @Override
    public String formatName() {
        return nanos ? "pcap-nsec" : "pcap";
    }

    @Override
    public int linkType() {
        return linkType;
    }

    @Override
    public String name() {
        return name;
    }

    /** Snapshot length from the file header (unsigned). */
    public long snaplen() {
        return snaplen;
    }

    public boolean bigEndian() {
        return bigEndian;
    }

    public boolean nanosecondTimestamps() {
        return nanos;
    }

    /** "2.4". */
    public String version() {
        return versionMajor + "." + versionMinor;
    }

    /** Bytes of FCS at the end of each frame when the link-type field says so, otherwise -1 (unknown). */
    public int fcsLength() {
        return fcsLength;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    private int i32(byte[] b, int p) {
        return bigEndian ? be32(b, p) : le32(b, p);
    }

    private long u32(byte[] b, int p) {
        return i32(b, p) & 0xFFFFFFFFL;
    }

    private int u16(byte[] b, int p) {
        return bigEndian ? (b[p] & 0xFF) << 8 | (b[p + 1] & 0xFF) : (b[p + 1] & 0xFF) << 8 | (b[p] & 0xFF);
    }

    private static int le32(byte[] b, int p) {
        return (b[p] & 0xFF) | (b[p + 1] & 0xFF) << 8 | (b[p + 2] & 0xFF) << 16 | (b[p + 3] & 0xFF) << 24;
    }

    private static int be32(byte[] b, int p) {
        return (b[p] & 0xFF) << 24 | (b[p + 1] & 0xFF) << 16 | (b[p + 2] & 0xFF) << 8 | (b[p + 3] & 0xFF);
    }
}
