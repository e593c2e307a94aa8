package org.jumbocap.proto.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.jumbocap.crafted.ProtocolCraftedCases;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.testing.TsharkCrossCheck;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * DNS against tshark 4.0.17: every field of samples/expected/tshark-fields/dns-veth.pcap.dns.tsv, the
 * Protocol and the Info column of every DNS frame, over UDP and over TCP (two messages in one segment:
 * two dns layers, the Info of the last, as tshark shows it), and hostile input.
 */
class DnsDissectorTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();
    /**
     * The frames in order through the pipeline, whose in-order step pairs each response with its query
     * ({@code dns.response_to}); {@code dns.response_in} on a query needs a later frame and is not given in
     * one pass, as tshark's one pass does not give it either (the table's column is empty).
     */
    @Test
    void capturedDnsMatchesTshark() throws Exception {
        List<String> differences = TsharkCrossCheck.differencesInOrder("dns-veth.pcap", "dns-veth.pcap.dns.tsv", Set.of("DNS"));
        assertEquals(List.of(), differences);
    }

    /** Each response's query and the time since it, frame by frame (tshark -T fields -e dns.response_to -e dns.time). */
    @Test
    void responsesArePairedWithTheirQueriesAsTsharkPairsThem() throws Exception {
        List<String> differences = TsharkCrossCheck.differencesInOrder("dns-veth.pcap", "dns-veth.pcap.dns-pairing.tsv", Set.of());
        // dns.time is a number of seconds: tshark prints nine decimals ("0.000150000"), the tree's value is the double
        List<String> other = differences.stream().filter(d -> !sameSeconds(d)).toList();
        assertEquals(List.of(), other);
        assertEquals(11, differences.size(), "the eleven responses' times, each equal as a number: " + differences);
    }

    /**
     * Two passes, as tshark -2: the first collects the pairings, the second gives each query the frame of its
     * response ({@code dns.response_in}; frame 24 holds two queries, answered in 25 and 27) beside each
     * response's query, equal to tshark's on every frame of both samples; and one pass still gives none.
     */
    @Test
    void queriesGetTheirResponsesFrameInASecondPass() throws Exception {
        for (String[] sample : new String[][] {{"dns-veth.pcap", "dns-veth.pcap.dns-two-pass.tsv"},
                {"crafted/mdns-query-response.pcap", "mdns-query-response.pcap.dns-two-pass.tsv"}}) {
            java.nio.file.Path path = TsharkCrossCheck.sample(sample[0]);
            List<String> lines = java.nio.file.Files.readAllLines(TsharkCrossCheck.sample("expected")
                    .resolve("tshark-fields").resolve(sample[1]));
            String[] header = lines.get(0).split("\t", -1);
            org.jumbocap.pipeline.tcp.DnsResponses firstPass;
            try (CaptureReader reader = CaptureFiles.open(path)) {
                firstPass = org.jumbocap.pipeline.FirstPass.dnsResponses(reader);
            }
            assertEquals(0, firstPass.dropped());
            for (boolean twoPasses : new boolean[] {true, false}) {
                org.jumbocap.pipeline.tcp.TcpConversations conversations = new org.jumbocap.pipeline.tcp.TcpConversations();
                org.jumbocap.pipeline.FramePipeline pipeline = new org.jumbocap.pipeline.FramePipeline(DISSECTOR, null, false,
                        conversations);
                pipeline.startCapture();
                if (twoPasses) {
                    conversations.answersFrom(firstPass);
                }
                List<String> ours = new ArrayList<>();
                ours.add(lines.get(0));
                try (CaptureReader reader = CaptureFiles.open(path)) {
                    FrameRecord record = new FrameRecord();
                    while (reader.next(record)) {
                        pipeline.accept(record, 0, 0);
                        FrameTree tree = pipeline.tree();
                        List<String> cells = new ArrayList<>();
                        cells.add(Long.toString(record.number()));
                        for (int i = 1; i < header.length; i++) {
                            cells.add(TsharkCrossCheck.value(tree, header[i]));
                        }
                        ours.add(String.join("\t", cells));
                    }
                }
                List<String> expected = twoPasses ? lines
                        : lines.stream().map(l -> l.startsWith("frame") ? l : blankColumn(l, 3)).toList();
                assertEquals(expected, ours, sample[0] + (twoPasses ? ", two passes" : ", one pass"));
            }
        }
    }

    private static String blankColumn(String line, int column) {
        String[] cells = line.split("\t", -1);
        cells[column] = "";
        return String.join("\t", cells);
    }

    /** "frame 22 dns.time: tshark 0.000150000, jumbocap 1.5E-4": the same number of nanoseconds. */
    private static boolean sameSeconds(String difference) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("frame \\d+ dns\\.time: tshark (\\S+), jumbocap (\\S+)")
                .matcher(difference);
        return m.matches() && new java.math.BigDecimal(m.group(1)).movePointRight(9).longValueExact()
                == Math.round(Double.parseDouble(m.group(2)) * 1e9);
    }

    /** Multicast DNS: QM and QU questions, cache-flush records, the MDNS Protocol column and tshark's Info. */
    @Test
    void multicastDnsMatchesTshark() throws Exception {
        List<String> differences = TsharkCrossCheck.differencesInOrder("crafted/mdns-query-response.pcap",
                "mdns-query-response.pcap.dns.tsv", null);
        assertEquals(List.of(), differences);
    }

    private static FrameTree dissect(byte[] frame) {
        return DISSECTOR.dissect(new FrameRecord(1, 0, LinkTypes.ETHERNET, frame, frame.length));
    }

    @Test
    void twoMessagesInOneSegmentAreTwoLayers() {
        byte[] q1 = {0x20, 0x02, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0, 1, 'a', 0, 0, 1, 0, 1};
        byte[] q2 = {0x20, 0x03, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0, 1, 'b', 0, 0, 15, 0, 1};
        byte[] payload = new byte[4 + q1.length + q2.length];
        payload[1] = (byte) q1.length;
        System.arraycopy(q1, 0, payload, 2, q1.length);
        payload[3 + q1.length] = (byte) q2.length;
        System.arraycopy(q2, 0, payload, 4 + q1.length, q2.length);
        FrameTree tree = dissect(ProtocolCraftedCases.dnsOverTcp(payload));
        assertEquals("eth:ip:tcp:dns:dns", tree.protocols());
        assertEquals("a,b", TsharkCrossCheck.value(tree, "dns.qry.name"));
        assertEquals("DNS", SummaryText.protocol(tree));
        assertEquals("Standard query 0x2003 MX b", SummaryText.info(tree));
        assertEquals(List.of(), tree.experts().stream().map(ExpertItem::id).toList());
    }

    /** Garbage on port 53 (the middle of a zone transfer) as 2-byte "messages": at most 16 layers, then a note. */
    @Test
    void aSegmentOfTinyMessagesStopsAtSixteen() {
        FrameTree tree = dissect(ProtocolCraftedCases.dnsOverTcp(new byte[400]));
        assertEquals(16, tree.layers().stream().filter(l -> l.name().equals("dns")).count());
        assertTrue(tree.hasExpert("dns.messages.too_many"));
    }

    @Test
    void hostileNamesEndInNotesQuickly() {
        byte[] loop = ProtocolCraftedCases.dnsOverUdp(ProtocolCraftedCases.dnsResponse(1, 0, "c00c 0001 0001"));
        FrameTree tree = dissect(loop);
        assertTrue(tree.hasExpert("dns.name.pointer_loop"));
    }

    /** Cut and flipped copies of every frame of the sample: never an exception out of a dissector, never a hang. */
    @Test
    void mutatedMessagesNeverBreakTheDissector() throws Exception {
        List<byte[]> frames = new ArrayList<>();
        try (CaptureReader reader = CaptureFiles.open(TsharkCrossCheck.sample("dns-veth.pcap"))) {
            FrameRecord r = new FrameRecord();
            while (reader.next(r)) {
                frames.add(r.buffer().bytes(0, r.buffer().capturedLength()));
            }
        }
        Random random = new Random(53);
        FrameSummary summary = new FrameSummary();
        long deadline = System.nanoTime() + 20_000_000_000L;
        for (int round = 0; round < 4000; round++) {
            byte[] f = frames.get(random.nextInt(frames.size())).clone();
            int from = Math.min(f.length - 1, 42);
            for (int flips = 1 + random.nextInt(6); flips > 0; flips--) {
                int at = from + random.nextInt(f.length - from);
                f[at] = (byte) (random.nextInt(4) == 0 ? 0xC0 | random.nextInt(64) : random.nextInt(256));
            }
            int length = random.nextInt(3) == 0 ? from + random.nextInt(f.length - from + 1) : f.length;
            FrameRecord record = new FrameRecord(1, 0, LinkTypes.ETHERNET, java.util.Arrays.copyOf(f, length), f.length);
            FrameTree tree = DISSECTOR.dissect(record);
            assertFalse(tree.hasExpert("frame.dissector_bug"), () -> "round: " + tree.experts());
            SummaryText.info(tree);
            summary.reset();
            DISSECTOR.summarize(record, summary);
            assertTrue(System.nanoTime() < deadline, "too slow");
        }
    }
}
