package org.jumbocap.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.jumbocap.displayfilter.CompiledFilter;
import org.jumbocap.displayfilter.DisplayFilter;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameFields;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * A seeded mutation fuzz loop over the readers and the decoders, with a fixed budget of iterations (not
 * of time, so every run does the same work and a failure repeats): each iteration takes a seed from
 * {@link FuzzCorpus#seeds()}, mutates it (bytes flipped or set to edge values, 16- and 32-bit lengths
 * overwritten, ranges cut, repeated or deleted), reads it from a stream and sends every frame through
 * the tree-less summary, the full tree with its text, and the pipeline with display filters. Bad input
 * may end the reading with a {@link CaptureFormatException}; anything else thrown, or a dissector
 * caught failing ({@code frame.dissector_bug}), fails the test and leaves the input in
 * {@code target/fuzz-failures/}, to be listed in {@code samples/fuzz/regressions.tsv} once fixed.
 */
class MutationFuzzTest {
    /** Fixed for CI; {@code -Djumbocap.fuzz.seed=N -Djumbocap.fuzz.iterations=M} runs a longer search by hand. */
    static final long SEED = Long.getLong("jumbocap.fuzz.seed", 14);
    static final int ITERATIONS = Integer.getInteger("jumbocap.fuzz.iterations", 10_000);
    /** Frames decoded per mutated file at most, so a mutation into thousands of tiny records stays cheap. */
    static final int FRAMES_PER_INPUT = 64;

    private static final int[] EDGE_BYTES = {0x00, 0x01, 0x7F, 0x80, 0xFF, 0x06, 0x11, 0x2B, 0x3C, 0x3A, 0xC2};
    private static final long[] EDGE_WORDS = {0, 1, 0xFF, 0xFFFF, 0x10000, 0x7FFFFFFFL, 0x80000000L, 0xFFFFFFFFL, 65535,
            65536, 262144, 524280, 16 * 1024 * 1024, 40, 8};

    private final FrameDissector dissector = new FrameDissector();
    private final List<CompiledFilter> filters = List.of(DisplayFilter.compile("tcp.port == 5201 || jumbo"),
            DisplayFilter.compile("expert.severity >= warn"), DisplayFilter.compile("ipv6.opt.jumbo > 65535 || ip.len == 0"),
            DisplayFilter.compile("frame matches \"(a|b)*c\" || tcp.payload contains 16:03"),
            DisplayFilter.compile("tcp.flags & 0x12 == 0x12 || udp.length < 8 || icmpv6.type == 2"));

    @Test
    void committedCorpusSeedsAreWhatTheirGeneratorMakes() throws IOException {
        Path corpus = FuzzCorpus.directory().resolve("corpus");
        boolean regenerate = Boolean.getBoolean("jumbocap.regenerate");
        if (regenerate) {
            Files.createDirectories(corpus);
        }
        List<Path> samples = FuzzCorpus.kernelSamples();
        assertTrue(samples.size() >= 8, samples.toString());
        for (Path sample : samples) {
            Path seed = corpus.resolve(FuzzCorpus.seedName(sample));
            byte[] bytes = FuzzCorpus.seed(sample);
            if (regenerate) {
                Files.write(seed, bytes);
            }
            assertTrue(Files.exists(seed), seed + " missing: run with -Djumbocap.regenerate=true");
            assertArrayEquals(bytes, Files.readAllBytes(seed), seed + " differs from its generator");
            assertTrue(bytes.length < 4096, seed + " stays small");
        }
        // generated shapes: an interface block before every packet
        Path interleaved = corpus.resolve("interleaved-interfaces-seed.pcapng");
        java.io.ByteArrayOutputStream shape = new java.io.ByteArrayOutputStream();
        InterleavedInterfaces.write(shape, InterleavedInterfaces.SEED_PAIRS, InterleavedInterfaces.sourceFrames());
        if (regenerate) {
            Files.write(interleaved, shape.toByteArray());
        }
        assertTrue(Files.exists(interleaved), interleaved + " missing: run with -Djumbocap.regenerate=true");
        assertArrayEquals(shape.toByteArray(), Files.readAllBytes(interleaved), interleaved + " differs from its generator");
    }

    @Test
    void mutatedInputsNeverBreakTheReadersOrTheDecoders() throws IOException {
        List<Path> seedFiles = FuzzCorpus.seeds();
        assertTrue(seedFiles.size() > 100, "corpus and crafted captures present: " + seedFiles.size());
        List<byte[]> seeds = new ArrayList<>();
        for (Path p : seedFiles) {
            seeds.add(Files.readAllBytes(p));
        }
        Random random = new Random(SEED);
        long frames = 0;
        long formatErrors = 0;
        for (int i = 0; i < ITERATIONS; i++) {
            int pick = random.nextInt(seeds.size());
            byte[] input = mutate(seeds.get(pick), random);
            try {
                Outcome o = run(input);
                frames += o.frames;
                formatErrors += o.formatError ? 1 : 0;
            } catch (Throwable t) {
                Path saved = save(input, i, seedFiles.get(pick));
                throw new AssertionError("iteration " + i + " (seed " + seedFiles.get(pick).getFileName() + ", input kept in "
                        + saved + "): " + t, t);
            }
        }
        // the loop reaches the decoders, not only the readers' error paths
        assertTrue(frames > ITERATIONS / 2, "frames decoded: " + frames);
        assertTrue(formatErrors > ITERATIONS / 20 && formatErrors < ITERATIONS, "format errors: " + formatErrors);
    }

