package org.jumbocap.fast;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;

/** The committed sample captures (real and crafted), loaded whole into memory for tests and benchmarks. */
public final class SampleFrames {
    private SampleFrames() {
    }

    /** {@code samples/} whether run from the module or the repository root; null when absent. */
    public static Path directory() {
        for (Path p : List.of(Path.of("..", "samples"), Path.of("samples"))) {
            if (Files.isDirectory(p)) {
                return p;
            }
        }
        return null;
    }

    /** The kernel-made captures at the top of {@code samples/} plus the crafted ones. */
    public static List<Path> files() throws IOException {
        Path dir = directory();
        List<Path> out = new ArrayList<>();
        if (dir == null) {
            return out;
        }
        for (Path sub : List.of(dir, dir.resolve("crafted"))) {
            if (!Files.isDirectory(sub)) {
                continue;
            }
            try (Stream<Path> s = Files.list(sub)) {
                s.filter(p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng")).sorted().forEach(out::add);
            }
        }
        return out;
    }

    /**
     * Damaged copies of sample frames, the same for a given seed: a few bytes of the first 160
     * overwritten at random, and one in four captures cut short at a random length.
     */
    public static List<FrameRecord> damaged(long seed, int count) throws IOException {
        List<FrameRecord> seeds = new ArrayList<>();
        for (Path file : files()) {
            List<FrameRecord> frames = read(file);
            for (int i = 0; i < frames.size(); i += Math.max(1, frames.size() / 6)) {
                seeds.add(frames.get(i));
            }
        }
        java.util.Random r = new java.util.Random(seed);
        List<FrameRecord> out = new ArrayList<>(count);
        for (int round = 0; round < count; round++) {
            FrameRecord from = seeds.get(r.nextInt(seeds.size()));
            byte[] bytes = from.bytes();
            int headerSpan = Math.min(bytes.length, 160);
            for (int k = 1 + r.nextInt(3); k > 0; k--) {
                bytes[r.nextInt(headerSpan)] = (byte) r.nextInt(256);
            }
            int captured = r.nextInt(4) == 0 ? r.nextInt(bytes.length + 1) : bytes.length;
            out.add(new FrameRecord(round + 1, 0, from.linkType(), java.util.Arrays.copyOf(bytes, captured),
                    from.originalLength()));
        }
        return out;
    }

    /** Every frame of a file, detached; a malformed tail ends the list. */
    public static List<FrameRecord> read(Path file) throws IOException {
        List<FrameRecord> out = new ArrayList<>();
        try (CaptureReader r = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                out.add(rec.copy());
            }
        } catch (CaptureFormatException e) {
            // crafted bad files: keep the frames read before the damage
        }
        return out;
    }
}
