package org.jumbocap.io;

import static org.jumbocap.io.CaptureBytes.frame;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Capture files with one fault each (and a few valid but unusual ones), committed under
 * samples/crafted-files/. {@code CraftedCaptureFilesTest} checks the committed bytes are what this
 * generator makes and writes them when run with {@code -Djumbocap.regenerate=true}.
 *
 * <p>Each case names how many frames come out before the fault and the exact message that follows the
 * file name, numbers and offsets worked out by hand from the layout: pcap header 24 bytes, a 60-byte
 * frame's record 76; pcapng SHB 28, IDB 20, EPB of a 60-byte frame 92.
 */
public final class CraftedCaptureFiles {
    /** 2023-11-14T22:13:20Z. */
    public static final long BASE_SECONDS = 1_700_000_000L;
    static final int MICROS = 0xA1B2C3D4;
    static final int NANOS = 0xA1B23C4D;
    static final int ETH = CaptureBytes.LINKTYPE_ETHERNET;
    static final int RAW = 101;

    /**
     * @param file          name under samples/crafted-files/
     * @param goodFrames    frames read before the fault (or in all, when there is none)
     * @param messageTail   the exception message after the file name, or null when the file reads cleanly
     */
    public record Case(String file, byte[] bytes, int goodFrames, String messageTail) {
    }

    private CraftedCaptureFiles() {
    }

    public static Path directory() {
        Path p = Path.of("samples", "crafted-files");
        return Files.isDirectory(p.getParent()) ? p : Path.of("..", "samples", "crafted-files");
    }

    /** pcap, little-endian microseconds, snaplen 262144, {@code n} 60-byte frames. */
    public static CaptureBytes pcapWithFrames(long snaplen, int n) {
        CaptureBytes b = CaptureBytes.littleEndian().pcapHeader(MICROS, snaplen, ETH);
        for (int i = 1; i <= n; i++) {
            b.pcapRecord(BASE_SECONDS, i, frame(i, 60));
        }
        return b;
    }

    /** pcapng, little-endian: SHB, IDB, one EPB of a 60-byte frame: 140 bytes, blocks 1 to 3. */
    public static CaptureBytes pcapngPrefix() {
        return CaptureBytes.littleEndian().shb(1, 0).idb(ETH, 262144).epb(0, BASE_SECONDS * 1_000_000L + 1, frame(1, 60));
    }

