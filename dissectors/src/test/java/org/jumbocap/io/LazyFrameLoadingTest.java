package org.jumbocap.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.buffer.TruncatedException;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.files.FrameIndex;
import org.jumbocap.io.pcap.PcapReader;
import org.jumbocap.io.pcapng.PcapngReader;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Regular files are read lazily (each frame's first {@link CaptureInput#EAGER_PREFIX_LENGTH} bytes with
 * the record, the rest when asked for), streams eagerly; both must give the same frames and fail with
 * the same messages at the same offsets. Tiny mapped windows make records straddle window edges.
 */
class LazyFrameLoadingTest {
    /** A frame as a reader gave it, with every byte. */
    record Frame(long number, long timestamp, int interfaceId, int linkType, int captured, long original,
                 long fileOffset, byte[] bytes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Frame f && f.number == number && f.timestamp == timestamp && f.interfaceId == interfaceId
                    && f.linkType == linkType && f.captured == captured && f.original == original
                    && f.fileOffset == fileOffset && Arrays.equals(f.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(number);
        }

        @Override
        public String toString() {
            return "frame " + number + " (" + captured + "/" + original + " at " + fileOffset + ")";
        }
    }

    /** Every frame of a file and the message of the error that ended it, if any. */
    record Outcome(List<Frame> frames, String error) {
    }

    private static Path samples() {
        Path p = Path.of("samples");
        return Files.isDirectory(p.resolve("expected")) ? p : Path.of("..", "samples");
    }

