package org.jumbocap.io.pcapng;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.CaptureInput;
import org.jumbocap.io.CaptureLimits;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.InterfaceInfo;
import org.jumbocap.io.InterfaceStatistics;
import org.jumbocap.io.VnetHeader;

/**
 * Streams pcapng: Section Header Blocks in either byte order, any number of sections (each starts an
 * empty interface table), Interface Description Blocks (link type, snaplen, if_name, if_description,
 * if_tsresol in base 10 or 2, if_tsoffset), and Enhanced, Simple and obsolete Packet Blocks, with the
 * Enhanced Packet Block's {@code epb_flags} and jumbocap's kernel-facts option ({@link
 * KernelFactsOption}; other options are skipped). Every other
 * block (statistics, name resolution, decryption secrets, custom, unknown) is skipped without being
 * read into memory. From a regular file a large packet's data is read only as far as {@link
 * org.jumbocap.io.CaptureInput#EAGER_PREFIX_LENGTH}; its record reads the rest on demand ({@link
 * FrameRecord}), and a block running past the end of the file still fails here.
 *
 * <p>Each block's total length is checked before anything is allocated: at least 12, a multiple of 4,
 * at most {@link CaptureLimits#MAX_BLOCK_LENGTH}, equal to the copy that ends the block. A packet
 * block's captured length must fit its body and {@link CaptureLimits#MAX_CAPTURED_LENGTH}. Simple
 * Packet Blocks take their original length from the block and their captured length from the body,
 * capped by interface 0's snaplen; they carry no timestamp (0).
 *
 * <p>{@link FrameRecord#interfaceId()} is the file-wide interface index ({@link InterfaceInfo#id()}), so
 * interfaces of different sections stay distinct. For seeking, the reader remembers where each section
 * starts and which interfaces it defined; an offset inside the part of the file already read is served
 * by the section that contains it, an offset beyond is reached by scanning block headers forward.
 */
public final class PcapngReader implements CaptureReader {
    public static final int SHB = 0x0A0D0D0A;
    public static final int IDB = 1;
    public static final int OPB = 2;
    public static final int SPB = 3;
    public static final int NRB = 4;
    public static final int ISB = 5;
    public static final int EPB = 6;
    public static final int DSB = 0x0A;
    public static final int CUSTOM = 0xBAD;
    public static final int CUSTOM_NO_COPY = 0x40000BAD;
    public static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;

    private static final int OPT_END = 0;
    private static final int OPT_COMMENT = 1;
    private static final int ISB_IFRECV = 4;
    private static final int ISB_IFDROP = 5;
    private static final int ISB_FILTERACCEPT = 6;
    private static final int ISB_OSDROP = 7;
    private static final int ISB_USRDELIV = 8;
    /** Comments kept per interface, and interface statistics blocks kept per file: a hostile file repeats them. */
    private static final int MAX_KEPT_NOTES = 1024;
    private static final int IF_NAME = 2;
    private static final int IF_DESCRIPTION = 3;
    private static final int IF_TSRESOL = 9;
    private static final int IF_TSOFFSET = 14;
    private static final int PACKET_HEADER = 28;
    private static final int SIMPLE_HEADER = 12;
    private static final long[] POW10 = new long[19];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    private static final int END = -1;
    private static final int OTHER = 0;
    private static final int PACKET = 1;

    /** One section: where its SHB is, its byte order and its interfaces (file-wide ids by local id). */
    private static final class Section {
        final int index;
        final long offset;
        final boolean bigEndian;
        int[] interfaces = new int[4];
        int interfaceCount;

        Section(int index, long offset, boolean bigEndian) {
            this.index = index;
            this.offset = offset;
            this.bigEndian = bigEndian;
        }

        void add(int globalId) {
            if (interfaceCount == interfaces.length) {
                interfaces = Arrays.copyOf(interfaces, interfaceCount * 2);
            }
            interfaces[interfaceCount++] = globalId;
        }
    }

