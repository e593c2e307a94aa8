package org.jumbocap.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.files.FrameIndex;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The kernel-made captures in samples/, checked against what tshark and tcpdump said of them when they
 * were made: frame count and per-frame frame.len / frame.cap_len from
 * samples/expected/tshark-fields/*.tsv, link type, snaplen and per-frame time of day (UTC, to the
 * microsecond) from the tcpdump listings in samples/expected/tcpdump/. A sample not (yet) present is
 * skipped with a message.
 */
class KernelSamplesTest {
    private static final List<String> NAMED = List.of("ipv6-bigtcp-veth.pcap", "ipv4-bigtcp-veth.pcap",
            "ipv6-bigtcp-loopback.pcap", "ipv6-bigtcp-any-sll2.pcap", "ipv6-bigtcp-vlan.pcap",
            "ipv6-bigtcp-vxlan.pcap", "ipv6-bigtcp-snaplen.pcap", "ipv6-bigtcp-veth.pcapng",
            "ipv6-bigtcp-veth-nsec.pcap", "ipv4-bigtcp-veth.pcapng");
    private static final Pattern TCPDUMP_TIME = Pattern.compile("^(\\d\\d):(\\d\\d):(\\d\\d)\\.(\\d{6}) ");
    private static final Pattern TCPDUMP_HEADER =
            Pattern.compile("^reading from file .*, link-type (\\S+) .*, snapshot length (\\d+)");
    private static final long DAY_MICROS = 86_400_000_000L;

    static Path samples() {
        Path p = Path.of("samples");
        return Files.isDirectory(p.resolve("expected")) ? p : Path.of("..", "samples");
    }

