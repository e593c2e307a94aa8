package org.jumbocap.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jumbocap.fast.SampleFrames;
import org.jumbocap.io.pcap.PcapReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records far apart in a file (super-packets, their payload skipped) are read by positioned reads, without
 * mapping the windows they lie in; records back to back (small frames) through the mapping. Both give the
 * bytes a stream gives, and a header-only pass brings no payload into the heap either way.
 */
class PositionedReadsTest {
    /** Windows small enough that a file of super-packets spans dozens of them. */
    private static final long WINDOW = (64 << 10) + 7;

    /** The frames of the super-packet sample longer than {@code min} and at most {@code max}, repeated to {@code count}. */
    private static Path repeated(Path out, int min, int max, int count) throws IOException {
        Path sample = SampleFrames.directory().resolve("ipv6-bigtcp-veth.pcap");
        ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(sample)).order(ByteOrder.LITTLE_ENDIAN);
        List<byte[]> frames = new ArrayList<>();
        int p = PcapReader.FILE_HEADER_LENGTH;
        while (p + PcapReader.RECORD_HEADER_LENGTH <= in.limit()) {
            int captured = in.getInt(p + 8);
            if (captured > min && captured <= max) {
                byte[] frame = new byte[captured];
                in.get(p + PcapReader.RECORD_HEADER_LENGTH, frame);
                frames.add(frame);
            }
            p += PcapReader.RECORD_HEADER_LENGTH + captured;
        }
        assertFalse(frames.isEmpty());
        try (OutputStream o = Files.newOutputStream(out)) {
            o.write(in.array(), 0, PcapReader.FILE_HEADER_LENGTH);
            ByteBuffer h = ByteBuffer.allocate(PcapReader.RECORD_HEADER_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < count; i++) {
                byte[] frame = frames.get(i % frames.size());
                h.clear();
                h.putInt(1_790_000_000).putInt(i).putInt(frame.length).putInt(frame.length);
                o.write(h.array());
                o.write(frame);
            }
        }
        return out;
    }

    /** Each frame's first bytes as a stream gives them (the loaded prefix of a file's record). */
    private static List<byte[]> prefixesFromStream(Path file) throws IOException {
        List<byte[]> prefixes = new ArrayList<>();
        try (InputStream s = Files.newInputStream(file); PcapReader reader = new PcapReader(s, file.toString())) {
            FrameRecord r = new FrameRecord();
            while (reader.next(r)) {
                prefixes.add(Arrays.copyOf(r.data(), Math.min(r.capturedLength(), CaptureInput.EAGER_PREFIX_LENGTH)));
            }
        }
        return prefixes;
    }

    /**
     * A header-only pass over frames {@code [from, to)}: each record's loaded prefix checked against the
     * stream's, no tail loaded; every byte delivered so far is a record header or a prefix.
     */
    private static void headerPass(PcapReader reader, CaptureInput in, List<byte[]> expected, int from, int to)
            throws IOException {
        FrameRecord r = new FrameRecord();
        for (int n = from; n < to; n++) {
            assertTrue(reader.next(r), "frame " + (n + 1));
            byte[] want = expected.get(n);
            assertArrayEquals(want, Arrays.copyOf(r.loadedBytes(), want.length), "frame " + r.number());
            assertEquals(0x86DD, r.buffer().u16(12), "frame " + r.number());
        }
        long headers = PcapReader.FILE_HEADER_LENGTH;
        for (int n = 0; n < to; n++) {
            headers += PcapReader.RECORD_HEADER_LENGTH + expected.get(n).length;
        }
        // a fill may read ahead up to a prefix past the last record's
        assertTrue(in.bytesDelivered() <= headers + PcapReader.RECORD_HEADER_LENGTH + CaptureInput.EAGER_PREFIX_LENGTH,
                "bytes delivered " + in.bytesDelivered() + ", headers and prefixes " + headers);
    }

    @Test
    void superPacketsAreReadWithoutMappingTheirWindows(@TempDir Path dir) throws IOException {
        Path file = repeated(dir.resolve("super.pcap"), 65536, Integer.MAX_VALUE, 40);
        List<byte[]> expected = prefixesFromStream(file);
        CaptureInput in = CaptureInput.open(file, WINDOW, CaptureInput.EAGER_PREFIX_LENGTH);
        try (PcapReader reader = new PcapReader(in, file.toString())) {
            headerPass(reader, in, expected, 0, expected.size());
            long windows = Files.size(file) / WINDOW;
            assertTrue(windows > 40, "the file spans " + windows + " windows");
            // the first record is read through the first window; every later one, after a payload skipped, is not
            assertEquals(1, in.windowsMapped(), "windows mapped for a header-only pass of " + windows);
        }
    }

    @Test
    void smallFramesBackToBackAreReadThroughTheMapping(@TempDir Path dir) throws IOException {
        Path file = repeated(dir.resolve("small.pcap"), 0, 256, 5000);
        List<byte[]> expected = prefixesFromStream(file);
        CaptureInput in = CaptureInput.open(file, WINDOW, CaptureInput.EAGER_PREFIX_LENGTH);
        try (PcapReader reader = new PcapReader(in, file.toString())) {
            headerPass(reader, in, expected, 0, expected.size());
            long windows = Files.size(file) / WINDOW;
            assertTrue(windows > 3, "the file spans " + windows + " windows");
            assertTrue(in.windowsMapped() >= windows, "windows mapped " + in.windowsMapped() + " of " + windows);
        }
    }

    @Test
    void aTailStillLoadsFromTheMappingAfterPositionedReads(@TempDir Path dir) throws IOException {
        Path file = repeated(dir.resolve("super.pcap"), 65536, Integer.MAX_VALUE, 6);
        List<byte[]> whole = new ArrayList<>();
        try (InputStream s = Files.newInputStream(file); PcapReader reader = new PcapReader(s, file.toString())) {
            FrameRecord r = new FrameRecord();
            while (reader.next(r)) {
                whole.add(r.bytes());
            }
        }
        try (PcapReader reader = new PcapReader(CaptureInput.open(file, WINDOW, CaptureInput.EAGER_PREFIX_LENGTH),
                file.toString())) {
            FrameRecord r = new FrameRecord();
            int n = 0;
            while (reader.next(r)) {
                assertFalse(r.isLoaded());
                assertArrayEquals(whole.get(n), r.bytes(), "frame " + r.number());
                n++;
            }
            assertEquals(whole.size(), n);
        }
    }

    @Test
    void anInterruptedReaderKeepsReading(@TempDir Path dir) throws IOException {
        Path file = repeated(dir.resolve("super.pcap"), 65536, Integer.MAX_VALUE, 20);
        List<byte[]> expected = prefixesFromStream(file);
        CaptureInput in = CaptureInput.open(file, WINDOW, CaptureInput.EAGER_PREFIX_LENGTH);
        try (PcapReader reader = new PcapReader(in, file.toString())) {
            // a file channel's read would close the channel for every thread on an interrupt (a cancelled task)
            Thread.currentThread().interrupt();
            try {
                headerPass(reader, in, expected, 0, expected.size() - 1);
            } finally {
                assertTrue(Thread.interrupted(), "still interrupted");
            }
            headerPass(reader, in, expected, expected.size() - 1, expected.size());
            assertFalse(reader.next(new FrameRecord()));
        }
    }
}
