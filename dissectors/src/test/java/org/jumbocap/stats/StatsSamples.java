package org.jumbocap.stats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.tree.FrameTree;

/** Dissected sample captures and crafted frames for the statistics tests. */
final class StatsSamples {
    static final Path SAMPLES = Path.of("../samples");

    private StatsSamples() {
    }

    /** Every frame of a capture, dissected, in order, with the TCP conversation analysis as `stats` has it. */
    static List<FrameTree> trees(Path file) {
        List<FrameTree> out = new ArrayList<>();
        FramePipeline pipeline = new FramePipeline(new FrameDissector(), null, true, new TcpConversations());
        try (CaptureReader r = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            long first = -1;
            long previous = 0;
            while (r.next(rec)) {
                if (first < 0) {
                    first = rec.timestampNanos();
                    previous = first;
                }
                pipeline.accept(rec.copy(), first, previous);
                out.add(pipeline.tree());
                previous = rec.timestampNanos();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    static List<FrameTree> trees(String sample) {
        return trees(SAMPLES.resolve(sample));
    }

    /** Statistics of the frames that pass {@code keep}. */
    static CaptureStatistics statsOf(List<FrameTree> trees, Predicate<FrameTree> keep) {
        CaptureStatistics st = new CaptureStatistics();
        for (FrameTree t : trees) {
            if (keep.test(t)) {
                st.add(t);
            }
        }
        return st;
    }

    static CaptureStatistics statsOf(List<FrameTree> trees) {
        return statsOf(trees, t -> true);
    }

    /** Every kernel-made and crafted sample capture. */
    static List<Path> allCaptures() {
        List<Path> out = new ArrayList<>();
        for (Path dir : List.of(SAMPLES, SAMPLES.resolve("crafted"))) {
            try (Stream<Path> files = Files.list(dir)) {
                files.filter(p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng")).sorted()
                        .forEach(out::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    /** Dissects crafted Ethernet frames, numbered from 1. */
    static List<FrameTree> ethernet(List<byte[]> frames) {
        FrameDissector dissector = new FrameDissector();
        List<FrameTree> out = new ArrayList<>();
        for (int i = 0; i < frames.size(); i++) {
            byte[] f = frames.get(i);
            out.add(dissector.dissect(new FrameRecord(i + 1, 1_000_000L * i, LinkTypes.ETHERNET, f, f.length)));
        }
        return out;
    }
}
