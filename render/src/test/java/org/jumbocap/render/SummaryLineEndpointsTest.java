package org.jumbocap.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.CaptureInput;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.pcap.PcapReader;
import org.jumbocap.pipeline.FramePipeline;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The summary line copies the endpoints' text of a pair it has written before: every line must be the one a
 * summary line that never saw an earlier frame writes, for frames of the same pairs again and again and for
 * pairs that differ in one address word or one port only, more of them than it remembers.
 */
class SummaryLineEndpointsTest {
    private static final Path SAMPLES = Path.of("..", "samples");

    /** One frame's summary and record, decoded apart from any other. */
    private record Decoded(FrameSummary summary, FrameRecord record) {
    }

    private static final FrameDissector DISSECTOR = new FrameDissector();

    private static Decoded decode(FrameRecord record) {
        FramePipeline pipeline = new FramePipeline(DISSECTOR, null, false);
        FrameSummary summary = new FrameSummary();
        pipeline.decode(record, 0, 0, summary);
        return new Decoded(summary, record);
    }

    /** The line {@code line} writes for the frame, or null when the summary cannot make it. */
    private static String line(SummaryLine line, Decoded d) {
        FrameContext context = new FrameContext("f", 0, 0, false);
        Utf8Text out = new Utf8Text(64);
        return line.render(d.summary(), null, d.record(), context, out) ? out.toString() : null;
    }

    private static List<FrameRecord> frames(Path file) throws IOException {
        List<FrameRecord> frames = new ArrayList<>();
        try (PcapReader reader = new PcapReader(CaptureInput.open(file), file.toString())) {
            FrameRecord r = new FrameRecord();
            while (reader.next(r)) {
                frames.add(r.copy());
            }
        }
        return frames;
    }

    @Test
    void everySampleFrameHasTheLineOfAFreshSummaryLine() throws IOException {
        List<Path> samples;
        try (Stream<Path> files = Files.list(SAMPLES)) {
            samples = files.filter(p -> p.toString().endsWith(".pcap")).sorted().toList();
        }
        Assumptions.assumeFalse(samples.isEmpty(), "samples missing");
        SummaryLine shared = new SummaryLine(TimeFormat.RELATIVE, Colors.NONE);
        int lines = 0;
        // twice over, so the second time every pair is one the shared line has written already
        for (int round = 0; round < 2; round++) {
            for (Path sample : samples) {
                for (FrameRecord record : frames(sample)) {
                    Decoded d = decode(record);
                    String fresh = line(new SummaryLine(TimeFormat.RELATIVE, Colors.NONE), d);
                    assertEquals(fresh, line(shared, d), sample + " frame " + record.number());
                    if (fresh != null) {
                        lines++;
                    }
                }
            }
        }
        assertTrue(lines > 200, "lines made from the summary: " + lines);
    }

    /**
     * A TCP frame of each IP version from the samples, its addresses' last bytes and its ports rewritten:
     * thousands of pairs, many of them one word or one port apart, interleaved, so the remembered pairs are
     * replaced and looked up again with keys that differ in a single field.
     */
    @Test
    void pairsThatDifferInOneFieldEachGetTheirOwnText() throws IOException {
        List<FrameRecord> templates = new ArrayList<>();
        for (String sample : List.of("http-veth.pcap", "ipv6-bigtcp-veth.pcap")) {
            Path f = SAMPLES.resolve(sample);
            Assumptions.assumeTrue(Files.isRegularFile(f), "sample missing");
            for (FrameRecord r : frames(f)) {
                byte[] b = r.bytes();
                int ethertype = (b[12] & 0xFF) << 8 | b[13] & 0xFF;
                boolean tcp = ethertype == 0x0800 ? b[14 + 9] == 6 : ethertype == 0x86DD && b[14 + 6] == 6;
                if (tcp && r.capturedLength() == r.originalLength() && r.capturedLength() < 2000) {
                    templates.add(r);
                    break;
                }
            }
        }
        assertEquals(2, templates.size(), "an IPv4 and an IPv6 TCP frame");
        SummaryLine shared = new SummaryLine(TimeFormat.RELATIVE, Colors.NONE);
        SummaryLine fresh;
        int compared = 0;
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 1500; i++) {
                FrameRecord template = templates.get(i % 2);
                byte[] b = template.bytes();
                boolean v6 = b[12] == (byte) 0x86;
                int src = v6 ? 14 + 8 : 14 + 12;
                int dst = v6 ? 14 + 24 : 14 + 16;
                int addressLength = v6 ? 16 : 4;
                int tcp = v6 ? 14 + 40 : 14 + (b[14] & 0x0F) * 4;
                // one field from i's low bits, the others from its high bits: neighbours differ in one field
                switch (i / 2 % 4) {
                    case 0 -> b[src + addressLength - 1] = (byte) (i >>> 3);
                    case 1 -> b[dst + addressLength - 1] = (byte) (i >>> 3);
                    case 2 -> b[tcp + 1] = (byte) (i >>> 3);
                    default -> b[tcp + 3] = (byte) (i >>> 3);
                }
                if (v6) {
                    b[src + 2] = (byte) (i >>> 7); // a word that is zero in one frame and not in the next
                }
                FrameRecord r = new FrameRecord(i + 1, template.timestampNanos(), template.linkType(), b, b.length);
                Decoded d = decode(r);
                fresh = new SummaryLine(TimeFormat.RELATIVE, Colors.NONE);
                String expected = line(fresh, d);
                assertTrue(expected != null && expected.contains(" → "), "a line from the summary: " + expected);
                assertEquals(expected, line(shared, d), "round " + round + " frame " + i);
                compared++;
            }
        }
        assertEquals(4500, compared);
    }
}
