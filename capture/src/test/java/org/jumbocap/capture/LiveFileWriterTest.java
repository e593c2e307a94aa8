package org.jumbocap.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.io.VnetHeader;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * A live capture writes frames from libpcap's buffer without copying them into the record
 * ({@link LiveFileWriter#write(FrameRecord, ByteBuffer)}); the file must be byte for byte the one the
 * copying path writes, in both formats, for every kernel sample (super-packets, odd lengths that pcapng
 * pads, cut frames, frames with the kernel's facts).
 */
class LiveFileWriterTest {
    private static final Path SAMPLES = Path.of("../samples");

    @TempDir
    Path dir;

    static List<FrameRecord> readAll(Path file) throws IOException {
        List<FrameRecord> out = new ArrayList<>();
        try (CaptureReader reader = CaptureFiles.open(file)) {
            FrameRecord r = new FrameRecord();
            while (reader.next(r)) {
                out.add(r.copy());
            }
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> framesFromOutsideTheHeapWriteTheSameFileAsCopiedFrames() throws IOException {
        List<Path> samples;
        try (Stream<Path> s = Files.list(SAMPLES)) {
            samples = s.filter(p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng")).sorted().toList();
        }
        assertTrue(samples.size() >= 8, "kernel samples in " + SAMPLES.toAbsolutePath());
        return samples.stream().flatMap(sample -> Stream.of("pcap", "pcapng").map(ext ->
                DynamicTest.dynamicTest(sample.getFileName() + " -> ." + ext, () -> sameFile(sample, ext))));
    }

    private void sameFile(Path sample, String ext) throws IOException {
        List<FrameRecord> frames = readAll(sample);
        Path copied = dir.resolve("copied." + ext);
        Path inPlace = dir.resolve("in-place." + ext);
        int linkType = frames.get(0).linkType();
        try (LiveFileWriter w = new LiveFileWriter(copied, linkType, CaptureSource.MAX_SNAPLEN)) {
            for (FrameRecord f : frames) {
                w.write(f);
            }
        }
        FrameRecord header = new FrameRecord();
        try (LiveFileWriter w = new LiveFileWriter(inPlace, linkType, CaptureSource.MAX_SNAPLEN)) {
            for (FrameRecord f : frames) {
                ByteBuffer outside = ByteBuffer.allocateDirect(f.capturedLength());
                outside.put(f.data(), 0, f.capturedLength()).flip();
                header.prepareWithoutBytes(f.number(), f.timestampNanos(), f.interfaceId(), f.linkType(),
                        f.capturedLength(), f.originalLength());
                // the kernel's facts travel with the record as a capture source sets them (quic-veth-udpseg.pcapng)
                header.withPacketFlags(f.packetFlags()).withVnetHeader(f.vnetHeader());
                w.write(header, outside);
            }
            assertEquals(frames.size(), w.frames());
            assertEquals(Files.size(copied), w.bytes(), "bytes committed are the file's length");
        }
        assertArrayEquals(Files.readAllBytes(copied), Files.readAllBytes(inPlace), sample + " as " + ext);
        List<FrameRecord> back = readAll(inPlace);
        assertEquals(frames.size(), back.size());
        for (int i = 0; i < frames.size(); i++) {
            assertArrayEquals(frames.get(i).bytes(), back.get(i).bytes(), "frame " + (i + 1));
            assertEquals(frames.get(i).originalLength(), back.get(i).originalLength(), "frame " + (i + 1));
        }
    }

    @Test
    void aRecordWhoseBytesStayedOutsideRefusesToReadThem() {
        FrameRecord r = new FrameRecord();
        r.prepareWithoutBytes(7, 1, 0, 1, 185_000, 185_000);
        assertEquals(185_000, r.capturedLength());
        IllegalStateException e = assertThrows(IllegalStateException.class, r::data);
        assertTrue(e.getMessage().startsWith("frame 7:"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> r.buffer().u8(0));
        assertThrows(IllegalStateException.class, r::copy);
        r.prepare(8, 1, 0, 1, 4, 4, -1);
        assertTrue(r.data().length >= 4, "a refilled record holds bytes again");
    }

    /**
     * Without -U, frames reach the file in whole 4 KiB blocks of the file (as stdio writes for tcpdump -w);
     * a flush writes the rest, and the file then reads to its end. With -U every frame is in the file whole
     * as soon as it is written.
     */
    @Test
    void stagedFramesReachTheFileInWholeBlocksAndPacketBufferedOnesAtOnce() throws IOException {
        // super-packets, and the loss sample's hundreds of small ACKs (which fill the staging buffer)
        List<FrameRecord> frames = new ArrayList<>(readAll(SAMPLES.resolve("ipv6-bigtcp-veth.pcap")));
        frames.addAll(readAll(SAMPLES.resolve("ipv6-bigtcp-loss.pcap")));
        for (boolean packetBuffered : new boolean[] {false, true}) {
            Path out = dir.resolve("blocks-" + packetBuffered + ".pcap");
            FrameRecord header = new FrameRecord();
            int blockWrites = 0;
            try (LiveFileWriter w = new LiveFileWriter(out, frames.get(0).linkType(), CaptureSource.MAX_SNAPLEN)) {
                w.packetBuffered(packetBuffered);
                long headerOnly = Files.size(out);
                for (FrameRecord f : frames) {
                    ByteBuffer outside = ByteBuffer.allocateDirect(f.capturedLength());
                    outside.put(f.data(), 0, f.capturedLength()).flip();
                    header.prepareWithoutBytes(f.number(), f.timestampNanos(), f.interfaceId(), f.linkType(),
                            f.capturedLength(), f.originalLength());
                    w.write(header, outside);
                    long size = Files.size(out);
                    if (packetBuffered) {
                        assertEquals(w.bytes(), size, "frame " + f.number() + " is whole in the file at once");
                    } else {
                        assertTrue(size == headerOnly || size % 4096 == 0, "frame " + f.number() + ": file length " + size);
                        blockWrites += size > headerOnly ? 1 : 0;
                    }
                }
                w.flush();
                assertEquals(w.bytes(), Files.size(out), "a flush writes what is staged");
                assertEquals(frames.size(), readAll(out).size(), "the flushed file reads to its end");
            }
            if (!packetBuffered) {
                assertTrue(blockWrites > 0, "the super-packets filled blocks");
            }
        }
    }

    /**
     * With segmenting the file holds more records than frames were captured, and what a stopped capture
     * says it leaves counts the records the file holds, beside the frames they came from.
     */
    @Test
    void aSegmentingWriterCountsTheRecordsTheFileHolds() throws IOException {
        List<FrameRecord> frames = readAll(SAMPLES.resolve("ipv6-bigtcp-veth.pcap"));
        Path file = dir.resolve("segmented.pcap");
        String kept;
        try (LiveFileWriter w = new LiveFileWriter(file, 1, CaptureSource.MAX_SNAPLEN)) {
            w.segment(0, 1500);
            for (FrameRecord f : frames) {
                w.write(f);
            }
            w.flush();
            kept = w.whatIsKept();
        }
        int records = readAll(file).size();
        assertTrue(records > frames.size(), records + " records from " + frames.size() + " frames");
        assertEquals(file + " holds the " + records + " records written before (from " + frames.size()
                + " frames captured) and is valid", kept);
    }

    /**
     * The kernel's facts reach a pcapng file the same from both paths; written from outside the heap they
     * ride in the block's trailer, the largest one the writer makes (odd lengths pad up to 3 bytes).
     */
    @Test
    void theKernelsFactsReachTheFileFromBothPaths() throws IOException {
        List<FrameRecord> frames = new ArrayList<>(readAll(SAMPLES.resolve("ipv6-bigtcp-veth.pcap")).subList(0, 12));
        for (int i = 0; i < frames.size(); i++) {
            FrameRecord f = frames.get(i);
            if (i % 3 != 2) {
                f.withPacketFlags(PacketFlags.DIRECTION_OUTBOUND | PacketFlags.TCP_SEGMENTATION_OFFLOADED);
            }
            if (i % 2 == 0) {
                f.withVnetHeader(VnetHeader.of(1, VnetHeader.GSO_TCPV6, 94, 1428, 62, 16));
            }
        }
        Path copied = dir.resolve("facts-copied.pcapng");
        Path inPlace = dir.resolve("facts-in-place.pcapng");
        try (LiveFileWriter w = new LiveFileWriter(copied, 1, CaptureSource.MAX_SNAPLEN)) {
            for (FrameRecord f : frames) {
                w.write(f);
            }
        }
        FrameRecord header = new FrameRecord();
        try (LiveFileWriter w = new LiveFileWriter(inPlace, 1, CaptureSource.MAX_SNAPLEN)) {
            for (FrameRecord f : frames) {
                ByteBuffer outside = ByteBuffer.allocateDirect(f.capturedLength() + 3);
                outside.put(f.data(), 0, f.capturedLength()).flip();
                header.prepareWithoutBytes(f.number(), f.timestampNanos(), f.interfaceId(), f.linkType(),
                        f.capturedLength(), f.originalLength());
                header.withPacketFlags(f.packetFlags()).withVnetHeader(f.vnetHeader());
                w.write(header, outside);
            }
        }
        assertArrayEquals(Files.readAllBytes(copied), Files.readAllBytes(inPlace));
        List<FrameRecord> back = readAll(inPlace);
        for (int i = 0; i < frames.size(); i++) {
            assertEquals(frames.get(i).packetFlags(), back.get(i).packetFlags(), "frame " + (i + 1));
            assertEquals(frames.get(i).vnetHeader(), back.get(i).vnetHeader(), "frame " + (i + 1));
        }
    }
}
