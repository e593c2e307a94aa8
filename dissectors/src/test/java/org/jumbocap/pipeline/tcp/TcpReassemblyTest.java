package org.jumbocap.pipeline.tcp;

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
import org.jumbocap.crafted.ProtocolCraftedCases;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * TCP reassembly for the protocol above, on TLS records cut into segments at random places (one byte to
 * BIG TCP super-packet sizes): each record is decoded exactly once, whole, in the frame that completes it;
 * the summary names the same protocol as the tree; a lost segment costs the records it touched and no
 * other; and what reassembly holds never passes its bound, whatever the stream says.
 */
class TcpReassemblyTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();
    private static final int SERVER_PORT = 443;
    private static final int CLIENT_PORT = 50000;

    /** A stream of records and where each starts. */
    private record Stream(byte[] bytes, List<Integer> lengths, List<Integer> starts) {
    }

    private static Stream records(Random random, int count) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<Integer> lengths = new ArrayList<>();
        List<Integer> starts = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int length = random.nextInt(5) == 0 ? 1 + random.nextInt(40) : 1 + random.nextInt(16_384 + 256);
            starts.add(out.size());
            lengths.add(length);
            out.writeBytes(ProtocolCraftedCases.tlsRecord(random.nextBoolean() ? 23 : 22, 0x0303, length));
        }
        return new Stream(out.toByteArray(), lengths, starts);
    }

    /** Cuts of the stream into segments: mostly wire-sized and super-packet-sized, some of a few bytes. */
    private static List<int[]> cuts(Random random, int total) {
        List<int[]> segments = new ArrayList<>();
        for (int at = 0; at < total; ) {
            int size = switch (random.nextInt(4)) {
                case 0 -> 1 + random.nextInt(6);
                case 1 -> 1 + random.nextInt(1448);
                default -> 1 + random.nextInt(60_000);
            };
            size = Math.min(size, total - at);
            segments.add(new int[] {at, size});
            at += size;
        }
        return segments;
    }

    private static FrameRecord segment(long number, byte[] stream, int at, int size, int capturedPayload) {
        byte[] payload = Arrays.copyOfRange(stream, at, at + size);
        byte[] frame = ethernet(ETHERTYPE_IPV4, ipv4(TCP, V4_SRC, V4_DST,
                tcp(SERVER_PORT, CLIENT_PORT, 1000L + at, 1, 0x018, new byte[0], payload), size + 40 > 0xFFFF));
        int captured = frame.length - size + capturedPayload;
        return new FrameRecord(number, number * 1000, LinkTypes.ETHERNET, Arrays.copyOf(frame, captured), frame.length);
    }

    /** The record lengths the frame's tree decodes, whole records only, and checks summary and tree agree. */
    private static List<Integer> decoded(FramePipeline pipeline, FramePipeline summaries, FrameRecord record) {
        FrameSummary alone = new FrameSummary();
        summaries.accept(record, 0, 0, alone);
        pipeline.accept(record, 0, 0);
        FrameTree tree = pipeline.tree();
        assertEquals(SummaryText.protocol(tree), SummaryText.protocol(alone), "frame " + record.number());
        assertFalse(tree.hasExpert("frame.dissector_bug"), () -> tree.experts().toString());
        List<Integer> lengths = new ArrayList<>();
        for (FieldNode r : tree.findAll("tls.record")) {
            FieldNode length = r.find("tls.record.length");
            if (r.experts().isEmpty() && length != null) {
                lengths.add((int) length.longValue());
            }
        }
        return lengths;
    }

    @Test
    void everyRecordIsDecodedOnceWhereverTheSegmentsCut() {
        for (int seed = 1; seed <= 40; seed++) {
            Random random = new Random(seed);
            Stream stream = records(random, 30);
            FramePipeline pipeline = new FramePipeline(DISSECTOR, null, false, new TcpConversations());
            FramePipeline summaries = new FramePipeline(DISSECTOR, null, false, new TcpConversations());
            List<Integer> seen = new ArrayList<>();
            long number = 1;
            int reassembledFrames = 0;
            for (int[] cut : cuts(random, stream.bytes().length)) {
                seen.addAll(decoded(pipeline, summaries, segment(number++, stream.bytes(), cut[0], cut[1], cut[1])));
                reassembledFrames += pipeline.tree().findAll("tcp.segment.count").size();
            }
            assertEquals(stream.lengths(), seen, "seed " + seed);
            assertTrue(reassembledFrames > 0, "seed " + seed + ": no record ran across segments");
            assertEquals(0, pipeline.conversations().reassembly().held(), "the stream ends at a record's end");
        }
    }

    @Test
    void aLostSegmentCostsOnlyTheRecordsItTouched() {
        for (int seed = 1; seed <= 40; seed++) {
            Random random = new Random(seed);
            Stream stream = records(random, 30);
            List<int[]> cuts = cuts(random, stream.bytes().length);
            int lost = 1 + random.nextInt(Math.max(1, cuts.size() - 2));
            int lostFrom = cuts.get(lost)[0];
            int lostTo = lostFrom + cuts.get(lost)[1];
            FramePipeline pipeline = new FramePipeline(DISSECTOR, null, false, new TcpConversations());
            FramePipeline summaries = new FramePipeline(DISSECTOR, null, false, new TcpConversations());
            List<Integer> seen = new ArrayList<>();
            long number = 1;
            boolean gapNoted = false;
            for (int i = 0; i < cuts.size(); i++) {
                if (i == lost) {
                    continue;
                }
                int[] cut = cuts.get(i);
                seen.addAll(decoded(pipeline, summaries, segment(number++, stream.bytes(), cut[0], cut[1], cut[1])));
                gapNoted |= pipeline.tree().hasExpert("tcp.reassembly.gap");
            }
            List<Integer> expected = new ArrayList<>();
            boolean resumesMidRecord = false;
            for (int r = 0; r < stream.lengths().size(); r++) {
                int start = stream.starts().get(r);
                int end = start + 5 + stream.lengths().get(r);
                if (end <= lostFrom || start >= lostTo) {
                    expected.add(stream.lengths().get(r));
                }
                resumesMidRecord |= start < lostTo && end > lostTo;
            }
            assertEquals(expected, seen, "seed " + seed + ": lost bytes " + lostFrom + " to " + lostTo);
            if (resumesMidRecord) {
                assertTrue(gapNoted, "seed " + seed + ": the decode resumed after the gap without saying so");
            }
        }
    }

    /**
     * Hostile streams on many connections at once: random bytes, record headers claiming any length, cut
     * captures, lost and repeated segments, under a small bound. Nothing throws, and reassembly never holds
     * more than its bound.
     */
    @Test
    void memoryStaysWithinTheBoundOnHostileStreams() {
        ReassemblyBudget budget = new ReassemblyBudget(4096, 20_000);
        TcpConversations conversations = new TcpConversations(true, 1000, budget);
        FramePipeline pipeline = new FramePipeline(DISSECTOR, null, false, conversations);
        Random random = new Random(2675);
        long number = 1;
        long[] next = new long[16];
        for (int round = 0; round < 4000; round++) {
            int connection = random.nextInt(next.length);
            byte[] payload = new byte[1 + random.nextInt(random.nextInt(8) == 0 ? 70_000 : 3000)];
            random.nextBytes(payload);
            for (int h = random.nextInt(4); h > 0; h--) {
                int at = random.nextInt(payload.length);
                byte[] header = {(byte) (20 + random.nextInt(4)), 3, (byte) random.nextInt(5), (byte) random.nextInt(256),
                        (byte) random.nextInt(256)};
                System.arraycopy(header, 0, payload, at, Math.min(5, payload.length - at));
            }
            long seq = next[connection];
            switch (random.nextInt(10)) {
                case 0 -> seq += 1 + random.nextInt(100_000); // a lost segment
                case 1 -> seq -= Math.min(seq, random.nextInt(5000)); // a retransmission, or an overlap
                default -> {
                }
            }
            next[connection] = seq + payload.length;
            byte[] frame = ethernet(ETHERTYPE_IPV4, ipv4(TCP, V4_SRC, V4_DST,
                    tcp(SERVER_PORT, CLIENT_PORT + connection, seq & 0xFFFF_FFFFL, 1, 0x018, new byte[0], payload),
                    payload.length + 40 > 0xFFFF));
            int captured = random.nextInt(6) == 0 ? 54 + random.nextInt(frame.length - 54) : frame.length;
            FrameRecord record = new FrameRecord(number++, number * 1000, LinkTypes.ETHERNET,
                    Arrays.copyOf(frame, captured), frame.length);
            pipeline.accept(record, 0, 0);
            if (round % 7 == 0) {
                FrameTree tree = pipeline.tree();
                assertFalse(tree.hasExpert("frame.dissector_bug"), () -> tree.experts().toString());
            }
            assertTrue(budget.held() <= 20_000 && budget.held() >= 0, "held " + budget.held());
        }
        assertTrue(budget.peak() <= 20_000, "peak " + budget.peak());
        assertTrue(budget.peak() > 0, "the hostile streams never made reassembly gather anything");
        conversations.clear();
        assertEquals(0, budget.held());
    }
}
