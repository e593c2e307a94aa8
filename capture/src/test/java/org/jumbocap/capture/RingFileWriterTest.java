package org.jumbocap.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ring buffer moves on between frames only: by size, by age (on a clock the test turns) and keeping
 * the newest files; every file reads whole, and the files together hold the frames in order.
 */
class RingFileWriterTest {
    private static final Path SAMPLE = Path.of("../samples/ipv6-bigtcp-veth.pcap");
    private static final LocalDateTime START = LocalDateTime.of(2026, 12, 2, 1, 2, 3);

    @TempDir
    Path dir;

    @Test
    void filesAreNamedAsDumpcapNamesThem() {
        assertEquals(Path.of("/x/ring_00001_20261202010203.pcapng"), RingFileWriter.nameOf(Path.of("/x/ring.pcapng"), 1, START));
        assertEquals(Path.of("cap_00012_20261202010203"), RingFileWriter.nameOf(Path.of("cap"), 12, START));
        assertEquals(Path.of("a.b_123456_20261202010203.pcap"), RingFileWriter.nameOf(Path.of("a.b.pcap"), 123456, START));
    }

    @Test
    void bySizeEachFileEndsAtTheFirstFrameBoundaryPastTheSizeAndTheFilesHoldEveryFrame() throws Exception {
        List<FrameRecord> original = LiveFileWriterTest.readAll(SAMPLE);
        long limit = 500_000;
        RingFileWriter ring = ring(new RingFileWriter.Limits(limit, 0, 0), new AtomicLong());
        for (int i = 0; i < original.size(); i++) {
            FrameRecord f = original.get(i);
            if (i % 2 == 0) {
                ring.write(f);
            } else {
                ring.write(f, ByteBuffer.wrap(f.bytes()));
            }
        }
        ring.close();
        assertEquals(original.size(), ring.frames());
        List<Path> files = files();
        assertEquals(ring.filesWritten(), files.size());
        assertEquals(files, ring.files());
        assertTrue(files.size() >= 5, "a 3.6 MB capture in 500 kB files: " + files);
        List<FrameRecord> back = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            List<FrameRecord> frames = LiveFileWriterTest.readAll(files.get(i));
            long size = Files.size(files.get(i));
            if (i < files.size() - 1) {
                assertTrue(size >= limit, files.get(i) + " reached the size: " + size);
                long lastRecord = 16 + frames.get(frames.size() - 1).capturedLength();
                assertTrue(size - lastRecord < limit, files.get(i) + " ended at the first frame past the size");
            }
            back.addAll(frames);
        }
        assertEquals(original.size(), back.size());
        for (int i = 0; i < back.size(); i++) {
            assertArrayEquals(original.get(i).bytes(), back.get(i).bytes(), "frame " + (i + 1));
        }
    }

    @Test
    void aFileCountKeepsTheNewestAndAgeMovesOnEvenWithoutFrames() throws Exception {
        List<FrameRecord> original = LiveFileWriterTest.readAll(SAMPLE);
        AtomicLong clock = new AtomicLong();
        RingFileWriter ring = ring(new RingFileWriter.Limits(0, 10, 3), clock);
        for (int i = 0; i < 40; i++) {
            if (i % 10 == 0 && i > 0) {
                clock.addAndGet(10_000_000_000L);
            }
            ring.write(original.get(i));
        }
        assertEquals(4, ring.filesWritten());
        clock.addAndGet(10_000_000_000L);
        ring.flush();
        ring.close();
        assertEquals(5, ring.filesWritten(), "a pause past the age begins a new file");
        List<Path> files = files();
        assertEquals(List.of("ring_00003", "ring_00004", "ring_00005"),
                files.stream().map(p -> p.getFileName().toString().substring(0, 10)).toList());
        assertEquals(10, LiveFileWriterTest.readAll(files.get(0)).size());
        assertEquals(0, LiveFileWriterTest.readAll(files.get(2)).size());
        assertArrayEquals(original.get(39).bytes(), LiveFileWriterTest.readAll(files.get(1)).get(9).bytes());
        assertEquals(40, ring.frames());
        assertEquals("the ring buffer's files (" + dir.resolve("ring_*.pcap") + ") hold the 40 frames written before,"
                + " each valid", ring.whatIsKept());
    }

    private RingFileWriter ring(RingFileWriter.Limits limits, AtomicLong clock) throws Exception {
        return new RingFileWriter(dir.resolve("ring.pcap"), limits, file -> new LiveFileWriter(file, 1, 262144),
                clock::get, () -> START);
    }

    private List<Path> files() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }
}
