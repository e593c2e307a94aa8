package org.jumbocap.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jumbocap.fast.SampleFrames;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.CaptureWriter;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.pcap.PcapWriter;
import org.jumbocap.io.pcapng.PcapngWriter;

/**
 * The seeds of the mutation fuzz loop, kept small in {@code samples/fuzz/}: {@code corpus/} holds, for
 * each kernel-made sample, {@value #FRAMES_PER_SEED} of its frames spread over the file (handshake,
 * super-packets, ACKs) with every frame cut to {@value #KEPT_BYTES} bytes, its length on the wire kept,
 * in the sample's own format; {@code regressions.tsv} lists the inputs that once found a bug and what
 * they must give now. The crafted captures ({@code samples/crafted/}, {@code samples/crafted-files/}) are seeds as they are.
 */
public final class FuzzCorpus {
    static final int FRAMES_PER_SEED = 8;
    static final int KEPT_BYTES = 256;

    private FuzzCorpus() {
    }

    static Path directory() {
        return SampleFrames.directory().resolve("fuzz");
    }

    /** The kernel-made samples a corpus seed is made from: pcap and pcapng at the top of samples/. */
    static List<Path> kernelSamples() throws IOException {
        try (Stream<Path> s = Files.list(SampleFrames.directory())) {
            return s.filter(p -> p.getFileName().toString().matches(".*\\.pcap(ng)?")).sorted().toList();
        }
    }

    static String seedName(Path sample) {
        return sample.getFileName().toString().replaceFirst("\\.(pcap(ng)?)$", "-seed.$1");
    }

    /** The corpus seed made from one sample, byte for byte what is committed. */
    static byte[] seed(Path sample) throws IOException {
        List<FrameRecord> frames = new ArrayList<>();
        try (CaptureReader r = CaptureFiles.open(sample)) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                frames.add(rec.copy());
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        boolean pcapng = sample.toString().endsWith(".pcapng");
        int linkType = frames.get(0).linkType();
        try (CaptureWriter w = pcapng ? new PcapngWriter(out, linkType, KEPT_BYTES, true)
                : new PcapWriter(out, linkType, KEPT_BYTES, false)) {
            int step = Math.max(1, frames.size() / FRAMES_PER_SEED);
            for (int i = 0, n = 0; i < frames.size() && n < FRAMES_PER_SEED; i += step, n++) {
                FrameRecord f = frames.get(i);
                byte[] b = f.bytes();
                w.write(f.timestampNanos(), b, 0, Math.min(b.length, KEPT_BYTES), f.originalLength());
            }
        }
        return out.toByteArray();
    }

    /** Every seed of the loop: the committed corpus, then the crafted captures. */
    static List<Path> seeds() throws IOException {
        List<Path> out = new ArrayList<>();
        Path samples = SampleFrames.directory();
        for (Path dir : List.of(directory().resolve("corpus"), samples.resolve("crafted"),
                samples.resolve("crafted-files"))) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> s = Files.list(dir)) {
                    s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().endsWith(".md")).sorted()
                            .forEach(out::add);
                }
            }
        }
        return out;
    }
}
