package org.jumbocap.segment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.stats.FlowKey;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Segments every kernel-made capture in samples/ and checks the output as a NIC's wire would hold it: each
 * TCP direction carries the same bytes at the same sequence numbers, no checksum is bad or left for the NIC,
 * no segment is larger than its flow's segment size, and no length field needs the jumbo rules any more.
 * Frames the snaplen cut are the exception the issue names: written whole and counted.
 */
class SegmenterKernelSamplesTest {
    static Stream<Path> samples() throws IOException {
        Path dir = Files.exists(Path.of("../samples")) ? Path.of("../samples") : Path.of("samples");
        // the BIG TCP captures (the application-protocol samples beside them need not hold super-packets)
        return Files.list(dir).filter(p -> p.getFileName().toString().matches(".*(bigtcp|gso).*\\.pcap(ng)?")).sorted();
    }

    @ParameterizedTest
    @MethodSource("samples")
    void everyStreamKeepsItsBytesAndEverySegmentFitsTheWire(Path sample) {
        List<FrameRecord> input = SegmentRun.read(sample);
        SegmentRun run = SegmentRun.of(input, 0, Segmenter.DEFAULT_MTU, sample.toString().endsWith(".pcapng"));

        assertEquals(SegmentRun.tcpRuns(input), SegmentRun.tcpRuns(run.output), sample + ": TCP payload per direction");
        assertEquals(run.report.framesWritten(), run.output.size());
        assertEquals(input.size(), run.report.framesIn());
        // a cut frame that fits the wire anyway (a cut ACK or a full-size segment) needs no splitting and
        // is copied; only cut super-packets are left whole for want of their payload
        long cut = input.stream().filter(f -> f.isCut() && f.originalLength() > Segmenter.DEFAULT_MTU + 18).count();
        if (cut == 0) {
            assertTrue(run.report.superPacketsSplit() > 0, sample + " has super-packets");
            assertEquals(0, run.report.keptWhole(), sample + ": nothing left whole " + run.report.keptByReason());
        } else {
            assertEquals(cut, run.report.keptByReason().get(KeepReason.CUT)[0], "cut frames are kept and counted");
        }
        long previous = Long.MIN_VALUE;
        for (FrameRecord r : run.output) {
            assertTrue(r.timestampNanos() >= previous || !sampleHasMonotonicTimes(input), sample + ": times keep their order at frame " + r.number());
            previous = r.timestampNanos();
            FrameSummary s = SegmentRun.summary(r);
            if (r.isCut()) {
                continue;
            }
            for (int i = 0; i < s.expertCount; i++) {
                ExpertDef e = s.experts[i];
                assertFalse(e.id().contains("checksum.bad") || e.id().contains("checksum.offloaded"),
                        sample + " frame " + r.number() + ": " + e.id());
            }
            if (s.ipProto == 6 && s.transportPayloadLength > 0) {
                assertNull(s.jumboKind, sample + " frame " + r.number() + " is still a super-packet");
                SegmentReport.FlowUse use = run.report.flows().get(FlowKey.of(s));
                if (use != null) {
                    assertTrue(s.transportPayloadLength <= use.segmentSize(),
                            sample + " frame " + r.number() + ": " + s.transportPayloadLength + " > " + use.segmentSize());
                    if (use.segmentSize() < 1500) {
                        // an Ethernet-sized MSS: the frame fits a 1500-byte MTU and its link header
                        assertTrue(r.capturedLength() - s.layerIpOffset[0] <= 1500, sample + " frame " + r.number());
                    }
                }
            }
        }
    }

    static Stream<Path> craftedFiles() throws IOException {
        Path dir = Files.exists(Path.of("../samples")) ? Path.of("../samples") : Path.of("samples");
        return Stream.concat(Files.list(dir.resolve("crafted")), Files.list(dir.resolve("crafted-files")))
                .filter(p -> p.getFileName().toString().matches(".*\\.pcap(ng)?")).sorted();
    }

    /**
     * Every crafted capture, malformed ones included: the frames a reader gives are segmented without an
     * exception, and every TCP direction keeps its bytes; a file the reader rejects part-way gives the frames
     * before the damage.
     */
    @ParameterizedTest
    @MethodSource("craftedFiles")
    void craftedAndBrokenCapturesNeverBreakTheSegmenter(Path file) {
        List<FrameRecord> input = new java.util.ArrayList<>();
        try (org.jumbocap.io.CaptureReader r = org.jumbocap.io.files.CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                input.add(rec.copy());
            }
        } catch (IOException | RuntimeException e) {
            // a broken file: the frames before the damage are the input
        }
        SegmentRun run = SegmentRun.of(input, 1440, Segmenter.DEFAULT_MTU, true);
        assertEquals(input.size(), run.report.framesIn());
        assertEquals(SegmentRun.tcpRuns(input), SegmentRun.tcpRuns(run.output), file.toString());
        long unsplit = run.report.framesWritten() - run.report.segmentsWritten();
        assertEquals(input.size() - run.report.superPacketsSplit(), unsplit, file.toString());
    }

    private static boolean sampleHasMonotonicTimes(List<FrameRecord> input) {
        for (int i = 1; i < input.size(); i++) {
            if (input.get(i).timestampNanos() < input.get(i - 1).timestampNanos()) {
                return false;
            }
        }
        return true;
    }
}
