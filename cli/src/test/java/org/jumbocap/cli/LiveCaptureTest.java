package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.capture.CaptureException;
import org.jumbocap.capture.CaptureFilters;
import org.jumbocap.capture.CaptureSource;
import org.jumbocap.capture.LiveFileWriter;
import org.jumbocap.capture.ReplayCaptureSource;
import org.jumbocap.render.Colors;
import org.jumbocap.render.SummaryLine;
import org.jumbocap.render.TimeFormat;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.pcap.PcapWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The capture loop over a replayed sample: frames written whole and complete, printed, counted, stopped. */
class LiveCaptureTest {
    private static final Path SAMPLE = Path.of("../samples/ipv6-bigtcp-veth.pcap");

    @TempDir
    Path dir;

    static List<FrameRecord> readAll(Path file) throws Exception {
        List<FrameRecord> out = new ArrayList<>();
        try (CaptureReader r = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                out.add(rec.copy());
            }
        }
        return out;
    }

    @Test
    void writesEveryFrameAndStopsAtTheCount() throws Exception {
        assumeTrue(Files.isRegularFile(SAMPLE), "sample not present");
        List<FrameRecord> original = readAll(SAMPLE);
        for (String name : new String[] {"out.pcapng", "out.pcap"}) {
            Path out = dir.resolve(name);
            StringWriter printed = new StringWriter();
            LiveCapture.Result result;
            try (CaptureSource src = new ReplayCaptureSource(SAMPLE, CaptureSource.Options.defaults("x"), 0);
                 LiveFileWriter w = new LiveFileWriter(out, src.linkType(), src.snaplen())) {
                result = new LiveCapture(src, w, new SummaryLine(TimeFormat.RELATIVE, Colors.NONE), null,
                        new PrintWriter(printed), 30, 0, null).run();
            }
            assertEquals(LiveCapture.StopReason.COUNT, result.reason());
            assertEquals(30, result.frames());
            List<FrameRecord> back = readAll(out);
            assertEquals(30, back.size());
            for (int i = 0; i < back.size(); i++) {
                assertArrayEquals(original.get(i).bytes(), back.get(i).bytes(), "frame " + (i + 1));
                assertEquals(original.get(i).originalLength(), back.get(i).originalLength());
                assertEquals(original.get(i).timestampNanos() / 1000, back.get(i).timestampNanos() / 1000);
            }
            String[] lines = printed.toString().split("\n");
            assertEquals(30, lines.length);
            assertTrue(result.overSixtyFourK() > 0);
        }
    }

    @Test
    void theCaptureFilterAndTheSnaplenApply() throws Exception {
        assumeTrue(Files.isRegularFile(SAMPLE), "sample not present");
        String rewritten = CaptureFilters.prepare("tcp port 5201", false, 3, 1, CaptureSource.MAX_SNAPLEN).text();
        CaptureSource.Options options = CaptureSource.Options.defaults("x").withSnaplen(100_000).withFilter(rewritten);
        LiveCapture.Result result;
        try (CaptureSource src = new ReplayCaptureSource(SAMPLE, options, 0)) {
            result = new LiveCapture(src, null, null, null, new PrintWriter(new StringWriter()), 0, 0, null).run();
        }
        assertEquals(LiveCapture.StopReason.SOURCE_ENDED, result.reason());
        assertTrue(result.frames() > 0 && result.frames() < readAll(SAMPLE).size());
        long longer = readAll(SAMPLE).stream().filter(f -> f.originalLength() > 100_000).count();
        assertTrue(longer > 0);
        assertEquals(longer, result.cutFrames(), "frames longer than the snaplen (all on port 5201) are cut");
        assertTrue(result.longestCut() > 100_000);
    }

    @Test
    void aStopRequestEndsTheCaptureWithACompleteFile() throws Exception {
        assumeTrue(Files.isRegularFile(SAMPLE), "sample not present");
        Path out = dir.resolve("stopped.pcap");
        LiveCapture.Result result;
        try (CaptureSource src = new ReplayCaptureSource(SAMPLE, CaptureSource.Options.defaults("x"), 1.0);
             LiveFileWriter w = new LiveFileWriter(out, src.linkType(), src.snaplen())) {
            LiveCapture capture = new LiveCapture(src, w, null, null, new PrintWriter(new StringWriter()), 0, 0, null);
            Thread stopper = new Thread(() -> {
                try {
                    Thread.sleep(300);
                } catch (InterruptedException ignored) {
                    Thread.currentThread().interrupt();
                }
                capture.requestStop();
            });
            stopper.start();
            result = capture.run();
            stopper.join();
        }
        assertEquals(LiveCapture.StopReason.INTERRUPTED, result.reason());
        assertEquals(result.written(), readAll(out).size());
        assertFalse(result.frames() == readAll(SAMPLE).size(), "paced replay was stopped early");
    }

    /** A source that hands on everything but the frames of another; the test sources change only those. */
    private abstract static class WrappedSource implements CaptureSource {
        final CaptureSource inner;

        WrappedSource(CaptureSource inner) {
            this.inner = inner;
        }

        @Override
        public void setFilter(String filter) throws CaptureException {
            inner.setFilter(filter);
        }

        @Override
        public int linkType() {
            return inner.linkType();
        }

        @Override
        public int snaplen() {
            return inner.snaplen();
        }

        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public Stats stats() throws CaptureException {
            return inner.stats();
        }

        @Override
        public void breakLoop() {
            inner.breakLoop();
        }

        @Override
        public void close() {
            inner.close();
        }
    }

    /** libpcap's immediate-mode ring on Linux: slots sized from the MTU cut super-packets under the snaplen. */
    private static final class SlotLimitedSource extends WrappedSource {
        private final int slotBytes;
        private final FrameRecord whole = new FrameRecord();

        SlotLimitedSource(CaptureSource inner, int slotBytes) {
            super(inner);
            this.slotBytes = slotBytes;
        }

        @Override
        public Status next(FrameRecord into) throws CaptureException {
            Status status = inner.next(whole);
            if (status == Status.FRAME) {
                int kept = Math.min(whole.capturedLength(), slotBytes);
                byte[] data = into.prepare(whole.number(), whole.timestampNanos(), 0, whole.linkType(), kept,
                        whole.originalLength(), -1);
                System.arraycopy(whole.data(), 0, data, 0, kept);
            }
            return status;
        }

    }

    /**
     * A source that hands over every frame it holds in one call, each in a buffer of its own outside the
     * heap (as libpcap's ring does), and notes how many frames each call was allowed.
     */
    private static final class BatchingSource extends WrappedSource {
        private final FrameRecord whole = new FrameRecord();
        final List<Integer> allowed = new ArrayList<>();

        BatchingSource(CaptureSource inner) {
            super(inner);
        }

        @Override
        public Status next(FrameRecord into, int maxFrames, FrameBytesSink sink) throws CaptureException, IOException {
            allowed.add(maxFrames);
            Status status = Status.END;
            for (int i = 0; i < maxFrames; i++) {
                Status s = inner.next(whole);
                if (s != Status.FRAME) {
                    return i > 0 ? Status.FRAME : s;
                }
                ByteBuffer outside = ByteBuffer.allocateDirect(whole.capturedLength());
                outside.put(whole.data(), 0, whole.capturedLength()).flip();
                into.prepareWithoutBytes(whole.number(), whole.timestampNanos(), 0, whole.linkType(),
                        whole.capturedLength(), whole.originalLength());
                sink.accept(into, outside);
                status = Status.FRAME;
            }
            return status;
        }

        @Override
        public Status next(FrameRecord into) throws CaptureException {
            return inner.next(into);
        }

    }

    /**
     * -q -w takes frames in batches, straight from the source's buffer: every frame of one batch is written
     * in order, the file is byte for byte the one the copying path (frames printed) writes, the counters
     * see every frame, and -c stops at exactly its count though the source holds more in the same batch.
     */
    @Test
    void framesTakenInBatchesAreWrittenInOrderAndTheCountStopsInsideABatch() throws Exception {
        assumeTrue(Files.isRegularFile(SAMPLE), "sample not present");
        List<FrameRecord> original = readAll(SAMPLE);
        long big = original.stream().filter(f -> f.originalLength() > 65535).count();
        Path copied = dir.resolve("copied.pcap");
        try (CaptureSource src = new ReplayCaptureSource(SAMPLE, CaptureSource.Options.defaults("x"), 0);
             LiveFileWriter w = new LiveFileWriter(copied, src.linkType(), src.snaplen())) {
            new LiveCapture(src, w, new SummaryLine(TimeFormat.RELATIVE, Colors.NONE), null,
                    new PrintWriter(new StringWriter()), 0, 0, null).run();
        }
        Path batched = dir.resolve("batched.pcap");
        LiveCapture.Result all;
        BatchingSource source;
        try (BatchingSource src = new BatchingSource(new ReplayCaptureSource(SAMPLE, CaptureSource.Options.defaults("x"), 0));
             LiveFileWriter w = new LiveFileWriter(batched, src.linkType(), src.snaplen())) {
            all = new LiveCapture(src, w, null, null, new PrintWriter(new StringWriter()), 0, 0, null).run();
            source = src;
        }
        assertEquals(LiveCapture.StopReason.SOURCE_ENDED, all.reason());
        assertEquals(original.size(), all.frames());
        assertEquals(original.size(), all.written());
        assertEquals(big, all.overSixtyFourK());
        assertEquals(LiveCapture.BATCH_FRAMES, source.allowed.get(0));
        assertTrue(original.size() < LiveCapture.BATCH_FRAMES, "the whole sample is one batch");
        assertArrayEquals(Files.readAllBytes(copied), Files.readAllBytes(batched), "the same file as the copying path's");

        int count = 30;
        assertTrue(original.size() > count);
        Path counted = dir.resolve("counted.pcap");
        LiveCapture.Result byCount;
        try (BatchingSource src = new BatchingSource(new ReplayCaptureSource(SAMPLE, CaptureSource.Options.defaults("x"), 0));
             LiveFileWriter w = new LiveFileWriter(counted, src.linkType(), src.snaplen())) {
            byCount = new LiveCapture(src, w, null, null, new PrintWriter(new StringWriter()), count, 0, null).run();
            source = src;
        }
        assertEquals(LiveCapture.StopReason.COUNT, byCount.reason());
        assertEquals(count, byCount.frames());
        assertEquals(List.of(count), source.allowed, "one batch, cut at the count");
        List<FrameRecord> back = readAll(counted);
        assertEquals(count, back.size());
        for (int i = 0; i < count; i++) {
            assertArrayEquals(original.get(i).bytes(), back.get(i).bytes(), "frame " + (i + 1));
            assertEquals(original.get(i).originalLength(), back.get(i).originalLength(), "frame " + (i + 1));
        }
    }

    @Test
    void framesCutBelowTheSnaplenAreReportedApartWithWhatCutThem() throws Exception {
        assumeTrue(Files.isRegularFile(SAMPLE), "sample not present");
        LiveCapture.Result result;
        try (CaptureSource src = new SlotLimitedSource(new ReplayCaptureSource(SAMPLE,
                CaptureSource.Options.defaults("x").withSnaplen(150_000), 0), 65562)) {
            result = new LiveCapture(src, null, null, null, new PrintWriter(new StringWriter()), 0, 0, null).run();
        }
        List<FrameRecord> original = readAll(SAMPLE);
        long overSlot = original.stream().filter(f -> f.originalLength() > 65562).count();
        long overSnaplen = original.stream().filter(f -> f.originalLength() > 150_000).count();
        long longest = original.stream().mapToLong(FrameRecord::originalLength).max().orElseThrow();
        assertTrue(overSnaplen > 0 && overSlot > overSnaplen, overSlot + " / " + overSnaplen);
        assertEquals(new LiveCapture.Cuts(0, 0, overSlot, longest, 65562, 65562), result.cuts(),
                "cut at 65562 bytes, under the snaplen of 150000: none of them by the snaplen");
        assertEquals(overSlot, result.cutFrames());

        List<String> immediate = CaptureCommand.cutReport(result.cuts(), 150_000, CaptureCommand.CutCause.IMMEDIATE_MODE);
        assertEquals(List.of(overSlot + " frames (longest " + longest + " bytes on the wire) were cut at 65562 bytes, "
                + "below the snaplen of 150000 bytes: in immediate mode libpcap's ring holds frames only as long as "
                + "the interface's MTU allows; capture without --immediate-mode to keep them whole"), immediate);

        LiveCapture.Result bySnaplen;
        try (CaptureSource src = new ReplayCaptureSource(SAMPLE, CaptureSource.Options.defaults("x").withSnaplen(150_000), 0)) {
            bySnaplen = new LiveCapture(src, null, null, null, new PrintWriter(new StringWriter()), 0, 0, null).run();
        }
        assertEquals(new LiveCapture.Cuts(overSnaplen, longest, 0, 0, 0, 0), bySnaplen.cuts());
        assertEquals(List.of(overSnaplen + " frames (longest " + longest + " bytes on the wire) were cut at the snaplen of "
                + "150000 bytes: raise -s up to 262144 to keep more of them"),
                CaptureCommand.cutReport(bySnaplen.cuts(), 150_000, CaptureCommand.CutCause.IMMEDIATE_MODE));
        assertTrue(CaptureCommand.cutReport(new LiveCapture.Cuts(3, 200_000, 0, 0, 0, 0), CaptureSource.MAX_SNAPLEN,
                CaptureCommand.CutCause.CAPTURE_RING).get(0).endsWith("lower the interface's gso_max_size/gro_max_size "
                + "to capture them whole, or accept the cut"));
        assertTrue(CaptureCommand.cutReport(new LiveCapture.Cuts(3, 200_000, 0, 0, 0, 0), 150_000,
                CaptureSource.AF_PACKET_MAX_SNAPLEN, CaptureCommand.CutCause.CAPTURE_RING).get(0)
                .endsWith("raise -s up to 524288 to keep more of them"), "AF_PACKET keeps up to 524,288");
        assertTrue(CaptureCommand.cutReport(new LiveCapture.Cuts(3, 600_000, 0, 0, 0, 0), CaptureSource.AF_PACKET_MAX_SNAPLEN,
                CaptureSource.AF_PACKET_MAX_SNAPLEN, CaptureCommand.CutCause.CAPTURE_RING).get(0)
                .contains("jumbocap keeps at most 524288 bytes of a frame"));
    }

    /**
     * A replay keeps a super-packet longer than libpcap's 262,144 bytes whole, up to 524,288, as the AF_PACKET
     * source does: the sample's longest super-packet, lengthened to 400,000 bytes (its TCP payload repeated,
     * its Jumbo Payload length set to match) as the kernel builds them at gso_max_size 524280, replayed into
     * a pcapng file, reads back whole.
     */
    @Test
    void aReplayKeepsSuperPacketsOverLibpcapsLimitWhole() throws Exception {
        assumeTrue(Files.isRegularFile(SAMPLE), "sample not present");
        FrameRecord longest = readAll(SAMPLE).stream()
                .max(java.util.Comparator.comparingInt(FrameRecord::capturedLength)).orElseThrow();
        byte[] sample = longest.bytes();
        // Ethernet, IPv6 (payload length 0), Hop-by-Hop header whose first option is the Jumbo Payload one
        assertEquals(0x86DD, (sample[12] & 0xFF) << 8 | sample[13] & 0xFF);
        assertEquals(0, sample[18] << 8 | sample[19]);
        assertEquals((byte) 0xC2, sample[56]);
        assertEquals(4, sample[57]);
        int length = 400_000;
        int tcpPayload = 14 + 40 + 8 + 32; // Ethernet, IPv6, Hop-by-Hop, TCP with timestamps
        byte[] frame = java.util.Arrays.copyOf(sample, length);
        for (int at = sample.length; at < length; at++) {
            frame[at] = sample[tcpPayload + (at - tcpPayload) % (sample.length - tcpPayload)];
        }
        ByteBuffer.wrap(frame).putInt(58, length - 14 - 40);
        Path big = dir.resolve("super-packet-400000.pcap");
        try (var out = Files.newOutputStream(big); PcapWriter writer = new PcapWriter(out, 1, CaptureSource.AF_PACKET_MAX_SNAPLEN, false)) {
            writer.write(longest.timestampNanos(), frame, 0, length, length);
        }

        Path out = dir.resolve("replayed.pcapng");
        LiveCapture.Result result;
        try (CaptureSource src = new ReplayCaptureSource(big, CaptureSource.Options.defaults("x"), 0);
             LiveFileWriter w = new LiveFileWriter(out, src.linkType(), src.snaplen())) {
            assertEquals(CaptureSource.AF_PACKET_MAX_SNAPLEN, src.snaplen());
            result = new LiveCapture(src, w, null, null, new PrintWriter(new StringWriter()), 0, 0, null).run();
        }
        assertEquals(1, result.frames());
        assertEquals(0, result.cutFrames());
        List<FrameRecord> back = readAll(out);
        assertEquals(1, back.size());
        assertEquals(length, back.get(0).capturedLength());
        assertEquals(length, back.get(0).originalLength());
        assertArrayEquals(frame, back.get(0).bytes());
    }
}
