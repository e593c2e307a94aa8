package org.jumbocap.io.pcap;

import static org.jumbocap.io.CaptureBytes.frame;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.io.CaptureBytes;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.CaptureInput;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PcapReaderTest {
    private static final long BASE = 1_700_000_000L;
    private static final int MICROS = 0xA1B2C3D4;
    private static final int NANOS = 0xA1B23C4D;

    private static List<FrameRecord> readAll(PcapReader reader) throws IOException {
        List<FrameRecord> out = new ArrayList<>();
        FrameRecord r = new FrameRecord();
        while (reader.next(r)) {
            out.add(r.copy());
        }
        return out;
    }

    private static PcapReader stream(byte[] bytes) throws IOException {
        return new PcapReader(new ByteArrayInputStream(bytes), "test.pcap");
    }

    @Test
    void bothByteOrdersAndBothMagicsGiveTheSameFrames() throws IOException {
        for (boolean bigEndian : new boolean[] {false, true}) {
            for (boolean nanos : new boolean[] {false, true}) {
                CaptureBytes b = CaptureBytes.of(bigEndian).pcapHeader(nanos ? NANOS : MICROS, 262144, 276);
                b.pcapRecord(BASE, nanos ? 123_456_789 : 123_456, frame(1, 100));
                b.pcapRecord(BASE + 1, 0, 1514, 70_000, frame(2, 1514));
                try (PcapReader reader = stream(b.toArray())) {
                    String what = (bigEndian ? "big" : "little") + "-endian " + (nanos ? "nsec" : "usec");
                    assertEquals(bigEndian, reader.bigEndian(), what);
                    assertEquals(nanos ? "pcap-nsec" : "pcap", reader.formatName(), what);
                    assertEquals(276, reader.linkType(), what);
                    assertEquals(262144, reader.snaplen(), what);
                    assertEquals("2.4", reader.version(), what);
                    List<FrameRecord> frames = readAll(reader);
                    assertEquals(2, frames.size(), what);
                    assertEquals(BASE * 1_000_000_000L + (nanos ? 123_456_789 : 123_456_000), frames.get(0).timestampNanos(), what);
                    assertArrayEquals(frame(1, 100), frames.get(0).bytes(), what);
                    assertEquals(24, frames.get(0).fileOffset(), what);
                    assertEquals(276, frames.get(0).linkType(), what);
                    assertEquals(1514, frames.get(1).capturedLength(), what);
                    assertEquals(70_000, frames.get(1).originalLength(), what);
                    assertEquals(24 + 16 + 100, frames.get(1).fileOffset(), what);
                    assertTrue(frames.get(1).isCut(), what);
                }
            }
        }
    }

    @Test
    void fcsBitsAreMaskedFromTheLinkTypeAndUnsignedSecondsPass2038() throws IOException {
        try (PcapReader reader = stream(CaptureBytes.bigEndian().pcapHeader(NANOS, 65535, 0x24000000L | 1)
                .pcapRecord(0xFFFFFFF0L, 7, frame(1, 40)).toArray())) {
            assertEquals(1, reader.linkType());
            assertEquals(4, reader.fcsLength());
            List<FrameRecord> frames = readAll(reader);
            assertEquals(0xFFFFFFF0L * 1_000_000_000L + 7, frames.get(0).timestampNanos());
            assertEquals(1, frames.get(0).linkType());
        }
        try (PcapReader reader = stream(CaptureBytes.littleEndian().pcapHeader(MICROS, 65535, 1).toArray())) {
            assertEquals(-1, reader.fcsLength(), "no FCS information");
        }
    }

    @Test
    void capturedLengthAboveOriginalTakesTheCapturedLength() throws IOException {
        try (PcapReader reader = stream(CaptureBytes.littleEndian().pcapHeader(MICROS, 262144, 1)
                .pcapRecord(BASE, 0, 100, 50, frame(1, 100)).toArray())) {
            FrameRecord r = new FrameRecord();
            assertTrue(reader.next(r));
            assertEquals(100, r.capturedLength());
            assertEquals(100, r.originalLength());
            assertFalse(reader.next(r));
        }
    }

    @Test
    void aRecordAtTheSnaplenIsUnmarkedOneByteMoreIsReadAndMarkedOnlyTheCapFails() throws IOException {
        byte[] ok = CaptureBytes.littleEndian().pcapHeader(MICROS, 1500, 1).pcapRecord(BASE, 0, frame(1, 1500)).toArray();
        try (PcapReader reader = stream(ok)) {
            List<FrameRecord> frames = readAll(reader);
            assertEquals(1, frames.size());
            assertEquals(0, frames.get(0).exceededSnaplen());
        }
        byte[] over = CaptureBytes.littleEndian().pcapHeader(MICROS, 1500, 1).pcapRecord(BASE, 0, frame(1, 1501)).toArray();
        try (PcapReader reader = stream(over)) {
            List<FrameRecord> frames = readAll(reader);
            assertEquals(1, frames.size());
            assertEquals(1501, frames.get(0).capturedLength());
            assertEquals(1500, frames.get(0).exceededSnaplen());
        }
        long cap = org.jumbocap.io.CaptureLimits.MAX_CAPTURED_LENGTH;
        byte[] overCap = CaptureBytes.littleEndian().pcapHeader(MICROS, 1500, 1).pcapRecord(BASE, 0, cap + 1, cap + 1,
                frame(1, 10)).toArray();
        try (PcapReader reader = stream(overCap)) {
            CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> reader.next(new FrameRecord()));
            assertEquals(1, e.recordNumber());
            assertEquals(24, e.byteOffset());
        }
    }

    @Test
    void hugeCapturedLengthFailsBeforeAllocating() throws IOException {
        byte[] bytes = CaptureBytes.littleEndian().pcapHeader(MICROS, 0x7FFFFFFFL, 1)
                .pcapRecord(BASE, 0, 0x7FFFFFFFL, 0x7FFFFFFFL, frame(1, 10)).toArray();
        try (PcapReader reader = stream(bytes)) {
            FrameRecord r = new FrameRecord();
            CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> reader.next(r));
            assertEquals("test.pcap: record 1 at byte offset 24: captured length 2147483647 exceeds the limit of"
                    + " 16777216 bytes", e.getMessage());
            assertTrue(r.data().length < 1 << 20, "record array grew to " + r.data().length);
        }
    }

    @Test
    void framesLargerThanTheBufferReadTheSameThroughATinyBuffer() throws IOException {
        CaptureBytes b = CaptureBytes.littleEndian().pcapHeader(MICROS, 262144, 1);
        int[] sizes = {1, 63, 64, 65, 200, 262144, 7, 100_000, 0, 33};
        for (int i = 0; i < sizes.length; i++) {
            b.pcapRecord(BASE + i, i, frame(i, sizes[i]));
        }
        byte[] bytes = b.toArray();
        List<FrameRecord> big = readAll(stream(bytes));
        List<FrameRecord> tiny = readAll(new PcapReader(CaptureInput.of(new ByteArrayInputStream(bytes), 64), "tiny"));
        assertEquals(sizes.length, big.size());
        assertEquals(sizes.length, tiny.size());
        long offset = 24;
        for (int i = 0; i < sizes.length; i++) {
            assertArrayEquals(frame(i, sizes[i]), big.get(i).bytes(), "frame " + i);
            assertArrayEquals(frame(i, sizes[i]), tiny.get(i).bytes(), "frame " + i + " via tiny buffer");
            assertEquals(offset, tiny.get(i).fileOffset());
            assertEquals((BASE + i) * 1_000_000_000L + i * 1000L, tiny.get(i).timestampNanos());
            offset += 16 + sizes[i];
        }
    }

    @Test
    void unsupportedVersionIsReported() {
        byte[] bytes = CaptureBytes.littleEndian().u32(MICROS).u16(3).u16(0).u32(0).u32(0).u32(65535).u32(1).toArray();
        CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> stream(bytes));
        assertEquals("test.pcap: at byte offset 4: unsupported pcap version 3.0", e.getMessage());
    }

    /** A sparse file with a record 5 GiB in: seeking and offsets work past 32 bits. */
    @Test
    void seeksToARecordBeyondFourGibibytes(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("sparse.pcap");
        long far = 5L << 30;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                StandardOpenOption.SPARSE)) {
            ch.write(ByteBuffer.wrap(CaptureBytes.littleEndian().pcapHeader(MICROS, 262144, 1)
                    .pcapRecord(BASE, 1, frame(1, 60)).toArray()));
            ch.write(ByteBuffer.wrap(CaptureBytes.littleEndian().pcapRecord(BASE, 2, frame(2, 80)).toArray()), far);
        }
        try (PcapReader reader = PcapReader.open(file)) {
            assertTrue(reader.seekable());
            FrameRecord r = new FrameRecord();
            reader.seek(far, 1_000_000);
            assertTrue(reader.next(r));
            assertEquals(far, r.fileOffset());
            assertEquals(1_000_000, r.number());
            assertArrayEquals(frame(2, 80), r.bytes());
            assertFalse(reader.next(r));
            reader.seek(24, 1);
            assertTrue(reader.next(r));
            assertArrayEquals(frame(1, 60), r.bytes());
        }
    }

    @Test
    void streamsCannotSeek() throws IOException {
        try (PcapReader reader = stream(CaptureBytes.littleEndian().pcapHeader(MICROS, 65535, 1).toArray())) {
            assertFalse(reader.seekable());
            assertThrows(UnsupportedOperationException.class, () -> reader.seek(24, 1));
        }
    }
}
