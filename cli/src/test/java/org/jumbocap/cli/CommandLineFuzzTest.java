package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded mutations of the kernel-made and crafted captures, run end to end through {@code read -V -x},
 * {@code read -T json} and {@code stats}: whatever the bytes, the command ends with exit code 0 or 1, at
 * most one line on the error stream (exactly one when it exits 1), never a stack trace, always a complete
 * JSON array, and never hangs. Mutations aim where lengths live: the file header, record and block headers
 * (lengths set to edge values), the first bytes of each frame (link, IP and transport headers) and the
 * file's end (cut anywhere), and the file gzip-compressed and cut in its deflate data.
 */
class CommandLineFuzzTest {
    /** Fixed so a failure names a reproducible case; -Djumbocap.fuzz.seed and .count explore further by hand. */
    private static final long SEED = Long.getLong("jumbocap.fuzz.seed", 0x6A756D626FL);
    private static final int MUTATIONS = Integer.getInteger("jumbocap.fuzz.count", 200);
    /** Kernel samples are a few MB; a prefix of whole records keeps each run short while keeping super-packets. */
    private static final int PREFIX_BYTES = 320 * 1024;
    /** A hang guard, not a speed test: a run that takes this long is stuck. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(20);

    private static final int GZIP_HEADER = 10;
    private static final int GZIP_TRAILER = 8;

    @TempDir
    Path dir;

    /** A capture to mutate: its bytes, where its records start and where each record's frame bytes start. */
    record Source(String name, byte[] bytes, ByteOrder order, boolean pcapng, long[] records, long[] data) {
    }

    record Mutation(String name, byte[] bytes) {
    }

