package org.jumbocap.io.pcapng;

import static org.jumbocap.io.CaptureBytes.frame;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.io.CaptureBytes;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.CraftedCaptureFiles;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.InterfaceInfo;
import org.jumbocap.io.files.FrameIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PcapngReaderTest {
    private static final long BASE = CraftedCaptureFiles.BASE_SECONDS;
    private static final long BASE_NS = BASE * 1_000_000_000L;

    private static List<FrameRecord> readAll(PcapngReader reader) throws IOException {
        List<FrameRecord> out = new ArrayList<>();
        FrameRecord r = new FrameRecord();
        while (reader.next(r)) {
            out.add(r.copy());
        }
        return out;
    }

    /**
     * Values as tshark shows them for samples/crafted-files/pcapng-two-sections.pcapng (frame.time_epoch,
     * frame.len, frame.cap_len, encapsulation); interface ids here are file-wide as capinfos numbers them.
     */
    @Test
    void twoSectionsOfDifferentByteOrderWithTheirOwnResolutions() throws IOException {
        try (PcapngReader reader = new PcapngReader(new ByteArrayInputStream(CraftedCaptureFiles.twoSections()), "two")) {
            List<FrameRecord> f = readAll(reader);
            assertEquals(6, f.size());
            long[] ts = {BASE_NS + 1_000, BASE_NS + 2_000, BASE_NS + 100_000_000_000L + 3, BASE_NS + 500_000_000,
                BASE_NS + 250_000_000, 0};
            int[] iface = {0, 0, 1, 2, 2, 1};
            int[] linkType = {1, 1, 1, 101, 101, 1};
            int[] cap = {60, 61, 62, 63, 64, 70};
            long[] orig = {60, 1500, 62, 63, 64, 70};
            for (int i = 0; i < 6; i++) {
                String what = "frame " + (i + 1);
                assertEquals(i + 1, f.get(i).number(), what);
                assertEquals(ts[i], f.get(i).timestampNanos(), what);
                assertEquals(iface[i], f.get(i).interfaceId(), what);
                assertEquals(linkType[i], f.get(i).linkType(), what);
                assertEquals(cap[i], f.get(i).capturedLength(), what);
                assertEquals(orig[i], f.get(i).originalLength(), what);
                assertArrayEquals(frame(i + 1, cap[i]), f.get(i).bytes(), what);
            }
            assertEquals(2, reader.sectionCount());
            List<InterfaceInfo> ifs = reader.interfaces();
            assertEquals(3, ifs.size());
            assertEquals(new InterfaceInfo(0, 0, 0, 1, 262144, "eth0", "big-endian section", 6, 0), ifs.get(0));
            assertEquals(new InterfaceInfo(1, 1, 0, 1, 262144, "eth1", null, 9, 100), ifs.get(1));
            assertEquals(new InterfaceInfo(2, 1, 1, 101, 0, "raw0", null, 0x94, 0), ifs.get(2));
            assertEquals("2^-20 s", ifs.get(2).resolutionText());
            assertEquals("10^-9 s", ifs.get(1).resolutionText());
            assertEquals(1, reader.linkType());
        }
    }

    @Test
    void timestampResolutions() {
        assertEquals(1_500_000L, PcapngReader.timestampNanos(1500, 6));
        assertEquals(1500L, PcapngReader.timestampNanos(1500, 9));
        assertEquals(1_000_000_000L, PcapngReader.timestampNanos(1, 0));
        assertEquals(1_000_000L, PcapngReader.timestampNanos(1, 3));
        assertEquals(1L, PcapngReader.timestampNanos(1999, 12));
        assertEquals(1_844_674_407_370_955_161L, PcapngReader.timestampNanos(-1L, 10), "units are unsigned");
        assertEquals(1_500_000_000L, PcapngReader.timestampNanos(3, 0x80 | 1));
        assertEquals(7_000_000_000L, PcapngReader.timestampNanos(7, 0x80));
        assertEquals(BASE_NS + 500_000_000, PcapngReader.timestampNanos(BASE << 30 | 1L << 29, 0x80 | 30));
        assertEquals(2_000_000_000L + 250_000_000, PcapngReader.timestampNanos(2L << 40 | 1L << 38, 0x80 | 40));
        assertEquals(0, PcapngReader.timestampNanos(1, 0x80 | 127));
    }

    @Test
    void unknownAndNonPacketBlocksAreSkipped() throws IOException {
        try (PcapngReader reader = new PcapngReader(new ByteArrayInputStream(CraftedCaptureFiles.unknownBlocks()), "u")) {
            List<FrameRecord> f = readAll(reader);
            assertEquals(3, f.size());
            for (int i = 0; i < 3; i++) {
                assertArrayEquals(frame(i + 1, 60 + i), f.get(i).bytes());
                assertEquals(BASE_NS + (i + 1) * 1000L, f.get(i).timestampNanos());
            }
        }
    }

    @Test
    void simplePacketBlockIsCutToTheSnaplenOfInterfaceZero() throws IOException {
        byte[] bytes = CaptureBytes.bigEndian().shb(1, 0).idb(1, 64)
                .block(PcapngReader.SPB, CaptureBytes.bigEndian().u32(1500).bytes(frame(1, 64)).toArray()).toArray();
        try (PcapngReader reader = new PcapngReader(new ByteArrayInputStream(bytes), "spb")) {
            List<FrameRecord> f = readAll(reader);
            assertEquals(1, f.size());
            assertEquals(64, f.get(0).capturedLength());
            assertEquals(1500, f.get(0).originalLength());
            assertArrayEquals(frame(1, 64), f.get(0).bytes());
        }
    }

    @Test
    void packetBlockBeforeAnyInterfaceIsAFault() throws IOException {
        byte[] bytes = CaptureBytes.littleEndian().shb(1, 0).epb(0, 1, frame(1, 60)).toArray();
        try (PcapngReader reader = new PcapngReader(new ByteArrayInputStream(bytes), "noif")) {
            assertEquals(-1, reader.linkType());
            CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> reader.next(new FrameRecord()));
            assertEquals("noif: block 2 at byte offset 28: interface id 0 is not defined in section 0 (0 interfaces)",
                    e.getMessage());
        }
    }

    @Test
    void unknownByteOrderMagicIsAFault() {
        byte[] bytes = CaptureBytes.littleEndian().u32(PcapngReader.SHB).u32(28).u32(0x11223344).u16(1).u16(0)
                .u64(-1).u32(28).toArray();
        CaptureFormatException e = assertThrows(CaptureFormatException.class,
                () -> new PcapngReader(new ByteArrayInputStream(bytes), "bom"));
        assertEquals("bom: block 1 at byte offset 0: section header has an unknown byte-order magic 0x44332211",
                e.getMessage());
    }

    /** Through the index, frames come back in any order with the right section's interfaces and byte order. */
    @Test
    void randomAccessAcrossSections(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("two.pcapng");
        Files.write(file, CraftedCaptureFiles.twoSections());
        List<FrameRecord> sequential;
        try (PcapngReader reader = PcapngReader.open(file)) {
            sequential = readAll(reader);
        }
        try (FrameIndex index = FrameIndex.build(file)) {
            assertNull(index.failure().orElse(null));
            assertEquals(6, index.size());
            FrameRecord r = new FrameRecord();
            for (long n : new long[] {6, 1, 4, 2, 5, 3, 3, 6}) {
                index.read(n, r);
                FrameRecord want = sequential.get((int) n - 1);
                assertEquals(n, r.number());
                assertEquals(want.timestampNanos(), r.timestampNanos(), "frame " + n);
                assertEquals(want.interfaceId(), r.interfaceId(), "frame " + n);
                assertEquals(want.linkType(), r.linkType(), "frame " + n);
                assertArrayEquals(want.bytes(), r.bytes(), "frame " + n);
            }
        }
        // a fresh reader seeking past what it has read scans the headers on the way
        try (PcapngReader reader = PcapngReader.open(file)) {
            FrameRecord r = new FrameRecord();
            reader.seek(sequential.get(4).fileOffset(), 5);
            assertTrue(reader.next(r));
            assertEquals(2, r.interfaceId());
            assertEquals(sequential.get(4).timestampNanos(), r.timestampNanos());
            assertTrue(reader.next(r));
            assertEquals(6, r.number());
            assertFalse(reader.next(r));
        }
        try (PcapngReader reader = PcapngReader.open(file)) {
            assertThrows(IllegalArgumentException.class, () -> reader.seek(sequential.get(4).fileOffset() + 4, 5));
        }
    }

    @Test
    void indexKeepsTheFramesBeforeAFault() throws IOException {
        Path file = CraftedCaptureFiles.directory().resolve("pcapng-trailer-mismatch.pcapng");
        try (FrameIndex index = FrameIndex.build(file)) {
            assertEquals(1, index.size());
            assertEquals(140, index.failure().orElseThrow().byteOffset());
            FrameRecord r = index.read(1, new FrameRecord());
            assertArrayEquals(frame(1, 60), r.bytes());
            assertThrows(IndexOutOfBoundsException.class, () -> index.read(2, r));
        }
    }
}