    /** The named samples plus any other capture in samples/. */
    static List<String> sampleNames() throws IOException {
        TreeSet<String> names = new TreeSet<>(NAMED);
        if (Files.isDirectory(samples())) {
            try (Stream<Path> files = Files.list(samples())) {
                files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".pcap") || n.endsWith(".pcapng"))
                        .forEach(names::add);
            }
        }
        return new ArrayList<>(names);
    }

    /** What the reader gives for one file. */
    record Frames(String format, int linkType, long snaplen, List<Integer> captured, List<Long> original,
                  List<Long> timestamps, List<byte[]> data) {
        static Frames read(Path file) throws IOException {
            List<Integer> captured = new ArrayList<>();
            List<Long> original = new ArrayList<>();
            List<Long> ts = new ArrayList<>();
            List<byte[]> data = new ArrayList<>();
            try (CaptureReader reader = CaptureFiles.open(file)) {
                FrameRecord r = new FrameRecord();
                while (reader.next(r)) {
                    captured.add(r.capturedLength());
                    original.add(r.originalLength());
                    ts.add(r.timestampNanos());
                    data.add(r.bytes());
                }
                return new Frames(reader.formatName(), reader.linkType(), reader.interfaces().get(0).snaplen(),
                        captured, original, ts, data);
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> framesMatchTsharkAndTcpdump() throws IOException {
        return sampleNames().stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            Path file = samples().resolve(name);
            Assumptions.assumeTrue(Files.exists(file), "sample " + file + " is absent (made by samples/generate.sh)");
            Frames frames = Frames.read(file);
            boolean checked = false;
            Path tsv = samples().resolve("expected/tshark-fields/" + name + ".tsv");
            if (Files.exists(tsv)) {
                checkAgainstTshark(name, frames, Files.readAllLines(tsv));
                checked = true;
            }
            Path listing = samples().resolve("expected/tcpdump/" + name + ".txt");
            if (Files.exists(listing)) {
                checkAgainstTcpdump(name, frames, Files.readAllLines(listing));
                checked = true;
            }
            Assumptions.assumeTrue(checked, "no expected tshark or tcpdump output for " + name);
        }));
    }

    private static void checkAgainstTshark(String name, Frames frames, List<String> lines) {
        List<String> header = List.of(lines.get(0).split("\t", -1));
        int len = header.indexOf("frame.len");
        int capLen = header.indexOf("frame.cap_len");
        assertTrue(len >= 0 && capLen >= 0, name + ": tsv lacks frame.len/frame.cap_len");
        List<String> rows = lines.subList(1, lines.size()).stream().filter(l -> !l.isEmpty()).toList();
        assertEquals(rows.size(), frames.captured().size(), name + ": frame count");
        for (int i = 0; i < rows.size(); i++) {
            String[] f = rows.get(i).split("\t", -1);
            assertEquals(Long.parseLong(f[len]), frames.original().get(i), name + " frame " + (i + 1) + " frame.len");
            assertEquals(Integer.parseInt(f[capLen]), frames.captured().get(i), name + " frame " + (i + 1) + " frame.cap_len");
        }
    }

    private static void checkAgainstTcpdump(String name, Frames frames, List<String> lines) {
        int frame = 0;
        for (String line : lines) {
            Matcher h = TCPDUMP_HEADER.matcher(line);
            if (h.find()) {
                assertEquals(h.group(1), LinkTypes.name(frames.linkType()), name + ": link type");
                if (!frames.format().equals("pcapng")) {
                    assertEquals(Long.parseLong(h.group(2)), frames.snaplen(), name + ": snaplen");
                }
                continue;
            }
            Matcher m = TCPDUMP_TIME.matcher(line);
            if (!m.find()) {
                continue;
            }
            long expected = ((Long.parseLong(m.group(1)) * 60 + Long.parseLong(m.group(2))) * 60
                    + Long.parseLong(m.group(3))) * 1_000_000L + Long.parseLong(m.group(4));
            long actual = Math.floorMod(Math.floorDiv(frames.timestamps().get(frame), 1000L), DAY_MICROS);
            frame++;
            assertEquals(expected, actual, name + " frame " + frame + " time of day in microseconds");
        }
        assertTrue(frame > 0, name + ": no frames in the tcpdump listing");
    }

    /** editcap made the .pcap and .pcapng from the -nsec.pcap window: same bytes, same times. */
    @Test
    void sameCaptureInThreeFormatsGivesTheSameFrames() throws IOException {
        Path nsec = samples().resolve("ipv6-bigtcp-veth-nsec.pcap");
        Path micro = samples().resolve("ipv6-bigtcp-veth.pcap");
        Path ng = samples().resolve("ipv6-bigtcp-veth.pcapng");
        Assumptions.assumeTrue(Files.exists(nsec) && Files.exists(micro) && Files.exists(ng),
                "ipv6-bigtcp-veth samples absent (made by samples/generate.sh)");
        Frames n = Frames.read(nsec);
        Frames u = Frames.read(micro);
        Frames g = Frames.read(ng);
        assertEquals("pcap-nsec", n.format());
        assertEquals("pcap", u.format());
        assertEquals("pcapng", g.format());
        assertEquals(n.timestamps(), g.timestamps());
        assertEquals(n.timestamps().stream().map(t -> t / 1000 * 1000).toList(), u.timestamps());
        assertTrue(n.timestamps().stream().anyMatch(t -> t % 1000 != 0), "nsec sample has sub-microsecond digits");
        for (int i = 0; i < n.data().size(); i++) {
            assertArrayEquals(n.data().get(i), u.data().get(i), "frame " + (i + 1));
            assertArrayEquals(n.data().get(i), g.data().get(i), "frame " + (i + 1));
        }
    }

    /** Every sample reads the same from the file, from a stream, and frame by frame through the index. */
    @TestFactory
    Stream<DynamicTest> streamAndIndexAgreeWithTheFile() throws IOException {
        return sampleNames().stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            Path file = samples().resolve(name);
            Assumptions.assumeTrue(Files.exists(file), "sample " + file + " is absent (made by samples/generate.sh)");
            Frames frames = Frames.read(file);
            try (InputStream in = Files.newInputStream(file); CaptureReader stream = CaptureFiles.open(in, name)) {
                FrameRecord r = new FrameRecord();
                int i = 0;
                while (stream.next(r)) {
                    assertArrayEquals(frames.data().get(i), r.bytes(), name + " frame " + (i + 1));
                    assertEquals(frames.timestamps().get(i), r.timestampNanos());
                    i++;
                }
                assertEquals(frames.data().size(), i);
            }
            try (FrameIndex index = FrameIndex.build(file)) {
                assertNull(index.failure().orElse(null));
                assertEquals(frames.data().size(), index.size());
                FrameRecord r = new FrameRecord();
                for (long n = index.size(); n >= 1; n -= 3) {
                    index.read(n, r);
                    int i = (int) n - 1;
                    assertEquals(n, r.number());
                    assertArrayEquals(frames.data().get(i), r.bytes(), name + " frame " + n);
                    assertEquals(frames.timestamps().get(i), r.timestampNanos());
                    assertEquals(frames.timestamps().get(i), index.timestampNanos(n));
                    assertEquals(frames.original().get(i), index.originalLength(n));
                    assertEquals(frames.captured().get(i), index.capturedLength(n));
                }
            }
        }));
    }
}
