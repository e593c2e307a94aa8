package org.jumbocap.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.pcap.PcapWriter;
import org.jumbocap.pipeline.FramePipeline;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The conversation, endpoint and I/O tables counted from frame summaries agree with tshark's
 * {@code -z conv,...}, {@code -z endpoints,...} and {@code -z io,stat,...} on the kernel-made samples.
 * Both count frame bytes (the length on the wire). Where they differ by design: in a tunnelled frame
 * jumbocap counts only the innermost Ethernet, IP and TCP/UDP headers, tshark every one, so on the VXLAN
 * samples tshark has the outer conversations in addition (checked: every jumbocap conversation is in
 * tshark's table with the same counts, except at the layers of the outer headers, Ethernet and IPv4,
 * where tshark counts every tunnelled frame for the tunnel's ends and jumbocap only the frames with
 * nothing inside (checked: no more than tshark's). On {@code ipv6-bigtcp-vxlan.pcap} the outer IPv4 packets of the
 * larger VXLAN frames are fragmented (frame 20 the first fragment, 21 the last): tshark reassembles them
 * and counts the inner layers at the last fragment (42 bytes), jumbocap, which does not reassemble,
 * at the first fragment, which carries the inner headers (1,514 bytes). tshark runs with
 * {@code -o ip.defragment:FALSE}, which makes it count the inner layers at the first fragment too.
 */
class TrafficTablesTsharkTest {
    private static final Path TSHARK = Path.of("/usr/bin/tshark");
    /** tshark 4.0 refuses a pcap record longer than this ("bigger than maximum of 262144"). */
    private static final int TSHARK_MAX_RECORD = 262144;
    private static final String BYTES = "(\\d+) (bytes|kB|MB|GB)";
    private static final Pattern CONV = Pattern.compile("^(\\S+)\\s+<->\\s+(\\S+)\\s+(\\d+) " + BYTES + "\\s+(\\d+) "
            + BYTES + "\\s+(\\d+) " + BYTES + "\\s+([\\d.]+)\\s+([\\d.]+)\\s*$");
    private static final Pattern IO_ROW = Pattern.compile("^\\|\\s*[\\d.]+ <> (?:[\\d.]+|Dur)\\s*\\|\\s*(\\d+)\\s*\\|\\s*(\\d+)\\s*\\|$");

    static Stream<String> kernelSamples() throws IOException {
        try (Stream<Path> files = Files.list(StatsSamples.SAMPLES)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".pcap")).sorted().toList().stream();
        }
    }

    /** Conversations and endpoints of one file, from the pipeline's summaries. */
    private record Tables(TwoWayConversations conversations, Endpoints endpoints, List<long[]> frames) {
    }

    private static Tables count(Path file) throws IOException {
        TwoWayConversations conversations = new TwoWayConversations();
        Endpoints endpoints = new Endpoints();
        List<long[]> frames = new ArrayList<>();
        FramePipeline pipeline = new FramePipeline(new FrameDissector(), null, false);
        try (CaptureReader r = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                pipeline.accept(rec, rec.timestampNanos(), rec.timestampNanos());
                conversations.add(pipeline);
                endpoints.add(pipeline);
                frames.add(new long[] {rec.timestampNanos(), rec.originalLength()});
            }
        }
        return new Tables(conversations, endpoints, frames);
    }

    private static List<String> tshark(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(TSHARK.toString(), "-n", "-o", "ip.defragment:FALSE"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertEquals(0, p.waitFor(), "tshark " + command);
        return lines;
    }

    /** A VXLAN sample's layer that holds the tunnel's own (outer) headers: there tshark counts more. */
    private static boolean outerLayer(String sample, TrafficLayer layer) {
        return sample.contains("vxlan") && (layer == TrafficLayer.ETHERNET || layer == TrafficLayer.IPV4);
    }

    private static String tab(TrafficLayer layer) {
        return switch (layer) {
            case ETHERNET -> "eth";
            case IPV4 -> "ip";
            case IPV6 -> "ipv6";
            case TCP -> "tcp";
            case UDP -> "udp";
        };
    }

    /** "addr" or "addr:port" as tshark prints an end of a conversation. */
    private static String tsharkName(TrafficEndpoint e) {
        return e.port() >= 0 ? e.address() + ":" + e.port() : e.address();
    }

    /** tshark prints sizes of 10,000 bytes and more in SI units; a count matches when it rounds or truncates to it. */
    private static void assertBytes(long ours, long shown, String unit, String what) {
        long scale = switch (unit) {
            case "bytes" -> 1;
            case "kB" -> 1_000;
            case "MB" -> 1_000_000;
            default -> 1_000_000_000;
        };
        if (scale == 1) {
            assertEquals(shown, ours, what);
        } else {
            assertTrue(ours / scale == shown || Math.round((double) ours / scale) == shown,
                    what + ": " + ours + " bytes, tshark " + shown + " " + unit);
        }
    }

    @ParameterizedTest
    @MethodSource("kernelSamples")
    void conversationsAgreeWithTshark(String sample) throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(TSHARK), "tshark installed");
        Path file = StatsSamples.SAMPLES.resolve(sample);
        Tables ours = count(file);
        boolean tunnelled = sample.contains("vxlan");
        long start = ours.frames.get(0)[0];
        for (TrafficLayer layer : TrafficLayer.values()) {
            Map<String, Matcher> theirs = new HashMap<>();
            for (String line : tshark("-r", file.toString(), "-q", "-z", "conv," + tab(layer))) {
                Matcher m = CONV.matcher(line);
                if (m.matches()) {
                    theirs.put(m.group(1) + " " + m.group(2), m);
                }
            }
            List<TwoWayConversations.Conversation> list = ours.conversations.at(layer);
            if (!tunnelled) {
                assertEquals(theirs.size(), list.size(), sample + " " + layer + ": conversations " + theirs.keySet());
            }
            for (TwoWayConversations.Conversation c : list) {
                String what = sample + " " + layer + " " + tsharkName(c.a()) + " <-> " + tsharkName(c.b());
                Matcher m = theirs.get(tsharkName(c.a()) + " " + tsharkName(c.b()));
                boolean swapped = m == null;
                if (swapped) {
                    m = theirs.get(tsharkName(c.b()) + " " + tsharkName(c.a()));
                }
                assertNotNull(m, what + " in tshark's table " + theirs.keySet());
                if (outerLayer(sample, layer) && c.packets() < Long.parseLong(m.group(9))) {
                    continue;
                }
                // tshark's columns: B->A ("<-"), A->B ("->"), total
                long aToB = Long.parseLong(m.group(swapped ? 3 : 6));
                long bToA = Long.parseLong(m.group(swapped ? 6 : 3));
                assertEquals(aToB, c.packetsAtoB(), what + " packets A->B");
                assertEquals(bToA, c.packetsBtoA(), what + " packets B->A");
                assertEquals(Long.parseLong(m.group(9)), c.packets(), what + " packets");
                assertBytes(c.bytesAtoB(), Long.parseLong(m.group(swapped ? 4 : 7)), m.group(swapped ? 5 : 8), what + " bytes A->B");
                assertBytes(c.bytesBtoA(), Long.parseLong(m.group(swapped ? 7 : 4)), m.group(swapped ? 8 : 5), what + " bytes B->A");
                assertBytes(c.bytes(), Long.parseLong(m.group(10)), m.group(11), what + " bytes");
                assertEquals(Double.parseDouble(m.group(12)), (c.firstNanos() - start) / 1e9, 1e-6, what + " rel start");
                assertEquals(Double.parseDouble(m.group(13)), c.durationNanos() / 1e9, 1e-4, what + " duration");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("kernelSamples")
    void endpointsAgreeWithTshark(String sample) throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(TSHARK), "tshark installed");
        Path file = StatsSamples.SAMPLES.resolve(sample);
        Tables ours = count(file);
        boolean tunnelled = sample.contains("vxlan");
        for (TrafficLayer layer : TrafficLayer.values()) {
            Map<String, long[]> theirs = new HashMap<>();
            int numbers = 6;
            for (String line : tshark("-r", file.toString(), "-q", "-z", "endpoints," + tab(layer))) {
                String[] f = line.trim().split("\\s+");
                int name = layer.hasPorts() ? 2 : 1;
                if (f.length != name + numbers || !f[f.length - 1].matches("\\d+") || !f[name].matches("\\d+")) {
                    continue;
                }
                long[] n = new long[numbers];
                for (int i = 0; i < numbers; i++) {
                    n[i] = Long.parseLong(f[name + i]);
                }
                theirs.put(layer.hasPorts() ? f[0] + ":" + f[1] : f[0], n);
            }
            List<Endpoints.Endpoint> list = ours.endpoints.at(layer);
            if (!tunnelled) {
                assertEquals(theirs.size(), list.size(), sample + " " + layer + ": endpoints " + theirs.keySet());
            }
            for (Endpoints.Endpoint e : list) {
                String what = sample + " " + layer + " " + tsharkName(e.address());
                long[] t = theirs.get(tsharkName(e.address()));
                assertNotNull(t, what + " in tshark's table " + theirs.keySet());
                if (outerLayer(sample, layer) && e.packets() < t[0]) {
                    continue;
                }
                long[] mine = {e.packets(), e.bytes(), e.txPackets(), e.txBytes(), e.rxPackets(), e.rxBytes()};
                assertEquals(java.util.Arrays.toString(t), java.util.Arrays.toString(mine),
                        what + ": packets, bytes, tx packets, tx bytes, rx packets, rx bytes");
            }
        }
    }

    /** The jumbo column counts exactly the frames tshark shows with an IPv6 Jumbo Payload option. */
    @Test
    void jumboColumnCountsTheJumbograms() throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(TSHARK), "tshark installed");
        Path file = StatsSamples.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");
        List<String> lengths = tshark("-r", file.toString(), "-Y", "ipv6.opt.jumbo", "-T", "fields", "-e", "frame.len");
        long bytes = lengths.stream().mapToLong(Long::parseLong).sum();
        Tables ours = count(file);
        long packets = 0;
        long ourBytes = 0;
        for (TwoWayConversations.Conversation c : ours.conversations.at(TrafficLayer.IPV6)) {
            packets += c.jumboPackets();
            ourBytes += c.jumboBytes();
        }
        assertEquals(21, lengths.size(), "the sample's README counts 21 HBH jumbograms");
        assertEquals(lengths.size(), packets);
        assertEquals(bytes, ourBytes);
        long endpointJumbo = ours.endpoints.at(TrafficLayer.IPV6).stream().mapToLong(Endpoints.Endpoint::jumboPackets).sum();
        assertEquals(2 * packets, endpointJumbo, "each jumbogram counts at its sender and its receiver");
    }

    /** Frames and bytes per 10 ms agree with {@code tshark -q -z io,stat,0.01}, interval for interval. */
    @Test
    void intervalsAgreeWithTsharkIoStat() throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(TSHARK), "tshark installed");
        Path file = StatsSamples.SAMPLES.resolve("ipv6-bigtcp-loss.pcap");
        List<long[]> theirs = new ArrayList<>();
        for (String line : tshark("-r", file.toString(), "-q", "-z", "io,stat,0.01")) {
            Matcher m = IO_ROW.matcher(line);
            if (m.matches()) {
                theirs.add(new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))});
            }
        }
        List<long[]> frames = count(file).frames;
        IoIntervals ours = new IoIntervals(frames.get(0)[0], 10_000_000L);
        for (long[] f : frames) {
            ours.add(f[0], f[1]);
        }
        assertTrue(theirs.size() > 50, "tshark printed " + theirs.size() + " intervals");
        int n = Math.max(theirs.size(), ours.count());
        long total = 0;
        for (int i = 0; i < n; i++) {
            long[] t = i < theirs.size() ? theirs.get(i) : new long[2];
            long f = i < ours.count() ? ours.frames(i) : 0;
            long b = i < ours.count() ? ours.bytes(i) : 0;
            assertEquals(t[0], f, "frames in interval " + i);
            assertEquals(t[1], b, "bytes in interval " + i);
            total += f;
        }
        assertEquals(frames.size(), total);
    }

    @Test
    void defaultIntervalKeepsPointsBelowAThousand() {
        assertEquals(1_000_000L, IoIntervals.defaultInterval(700_000_000L), "0.7 s in 1 ms steps");
        assertEquals(100_000_000L, IoIntervals.defaultInterval(60_000_000_000L), "a minute in 100 ms steps");
        assertEquals(10_000_000_000L, IoIntervals.defaultInterval(86_400_000_000_000L), "a day: the largest step");
    }

    /**
     * A super-packet longer than 262,144 bytes: tshark stops at its record ("bigger than maximum of
     * 262144") and counts nothing after it, jumbocap counts it in its conversation. The file is the veth
     * sample with frame 23 (a 184,306-byte jumbogram) grown to 300,000 bytes, its Jumbo Payload option
     * grown with it.
     */
    @Test
    void superPacketLongerThanTsharkReadsIsCounted(@TempDir Path dir) throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(TSHARK), "tshark installed");
        Path source = StatsSamples.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");
        Path grown = dir.resolve("grown.pcap");
        int longer = 300_000;
        FrameDissector dissector = new FrameDissector();
        FrameSummary s = new FrameSummary();
        try (CaptureReader r = CaptureFiles.open(source); OutputStream out = Files.newOutputStream(grown);
             PcapWriter w = new PcapWriter(out, r.linkType(), 524288, false)) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                if (rec.number() != 23) {
                    w.write(rec);
                    continue;
                }
                dissector.summarize(rec, s, false);
                int option = s.layerJumboOptionOffset[0];
                assertTrue(option > 0, "frame 23 is a jumbogram");
                byte[] bytes = java.util.Arrays.copyOf(rec.bytes(), longer);
                int added = longer - rec.capturedLength();
                long jumbo = (bytes[option + 2] & 0xFFL) << 24 | (bytes[option + 3] & 0xFF) << 16
                        | (bytes[option + 4] & 0xFF) << 8 | bytes[option + 5] & 0xFF;
                java.nio.ByteBuffer.wrap(bytes, option + 2, 4).putInt((int) (jumbo + added));
                w.write(rec.timestampNanos(), bytes, 0, longer, longer);
            }
        }
        Process p = new ProcessBuilder(TSHARK.toString(), "-n", "-r", grown.toString()).start();
        List<String> read = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        String error = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        assertEquals(22, read.size(), "tshark reads the 22 frames before the long one");
        assertTrue(error.contains(String.valueOf(TSHARK_MAX_RECORD)), error);

        Tables original = count(source);
        Tables ours = count(grown);
        assertEquals(44, ours.frames.size());
        TwoWayConversations.Conversation before = bulk(original.conversations);
        TwoWayConversations.Conversation after = bulk(ours.conversations);
        assertEquals(before.packets(), after.packets());
        assertEquals(before.bytes() + (longer - 184_306), after.bytes());
        assertEquals(before.jumboPackets(), after.jumboPackets(), "still a jumbogram");
    }

    /** The TCP conversation that carries the data (the one with the jumbograms). */
    private static TwoWayConversations.Conversation bulk(TwoWayConversations conversations) {
        return conversations.at(TrafficLayer.TCP).stream().filter(c -> c.jumboPackets() > 0).findFirst().orElseThrow();
    }
}