    @TestFactory
    Stream<DynamicTest> mutatedCapturesEndCleanly() {
        List<Source> kernel = Cli.kernelSamples().stream().map(CommandLineFuzzTest::source).toList();
        List<Source> crafted = new ArrayList<>();
        for (String folder : List.of("crafted", "crafted-files")) {
            try (Stream<Path> s = Files.list(Cli.SAMPLES.resolve(folder))) {
                s.sorted().map(CommandLineFuzzTest::source).filter(src -> src != null).forEach(crafted::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        assertTrue(kernel.size() >= 5, "kernel samples present: " + kernel.size());
        assertTrue(crafted.size() >= 60, "crafted samples present: " + crafted.size());
        Random random = new Random(SEED);
        List<Mutation> mutations = new ArrayList<>();
        for (int i = 0; i < MUTATIONS; i++) {
            List<Source> from = i % 3 == 0 ? kernel : crafted;
            Source src = from.get(random.nextInt(from.size()));
            mutations.add(mutate(src, random, i));
        }
        return mutations.stream().map(m -> DynamicTest.dynamicTest(m.name(), () -> check(m)));
    }

    private void check(Mutation m) throws IOException {
        Path file = dir.resolve(m.name().replaceAll("[^A-Za-z0-9.-]+", "_"));
        Files.write(file, m.bytes());
        String f = file.toString();
        Cli.Result tree = run(m, "read", "-V", "-x", f);
        Cli.Result json = run(m, "read", "-T", "json", f);
        Cli.Result stats = run(m, "stats", f);
        Object parsed = MiniJson.parse(json.out());
        assertTrue(parsed instanceof List<?>, m.name() + ": read -T json is one JSON array");
        assertEquals(tree.code(), json.code(), m.name() + ": same outcome in text and JSON");
        assertEquals(tree.code(), stats.code(), m.name() + ": same outcome in read and stats");
        assertEquals(tree.err(), json.err(), m.name() + ": same error line in text and JSON");
        int frames = ((List<?>) parsed).size();
        int blocks = tree.out().isEmpty() ? 0 : tree.out().split("\n\n", -1).length - 1;
        assertEquals(frames, blocks, m.name() + ": the same frames in text and JSON");
    }

    private static Cli.Result run(Mutation m, String... args) {
        String what = String.join(" ", args).replace(args[args.length - 1], "") + "on " + m.name();
        Cli.Result r = assertTimeoutPreemptively(HANG_GUARD, () -> Cli.run(args), what + " hangs");
        assertTrue(r.code() == 0 || r.code() == 1, what + ": exit code " + r.code() + "; stderr: " + r.err());
        if (r.code() == 0) {
            assertEquals("", r.err(), what + ": exit 0 with an error line");
        } else {
            assertEquals(1, r.errLines().size(), what + ": exit 1 with exactly one error line: " + r.err());
            assertTrue(r.errLines().get(0).startsWith("jumbocap: " + args[args.length - 1] + ": "),
                    what + ": the error line names the file: " + r.err());
        }
        MalformedSamplesAcceptanceTest.assertNoStackTrace(r, what);
        assertFalse(r.err().contains("internal error"), what + ": " + r.err());
        return r;
    }

    /** Reads a capture's record layout; null for a file the reader cannot read at all (nothing to aim at). */
    private static Source source(Path path) {
        byte[] all;
        try {
            all = Files.readAllBytes(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (all.length < 24) {
            return null;
        }
        List<FrameRecord> frames = new ArrayList<>();
        try {
            frames.addAll(Cli.frames(path));
        } catch (RuntimeException e) {
            // a broken crafted file: its header is still worth mutating
        }
        boolean pcapng = all[0] == 0x0A && all[1] == 0x0D && all[2] == 0x0D && all[3] == 0x0A;
        ByteOrder order = pcapng
                ? (all[8] == 0x4D ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN)
                : ((all[0] & 0xFF) == 0xD4 || (all[0] & 0xFF) == 0x4D ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        ByteBuffer in = ByteBuffer.wrap(all).order(order);
        int length = all.length;
        List<long[]> records = new ArrayList<>();
        for (FrameRecord f : frames) {
            long at = f.fileOffset();
            if (at < 0 || at >= all.length) {
                continue;
            }
            if (at > PREFIX_BYTES && records.size() >= 2) {
                length = (int) at;
                break;
            }
            long data = at + 16;
            if (pcapng) {
                int type = in.getInt((int) at);
                data = at + (type == 3 ? 12 : 28);
            }
            records.add(new long[] {at, data});
        }
        return new Source(Cli.SAMPLES.relativize(path).toString(), Arrays.copyOf(all, length), order, pcapng,
                records.stream().mapToLong(r -> r[0]).toArray(), records.stream().mapToLong(r -> r[1]).toArray());
    }

    private static Mutation mutate(Source src, Random random, int index) {
        byte[] b = src.bytes().clone();
        ByteBuffer buf = ByteBuffer.wrap(b).order(src.order());
        StringBuilder what = new StringBuilder();
        int kind = random.nextInt(8);
        if (src.records().length == 0 && kind >= 2 && kind <= 6) {
            kind = kind % 2;
        }
        int record = src.records().length == 0 ? -1 : random.nextInt(src.records().length);
        switch (kind) {
            case 0 -> {
                int at = random.nextInt(b.length);
                b = Arrays.copyOf(b, at);
                what.append("cut at ").append(at);
            }
            case 1 -> {
                int headerEnd = src.records().length == 0 ? Math.min(b.length, 48) : (int) src.records()[0];
                int at = random.nextInt(Math.max(1, headerEnd));
                b[at] ^= (byte) (1 + random.nextInt(255));
                what.append("file header byte ").append(at).append(" flipped");
            }
            case 2 -> {
                int start = (int) src.records()[record];
                int at = start + random.nextInt((int) (src.data()[record] - start));
                b[at] ^= (byte) (1 + random.nextInt(255));
                what.append("record ").append(record + 1).append(" header byte ").append(at).append(" flipped");
            }
            case 3 -> {
                int start = (int) src.records()[record];
                // pcap: caplen, origlen; pcapng: block total length, EPB captured and original length
                int[] fields = src.pcapng() ? new int[] {4, 20, 24} : new int[] {8, 12};
                int at = start + fields[random.nextInt(fields.length)];
                if (at + 4 <= b.length) {
                    long value = edgeValue(random, Integer.toUnsignedLong(buf.getInt(at)), 0xFFFFFFFFL);
                    buf.putInt(at, (int) value);
                    what.append("record ").append(record + 1).append(" length at ").append(at).append(" = ").append(value);
                }
            }
            case 4 -> {
                int flips = 1 + random.nextInt(3);
                for (int i = 0; i < flips; i++) {
                    int at = (int) src.data()[record] + random.nextInt(80);
                    if (at < b.length) {
                        b[at] ^= (byte) (1 + random.nextInt(255));
                        what.append(i == 0 ? "" : ", ").append("frame ").append(record + 1).append(" byte ").append(at)
                                .append(" flipped");
                    }
                }
            }
            case 5 -> {
                // protocol length fields are 16 bits at even offsets (IPv4 total length, IPv6 payload length, UDP length)
                int at = (int) src.data()[record] + 2 * random.nextInt(40);
                if (at + 2 <= b.length) {
                    long value = edgeValue(random, Short.toUnsignedLong(buf.getShort(at)), 0xFFFF);
                    buf.putShort(at, (short) value);
                    what.append("frame ").append(record + 1).append(" 16-bit field at ").append(at).append(" = ")
                            .append(value);
                }
            }
            case 7 -> {
                byte[] gzip = gzip(b);
                // inside the deflate data only: a cut in the 10-byte gzip header or 8-byte trailer is a known bug,
                // BrokenCaptureFilesAcceptanceTest.compressedCaptureCutInGzipHeaderOrTrailerGivesNoExceptionName
                int at = GZIP_HEADER + random.nextInt(gzip.length - GZIP_HEADER - GZIP_TRAILER);
                b = Arrays.copyOf(gzip, at);
                what.append("gzip-compressed, cut at ").append(at).append(" of ").append(gzip.length);
            }
            default -> {
                int at = (int) src.data()[record] + random.nextInt(80);
                if (at < b.length) {
                    b[at] = (byte) random.nextInt(256);
                    what.append("frame ").append(record + 1).append(" byte ").append(at).append(" set, ");
                }
                int cut = random.nextInt(b.length);
                b = Arrays.copyOf(b, cut);
                what.append("cut at ").append(cut);
            }
        }
        if (what.length() == 0) {
            what.append("unchanged");
        }
        return new Mutation(String.format("%03d %s: %s", index, src.name(), what), b);
    }

    private static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** 0, 1, all ones, the sign bit, the old value nudged, or anything. */
    private static long edgeValue(Random random, long old, long max) {
        long v = switch (random.nextInt(7)) {
            case 0 -> 0;
            case 1 -> 1;
            case 2 -> max;
            case 3 -> (max >>> 1) + 1;
            case 4 -> old + 1 + random.nextInt(8);
            case 5 -> old - 1 - random.nextInt(8);
            default -> random.nextLong() & max;
        };
        return v & max;
    }
}