    /**
     * The inputs that once found a bug ({@code samples/fuzz/regressions.tsv}: file, display filter, frames,
     * frames matching, what went wrong) still read, decode and filter as they should now.
     */
    @Test
    void regressionsStayFixed() throws IOException {
        Path list = FuzzCorpus.directory().resolve("regressions.tsv");
        List<String> rows = Files.readAllLines(list).stream().skip(1).filter(l -> !l.isBlank()).toList();
        assertTrue(rows.size() >= 5, list.toString());
        for (String row : rows) {
            String[] c = row.split("\t");
            Path file = FuzzCorpus.directory().getParent().resolve(c[0]);
            CompiledFilter filter = DisplayFilter.compile(c[1]);
            int frames = 0;
            int matching = 0;
            try (CaptureReader reader = CaptureFiles.open(file)) {
                FrameRecord rec = new FrameRecord();
                while (reader.next(rec)) {
                    frames++;
                    matching += filter.matches(dissector.dissect(rec)) ? 1 : 0;
                }
            }
            assertEquals(Integer.parseInt(c[2]), frames, row);
            assertEquals(Integer.parseInt(c[3]), matching, row);
            run(Files.readAllBytes(file));
        }
    }

    record Outcome(int frames, boolean formatError) {
    }

    private Outcome run(byte[] input) throws IOException {
        int n = 0;
        FramePipeline pipeline = new FramePipeline(dissector, filters.get(n % filters.size()), false);
        FrameSummary summary = new FrameSummary();
        try (CaptureReader reader = CaptureFiles.open(new ByteArrayInputStream(input), "fuzz")) {
            FrameRecord rec = new FrameRecord();
            long first = -1;
            while (n < FRAMES_PER_INPUT && reader.next(rec)) {
                n++;
                first = first < 0 ? rec.timestampNanos() : first;
                dissector.summarize(rec, summary, n % 2 == 0);
                FrameTree tree = dissector.dissect(rec, first, first);
                tree.layers().forEach(layer -> layer.walk(node -> {
                    node.text();
                    node.valueText();
                }));
                for (ExpertItem e : tree.experts()) {
                    e.message();
                    if (e.def() == FrameFields.DISSECTOR_BUG) {
                        throw new AssertionError("dissector failed on frame " + n + ": " + e.message());
                    }
                }
                for (CompiledFilter f : filters) {
                    boolean onTree = f.matches(tree);
                    if (f.canDecide(summary)) {
                        assertEquals(onTree, f.matches(summary), "fast path and tree disagree on frame " + n);
                    }
                }
                pipeline.accept(rec, first, first);
            }
        } catch (CaptureFormatException e) {
            return new Outcome(n, true);
        }
        return new Outcome(n, false);
    }

    static byte[] mutate(byte[] seed, Random r) {
        byte[] b = Arrays.copyOf(seed, seed.length);
        int edits = 1 + r.nextInt(6);
        for (int e = 0; e < edits && b.length > 8; e++) {
            // mostly past the file header, where records and frames are
            int at = b.length > 64 && r.nextInt(8) != 0 ? 40 + r.nextInt(b.length - 40) : r.nextInt(b.length);
            switch (r.nextInt(7)) {
                case 0 -> b[at] ^= (byte) (1 << r.nextInt(8));
                case 1 -> b[at] = (byte) EDGE_BYTES[r.nextInt(EDGE_BYTES.length)];
                case 2 -> putWord(b, at, EDGE_WORDS[r.nextInt(EDGE_WORDS.length)], r.nextBoolean() ? 2 : 4, r.nextBoolean());
                case 3 -> b = Arrays.copyOf(b, 1 + r.nextInt(b.length));
                case 4 -> {
                    int len = 1 + r.nextInt(Math.min(64, b.length - at));
                    byte[] out = new byte[b.length + len];
                    System.arraycopy(b, 0, out, 0, at + len);
                    System.arraycopy(b, at, out, at + len, b.length - at);
                    b = out;
                }
                case 5 -> {
                    int len = 1 + r.nextInt(Math.min(64, b.length - at));
                    byte[] out = new byte[b.length - len];
                    System.arraycopy(b, 0, out, 0, at);
                    System.arraycopy(b, at + len, out, at, b.length - at - len);
                    b = out;
                }
                default -> b[at] = (byte) r.nextInt(256);
            }
        }
        return b;
    }

    private static void putWord(byte[] b, int at, long v, int size, boolean bigEndian) {
        for (int i = 0; i < size && at + i < b.length; i++) {
            int shift = bigEndian ? 8 * (size - 1 - i) : 8 * i;
            b[at + i] = (byte) (v >>> shift);
        }
    }

    private static Path save(byte[] input, int iteration, Path seed) {
        try {
            Path dir = Path.of("target", "fuzz-failures");
            Files.createDirectories(dir);
            return Files.write(dir.resolve("iteration-" + iteration + "-" + seed.getFileName()), input);
        } catch (IOException e) {
            return Path.of("(not saved: " + e.getMessage() + ")");
        }
    }
}
