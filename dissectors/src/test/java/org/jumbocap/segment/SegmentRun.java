package org.jumbocap.segment;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.CaptureWriter;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.pcap.PcapWriter;
import org.jumbocap.io.pcapng.PcapngWriter;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.stats.FlowKey;

/** Runs the segmenter over frames in memory and reads its output back; a small TCP reassembly to compare. */
final class SegmentRun {
    static final FrameDissector DISSECTOR = new FrameDissector();

    final List<FrameRecord> output;
    final SegmentReport report;
    final byte[] file;

    private SegmentRun(List<FrameRecord> output, SegmentReport report, byte[] file) {
        this.output = output;
        this.report = report;
        this.file = file;
    }

    static List<FrameRecord> read(Path file) {
        try (CaptureReader r = CaptureFiles.open(file)) {
            return readAll(r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<FrameRecord> readAll(CaptureReader r) throws IOException {
        List<FrameRecord> out = new ArrayList<>();
        FrameRecord rec = new FrameRecord();
        while (r.next(rec)) {
            out.add(rec.copy());
        }
        return out;
    }

    /** Segments {@code input} into a pcapng (nanoseconds) or a microsecond pcap held in memory. */
    static SegmentRun of(List<FrameRecord> input, int mss, int mtu, boolean pcapng) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            int linkType = input.isEmpty() ? 1 : input.get(0).linkType();
            CaptureWriter writer = pcapng ? new PcapngWriter(bytes, linkType, 262144, true)
                    : new PcapWriter(bytes, linkType, 262144, false);
            Segmenter segmenter = new Segmenter(writer, mss, mtu);
            FramePipeline pipeline = new FramePipeline(DISSECTOR, null, false);
            for (FrameRecord r : input) {
                pipeline.accept(r, r.timestampNanos(), r.timestampNanos());
                segmenter.write(pipeline.frame(), pipeline.summary());
            }
            writer.close();
            byte[] file = bytes.toByteArray();
            try (CaptureReader r = CaptureFiles.open(new ByteArrayInputStream(file), "segmented")) {
                return new SegmentRun(readAll(r), segmenter.report(), file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The summary of a frame, checksums verified. */
    static FrameSummary summary(FrameRecord r) {
        FrameSummary s = new FrameSummary();
        DISSECTOR.summarize(r, s, true);
        return s;
    }

    /**
     * Each TCP direction's payload as runs of contiguous sequence numbers: a run goes on while the next
     * segment starts where the one before ended, and holds its first sequence number, length and the SHA-256
     * of its bytes. Splitting a super-packet keeps the runs; losing, repeating or reordering a byte does not.
     */
    static Map<FlowKey, List<String>> tcpRuns(List<FrameRecord> frames) {
        Map<FlowKey, List<String>> runs = new LinkedHashMap<>();
        Map<FlowKey, long[]> open = new LinkedHashMap<>(); // first seq, length, next seq
        Map<FlowKey, MessageDigest> digests = new LinkedHashMap<>();
        for (FrameRecord r : frames) {
            FrameSummary s = new FrameSummary();
            DISSECTOR.summarize(r, s, false);
            if (s.ipProto != 6 || s.transportPayloadLength <= 0 || s.tcpHeaderLength < 20) {
                continue;
            }
            FlowKey key = FlowKey.of(s);
            int from = s.transportOffset + s.tcpHeaderLength;
            int length = (int) Math.min(s.transportPayloadLength, r.capturedLength() - from);
            long[] run = open.get(key);
            if (run != null && run[2] != s.tcpSeq) {
                close(runs, key, run, digests.get(key));
                run = null;
            }
            if (run == null) {
                run = new long[] {s.tcpSeq, 0, s.tcpSeq};
                open.put(key, run);
                digests.put(key, sha256());
            }
            digests.get(key).update(r.data(), from, length);
            run[1] += s.transportPayloadLength;
            run[2] = (s.tcpSeq + s.transportPayloadLength) & 0xFFFFFFFFL;
        }
        open.forEach((key, run) -> close(runs, key, run, digests.get(key)));
        return runs;
    }

    private static void close(Map<FlowKey, List<String>> runs, FlowKey key, long[] run, MessageDigest digest) {
        runs.computeIfAbsent(key, k -> new ArrayList<>())
                .add(run[0] + "+" + run[1] + " " + HexFormat.of().formatHex(digest.digest()));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