    private final CaptureInput in;
    private final String name;
    private final List<Section> sections = new ArrayList<>();
    private final List<InterfaceInfo> interfaces = new ArrayList<>();
    /** The interfaces as callers see them, asked for with every frame by loops that keep time per interface. */
    private final List<InterfaceInfo> interfacesView = Collections.unmodifiableList(interfaces);
    /** opt_comment of each interface description, by file-wide interface id. */
    private final java.util.Map<Integer, List<String>> interfaceComments = new java.util.HashMap<>();
    private final List<InterfaceStatistics> interfaceStatistics = new ArrayList<>();
    private Section current;
    private boolean bigEndian;
    private long frameNumber;
    /** Number of the last block read, when known (it is not after seeking backwards). */
    private long blockNumber;
    private boolean blockNumberKnown = true;
    /** End of the furthest block read in file order, and how many blocks lie before it. */
    private long scannedUntil;
    private long blocksScanned;
    private byte[] scratch = new byte[512];
    private int versionMajor;
    private int versionMinor;
    private CaptureFormatException failure;
    /** The largest if_tsoffset whose timestamps still fit in nanoseconds since 1970 (about 9.2e9 s). */
    static final long MAX_TSOFFSET_SECONDS = Long.MAX_VALUE / 1_000_000_000L / 2;

    /** Reads the first Section Header Block and the interfaces that follow it. */
    public PcapngReader(CaptureInput in, String name) throws IOException {
        this.in = in;
        this.name = name;
        int got = in.fill(4);
        if (got < 4) {
            throw new CaptureFormatException(name, 0, got == 0 ? "empty file"
                    : "file ends inside the magic number (needs " + (4 - got) + " more bytes)");
        }
        int magic = be32(in.buffer(), in.bufferPosition());
        if (magic != SHB) {
            throw new CaptureFormatException(name, 0, String.format("not a pcapng file (magic 0x%08x)", magic));
        }
        readBlock(null, false);
        while (in.fill(8) >= 8 && i32(in.buffer(), in.bufferPosition()) == IDB) {
            readBlock(null, false);
        }
    }