    public static List<Case> all() {
        CaptureBytes cutData = pcapWithFrames(262144, 2).pcapRecord(BASE_SECONDS, 3, 60, 60, frame(3, 25));
        CaptureBytes cutHeader = pcapWithFrames(262144, 1).u32(BASE_SECONDS).u16(0).u8(0);
        CaptureBytes cutBlock = pcapngPrefix().epb(0, 2, frame(2, 60));
        return List.of(
                new Case("empty.pcap", new byte[0], 0, ": at byte offset 0: empty file: not a pcap or pcapng file"),
                new Case("bad-magic.pcap", Arrays.copyOf("GIF89a".getBytes(StandardCharsets.US_ASCII), 24), 0,
                        ": at byte offset 0: not a pcap or pcapng file (magic 0x47494638)"),
                new Case("pcap-truncated-file-header.pcap", pcapWithFrames(262144, 0).cut(10), 0,
                        ": at byte offset 10: file ends inside the pcap file header (needs 14 more bytes)"),
                new Case("pcap-caplen-huge.pcap", pcapWithFrames(262144, 1)
                        .pcapRecord(BASE_SECONDS, 2, 0x7FFFFFFFL, 0x7FFFFFFFL, frame(2, 8)).toArray(), 1,
                        ": record 2 at byte offset 100: captured length 2147483647 exceeds the limit of 16777216 bytes"),
                new Case("pcap-caplen-huge-snaplen-0.pcap", pcapWithFrames(0, 1)
                        .pcapRecord(BASE_SECONDS, 2, 0xFFFFFFFFL, 0xFFFFFFFFL, frame(2, 8)).toArray(), 1,
                        ": record 2 at byte offset 100: captured length 4294967295 exceeds the limit of 16777216 bytes"),
                new Case("pcap-caplen-over-snaplen.pcap", CaptureBytes.littleEndian().pcapHeader(MICROS, 1500, ETH)
                        .pcapRecord(BASE_SECONDS, 1, frame(1, 2000)).pcapRecord(BASE_SECONDS, 2, frame(2, 60)).toArray(),
                        2, null),
                // if_tsresol 0x13 (10^-19 s): the first frame's time is a whole number of microseconds, the
                // second's is not; times print with nine decimals throughout the file
                new Case("pcapng-tsresol-19.pcapng", CaptureBytes.littleEndian().shb(1, 0)
                        .idb(ETH, 262144, null, null, 0x13, BASE_SECONDS)
                        .epb(0, 5_000_000_000_000_000_000L, frame(1, 60))
                        .epb(0, 5_000_000_012_345_678_900L, frame(2, 60))
                        .epb(0, 7_250_000_000_000_000_000L, frame(3, 60)).toArray(), 3, null),
                // the snaplen is the writer's claim: a longer record is read whole and marked
                new Case("pcapng-epb-over-snaplen.pcapng", CaptureBytes.littleEndian().shb(1, 0).idb(ETH, 1500)
                        .epb(0, BASE_SECONDS * 1_000_000L + 1, frame(1, 2000)).epb(0, BASE_SECONDS * 1_000_000L + 2,
                                frame(2, 60)).toArray(), 2, null),
                new Case("pcap-cut-in-record-data.pcap", cutData.toArray(), 2,
                        ": record 3 at byte offset 176: file ends inside record 3 data at byte offset 217"
                                + " (needs 35 more bytes)"),
                new Case("pcap-cut-in-record-header.pcap", cutHeader.toArray(), 1,
                        ": record 2 at byte offset 100: file ends inside record 2 header at byte offset 107"
                                + " (needs 9 more bytes)"),
                new Case("pcap-big-endian-nsec.pcap", bigEndianNanos(), 3, null),
                new Case("pcapng-block-length-not-multiple-of-4.pcapng", pcapngPrefix()
                        .block(5, 30, new byte[18], 30).toArray(), 1,
                        ": block 4 at byte offset 140: block total length 30 is not a multiple of 4"),
                new Case("pcapng-block-length-below-12.pcapng", pcapngPrefix()
                        .block(5, 8, new byte[0], 8).toArray(), 1,
                        ": block 4 at byte offset 140: block total length 8 is below the minimum of 12"),
                new Case("pcapng-trailer-mismatch.pcapng", pcapngPrefix().block(6, 92,
                        CaptureBytes.littleEndian().epbBody(0, 2, 60, 60, frame(2, 60)), 96).toArray(), 1,
                        ": block 4 at byte offset 140: block total length 92 does not match the copy at its end (96)"),
                new Case("pcapng-block-length-huge.pcapng", pcapngPrefix().block(6, 0xFFFFFFF0L,
                        CaptureBytes.littleEndian().epbBody(0, 2, 60, 60, frame(2, 60)), 92).toArray(), 1,
                        ": block 4 at byte offset 140: block total length 4294967280 exceeds the limit of"
                                + " 17825792 bytes"),
                new Case("pcapng-epb-caplen-beyond-block.pcapng", pcapngPrefix().block(6,
                        CaptureBytes.littleEndian().epbBody(0, 2, 0x7FFFFFFFL, 0x7FFFFFFFL, frame(2, 60))).toArray(), 1,
                        ": block 4 at byte offset 140: captured length 2147483647 exceeds the block body of 60 bytes"),
                new Case("pcapng-undefined-interface.pcapng", pcapngPrefix().epb(3, 2, frame(2, 60)).toArray(), 1,
                        ": block 4 at byte offset 140: interface id 3 is not defined in section 0 (1 interfaces)"),
                new Case("pcapng-cut-in-block.pcapng", cutBlock.cut(140 + 50), 1,
                        ": block 4 at byte offset 140: file ends inside block 4 at byte offset 190 (needs 42 more bytes)"),
                new Case("pcapng-shb-version-2.pcapng", CaptureBytes.littleEndian().shb(2, 0).idb(ETH, 262144)
                        .epb(0, 1, frame(1, 60)).toArray(), 0,
                        ": block 1 at byte offset 0: unsupported pcapng version 2.0"),
                new Case("pcapng-unknown-blocks-skipped.pcapng", unknownBlocks(), 3, null),
                new Case("pcapng-two-sections.pcapng", twoSections(), 6, null));
    }