    /** Every capture in samples/ and its crafted and broken subfolders. */
    private static List<Path> sampleFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path dir : List.of(samples(), samples().resolve("crafted"), samples().resolve("crafted-files"))) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> list = Files.list(dir)) {
                list.filter(f -> Files.isRegularFile(f))
                        .filter(f -> f.toString().endsWith(".pcap") || f.toString().endsWith(".pcapng"))
                        .sorted().forEach(files::add);
            }
        }
        return files;
    }

    private static Frame frame(FrameRecord r, byte[] bytes) {
        return new Frame(r.number(), r.timestampNanos(), r.interfaceId(), r.linkType(), r.capturedLength(),
                r.originalLength(), r.fileOffset(), bytes);
    }

    /**
     * Reads to the end or the first error. {@code how} picks, per frame, what fetches the bytes, so every
     * trigger of the lazy tail is used: bytes(), data(), copy(), FrameBuffer reads, array().
     */
    private static Outcome readAll(CaptureReader reader, boolean vary) throws IOException {
        List<Frame> frames = new ArrayList<>();
        String error = null;
        try (reader) {
            FrameRecord r = new FrameRecord();
            int i = 0;
            while (reader.next(r)) {
                byte[] bytes = switch (vary ? i % 5 : 0) {
                    case 1 -> Arrays.copyOf(r.data(), r.capturedLength());
                    case 2 -> r.copy().data();
                    case 3 -> viaGetters(r.buffer());
                    case 4 -> {
                        FrameBuffer b = r.buffer();
                        yield Arrays.copyOfRange(b.array(), b.arrayOffset(), b.arrayOffset() + b.capturedLength());
                    }
                    default -> r.bytes();
                };
                assertTrue(r.isLoaded(), "loaded after its bytes were read");
                frames.add(frame(r, bytes));
                i++;
            }
        } catch (CaptureFormatException e) {
            error = e.getMessage();
        }
        return new Outcome(frames, error);
    }

    /** Every byte through has-then-rawByte and u8/u16/u32 getters of a fresh view, front to back. */
    private static byte[] viaGetters(FrameBuffer b) {
        byte[] out = new byte[b.capturedLength()];
        int i = 0;
        for (; i + 4 <= out.length && i < 300; i += 4) {
            long v = b.u32(i);
            out[i] = (byte) (v >>> 24);
            out[i + 1] = (byte) (v >>> 16);
            out[i + 2] = (byte) (v >>> 8);
            out[i + 3] = (byte) v;
        }
        for (; i + 2 <= out.length && i < 700; i += 2) {
            int v = b.u16(i);
            out[i] = (byte) (v >>> 8);
            out[i + 1] = (byte) v;
        }
        for (; b.has(i, 1); i++) {
            out[i] = i % 2 == 0 ? b.rawByte(i) : (byte) b.u8(i);
        }
        return out;
    }

    private static Outcome viaStream(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return readAll(CaptureFiles.open(in, file.toString()), false);
        } catch (CaptureFormatException e) {
            return new Outcome(List.of(), e.getMessage());
        }
    }

    private static Outcome viaFile(Path file) throws IOException {
        CaptureReader reader;
        try {
            reader = CaptureFiles.open(file);
        } catch (CaptureFormatException e) {
            return new Outcome(List.of(), e.getMessage());
        }
        assertTrue(reader.seekable());
        return readAll(reader, true);
    }

    /** A file reader over tiny windows and a tiny prefix; the file must start with a pcap or pcapng magic. */
    private static CaptureReader openTiny(Path file, long window, int prefix) throws IOException {
        CaptureInput in = CaptureInput.open(file, window, prefix);
        try {
            if (in.fill(4) >= 4 && (in.buffer()[in.bufferPosition()] & 0xFF) == 0x0A) {
                return new PcapngReader(in, file.toString());
            }
            return new PcapReader(in, file.toString());
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    private static void assertSameOutcome(Outcome expected, Outcome actual, String what) {
        assertEquals(expected.frames().size(), actual.frames().size(), what + ": frames");
        for (int i = 0; i < expected.frames().size(); i++) {
            assertEquals(expected.frames().get(i), actual.frames().get(i), what + ": frame " + (i + 1));
        }
        assertEquals(expected.error(), actual.error(), what + ": error");
    }

    @TestFactory
    List<DynamicTest> everySampleReadsTheSameLazilyFromAFileAsFromAStream() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path f : sampleFiles()) {
            tests.add(DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
                Outcome stream = viaStream(f);
                assertSameOutcome(stream, viaFile(f), "file");
                if (stream.error() == null || !stream.frames().isEmpty()) {
                    // windows of an odd size, so records, headers and trailers straddle their edges
                    assertSameOutcome(stream, readAll(openTiny(f, 4099, 60), true), "4099-byte windows");
                }
            }));
        }
        Assumptions.assumeFalse(tests.isEmpty(), "no samples found");
        return tests;
    }

    @Test
    void windowsOfOneByteStillGiveEveryByte() throws IOException {
        Path f = samples().resolve("crafted-files").resolve("pcapng-two-sections.pcapng");
        Assumptions.assumeTrue(Files.isRegularFile(f), "sample missing");
        assertSameOutcome(viaStream(f), readAll(openTiny(f, 1, 1), true), "1-byte windows");
        Path big = samples().resolve("ipv6-bigtcp-vxlan.pcap");
        Assumptions.assumeTrue(Files.isRegularFile(big), "sample missing");
        assertSameOutcome(viaStream(big), readAll(openTiny(big, 7, 3), true), "7-byte windows");
    }

    private static Path superPacketSample() {
        Path f = samples().resolve("ipv6-bigtcp-veth.pcap");
        Assumptions.assumeTrue(Files.isRegularFile(f), "sample missing");
        return f;
    }

    /** Reads up to the next frame of more than {@code min} captured bytes whose tail was left in the file. */
    private static boolean nextBig(CaptureReader reader, FrameRecord r, int min) throws IOException {
        while (reader.next(r)) {
            if (r.capturedLength() > min && !r.isLoaded()) {
                return true;
            }
        }
        return false;
    }

    @Test
    void theTailOfAFrameStaysInTheFileUntilSomethingReadsIt() throws IOException {
        Path f = superPacketSample();
        try (CaptureReader reader = CaptureFiles.open(f)) {
            FrameRecord r = new FrameRecord();
            assertTrue(nextBig(reader, r, 65536));
            int cap = r.capturedLength();
            assertEquals(CaptureInput.EAGER_PREFIX_LENGTH, r.loadedLength());
            assertFalse(r.isLoaded());
            FrameBuffer b = r.buffer();
            assertSame(b, r.buffer(), "one view per record state");
            assertEquals(CaptureInput.EAGER_PREFIX_LENGTH, b.loadedLength());
            // headers: Ethernet, IPv6, hop-by-hop, TCP, all inside the prefix
            assertEquals(0x86DD, b.u16(12));
            b.u32(14);
            b.bytes(22, 32);
            b.string(0, 6);
            assertTrue(b.has(cap - 1, 1));
            assertFalse(b.has(cap, 1));
            assertThrows(TruncatedException.class, () -> b.u8(cap));
            FrameBuffer tcp = b.slice(54);
            tcp.u16(0);
            assertEquals(CaptureInput.EAGER_PREFIX_LENGTH, r.loadedLength(), "header reads leave the tail in the file");
            assertFalse(r.isLoaded());

            // a read past the prefix loads the rest, once
            b.u8(cap - 1);
            assertTrue(r.isLoaded());
            assertEquals(cap, r.loadedLength());
            assertEquals(cap, b.loadedLength());
            byte[] all = r.bytes();
            assertEquals(all[cap - 1] & 0xFF, b.u8(cap - 1));
            assertEquals(all[cap - 2] & 0xFF, tcp.u8(cap - 2 - 54), "the earlier slice loads the same bytes");
        }
    }

    @Test
    void anyTriggerLoadsTheWholeFrame() throws IOException {
        Path f = superPacketSample();
        Outcome stream = viaStream(f);
        List<java.util.function.Function<FrameRecord, byte[]>> triggers = List.of(
                r -> Arrays.copyOf(r.data(), r.capturedLength()),
                FrameRecord::bytes,
                r -> r.copy().bytes(),
                r -> Arrays.copyOf(r.buffer().array(), r.capturedLength()),
                r -> r.buffer().bytes(0, r.capturedLength()),
                r -> {
                    r.buffer().slice(1000).bytes(0, 1);
                    assertTrue(r.isLoaded());
                    return r.bytes();
                },
                r -> {
                    r.buffer().string(0, r.capturedLength());
                    assertTrue(r.isLoaded());
                    return r.bytes();
                },
                r -> r.load().bytes(),
                r -> {
                    r.buffer().rawByte(r.capturedLength() - 1);
                    assertTrue(r.isLoaded());
                    return r.bytes();
                },
                r -> {
                    r.buffer().slice(r.capturedLength() - 10).u16le(8);
                    assertTrue(r.isLoaded());
                    return r.bytes();
                });
        for (int i = 0; i < triggers.size(); i++) {
            try (CaptureReader reader = CaptureFiles.open(f)) {
                FrameRecord r = new FrameRecord();
                assertTrue(nextBig(reader, r, 65536));
                assertFalse(r.isLoaded());
                byte[] expected = stream.frames().get((int) r.number() - 1).bytes();
                assertArrayEquals(expected, triggers.get(i).apply(r), "trigger " + i);
                assertTrue(r.isLoaded(), "trigger " + i);
            }
        }
    }

    @Test
    void aTailReadsAfterTheReaderMovedOnAndFailsAfterItClosed() throws IOException {
        Path f = superPacketSample();
        FrameRecord a = new FrameRecord();
        FrameRecord b = new FrameRecord();
        FrameRecord kept;
        try (CaptureReader reader = CaptureFiles.open(f)) {
            assertTrue(nextBig(reader, a, 65536));
            FrameBuffer view = a.buffer();
            byte tenth = view.rawByte(10);
            assertTrue(nextBig(reader, b, 65536));
            // the reader moved on: an earlier record still loads its own tail (another thread may decode it)
            byte[] expectedA = viaStream(f).frames().get((int) a.number() - 1).bytes();
            assertFalse(a.isLoaded());
            assertEquals(expectedA[a.capturedLength() - 1] & 0xFF, view.u8(a.capturedLength() - 1));
            assertArrayEquals(expectedA, a.bytes());
            assertEquals(tenth, view.rawByte(10), "the loaded prefix stays readable");

            // a view of an earlier fill of the same record
            FrameBuffer old = b.buffer();
            assertTrue(nextBig(reader, b, 65536));
            assertThrows(IllegalStateException.class, () -> old.u8(old.capturedLength() - 1));
            assertFalse(b.isLoaded());
            kept = b.copy();
            assertTrue(nextBig(reader, b, 65536));
        }
        assertThrows(IllegalStateException.class, b::bytes, "reader closed");
        assertTrue(kept.isLoaded());
        assertEquals(kept.capturedLength(), kept.bytes().length);
    }

    @Test
    void closingUnmapsTheFile(@TempDir Path dir) throws IOException {
        Path maps = Path.of("/proc/self/maps");
        Assumptions.assumeTrue(Files.isReadable(maps), "no /proc/self/maps here");
        Path f = dir.resolve("mapped-" + System.nanoTime() + ".pcap");
        Files.copy(superPacketSample(), f);
        String path = f.toAbsolutePath().toString();
        FrameRecord r = new FrameRecord();
        try (CaptureReader reader = CaptureFiles.open(f)) {
            assertTrue(nextBig(reader, r, 65536));
            r.load();
            assertTrue(nextBig(reader, r, 65536));
            assertTrue(Files.readString(maps).contains(path), "mapped while open");
        }
        assertFalse(Files.readString(maps).contains(path), "unmapped once closed");
        assertThrows(IllegalStateException.class, r::data);
    }

    @Test
    void smallFramesAndStreamsAreReadWhole(@TempDir Path dir) throws IOException {
        Path f = superPacketSample();
        try (CaptureReader reader = CaptureFiles.open(f)) {
            FrameRecord r = new FrameRecord();
            while (reader.next(r)) {
                if (r.capturedLength() <= CaptureInput.EAGER_PREFIX_LENGTH) {
                    assertTrue(r.isLoaded());
                    assertEquals(r.capturedLength(), r.loadedLength());
                }
            }
        }
        Path gz = dir.resolve("x.pcap.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(f, out);
        }
        Outcome plain = viaStream(f);
        try (CaptureReader reader = CaptureFiles.open(gz)) {
            FrameRecord r = new FrameRecord();
            int n = 0;
            while (reader.next(r)) {
                assertTrue(r.isLoaded());
                assertArrayEquals(plain.frames().get(n).bytes(), r.bytes());
                n++;
            }
            assertEquals(plain.frames().size(), n);
        }
    }

    @Test
    void seekingReadsTheSameFramesInAnyOrder() throws IOException {
        for (String name : List.of("ipv6-bigtcp-veth.pcap", "ipv6-bigtcp-veth.pcapng", "ipv4-bigtcp-veth.pcapng")) {
            Path f = samples().resolve(name);
            Assumptions.assumeTrue(Files.isRegularFile(f), "sample missing");
            Outcome all = viaStream(f);
            try (FrameIndex index = FrameIndex.build(f)) {
                assertEquals(all.frames().size(), index.size());
                Random random = new Random(7);
                FrameRecord r = new FrameRecord();
                for (int i = 0; i < 200; i++) {
                    long n = 1 + random.nextInt((int) index.size());
                    index.read(n, r);
                    Frame want = all.frames().get((int) n - 1);
                    if (i % 2 == 0) {
                        assertEquals(want.bytes()[want.bytes().length - 1], r.buffer().rawByte(r.capturedLength() - 1));
                    }
                    assertEquals(want, frame(r, r.bytes()), name + " frame " + n);
                }
            }
        }
    }

    /** Cuts a copy of {@code f} at {@code at} bytes. */
    private static Path cut(Path f, Path dir, long at) throws IOException {
        Path out = dir.resolve(f.getFileName() + "." + at);
        try (InputStream in = Files.newInputStream(f); OutputStream o = Files.newOutputStream(out)) {
            o.write(in.readNBytes((int) at));
        }
        return out;
    }

    @Test
    void aFileCutInsideAFrameFailsInNextWithTheStreamReadersMessage(@TempDir Path dir) throws IOException {
        for (String name : List.of("ipv6-bigtcp-veth.pcap", "ipv6-bigtcp-veth.pcapng", "ipv6-bigtcp-snaplen.pcap")) {
            Path f = samples().resolve(name);
            Assumptions.assumeTrue(Files.isRegularFile(f), "sample missing");
            Outcome whole = viaStream(f);
            // the fourth frame past the prefix (the snaplen sample's may not be: then its largest)
            List<Frame> bigOnes = whole.frames().stream().filter(x -> x.captured() > 700).toList();
            Frame big = bigOnes.isEmpty()
                    ? whole.frames().stream().max(java.util.Comparator.comparingInt(Frame::captured)).orElseThrow()
                    : bigOnes.get(Math.min(3, bigOnes.size() - 1));
            boolean ng = name.endsWith(".pcapng");
            int header = ng ? 28 : 16;
            long data = big.fileOffset() + header;
            long[] cuts = {big.fileOffset() + 5, data + 3, data + CaptureInput.EAGER_PREFIX_LENGTH - 1,
                    data + CaptureInput.EAGER_PREFIX_LENGTH, data + CaptureInput.EAGER_PREFIX_LENGTH + 1,
                    data + big.captured() / 2, data + big.captured() - 1, data + big.captured(),
                    data + big.captured() + 1, data + big.captured() + 6};
            for (long at : cuts) {
                Path c = cut(f, dir, at);
                Outcome stream = viaStream(c);
                if (at < data + big.captured()) {
                    assertNotNull(stream.error(), name + " cut at " + at);
                }
                assertSameOutcome(stream, viaFile(c), name + " cut at " + at);
                assertSameOutcome(stream, readAll(openTiny(c, 4099, 60), true), name + " cut at " + at + ", tiny windows");
                Files.delete(c);
            }
        }
    }

    @Test
    void aFileThatGrewIsMappedAgainAfterASeek(@TempDir Path dir) throws IOException {
        Path f = superPacketSample();
        Outcome whole = viaStream(f);
        Frame fifth = whole.frames().get(4);
        Path growing = dir.resolve("growing.pcap");
        byte[] bytes = Files.readAllBytes(f);
        Files.write(growing, Arrays.copyOf(bytes, (int) fifth.fileOffset()));
        for (long window : new long[] {CaptureInput.DEFAULT_WINDOW_SIZE, 65537}) {
            Files.write(growing, Arrays.copyOf(bytes, (int) fifth.fileOffset()));
            try (CaptureReader reader = new PcapReader(CaptureInput.open(growing, window, 64), growing.toString())) {
                FrameRecord r = new FrameRecord();
                for (int i = 0; i < 4; i++) {
                    assertTrue(reader.next(r));
                }
                assertFalse(reader.next(r));
                try (OutputStream out = Files.newOutputStream(growing, StandardOpenOption.APPEND)) {
                    out.write(bytes, (int) fifth.fileOffset(), bytes.length - (int) fifth.fileOffset());
                }
                reader.seek(fifth.fileOffset(), 5);
                for (int i = 4; i < whole.frames().size(); i++) {
                    assertTrue(reader.next(r));
                    assertEquals(whole.frames().get(i), frame(r, r.bytes()), "frame " + (i + 1));
                }
                assertFalse(reader.next(r));
            }
        }
    }
}
