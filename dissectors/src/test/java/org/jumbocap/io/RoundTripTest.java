package org.jumbocap.io;

import static org.jumbocap.io.CaptureBytes.frame;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.files.CaptureWriters;
import org.jumbocap.io.pcap.PcapWriter;
import org.jumbocap.io.pcapng.PcapngWriter;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** Read, write as pcap or pcapng, read again: the same frames. */
class RoundTripTest {
    private static final long BASE_NS = CraftedCaptureFiles.BASE_SECONDS * 1_000_000_000L;

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

    private static void write(CaptureWriter w, List<FrameRecord> frames) throws IOException {
        try (w) {
            for (FrameRecord f : frames) {
                w.write(f);
            }
        }
    }

    private static void assertSameFrames(List<FrameRecord> want, List<FrameRecord> got, boolean micros, String what) {
        assertEquals(want.size(), got.size(), what + ": frame count");
        for (int i = 0; i < want.size(); i++) {
            FrameRecord a = want.get(i);
            FrameRecord b = got.get(i);
            String f = what + " frame " + (i + 1);
            assertEquals(i + 1, b.number(), f);
            assertEquals(micros ? Math.floorDiv(a.timestampNanos(), 1000) * 1000 : a.timestampNanos(), b.timestampNanos(), f);
            assertEquals(a.linkType(), b.linkType(), f);
            assertEquals(a.capturedLength(), b.capturedLength(), f);
            assertEquals(a.originalLength(), b.originalLength(), f);
            assertArrayEquals(a.bytes(), b.bytes(), f);
        }
    }