    /** Big-endian nanosecond pcap whose link-type field also says "4 bytes of FCS". */
    public static byte[] bigEndianNanos() {
        CaptureBytes b = CaptureBytes.bigEndian().pcapHeader(NANOS, 65535, 0x24000000L | ETH);
        b.pcapRecord(BASE_SECONDS, 1, frame(1, 64));
        b.pcapRecord(BASE_SECONDS, 999_999_999, frame(2, 65));
        b.pcapRecord(0xFFFFFFF0L, 7, 40, 9000, frame(3, 40));
        return b.toArray();
    }

    /** Name resolution, statistics, decryption secrets, custom and unknown blocks around three EPBs. */
    public static byte[] unknownBlocks() {
        CaptureBytes b = CaptureBytes.littleEndian().shb(1, 0).idb(ETH, 262144);
        b.block(4, CaptureBytes.littleEndian().u16(1).u16(9).bytes(new byte[] {10, 0, 0, 1})
                .bytes("host\0".getBytes(StandardCharsets.US_ASCII)).pad4().u16(0).u16(0).toArray());
        b.epb(0, BASE_SECONDS * 1_000_000L + 1, frame(1, 60));
        b.block(5, CaptureBytes.littleEndian().u32(0).u32(0).u32(0).toArray());
        b.block(0xBAD, CaptureBytes.littleEndian().u32(32473).bytes(new byte[] {1, 2, 3}).toArray());
        b.block(0x12345678, new byte[40]);
        b.block(0x0A, CaptureBytes.littleEndian().u32(0x544c534b).u32(5).bytes(new byte[5]).toArray());
        b.epb(0, BASE_SECONDS * 1_000_000L + 2, frame(2, 61));
        b.block(0x40000BAD, CaptureBytes.littleEndian().u32(32473).toArray());
        b.block(0x80000001, new byte[0]);
        b.epb(0, BASE_SECONDS * 1_000_000L + 3, frame(3, 62));
        return b.toArray();
    }

    /**
     * Section 1 big-endian: eth0 at 10^-6 s, two EPBs. Section 2 little-endian: eth1 at 10^-9 s with
     * if_tsoffset 100 s, raw0 at 2^-20 s; an EPB on each, an obsolete Packet Block on raw0 and a Simple
     * Packet Block (interface 0 of the section, eth1).
     */
    public static byte[] twoSections() {
        CaptureBytes be = CaptureBytes.bigEndian().shb(1, 0)
                .idb(ETH, 262144, "eth0", "big-endian section", 6, null)
                .epb(0, BASE_SECONDS * 1_000_000L + 1, frame(1, 60))
                .epb(0, BASE_SECONDS * 1_000_000L + 2, frame(2, 61), 1500);
        CaptureBytes le = CaptureBytes.littleEndian().shb(1, 0)
                .idb(ETH, 262144, "eth1", null, 9, 100L)
                .idb(RAW, 0, "raw0", null, 0x80 | 20, null)
                .epb(0, BASE_SECONDS * 1_000_000_000L + 3, frame(3, 62))
                .epb(1, (BASE_SECONDS << 20) | (1 << 19), frame(4, 63));
        long opbUnits = (BASE_SECONDS << 20) | (1 << 18);
        le.block(2, CaptureBytes.littleEndian().u16(1).u16(0).u32(opbUnits >>> 32).u32(opbUnits).u32(64).u32(64)
                .bytes(frame(5, 64)).toArray());
        le.block(3, CaptureBytes.littleEndian().u32(70).bytes(frame(6, 70)).toArray());
        CaptureBytes all = CaptureBytes.littleEndian().bytes(be.toArray()).bytes(le.toArray());
        return all.toArray();
    }
}
