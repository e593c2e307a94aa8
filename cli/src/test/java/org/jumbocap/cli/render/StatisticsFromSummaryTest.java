package org.jumbocap.cli.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.jumbocap.stats.CaptureStatistics;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code stats} counts from each frame's summary and dissects a tree only where the summary says it is not
 * exact. The report must be the one the full trees give, byte for byte: on every sample, and on seeded
 * mutations of their headers, which reach the broken-header paths where summary and tree part ways.
 */
class StatisticsFromSummaryTest {
    private static final Path SAMPLES = Path.of("..", "samples");

    static List<Path> samples() throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path dir : List.of(SAMPLES, SAMPLES.resolve("crafted"), SAMPLES.resolve("crafted-files"))) {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(p -> p.getFileName().toString().matches(".*\\.pcap(ng)?$")).sorted().forEach(out::add);
            }
        }
        return out;
    }

    /** Every frame the reader gives before the end or its first error. */
    static List<FrameRecord> frames(Path file) {
        List<FrameRecord> out = new ArrayList<>();
        try (CaptureReader r = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                out.add(rec.load().copy());
            }
        } catch (IOException | RuntimeException e) {
            // a broken file's good frames are kept
        }
        return out;
    }

    private record Reports(String fromSummaries, String fromTrees, long treesBuilt, long distinctExperts, long framesFromTrees) {
    }

    private static Reports both(List<FrameRecord> frames, boolean verify) {
        FrameDissector dissector = new FrameDissector();
        // both follow the TCP conversations, as stats does, so the TCP analysis counts are compared too
        FramePipeline summaryPipeline = new FramePipeline(dissector, null, verify,
                new TcpConversations(true, TcpConversations.DEFAULT_MAX_OPEN));
        FramePipeline treePipeline = new FramePipeline(dissector, null, verify,
                new TcpConversations(true, TcpConversations.DEFAULT_MAX_OPEN));
        CaptureStatistics fromSummaries = new CaptureStatistics();
        CaptureStatistics fromTrees = new CaptureStatistics();
        fromTrees.setChecksumsVerified(verify);
        fromSummaries.setChecksumsVerified(verify);
        long first = frames.isEmpty() ? 0 : frames.get(0).timestampNanos();
        long previous = first;
        long treesBuilt = 0;
        for (FrameRecord f : frames) {
            summaryPipeline.accept(f, first, previous);
            fromSummaries.add(summaryPipeline);
            treesBuilt += summaryPipeline.hasTree() ? 1 : 0;
            treePipeline.accept(f, first, previous);
            fromTrees.add(treePipeline.tree());
            previous = f.timestampNanos();
        }
        return new Reports(StatsReport.json(fromSummaries), StatsReport.json(fromTrees), treesBuilt,
                fromSummaries.experts().size(), fromSummaries.framesFromTrees());
    }

    /** Fails showing where the two reports part, not the whole report twice. */
    private static void assertSameReport(Reports r, String where) {
        String a = r.fromTrees();
        String b = r.fromSummaries();
        if (a.equals(b)) {
            return;
        }
        int at = 0;
        while (at < Math.min(a.length(), b.length()) && a.charAt(at) == b.charAt(at)) {
            at++;
        }
        int from = Math.max(0, at - 300);
        assertEquals(a.substring(from, Math.min(a.length(), at + 120)), b.substring(from, Math.min(b.length(), at + 120)),
                where + ": reports differ at character " + at);
    }

    @ParameterizedTest(name = "checksums verified: {0}")
    @ValueSource(booleans = {true, false})
    void everySampleCountsTheSameFromSummariesAsFromTrees(boolean verify) throws IOException {
        int files = 0;
        for (Path sample : samples()) {
            List<FrameRecord> frames = frames(sample);
            Reports r = both(frames, verify);
            assertSameReport(r, sample.toString());
            files++;
        }
        assertTrue(files > 90, "found the samples: " + files);
    }

    @ParameterizedTest(name = "checksums verified: {0}")
    @ValueSource(booleans = {true, false})
    void kernelSamplesAreCountedWithoutTrees(boolean verify) throws IOException {
        for (Path sample : samples()) {
            if (!sample.getFileName().toString().contains("bigtcp") || sample.getParent().getFileName().toString().startsWith("crafted")) {
                continue;
            }
            List<FrameRecord> frames = frames(sample);
            Reports r = both(frames, verify);
            // a tree is built for a frame the summary cannot describe exactly, and once per expert id for its
            // first message, for nothing else
            assertTrue(r.treesBuilt() <= r.distinctExperts() + r.framesFromTrees(), sample + ": " + r.treesBuilt()
                    + " trees for " + r.distinctExperts() + " expert ids over " + frames.size() + " frames");
            // only the VXLAN sample's outer checksums, judged once the inner offloaded one is completed, need them
            boolean tunnel = sample.getFileName().toString().contains("vxlan");
            assertEquals(!tunnel || !verify, r.framesFromTrees() == 0, sample + ": " + r.framesFromTrees() + " frames from trees");
        }
    }

    @ParameterizedTest(name = "checksums verified: {0}")
    @ValueSource(booleans = {true, false})
    void mutatedHeadersCountTheSameFromSummariesAsFromTrees(boolean verify) throws IOException {
        Random random = new Random(0x5EED_57A75L);
        for (Path sample : samples()) {
            List<FrameRecord> mutants = new ArrayList<>();
            for (FrameRecord f : frames(sample)) {
                for (int m = 0; m < 4; m++) {
                    byte[] bytes = f.bytes().clone();
                    if (bytes.length == 0) {
                        continue;
                    }
                    int flips = 1 + random.nextInt(4);
                    for (int i = 0; i < flips; i++) {
                        int at = random.nextInt(Math.min(bytes.length, 160));
                        bytes[at] = (byte) (random.nextBoolean() ? random.nextInt(256) : bytes[at] ^ (1 << random.nextInt(8)));
                    }
                    mutants.add(new FrameRecord(mutants.size() + 1, f.timestampNanos(), f.linkType(), bytes, f.originalLength()));
                }
            }
            Reports r = both(mutants, verify);
            if (!r.fromTrees().equals(r.fromSummaries())) {
                // name the first mutant that counts differently on its own
                for (FrameRecord m : mutants) {
                    Reports one = both(List.of(m), verify);
                    if (!one.fromTrees().equals(one.fromSummaries())) {
                        assertSameReport(one, "mutant " + m.number() + " of " + sample + ": " + HexFormat.of().formatHex(m.bytes(), 0, Math.min(m.bytes().length, 160)));
                    }
                }
            }
            assertSameReport(r, "mutations of " + sample);
        }
    }
}