    /** Odd sizes (padding), a jumbo frame, a cut frame, sub-microsecond times. */
    static List<FrameRecord> syntheticFrames(int linkType) {
        int[] sizes = {60, 61, 62, 63, 1514, 200_000, 0, 9000};
        List<FrameRecord> out = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            long orig = i == 7 ? 70_000 : sizes[i];
            out.add(new FrameRecord(i + 1, BASE_NS + i * 1_000_000_123L, linkType, frame(i, sizes[i]), orig));
        }
        return out;
    }

    @Test
    void syntheticFramesThroughEveryWriter() throws IOException {
        List<FrameRecord> frames = syntheticFrames(LinkTypes.ETHERNET);
        for (String name : List.of("a.pcapng", "a.pcap")) {
            for (boolean nanos : new boolean[] {true, false}) {
                Path file = dir.resolve((nanos ? "ns-" : "us-") + name);
                write(CaptureWriters.create(file, LinkTypes.ETHERNET, 262144, nanos), frames);
                assertSameFrames(frames, readAll(file), !nanos, file.getFileName().toString());
            }
        }
    }

    @Test
    void writersChooseTheFormatByFileName() throws IOException {
        try (CaptureWriter w = CaptureWriters.create(dir.resolve("x.PCAPNG"), 1, 65535)) {
            assertInstanceOf(PcapngWriter.class, w);
            assertEquals("pcapng", w.formatName());
        }
        try (CaptureWriter w = CaptureWriters.create(dir.resolve("x.cap"), 1, 65535)) {
            assertInstanceOf(PcapWriter.class, w);
            assertEquals("pcap", w.formatName());
        }
        try (CaptureReader r = CaptureFiles.open(dir.resolve("x.PCAPNG"))) {
            assertEquals("pcapng", r.formatName());
        }
    }

    @Test
    void pcapngKeepsSeveralLinkTypesAndInterfacesApart() throws IOException {
        List<FrameRecord> frames = new ArrayList<>();
        frames.add(new FrameRecord(1, BASE_NS, LinkTypes.ETHERNET, frame(1, 60), 60));
        frames.add(new FrameRecord(2, BASE_NS + 1, LinkTypes.RAW, frame(2, 40), 40));
        frames.add(new FrameRecord(3, BASE_NS + 2, LinkTypes.ETHERNET, frame(3, 60), 60).withInterface(4));
        frames.add(new FrameRecord(4, BASE_NS + 3, LinkTypes.ETHERNET, frame(4, 60), 60));
        Path file = dir.resolve("multi.pcapng");
        write(CaptureWriters.create(file, LinkTypes.ETHERNET, 262144), frames);
        List<FrameRecord> got = readAll(file);
        assertSameFrames(frames, got, false, "multi");
        assertEquals(List.of(0, 1, 2, 0), got.stream().map(FrameRecord::interfaceId).toList());
        try (CaptureReader r = CaptureFiles.open(file)) {
            assertEquals(1, r.interfaces().size(), "known at open: the IDBs before the first packet");
            FrameRecord f = new FrameRecord();
            while (r.next(f)) {
                assertTrue(f.interfaceId() < r.interfaces().size());
            }
            assertEquals(3, r.interfaces().size());
            assertEquals(LinkTypes.RAW, r.interfaces().get(1).linkType());
            assertEquals(9, r.interfaces().get(1).tsresol());
        }
    }

    @Test
    void namedInterfaces() throws IOException {
        Path file = dir.resolve("named.pcapng");
        try (PcapngWriter w = new PcapngWriter(Files.newOutputStream(file), LinkTypes.ETHERNET, 262144, false)) {
            int eth = w.addInterface(LinkTypes.ETHERNET, 262144, "veth-a");
            int sll = w.addInterface(LinkTypes.LINUX_SLL2, 65535, "any");
            w.write(sll, BASE_NS + 7_000, frame(1, 80), 0, 80, 80);
            w.write(eth, BASE_NS + 9_999, frame(2, 70), 0, 70, 70);
        }
        try (CaptureReader r = CaptureFiles.open(file)) {
            assertEquals("veth-a", r.interfaces().get(0).name());
            assertEquals("any", r.interfaces().get(1).name());
            assertEquals(65535, r.interfaces().get(1).snaplen());
            assertEquals(6, r.interfaces().get(1).tsresol());
            FrameRecord f = new FrameRecord();
            assertTrue(r.next(f));
            assertEquals(LinkTypes.LINUX_SLL2, f.linkType());
            assertEquals(BASE_NS + 7_000, f.timestampNanos());
            assertTrue(r.next(f));
            assertEquals(BASE_NS + 9_000, f.timestampNanos(), "microsecond resolution truncates");
            assertFalse(r.next(f));
        }
    }

    /** What a live capture relies on: after each flush the file holds every frame written, and nothing half. */
    @Test
    void flushedFilesAreValidWhileTheWriterIsOpen() throws IOException {
        for (String name : List.of("live.pcap", "live.pcapng")) {
            Path file = dir.resolve(name);
            List<FrameRecord> frames = syntheticFrames(LinkTypes.ETHERNET);
            try (CaptureWriter w = CaptureWriters.create(file, LinkTypes.ETHERNET, 262144, true)) {
                for (int i = 0; i < frames.size(); i++) {
                    w.write(frames.get(i));
                    w.flush();
                    assertSameFrames(frames.subList(0, i + 1), readAll(file), false, name + " after " + (i + 1));
                }
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> kernelSamplesSurviveARoundTrip() throws IOException {
        return KernelSamplesTest.sampleNames().stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            Path file = KernelSamplesTest.samples().resolve(name);
            Assumptions.assumeTrue(Files.exists(file), "sample " + file + " is absent (made by samples/generate.sh)");
            List<FrameRecord> frames = readAll(file);
            int linkType;
            try (CaptureReader r = CaptureFiles.open(file)) {
                linkType = r.linkType();
            }
            Path ng = dir.resolve(name + ".out.pcapng");
            write(CaptureWriters.create(ng, linkType, 262144), frames);
            assertSameFrames(frames, readAll(ng), false, name + " as pcapng");
            Path pcap = dir.resolve(name + ".out.pcap");
            write(CaptureWriters.create(pcap, linkType, 262144, true), frames);
            assertSameFrames(frames, readAll(pcap), false, name + " as pcap-nsec");
        }));
    }
}
