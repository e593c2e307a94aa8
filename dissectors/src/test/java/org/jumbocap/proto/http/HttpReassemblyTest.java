package org.jumbocap.proto.http;

import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV4;
import static org.jumbocap.proto.tcp.TransportFrames.TCP;
import static org.jumbocap.proto.tcp.TransportFrames.V4_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V4_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.ethernet;
import static org.jumbocap.proto.tcp.TransportFrames.ipv4;
import static org.jumbocap.proto.tcp.TransportFrames.tcp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.pipeline.tcp.ReassemblyBudget;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.jumbocap.testing.TsharkCrossCheck;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * The server's side of samples/http-veth.pcap (six responses: bodies by Content-Length, none after HEAD,
 * chunked) cut again at random places, then hostile HTTP: whatever the cuts, the same responses are
 * decoded once each; a lost segment costs only the responses it touched; lengths that lie never make the
 * reassembly hold more than its bound, nor a dissector throw.
 */
class HttpReassemblyTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();
    /** What tshark decodes from the server's side of the sample (http-veth.pcap.http.tsv). */
    private static final List<String> RESPONSES = List.of("200", "200", "200", "200", "201", "404");

    /** The server's bytes of the sample's connection, in order, and the requests' (for HEAD's memory). */
    private static List<byte[]> sides() throws Exception {
        ByteArrayOutputStream server = new ByteArrayOutputStream();
        ByteArrayOutputStream client = new ByteArrayOutputStream();
        try (CaptureReader reader = CaptureFiles.open(TsharkCrossCheck.sample("http-veth.pcap"))) {
            FrameRecord r = new FrameRecord();
            FrameSummary s = new FrameSummary();
            while (reader.next(r)) {
                DISSECTOR.summarize(r, s);
                if (s.transportPayloadLength > 0) {
                    int at = s.transportOffset + s.tcpHeaderLength;
                    byte[] payload = r.buffer().bytes(at, (int) s.transportPayloadLength);
                    (s.srcPort == 8080 ? server : client).writeBytes(payload);
                }
            }
        }
        return List.of(server.toByteArray(), client.toByteArray());
    }

    private static FrameRecord segment(long number, int srcPort, int dstPort, long seq, byte[] payload) {
        // the server's side from the other address, so both sides are one conversation
        boolean fromServer = srcPort == 8080;
        byte[] frame = ethernet(ETHERTYPE_IPV4, ipv4(TCP, fromServer ? V4_DST : V4_SRC, fromServer ? V4_SRC : V4_DST,
                tcp(srcPort, dstPort, seq, 1, 0x018, new byte[0], payload), payload.length + 40 > 0xFFFF));
        return new FrameRecord(number, number * 1000, LinkTypes.ETHERNET, frame, frame.length);
    }

    private static List<String> codes(FrameTree tree) {
        List<String> codes = new ArrayList<>();
        for (FieldNode n : tree.findAll("http.response.code")) {
            codes.add(String.valueOf(n.longValue()));
        }
        return codes;
    }

    /**
     * Feeds the requests whole (each its own segment, so HEAD is remembered before its answer), then the
     * server's bytes cut at random, skipping the cut numbered {@code lost} (-1: none).
     */
    private static List<String> replay(byte[] server, byte[] client, Random random, int lost, List<int[]> cutsOut) {
        FramePipeline pipeline = new FramePipeline(DISSECTOR, null, false, new TcpConversations());
        FramePipeline summaries = new FramePipeline(DISSECTOR, null, false, new TcpConversations());
        List<String> seen = new ArrayList<>();
        String requests = new String(client, StandardCharsets.ISO_8859_1);
        List<Integer> requestStarts = new ArrayList<>();
        for (int i = requests.indexOf("HTTP/1.1\r\n"); i >= 0; i = requests.indexOf("HTTP/1.1\r\n", i + 1)) {
            requestStarts.add(requests.lastIndexOf("\r\n\r\n", i) < 0 ? 0 : requests.lastIndexOf("\r\n\r\n", i) + 4);
        }
        long number = 1;
        long clientSeq = 1;
        // every request first: the reassembly remembers them in order, and answers come after
        for (int i = 0; i < requestStarts.size(); i++) {
            int from = requestStarts.get(i);
            int to = i + 1 < requestStarts.size() ? requestStarts.get(i + 1) : client.length;
            FrameRecord r = segment(number++, 50000, 8080, clientSeq, Arrays.copyOfRange(client, from, to));
            clientSeq += to - from;
            pipeline.accept(r, 0, 0);
            summaries.accept(r, 0, 0, new FrameSummary());
        }
        int cut = 0;
        for (int at = 0; at < server.length; cut++) {
            int size = Math.min(server.length - at, switch (random.nextInt(4)) {
                case 0 -> 1 + random.nextInt(8);
                case 1 -> 1 + random.nextInt(1448);
                default -> 1 + random.nextInt(90_000);
            });
            cutsOut.add(new int[] {at, size});
            if (cut != lost) {
                FrameRecord r = segment(number++, 8080, 50000, 1000 + at, Arrays.copyOfRange(server, at, at + size));
                FrameSummary alone = new FrameSummary();
                summaries.accept(r, 0, 0, alone);
                pipeline.accept(r, 0, 0);
                FrameTree tree = pipeline.tree();
                assertFalse(tree.hasExpert("frame.dissector_bug"), () -> tree.experts().toString());
                assertEquals(SummaryText.protocol(tree), SummaryText.protocol(alone), "frame " + r.number());
                seen.addAll(codes(tree));
            }
            at += size;
        }
        return seen;
    }

    @Test
    void everyResponseIsDecodedOnceWhereverTheSegmentsCut() throws Exception {
        List<byte[]> sides = sides();
        for (int seed = 1; seed <= 30; seed++) {
            assertEquals(RESPONSES, replay(sides.get(0), sides.get(1), new Random(seed), -1, new ArrayList<>()), "seed " + seed);
        }
    }

    @Test
    void aLostSegmentCostsOnlyTheResponsesItTouched() throws Exception {
        List<byte[]> sides = sides();
        byte[] server = sides.get(0);
        String text = new String(server, StandardCharsets.ISO_8859_1);
        List<Integer> starts = new ArrayList<>();
        for (int i = text.indexOf("HTTP/1.1 "); i >= 0; i = text.indexOf("HTTP/1.1 ", i + 1)) {
            starts.add(i);
        }
        assertEquals(RESPONSES.size(), starts.size(), "no body holds a status line");
        for (int seed = 1; seed <= 30; seed++) {
            List<int[]> cuts = new ArrayList<>();
            replay(server, sides.get(1), new Random(seed), -1, cuts);
            int lost = new Random(seed * 31L).nextInt(cuts.size());
            List<String> seen = replay(server, sides.get(1), new Random(seed), lost, new ArrayList<>());
            int from = cuts.get(lost)[0];
            int to = from + cuts.get(lost)[1];
            List<String> expected = new ArrayList<>();
            for (int m = 0; m < starts.size(); m++) {
                int end = m + 1 < starts.size() ? starts.get(m + 1) : server.length;
                if (end <= from || starts.get(m) >= to) {
                    expected.add(RESPONSES.get(m));
                }
            }
            // a response after the gap is found again at its status line; one the gap cut is not decoded
            assertEquals(expected, seen, "seed " + seed + ": lost bytes " + from + " to " + to);
        }
    }

    /** Headers whose lengths lie (Content-Length up to 10^18, chunk sizes of any hex), cut and lost at random. */
    @Test
    void lyingLengthsStayWithinTheBound() {
        ReassemblyBudget budget = new ReassemblyBudget(8192, 40_000);
        FramePipeline pipeline = new FramePipeline(DISSECTOR, null, false, new TcpConversations(true, 1000, budget));
        Random random = new Random(9112);
        long[] next = new long[12];
        for (int round = 0; round < 3000; round++) {
            int connection = random.nextInt(next.length);
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            for (int m = random.nextInt(3); m >= 0; m--) {
                String head = switch (random.nextInt(4)) {
                    case 0 -> "HTTP/1.1 200 OK\r\nContent-Length: " + (long) Math.pow(10, random.nextInt(19)) + "\r\n\r\n";
                    case 1 -> "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                            + Long.toHexString(random.nextLong() >>> random.nextInt(64)) + "\r\nxyz\r\n";
                    case 2 -> "GET /" + "a".repeat(random.nextInt(3000)) + " HTTP/1.1\r\nHost: x\r\n";
                    default -> "HTTP/1.1 204 No Content\r\n\r\n";
                };
                b.writeBytes(head.getBytes(StandardCharsets.ISO_8859_1));
                byte[] noise = new byte[random.nextInt(random.nextInt(6) == 0 ? 70_000 : 2000)];
                random.nextBytes(noise);
                b.writeBytes(noise);
            }
            byte[] payload = b.toByteArray();
            int cutAt = random.nextInt(payload.length) + 1;
            payload = Arrays.copyOf(payload, cutAt);
            long seq = next[connection] + (random.nextInt(8) == 0 ? 1 + random.nextInt(50_000) : 0);
            next[connection] = seq + payload.length;
            FrameRecord r = segment(round + 1L, 8080, 40000 + connection, seq & 0xFFFF_FFFFL, payload);
            pipeline.accept(r, 0, 0);
            if (round % 5 == 0) {
                FrameTree tree = pipeline.tree();
                assertFalse(tree.hasExpert("frame.dissector_bug"), () -> tree.experts().toString());
            }
            assertTrue(budget.held() <= 40_000, "held " + budget.held());
        }
        assertTrue(budget.peak() > 0 && budget.peak() <= 40_000, "peak " + budget.peak());
    }
}