    /** Opens a file, seekable. */
    public static PcapngReader open(Path file) throws IOException {
        CaptureInput in = CaptureInput.open(file);
        try {
            return new PcapngReader(in, file.toString());
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** Reads a stream (not seekable). */
    public PcapngReader(InputStream in, String name) throws IOException {
        this(CaptureInput.of(in), name);
    }

    @Override
    public boolean next(FrameRecord into) throws IOException {
        if (failure != null) {
            throw failure;
        }
        int r;
        do {
            r = readBlock(into, true);
        } while (r == OTHER);
        return r == PACKET;
    }

    /** Reads one block; packet blocks go into {@code into} when {@code deliver}, else are skipped. */
    private int readBlock(FrameRecord into, boolean deliver) throws IOException {
        long offset = in.position();
        if (offset == scannedUntil) {
            blockNumber = blocksScanned;
            blockNumberKnown = true;
        }
        boolean frontier = offset >= scannedUntil;
        long number = blockNumber + 1;
        int got = in.fill(12);
        if (got == 0) {
            if (in.damage() != null) {
                throw fail(number, offset, "file ends before " + (blockNumberKnown ? "block " + number : "the next block"));
            }
            return END;
        }
        if (got < 12) {
            throw truncated(number, offset, offset + got, 12 - got);
        }
        byte[] b = in.buffer();
        int p = in.bufferPosition();
        boolean sectionHeader = be32(b, p) == SHB;
        if (sectionHeader) {
            int magic = be32(b, p + 8);
            if (magic == BYTE_ORDER_MAGIC) {
                bigEndian = true;
            } else if (Integer.reverseBytes(magic) == BYTE_ORDER_MAGIC) {
                bigEndian = false;
            } else {
                throw fail(number, offset, String.format("section header has an unknown byte-order magic 0x%08x",
                        magic));
            }
        }
        int type = i32(b, p);
        long length = u32(b, p + 4);
        if (length < 12 || length % 4 != 0) {
            throw fail(number, offset, "block total length " + length
                    + (length < 12 ? " is below the minimum of 12" : " is not a multiple of 4"));
        }
        if (length > CaptureLimits.MAX_BLOCK_LENGTH) {
            throw fail(number, offset, "block total length " + length + " exceeds the limit of "
                    + CaptureLimits.MAX_BLOCK_LENGTH + " bytes");
        }
        int len = (int) length;
        int result = OTHER;
        switch (type) {
            case SHB -> readSectionHeader(number, offset, len, frontier);
            case IDB -> readInterface(number, offset, len, frontier);
            case ISB -> readInterfaceStatistics(number, offset, len, frontier);
            case EPB, OPB, SPB -> {
                if (deliver) {
                    readPacket(into, type, number, offset, len);
                    result = PACKET;
                } else {
                    skipBlock(number, offset, len);
                }
            }
            default -> skipBlock(number, offset, len);
        }
        blockNumber = number;
        if (frontier) {
            scannedUntil = offset + len;
            blocksScanned = number;
        }
        return result;
    }

    private void readSectionHeader(long number, long offset, int len, boolean frontier) throws IOException {
        if (len < 28) {
            throw fail(number, offset, "block total length " + len + " is too short for a section header (28)");
        }
        byte[] b = readWhole(number, offset, len);
        int major = u16(b, 12);
        int minor = u16(b, 14);
        if (major != 1) {
            throw fail(number, offset, "unsupported pcapng version " + major + "." + minor);
        }
        versionMajor = major;
        versionMinor = minor;
        if (frontier) {
            current = new Section(sections.size(), offset, bigEndian);
            sections.add(current);
        } else {
            current = sectionAt(offset);
        }
    }

    private void readInterface(long number, long offset, int len, boolean frontier) throws IOException {
        if (len < 20) {
            throw fail(number, offset, "block total length " + len + " is too short for an interface description (20)");
        }
        byte[] b = readWhole(number, offset, len);
        if (!frontier) {
            return;
        }
        int linkType = u16(b, 8);
        long snaplen = u32(b, 12);
        String ifName = null;
        String description = null;
        List<String> comments = new ArrayList<>();
        int tsresol = InterfaceInfo.TSRESOL_MICROS;
        long tsoffset = 0;
        int o = 16;
        int end = len - 4;
        while (o + 4 <= end) {
            int code = u16(b, o);
            int olen = u16(b, o + 2);
            int value = o + 4;
            if (code == OPT_END || value + olen > end) {
                break;
            }
            switch (code) {
                case IF_NAME -> ifName = text(b, value, olen);
                case IF_DESCRIPTION -> description = text(b, value, olen);
                case OPT_COMMENT -> {
                    if (comments.size() < MAX_KEPT_NOTES) {
                        comments.add(text(b, value, olen));
                    }
                }
                case IF_TSRESOL -> {
                    if (olen >= 1) {
                        tsresol = b[value] & 0xFF;
                    }
                }
                case IF_TSOFFSET -> {
                    if (olen >= 8) {
                        tsoffset = i64(b, value);
                        // timestamps are nanoseconds since 1970 in 64 bits: up to 2262, back to 1677
                        if (tsoffset > MAX_TSOFFSET_SECONDS || tsoffset < -MAX_TSOFFSET_SECONDS) {
                            throw fail(number, offset, "if_tsoffset " + tsoffset + " s is out of range (at most "
                                    + MAX_TSOFFSET_SECONDS + " s either way: timestamps end in the year 2262)");
                        }
                    }
                }
                default -> {
                }
            }
            o = value + ((olen + 3) & ~3);
        }
        InterfaceInfo info = new InterfaceInfo(interfaces.size(), current.index, current.interfaceCount, linkType,
                snaplen, ifName, description, tsresol, tsoffset);
        interfaces.add(info);
        current.add(info.id());
        if (!comments.isEmpty()) {
            interfaceComments.put(info.id(), List.copyOf(comments));
        }
    }

    /**
     * An Interface Statistics Block: its counters are kept for the interface it names (in this section);
     * a block naming no interface of the section is skipped as a reader skips what it does not know.
     */
    private void readInterfaceStatistics(long number, long offset, int len, boolean frontier) throws IOException {
        if (len < 24) {
            // too short to name its interface and time: skipped, as a block the reader does not know
            skipBlock(number, offset, len);
            return;
        }
        byte[] b = readWhole(number, offset, len);
        long localId = u32(b, 8);
        if (!frontier || current == null || localId >= current.interfaceCount
                || interfaceStatistics.size() >= MAX_KEPT_NOTES) {
            return;
        }
        long[] counters = {InterfaceStatistics.ABSENT, InterfaceStatistics.ABSENT, InterfaceStatistics.ABSENT,
                InterfaceStatistics.ABSENT, InterfaceStatistics.ABSENT};
        int o = 20;
        int end = len - 4;
        while (o + 4 <= end) {
            int code = u16(b, o);
            int olen = u16(b, o + 2);
            int value = o + 4;
            if (code == OPT_END || value + olen > end) {
                break;
            }
            if (code >= ISB_IFRECV && code <= ISB_USRDELIV && olen >= 8) {
                // unsigned 64-bit counters: one past 2^63 - 1 would read negative, and is no count anyway
                counters[code - ISB_IFRECV] = Math.max(i64(b, value), InterfaceStatistics.ABSENT);
            }
            o = value + ((olen + 3) & ~3);
        }
        interfaceStatistics.add(new InterfaceStatistics(current.interfaces[(int) localId], counters[0], counters[1],
                counters[2], counters[3], counters[4]));
    }

    private void readPacket(FrameRecord into, int type, long number, long offset, int len) throws IOException {
        int header = type == SPB ? SIMPLE_HEADER : PACKET_HEADER;
        if (len < header + 4) {
            throw fail(number, offset, "block total length " + len + " is too short for a packet block ("
                    + (header + 4) + ")");
        }
        int got = in.fill(header);
        if (got < header) {
            throw truncated(number, offset, offset + got, len - got);
        }
        byte[] b = in.buffer();
        int p = in.bufferPosition();
        long room = len - header - 4;
        int localId;
        long units;
        long captured;
        long original;
        if (type == SPB) {
            localId = 0;
            units = 0;
            original = u32(b, p + 8);
            captured = Math.min(original, room);
        } else {
            localId = type == OPB ? u16(b, p + 8) : i32(b, p + 8);
            units = (u32(b, p + 12) << 32) | u32(b, p + 16);
            captured = u32(b, p + 20);
            original = u32(b, p + 24);
        }
        if (localId < 0 || localId >= current.interfaceCount) {
            throw fail(number, offset, "interface id " + Integer.toUnsignedString(localId) + " is not defined in section "
                    + current.index + " (" + current.interfaceCount + " interfaces)");
        }
        InterfaceInfo iface = interfaces.get(current.interfaces[localId]);
        if (type == SPB && iface.snaplen() > 0) {
            captured = Math.min(captured, iface.snaplen());
        }
        if (captured > room) {
            throw fail(number, offset, "captured length " + captured + " exceeds the block body of " + room + " bytes");
        }
        if (captured > CaptureLimits.MAX_CAPTURED_LENGTH) {
            throw fail(number, offset, "captured length " + captured + " exceeds the limit of "
                    + CaptureLimits.MAX_CAPTURED_LENGTH + " bytes");
        }
        in.consume(header);
        if (!in.mayHave(captured)) {
            long end = offset + header + in.remaining();
            throw truncated(number, offset, end, offset + len - end);
        }
        long ts = type == SPB ? 0
                : timestampNanos(units, iface.tsresol()) + iface.timestampOffsetSeconds() * 1_000_000_000L;
        int cap = (int) captured;
        int read = in.readFrame(into, frameNumber + 1, ts, iface.id(), iface.linkType(), cap, original, offset);
        if (read < cap) {
            throw truncated(number, offset, offset + header + read, len - header - read);
        }
        long rest = len - header - cap - 4;
        long padding = ((cap + 3) & ~3) - cap;
        if (type == EPB && rest > padding) {
            skipWithin(padding, number, offset, len);
            readPacketOptions(into, rest - padding, number, offset, len);
        } else {
            skipWithin(rest, number, offset, len);
        }
        checkTrailer(number, offset, len);
        if (type != SPB && iface.snaplen() > 0 && cap > iface.snaplen()) {
            into.markExceededSnaplen(iface.snaplen());
        }
        frameNumber++;
    }

    /**
     * Walks an Enhanced Packet Block's options ({@code left} bytes up to the block's trailer) and keeps
     * {@code epb_flags} and jumbocap's custom option ({@link KernelFactsOption}) in the record. Options are
     * read as the interface options are: one whose length runs past the block ends the walk, and one of a
     * known code but a length that does not fit it (flags not 4 bytes, a custom option too short for its
     * data, jumbocap's of an unknown version) is ignored, with one line saying so in the record ({@link
     * FrameRecord#optionProblem}); another enterprise's custom option is skipped silently. The frame is read
     * either way. At most 16 bytes of an option are looked at, so nothing is allocated from its length.
     */
    private void readPacketOptions(FrameRecord into, long left, long number, long offset, int len) throws IOException {
        while (left >= 4) {
            int got = in.fill(4);
            if (got < 4) {
                throw truncated(number, offset, in.position() + got, offset + len - in.position() - got);
            }
            long at = in.position();
            int code = u16(in.buffer(), in.bufferPosition());
            int olen = u16(in.buffer(), in.bufferPosition() + 2);
            in.consume(4);
            left -= 4;
            long padded = (olen + 3) & ~3;
            if (code == OPT_END) {
                break;
            }
            if (padded > left) {
                into.withOptionProblem(optionProblem(number, at, "option " + code + " of " + olen
                        + " bytes runs past the end of the block (" + left + " bytes left)"));
                break;
            }
            boolean custom = code == KernelFactsOption.CUSTOM_BINARY_COPY || code == KernelFactsOption.CUSTOM_BINARY_NO_COPY;
            int wanted = code == KernelFactsOption.EPB_FLAGS ? (olen == 4 ? 4 : 0)
                    : custom ? Math.min(olen, KernelFactsOption.CUSTOM_VALUE_LENGTH) : 0;
            if (code == KernelFactsOption.EPB_FLAGS && olen != 4) {
                into.withOptionProblem(optionProblem(number, at, "epb_flags of " + olen + " bytes (a flags word is 4)"));
            } else if (custom && olen < 4) {
                into.withOptionProblem(optionProblem(number, at, "custom option " + code + " of " + olen
                        + " bytes, too short for a Private Enterprise Number (4)"));
            }
            if (wanted > 0) {
                got = in.fill(wanted);
                if (got < wanted) {
                    throw truncated(number, offset, in.position() + got, offset + len - in.position() - got);
                }
                byte[] b = in.buffer();
                int p = in.bufferPosition();
                if (code == KernelFactsOption.EPB_FLAGS) {
                    into.withPacketFlags(u32(b, p));
                } else if (olen >= 4 && KernelFactsOption.u32(b, p, bigEndian) == KernelFactsOption.PEN) {
                    VnetHeader vnet = KernelFactsOption.parse(b, p, olen, bigEndian);
                    if (vnet != null) {
                        into.withVnetHeader(vnet);
                    } else {
                        into.withOptionProblem(optionProblem(number, at, olen < KernelFactsOption.CUSTOM_VALUE_LENGTH
                                ? "jumbocap's kernel-facts option of " + olen + " bytes (needs "
                                        + KernelFactsOption.CUSTOM_VALUE_LENGTH + ")"
                                : "jumbocap's kernel-facts option of layout version " + (b[p + 4] & 0xFF)
                                        + " (this reader knows " + KernelFactsOption.VERSION + ")"));
                    }
                }
            }
            skipWithin(padded, number, offset, len);
            left -= padded;
        }
        skipWithin(left, number, offset, len);
    }

    private static String optionProblem(long number, long at, String problem) {
        return "block " + number + ", option at byte offset " + at + ": " + problem;
    }

    /** Skips {@code n} bytes of the block at {@code offset}, failing when the file ends first. */
    private void skipWithin(long n, long number, long offset, int len) throws IOException {
        long at = in.position();
        long skipped = in.skip(n);
        if (skipped < n) {
            throw truncated(number, offset, at + skipped, offset + len - at - skipped);
        }
    }

    private void skipBlock(long number, long offset, int len) throws IOException {
        in.consume(8);
        long skipped = in.skip(len - 12);
        if (skipped < len - 12) {
            throw truncated(number, offset, offset + 8 + skipped, len - 8 - skipped);
        }
        checkTrailer(number, offset, len);
    }

    private void checkTrailer(long number, long offset, int len) throws IOException {
        int got = in.fill(4);
        if (got < 4) {
            throw truncated(number, offset, offset + len - 4 + got, 4 - got);
        }
        long trailer = u32(in.buffer(), in.bufferPosition());
        if (trailer != len) {
            throw fail(number, offset, "block total length " + len + " does not match the copy at its end ("
                    + trailer + ")");
        }
        in.consume(4);
    }

    /** The whole block in {@code scratch}, its trailer checked; for the small blocks parsed field by field. */
    private byte[] readWhole(long number, long offset, int len) throws IOException {
        if (!in.mayHave(len)) {
            long end = offset + in.remaining();
            throw truncated(number, offset, end, offset + len - end);
        }
        if (scratch.length < len) {
            scratch = new byte[Math.max(len, scratch.length * 2)];
        }
        int read = in.read(scratch, 0, len);
        if (read < len) {
            throw truncated(number, offset, offset + read, len - read);
        }
        long trailer = u32(scratch, len - 4);
        if (trailer != len) {
            throw fail(number, offset, "block total length " + len + " does not match the copy at its end ("
                    + trailer + ")");
        }
        return scratch;
    }

    /** Converts timestamp units of an if_tsresol to nanoseconds; finer than 1 ns truncates. */
    public static long timestampNanos(long units, int tsresol) {
        int e = tsresol & 0x7F;
        if ((tsresol & 0x80) == 0) {
            if (e == 9) {
                return units;
            }
            if (e < 9) {
                return units * POW10[9 - e];
            }
            return e - 9 >= POW10.length ? 0 : Long.divideUnsigned(units, POW10[e - 9]);
        }
        if (e == 0) {
            return units * 1_000_000_000L;
        }
        long seconds = e >= 64 ? 0 : units >>> e;
        long fraction = e >= 64 ? units : units & ((1L << e) - 1);
        int shift = e;
        if (shift > 34) {
            // keeps fraction * 10^9 within 64 unsigned bits; only sub-nanosecond bits are lost
            fraction = shift - 34 >= 64 ? 0 : fraction >>> (shift - 34);
            shift = 34;
        }
        return seconds * 1_000_000_000L + ((fraction * 1_000_000_000L) >>> shift);
    }

    private CaptureFormatException truncated(long number, long offset, long endOfFile, long needed) {
        String what = blockNumberKnown ? "block " + number : "the block";
        return fail(number, offset, "file ends inside " + what + " at byte offset " + endOfFile + " (needs " + needed
                + " more bytes)");
    }

    private CaptureFormatException fail(long number, long offset, String problem) {
        String damage = in.damage();
        if (damage != null) {
            problem = problem + " (" + damage + ")";
        }
        failure = blockNumberKnown
                ? new CaptureFormatException(name, "block", number, offset, problem)
                : new CaptureFormatException(name, "block after frame", frameNumber, offset, problem);
        return failure;
    }

    @Override
    public void seek(long fileOffset, long frameNumber) throws IOException {
        if (!in.seekable()) {
            throw new UnsupportedOperationException(name + " is a stream and cannot seek");
        }
        failure = null;
        if (fileOffset < scannedUntil) {
            in.seek(fileOffset);
            current = sectionAt(fileOffset);
            bigEndian = current.bigEndian;
            blockNumberKnown = false;
        } else {
            in.seek(scannedUntil);
            current = sections.get(sections.size() - 1);
            bigEndian = current.bigEndian;
            while (in.position() < fileOffset) {
                if (readBlock(null, false) == END) {
                    throw new IllegalArgumentException("offset " + fileOffset + " is beyond the end of " + name);
                }
            }
            if (in.position() != fileOffset) {
                throw new IllegalArgumentException("offset " + fileOffset + " is not a block boundary in " + name);
            }
        }
        this.frameNumber = frameNumber - 1;
    }

    /** The section whose header is the last one at or before {@code offset}. */
    private Section sectionAt(long offset) {
        int lo = 0;
        int hi = sections.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (sections.get(mid).offset <= offset) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return sections.get(lo);
    }

    @Override
    public boolean seekable() {
        return in.seekable();
    }

    @Override
    public List<InterfaceInfo> interfaces() {
        return interfacesView;
    }

    @Override
    public List<String> interfaceComments(int interfaceId) {
        return interfaceComments.getOrDefault(interfaceId, List.of());
    }

    @Override
    public List<InterfaceStatistics> interfaceStatistics() {
        return Collections.unmodifiableList(interfaceStatistics);
    }

    /** Sections seen so far. */
    public int sectionCount() {
        return sections.size();
    }

    /** Version of the last section header read, "1.0". */
    public String version() {
        return versionMajor + "." + versionMinor;
    }

    @Override
    public String formatName() {
        return "pcapng";
    }

    @Override
    public int linkType() {
        return interfaces.isEmpty() ? -1 : interfaces.get(0).linkType();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    private static String text(byte[] b, int off, int len) {
        int end = off + len;
        while (end > off && b[end - 1] == 0) {
            end--;
        }
        return new String(b, off, end - off, StandardCharsets.UTF_8);
    }

    private int i32(byte[] b, int p) {
        int be = be32(b, p);
        return bigEndian ? be : Integer.reverseBytes(be);
    }

    private long u32(byte[] b, int p) {
        return i32(b, p) & 0xFFFFFFFFL;
    }

    private int u16(byte[] b, int p) {
        return bigEndian ? (b[p] & 0xFF) << 8 | (b[p + 1] & 0xFF) : (b[p + 1] & 0xFF) << 8 | (b[p] & 0xFF);
    }

    private long i64(byte[] b, int p) {
        long hi = u32(b, p);
        long lo = u32(b, p + 4);
        return bigEndian ? hi << 32 | lo : lo << 32 | hi;
    }

    private static int be32(byte[] b, int p) {
        return (b[p] & 0xFF) << 24 | (b[p + 1] & 0xFF) << 16 | (b[p + 2] & 0xFF) << 8 | (b[p + 3] & 0xFF);
    }
}
