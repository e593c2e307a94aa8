package org.jumbocap.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.fast.SampleFrames;
import org.jumbocap.io.pcap.PcapReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sums over frames' tails still in the file run on several threads at once, outside the input's lock:
 * each gives the 16 bits the loaded bytes give while other threads sum, the reader maps new windows and
 * evicts old ones (windows of a few KiB, so nearly every sum straddles one and is evicted under another
 * thread); a sum after the input closed, or over bytes the file no longer has, fails with an exception.
 */
class ConcurrentSumsTest {
    private static final String[] SUPER_PACKETS = {"ipv6-bigtcp-veth.pcap", "ipv4-bigtcp-veth.pcap",
            "ipv6-bigtcp-vxlan.pcap", "ipv6-bigtcp-snaplen.pcap"};

    /** A frame read lazily, its ranges and their sums over the loaded bytes. */
    private record Expected(FrameRecord lazy, int[][] ranges, int[] folded) {
    }

    @Test
    void threadsSummingAtOnceGetTheLoadedBytesSums() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        int checked = 0;
        try {
            for (String name : SUPER_PACKETS) {
                Path file = SampleFrames.directory().resolve(name);
                for (long window : new long[] {4099, 65536 + 7}) {
                    CaptureInput in = CaptureInput.open(file, window, CaptureInput.EAGER_PREFIX_LENGTH);
                    try (CaptureReader reader = new PcapReader(in, file.toString())) {
                        List<Expected> frames = lazyFramesWithLoadedSums(reader, file);
                        assertFalse(frames.isEmpty(), name + " has frames left in the file");
                        long deliveredBefore = in.bytesDelivered();
                        CountDownLatch start = new CountDownLatch(1);
                        List<Future<Integer>> results = new ArrayList<>();
                        for (int t = 0; t < 4; t++) {
                            int first = t;
                            results.add(pool.submit(() -> {
                                start.await();
                                int sums = 0;
                                // every thread walks the frames from a different one, so they meet in the windows
                                for (int round = 0; round < 3; round++) {
                                    for (int i = 0; i < frames.size(); i++) {
                                        Expected e = frames.get((i + first * frames.size() / 4) % frames.size());
                                        FrameBuffer view = e.lazy().buffer();
                                        for (int r = 0; r < e.ranges().length; r++) {
                                            long sum = ChecksumVerdict.sum(view, e.ranges()[r][0], e.ranges()[r][1]);
                                            assertEquals(e.folded()[r], ChecksumVerdict.fold(sum), name + " frame "
                                                    + e.lazy().number() + " range " + e.ranges()[r][0] + "+" + e.ranges()[r][1]);
                                            sums++;
                                        }
                                    }
                                }
                                return sums;
                            }));
                        }
                        start.countDown();
                        for (Future<Integer> f : results) {
                            checked += f.get(60, TimeUnit.SECONDS);
                        }
                        assertEquals(deliveredBefore, in.bytesDelivered(), name + ": a tail was copied to be summed");
                        for (Expected e : frames) {
                            assertFalse(e.lazy().isLoaded(), name + " frame " + e.lazy().number() + " was loaded");
                        }
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
        assertTrue(checked > 2000, "sums checked: " + checked);
    }

    @Test
    void sumsWhileTheInputClosesEndInAnExceptionNeverAFault() throws Exception {
        Path file = SampleFrames.directory().resolve("ipv6-bigtcp-veth.pcap");
        CaptureInput in = CaptureInput.open(file, 4099, CaptureInput.EAGER_PREFIX_LENGTH);
        PcapReader reader = new PcapReader(in, file.toString());
        List<Expected> frames = lazyFramesWithLoadedSums(reader, file);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        AtomicInteger sumsBeforeClose = new AtomicInteger();
        try {
            List<Future<Throwable>> results = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                results.add(pool.submit(() -> {
                    try {
                        while (true) {
                            for (Expected e : frames) {
                                long sum = ChecksumVerdict.sum(e.lazy().buffer(), e.ranges()[0][0], e.ranges()[0][1]);
                                assertEquals(e.folded()[0], ChecksumVerdict.fold(sum));
                                sumsBeforeClose.incrementAndGet();
                            }
                        }
                    } catch (IllegalStateException closed) {
                        return closed;
                    }
                }));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (sumsBeforeClose.get() < 200 && results.stream().noneMatch(Future::isDone)) {
                assertTrue(System.nanoTime() < deadline, "sums before the close: " + sumsBeforeClose.get());
                Thread.onSpinWait();
            }
            assertTrue(results.stream().noneMatch(Future::isDone), "a sum failed before the close");
            reader.close();
            for (Future<Throwable> f : results) {
                Throwable ended = f.get(60, TimeUnit.SECONDS);
                assertTrue(ended.getMessage().contains("closed"), ended.getMessage());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aSumOverBytesTheFileNoLongerHasFails(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("shrinks.pcap");
        Files.copy(SampleFrames.directory().resolve("ipv6-bigtcp-veth.pcap"), file);
        CaptureInput in = CaptureInput.open(file, 65536 + 7, CaptureInput.EAGER_PREFIX_LENGTH);
        try (PcapReader reader = new PcapReader(in, file.toString())) {
            List<Expected> frames = lazyFramesWithLoadedSums(reader, file);
            Expected last = frames.get(frames.size() - 1);
            // the file is cut in the middle of the last lazy frame's record, after the reader read it
            try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
                raf.setLength(raf.length() - last.lazy().capturedLength() / 2);
            }
            FrameBuffer view = last.lazy().buffer();
            int n = last.lazy().capturedLength();
            UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> ChecksumVerdict.sum(view, 54, n - 54));
            // found before the sum (the file's new size) or by it (the JDK's fault in the mapping): never a crash
            assertTrue(e.getMessage().startsWith("frame " + last.lazy().number() + ": "), e.getMessage());
            // a frame wholly before the cut still sums as before
            Expected first = frames.get(0);
            assertEquals(first.folded()[0], ChecksumVerdict.fold(
                    ChecksumVerdict.sum(first.lazy().buffer(), first.ranges()[0][0], first.ranges()[0][1])));
        }
    }

    /**
     * The frames of {@code reader} that stay in the file (each in a record of its own, so all stay current),
     * with ranges at odd and even offsets and lengths and their sums over the same frames loaded whole by a
     * second reader.
     */
    private static List<Expected> lazyFramesWithLoadedSums(CaptureReader reader, Path file) throws IOException {
        List<Expected> frames = new ArrayList<>();
        try (CaptureReader loaded = new PcapReader(CaptureInput.of(Files.newInputStream(file)), file.toString())) {
            FrameRecord whole = new FrameRecord();
            while (true) {
                FrameRecord lazy = new FrameRecord();
                if (!reader.next(lazy)) {
                    break;
                }
                assertTrue(loaded.next(whole), "the second reader ended first");
                if (lazy.isLoaded()) {
                    continue;
                }
                byte[] data = whole.data();
                int n = lazy.capturedLength();
                int[][] ranges = {{54, n - 54}, {55, n - 55}, {14, n - 15}, {0, n}, {n / 3 | 1, n / 3}, {n / 2, n - n / 2 - 1}};
                int[] folded = new int[ranges.length];
                for (int r = 0; r < ranges.length; r++) {
                    folded[r] = ChecksumVerdict.fold(ChecksumVerdict.sum(data, ranges[r][0], ranges[r][1]));
                }
                frames.add(new Expected(lazy, ranges, folded));
            }
        }
        return frames;
    }
}
