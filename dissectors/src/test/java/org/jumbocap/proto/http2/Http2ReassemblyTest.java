package org.jumbocap.proto.http2;

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
 * The first connection of samples/http2-veth.pcap (nghttp fetching a page and a 1 MB file: the server's
 * side is two SETTINGS, four HEADERS decoded with HPACK (two responses, two trailers), 63 DATA frames) cut again at random: whatever the
 * cuts, the same frames and the same headers are decoded once each. A lost segment costs the frames it
 * touched, and every header block after it is "HPACK state unknown", never decoded from a stale table.
 * Frames whose lengths lie never make the reassembly hold more than its bound, nor a dissector throw.
 */
class Http2ReassemblyTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();
    private static final int SERVER = 50051;

    /** The client's and the server's bytes of the sample's first connection, in order. */
    private static byte[][] sides() throws Exception {
        ByteArrayOutputStream server = new ByteArrayOutputStream();
        ByteArrayOutputStream client = new ByteArrayOutputStream();
        int clientPort = -1;
        try (CaptureReader reader = CaptureFiles.open(TsharkCrossCheck.sample("http2-veth.pcap"))) {
            FrameRecord r = new FrameRecord();
            FrameSummary s = new FrameSummary();
            while (reader.next(r)) {
                DISSECTOR.summarize(r, s);
                if (clientPort < 0) {
                    clientPort = s.srcPort;
                }
                if (s.transportPayloadLength > 0 && (s.srcPort == clientPort || s.dstPort == clientPort)) {
                    byte[] payload = r.buffer().bytes(s.transportOffset + s.tcpHeaderLength, (int) s.transportPayloadLength);
                    (s.srcPort == SERVER ? server : client).writeBytes(payload);
                }
            }
        }
        return new byte[][] {client.toByteArray(), server.toByteArray()};
    }

    private static FrameRecord segment(long number, boolean fromServer, int clientPort, long seq, byte[] payload) {
        byte[] frame = ethernet(ETHERTYPE_IPV4, ipv4(TCP, fromServer ? V4_DST : V4_SRC, fromServer ? V4_SRC : V4_DST,
                tcp(fromServer ? SERVER : clientPort, fromServer ? clientPort : SERVER, seq, 1, 0x018, new byte[0], payload),
                payload.length + 40 > 0xFFFF));
        return new FrameRecord(number, number * 1000, LinkTypes.ETHERNET, frame, frame.length);
    }

    /** Each HTTP/2 frame the tree decodes: "TYPE[stream]", its header fields, " unknown" where HPACK's state is. */
    private static List<String> frames(FrameTree tree) {
        List<String> out = new ArrayList<>();
        for (FieldNode layer : tree.layers()) {
            if (!layer.name().equals("http2")) {
                continue;
            }
            for (FieldNode f : layer.children()) {
                if (f.def() != Http2Fields.STREAM) {
                    continue;
                }
                StringBuilder s = new StringBuilder().append(f.child(Http2Fields.TYPE).longValue()).append('[')
                        .append(f.child(Http2Fields.STREAM_ID).longValue()).append(']');
                for (FieldNode h : f.children()) {
                    if (h.def() == Http2Fields.HEADER) {
                        s.append(' ').append(h.child(Http2Fields.HEADER_NAME).value()).append('=')
                                .append(h.child(Http2Fields.HEADER_VALUE).value());
                    }
                }
                if (f.experts().stream().anyMatch(e -> e.id().equals("http2.hpack.state_unknown"))) {
                    s.append(" unknown");
                }
                out.add(s.toString());
            }
        }
        return out;
    }

    /**
     * The client's bytes whole, then the server's cut by {@code cuts} (offsets and sizes), skipping the cut
     * numbered {@code lost} (-1: none); what the server's frames decode to.
     */
    private static List<String> replay(byte[] client, byte[] server, List<int[]> cuts, int lost) {
        FramePipeline pipeline = new FramePipeline(DISSECTOR, null, false, new TcpConversations());
        FramePipeline summaries = new FramePipeline(DISSECTOR, null, false, new TcpConversations());
        List<String> seen = new ArrayList<>();
        long number = 1;
        FrameRecord first = segment(number++, false, 40000, 1, client);
        pipeline.accept(first, 0, 0);
        summaries.accept(first, 0, 0, new FrameSummary());
        for (int i = 0; i < cuts.size(); i++) {
            if (i == lost) {
                continue;
            }
            int[] cut = cuts.get(i);
            FrameRecord r = segment(number++, true, 40000, 1000 + cut[0], Arrays.copyOfRange(server, cut[0], cut[0] + cut[1]));
            FrameSummary alone = new FrameSummary();
            summaries.accept(r, 0, 0, alone);
            pipeline.accept(r, 0, 0);
            FrameTree tree = pipeline.tree();
            assertFalse(tree.hasExpert("frame.dissector_bug"), () -> tree.experts().toString());
            assertEquals(SummaryText.protocol(tree), SummaryText.protocol(alone), "frame " + r.number());
            seen.addAll(frames(tree));
        }
        return seen;
    }

    /** Random cuts; the first holds the server's SETTINGS frame whole, which is how the direction is recognised. */
    private static List<int[]> randomCuts(byte[] server, Random random) {
        List<int[]> cuts = new ArrayList<>();
        int first = 15 + random.nextInt(200);
        cuts.add(new int[] {0, first});
        for (int at = first; at < server.length; ) {
            int size = Math.min(server.length - at, switch (random.nextInt(4)) {
                case 0 -> 1 + random.nextInt(9);
                case 1 -> 1 + random.nextInt(1428);
                default -> 1 + random.nextInt(200_000);
            });
            cuts.add(new int[] {at, size});
            at += size;
        }
        return cuts;
    }

    /** Where each of the server's frames lies in its bytes. */
    private static List<int[]> frameSpans(byte[] server) {
        List<int[]> spans = new ArrayList<>();
        for (int p = 0; p + 9 <= server.length; ) {
            int length = ((server[p] & 0xFF) << 16) | ((server[p + 1] & 0xFF) << 8) | (server[p + 2] & 0xFF);
            spans.add(new int[] {p, p + 9 + length});
            p += 9 + length;
        }
        return spans;
    }

    @Test
    void everyFrameIsDecodedOnceWhereverTheSegmentsCut() throws Exception {
        byte[][] sides = sides();
        List<String> reference = replay(sides[0], sides[1], List.of(new int[] {0, sides[1].length}), -1);
        assertEquals(frameSpans(sides[1]).size(), reference.size());
        assertEquals(4, reference.stream().filter(f -> f.startsWith("1[")).count());
        assertEquals(2, reference.stream().filter(f -> f.startsWith("1[") && f.contains(":status=200")).count());
        assertEquals(63, reference.stream().filter(f -> f.startsWith("0[")).count());
        for (int seed = 1; seed <= 30; seed++) {
            assertEquals(reference, replay(sides[0], sides[1], randomCuts(sides[1], new Random(seed)), -1), "seed " + seed);
        }
    }

    @Test
    void aLostSegmentCostsItsFramesAndTheHpackStateAfterIt() throws Exception {
        byte[][] sides = sides();
        byte[] server = sides[1];
        List<String> reference = replay(sides[0], server, List.of(new int[] {0, server.length}), -1);
        List<int[]> spans = frameSpans(server);
        int checked = 0;
        for (int seed = 1; seed <= 40; seed++) {
            List<int[]> cuts = randomCuts(server, new Random(seed));
            if (cuts.size() < 3) {
                continue;
            }
            int lost = 1 + new Random(seed * 31L).nextInt(cuts.size() - 1);
            int from = cuts.get(lost)[0];
            int to = from + cuts.get(lost)[1];
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < spans.size(); i++) {
                int[] span = spans.get(i);
                if (span[1] <= from) {
                    expected.add(reference.get(i));
                } else if (span[0] >= to) {
                    // found again at its header; a header block after the gap is not decoded
                    String f = reference.get(i);
                    expected.add(f.startsWith("1[") ? f.substring(0, f.indexOf(']') + 1) + " unknown" : f);
                }
            }
            assertEquals(expected, replay(sides[0], server, cuts, lost), "seed " + seed + ": lost bytes " + from + " to " + to);
            checked++;
        }
        assertTrue(checked >= 30, "seeds checked " + checked);
    }

    /**
     * A stream the client's HEADERS make gRPC is gRPC in the server's direction too, even when nothing of the
     * server's own changed since its last segment (the state a segment's plan carries is taken again).
     */
    @Test
    void aGrpcStreamSaidByOneDirectionIsGrpcInTheOther() {
        FramePipeline pipeline = new FramePipeline(DISSECTOR, null, false, new TcpConversations());
        byte[] serverSettings = org.jumbocap.crafted.Http2CraftedCases.frame(4, 0, 0, new byte[] {0, 3, 0, 0, 0, 100});
        byte[] ack = org.jumbocap.crafted.Http2CraftedCases.frame(4, 1, 0, new byte[0]);
        // POST, http, :path /, content-type application/grpc (literal, indexed name 31)
        byte[] request = org.jumbocap.crafted.Http2CraftedCases.frame(1, 0x4, 1, java.util.HexFormat.of()
                .parseHex("838684" + "5f10" + java.util.HexFormat.of().formatHex("application/grpc".getBytes())));
        byte[] response = org.jumbocap.crafted.Http2CraftedCases.frame(1, 0x4, 1, new byte[] {(byte) 0x88});
        byte[] data = org.jumbocap.crafted.Http2CraftedCases.frame(0, 0x1, 1, new byte[] {0, 0, 0, 0, 2, 'h', 'i'});
        byte[] preface = Http2Dissector.PREFACE;
        byte[] clientSettings = org.jumbocap.crafted.Http2CraftedCases.frame(4, 0, 0, new byte[0]);
        pipeline.accept(segment(1, true, 40000, 1, serverSettings), 0, 0);
        pipeline.accept(segment(2, false, 40000, 1, org.jumbocap.testing.Bytes.of().bytes(preface).bytes(clientSettings)
                .toArray()), 0, 0);
        pipeline.accept(segment(3, true, 40000, 1 + serverSettings.length, ack), 0, 0);
        pipeline.accept(segment(4, false, 40000, 1 + preface.length + clientSettings.length, request), 0, 0);
        assertEquals(List.of("1[1] :method=POST :scheme=http :path=/ content-type=application/grpc"), frames(pipeline.tree()));
        pipeline.accept(segment(5, true, 40000, 1 + serverSettings.length + ack.length,
                org.jumbocap.testing.Bytes.of().bytes(response).bytes(data).toArray()), 0, 0);
        FrameTree tree = pipeline.tree();
        assertEquals("GRPC", SummaryText.protocol(tree));
        assertEquals(List.of("2"), tree.findAll("grpc.message_length").stream().map(n -> String.valueOf(n.longValue())).toList());
    }

    /** HTTP/2 frames whose lengths lie (up to 2^24 - 1), with random bytes, cut and lost at random. */
    @Test
    void lyingLengthsStayWithinTheBound() {
        ReassemblyBudget budget = new ReassemblyBudget(8192, 40_000);
        FramePipeline pipeline = new FramePipeline(DISSECTOR, null, false, new TcpConversations(true, 1000, budget));
        Random random = new Random(7541);
        long[] next = new long[12];
        for (int round = 0; round < 3000; round++) {
            int connection = random.nextInt(next.length);
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            if (next[connection] == 0) {
                b.writeBytes(Http2Dissector.PREFACE);
            }
            for (int m = random.nextInt(4); m >= 0; m--) {
                int length = random.nextInt(3) == 0 ? random.nextInt(1 << 24) : random.nextInt(3000);
                int type = random.nextInt(11);
                b.write(length >>> 16);
                b.write(length >>> 8);
                b.write(length);
                b.write(type);
                b.write(random.nextInt(256));
                b.writeBytes(new byte[] {0, 0, 0, (byte) (1 + 2 * random.nextInt(4))});
                byte[] noise = new byte[Math.min(length, random.nextInt(4000))];
                random.nextBytes(noise);
                b.writeBytes(noise);
            }
            byte[] payload = b.toByteArray();
            payload = Arrays.copyOf(payload, random.nextInt(payload.length) + 1);
            long seq = next[connection] + 1 + (random.nextInt(8) == 0 ? 1 + random.nextInt(50_000) : 0);
            next[connection] = seq - 1 + payload.length;
            FrameRecord r = segment(round + 1L, false, 41000 + connection, seq & 0xFFFF_FFFFL, payload);
            pipeline.accept(r, 0, 0);
            if (round % 5 == 0) {
                FrameTree tree = pipeline.tree();
                assertFalse(tree.hasExpert("frame.dissector_bug"), () -> tree.experts().toString());
            }
            assertTrue(budget.held() <= 40_000, "held " + budget.held());
        }
    }
}
