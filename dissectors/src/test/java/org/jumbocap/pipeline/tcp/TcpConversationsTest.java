package org.jumbocap.pipeline.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.displayfilter.CompiledFilter;
import org.jumbocap.displayfilter.DisplayFilter;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.proto.tcp.TcpAnalysisFields;
import org.jumbocap.proto.tcp.TransportFrames;
import org.jumbocap.testing.Bytes;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * Conversation analysis on frames built here, for the cases the kernel samples lack (keep-alive, zero
 * window, ports reused, raw numbers across the 2^32 wrap, forgetting conversations). The rules are
 * Wireshark's; the samples are checked against tshark itself by {@link TcpAnalysisAgainstTsharkTest}.
 */
class TcpConversationsTest {
    private static final int SYN = 0x02;
    private static final int ACK = 0x10;
    private static final int FIN = 0x01;
    private static final int RST = 0x04;
    private static final int PSH_ACK = 0x18;
    private static final FrameDissector DISSECTOR = new FrameDissector();
    private static final byte[] MSS_1000_WS_7 = Bytes.of().hex("020403e8").hex("01030307").toArray();

    /** One side of a connection: client (port 40000) or server (5201), with its own sequence numbers. */
    private record Segment(boolean fromClient, long seq, long ack, int flags, int window, byte[] options, int length) {
    }

    private static byte[] frame(Segment s, int clientPort) {
        int src = s.fromClient ? clientPort : 5201;
        int dst = s.fromClient ? 5201 : clientPort;
        byte[] tcp = TransportFrames.tcp(src, dst, s.seq, s.ack, s.flags, s.options, TransportFrames.data(s.length));
        tcp[14] = (byte) (s.window >>> 8);
        tcp[15] = (byte) s.window;
        byte[] a = s.fromClient ? TransportFrames.V6_SRC : TransportFrames.V6_DST;
        byte[] b = s.fromClient ? TransportFrames.V6_DST : TransportFrames.V6_SRC;
        return TransportFrames.ethernet(TransportFrames.ETHERTYPE_IPV6,
                TransportFrames.ipv6(TransportFrames.TCP, a, b, tcp, s.length > 65000));
    }

    private static Segment c(long seq, long ack, int flags, int length) {
        return new Segment(true, seq, ack, flags, 1000, new byte[0], length);
    }

    private static Segment s(long seq, long ack, int flags, int length) {
        return new Segment(false, seq, ack, flags, 1000, new byte[0], length);
    }

    /** A run of frames 1 ms apart through one pipeline; each frame's tree. */
    private static final class Run {
        final TcpConversations conversations;
        final FramePipeline pipeline;
        final List<FrameTree> trees = new ArrayList<>();
        final List<TcpAnalysis> analyses = new ArrayList<>();
        long number;
        long nanos = 1_000_000_000L;

        Run(boolean relative, int maxOpen, CompiledFilter filter) {
            conversations = new TcpConversations(relative, maxOpen);
            pipeline = new FramePipeline(DISSECTOR, filter, false, conversations);
        }

        Run() {
            this(true, TcpConversations.DEFAULT_MAX_OPEN, null);
        }

        boolean add(Segment s, int clientPort, long gapNanos) {
            nanos += gapNanos;
            byte[] bytes = frame(s, clientPort);
            FrameRecord rec = new FrameRecord(++number, nanos, LinkTypes.ETHERNET, bytes, bytes.length);
            boolean pass = pipeline.accept(rec, 0, 0);
            TcpAnalysis copy = new TcpAnalysis();
            copy.copyFrom(pipeline.tcpAnalysis());
            analyses.add(copy);
            trees.add(pipeline.tree());
            return pass;
        }

        Run add(Segment... segments) {
            for (Segment s : segments) {
                add(s, 40000, 1_000_000L);
            }
            return this;
        }

        TcpAnalysis a(int frame) {
            return analyses.get(frame - 1);
        }

        FrameTree tree(int frame) {
            return trees.get(frame - 1);
        }
    }

    private static Run handshake(Run r, long clientIsn, long serverIsn) {
        return r.add(new Segment(true, clientIsn, 0, SYN, 64800, MSS_1000_WS_7, 0),
                new Segment(false, serverIsn, clientIsn + 1, SYN | ACK, 64800, MSS_1000_WS_7, 0),
                c(clientIsn + 1, serverIsn + 1, ACK, 0));
    }

    @Test
    void relativeNumbersStartAtTheHandshakeAndNextSequenceCountsSynAndFin() {
        Run r = handshake(new Run(), 5000, 9000).add(c(5001, 9001, PSH_ACK, 100), c(5101, 9001, FIN | ACK, 0));
        assertEquals(0, r.a(1).seq);
        assertEquals(1, r.a(1).nextSeq);
        assertEquals(1, r.a(2).ack);
        assertEquals(1, r.a(4).seq);
        assertEquals(101, r.a(4).nextSeq);
        assertEquals(102, r.a(5).nextSeq, "a FIN counts one");
        assertEquals(r.a(4).stream, r.a(5).stream);
        FrameTree t = r.tree(4);
        assertEquals(1, t.find("tcp.seq").longValue());
        assertEquals(5001, t.find("tcp.seq_raw").longValue());
        assertEquals(101, t.find("tcp.nxtseq").longValue());
        assertEquals(List.of("tcp.stream", "tcp.seq", "tcp.seq_raw", "tcp.nxtseq", "tcp.ack", "tcp.ack_raw"),
                t.find("tcp.stream").parent().children().stream().map(FieldNode::name)
                        .filter(List.of("tcp.stream", "tcp.seq", "tcp.seq_raw", "tcp.nxtseq", "tcp.ack", "tcp.ack_raw")::contains)
                        .toList());
    }

    /**
     * Wireshark's closing notes: the first FIN of a connection initiates the closing, the peer's FIN undergoes it, and
     * the initiator's repeated FIN initiates again (its peer had sent none); a new connection on the same ports starts
     * afresh. Each note sits on the flags' letters, after the FIN's own chat.
     */
    @Test
    void theFirstFinInitiatesTheClosingAndThePeersUndergoesIt() {
        Run r = handshake(new Run(), 100, 200).add(c(101, 201, FIN | ACK, 0), c(101, 201, FIN | ACK, 0),
                s(201, 102, FIN | ACK, 0), c(102, 202, ACK, 0), s(201, 102, FIN | ACK, 0));
        assertEquals(List.of(0, 0, 0, TcpAnalysis.FIN_ACTIVE, TcpAnalysis.FIN_ACTIVE, TcpAnalysis.FIN_PASSIVE, 0,
                TcpAnalysis.FIN_PASSIVE), r.analyses.stream().map(a -> a.finClosing).toList());
        FrameTree first = r.tree(4);
        assertEquals(List.of("tcp.connection.fin", "tcp.connection.fin_active"),
                first.experts().stream().map(org.jumbocap.tree.ExpertItem::id).toList());
        assertEquals("tcp.flags.str", first.experts().get(1).node().name());
        assertEquals("This frame initiates the connection closing", first.experts().get(1).message());
        assertEquals(List.of("tcp.connection.fin", "tcp.connection.fin_passive"),
                r.tree(6).experts().stream().map(org.jumbocap.tree.ExpertItem::id).toList());
        assertEquals(List.of(TcpAnalysisFields.CONNECTION_FIN_PASSIVE), TcpAnalysisTree.experts(r.a(6)),
                "the summary's list, as the tree adds it");

        // the server closes first on a new connection over the same ports
        handshake(r, 5000, 7000).add(s(7001, 5001, FIN | ACK, 0), c(5001, 7002, FIN | ACK, 0));
        assertEquals(TcpAnalysis.FIN_ACTIVE, r.a(12).finClosing);
        assertEquals(TcpAnalysis.FIN_PASSIVE, r.a(13).finClosing);
    }

    @Test
    void rawNumbersWrapAtTwoToThe32() {
        Run r = handshake(new Run(false, 10, null), 0xFFFFFFF0L, 7).add(c(0xFFFFFFF1L, 8, PSH_ACK, 37));
        assertEquals(0xFFFFFFF1L, r.a(4).seq);
        assertEquals((0xFFFFFFF1L + 37) & 0xFFFFFFFFL, r.a(4).nextSeq);
        assertEquals(8, r.a(4).ack);
        assertEquals((0xFFFFFFF1L + 37) & 0xFFFFFFFFL, r.tree(4).find("tcp.nxtseq").longValue());
    }

    @Test
    void keepAliveAndItsAck() {
        Run r = handshake(new Run(), 100, 200).add(c(101, 201, PSH_ACK, 10), s(201, 111, ACK, 0),
                c(110, 201, ACK, 0), s(201, 111, ACK, 0));
        assertTrue(r.a(6).has(TcpAnalysisFlag.KEEP_ALIVE));
        assertFalse(r.a(6).has(TcpAnalysisFlag.RETRANSMISSION), "a keep-alive is not a retransmission");
        assertTrue(r.a(7).has(TcpAnalysisFlag.KEEP_ALIVE_ACK));
        assertFalse(r.a(7).has(TcpAnalysisFlag.DUPLICATE_ACK));
    }

    @Test
    void retransmissionDuplicateAcksAndFastRetransmission() {
        Run r = handshake(new Run(), 100, 200).add(c(101, 201, PSH_ACK, 100), c(201, 201, PSH_ACK, 100),
                s(201, 101, ACK, 0), s(201, 101, ACK, 0), s(201, 101, ACK, 0), c(101, 201, PSH_ACK, 100));
        assertFalse(r.a(5).has(TcpAnalysisFlag.LOST_SEGMENT));
        assertTrue(r.a(7).has(TcpAnalysisFlag.DUPLICATE_ACK));
        assertEquals(1, r.a(7).duplicateAckNumber);
        // frame 6 repeats the SYN-ACK's ACK with a new window (a window update); the ACK number last
        // changed in frame 2, which is what the duplicates repeat, as Wireshark counts them
        assertTrue(r.a(6).has(TcpAnalysisFlag.WINDOW_UPDATE));
        assertEquals(2, r.a(7).duplicateAckFrame);
        assertEquals(2, r.a(8).duplicateAckNumber);
        assertTrue(r.a(9).has(TcpAnalysisFlag.FAST_RETRANSMISSION));
        assertTrue(r.a(9).has(TcpAnalysisFlag.RETRANSMISSION), "a fast retransmission is a retransmission");
        FieldNode flags = r.tree(9).find("tcp.analysis.flags");
        assertNotNull(flags);
        assertNotNull(r.tree(9).find("tcp.analysis.fast_retransmission"));
        assertTrue(r.tree(9).hasExpert("tcp.analysis.fast_retransmission"));
        assertTrue(r.tree(9).hasExpert("tcp.analysis.retransmission"));
    }

    @Test
    void zeroWindowAndLostSegment() {
        Run r = handshake(new Run(), 100, 200).add(c(101, 201, PSH_ACK, 10),
                new Segment(false, 201, 111, ACK, 0, new byte[0], 0), c(5000, 201, PSH_ACK, 10));
        assertTrue(r.a(5).has(TcpAnalysisFlag.ZERO_WINDOW));
        assertTrue(r.tree(5).hasExpert("tcp.analysis.zero_window"));
        assertTrue(r.a(6).has(TcpAnalysisFlag.LOST_SEGMENT));
    }

    @Test
    void aNewSynOnTheSamePortsIsANewStreamWithReusedPorts() {
        Run r = handshake(new Run(), 100, 200);
        r.add(c(101, 201, RST | ACK, 0));
        r.add(new Segment(true, 7777, 0, SYN, 64800, MSS_1000_WS_7, 0));
        assertEquals(0, r.a(4).stream);
        assertEquals(1, r.a(5).stream);
        assertTrue(r.a(5).has(TcpAnalysisFlag.REUSED_PORTS));
        assertEquals(0, r.a(5).seq, "relative to the new ISN");
    }

    @Test
    void superPacketsStandForWireSegmentsOfTheEffectiveMss() {
        // MSS 1000 both ways, no options on the data segments: 70,000 bytes are 70 wire segments
        Run r = handshake(new Run(), 100, 200).add(c(101, 201, PSH_ACK, 70_000), s(201, 70_101, ACK, 0));
        assertEquals(1000, r.a(4).effectiveMss);
        assertEquals(70, r.a(4).wireSegments);
        assertEquals(70_000, r.a(5).ackedBytes);
        assertEquals(70, r.a(5).ackedSegments);
        assertEquals(4, r.a(5).acksFrame);
        assertEquals(70, r.tree(4).find("tcp.analysis.wire_segments").longValue());
    }

    @Test
    void closedConversationsAreForgottenAfterTheLingerAndTheCapMakesRoomWithANote() {
        Run r = new Run(true, 2, null);
        r.add(new Segment(true, 1, 0, SYN, 1000, new byte[0], 0), 40001, 1);
        r.add(new Segment(true, 1, 0, RST, 1000, new byte[0], 0), 40001, 1);
        assertEquals(1, r.conversations.openConversations());
        r.add(new Segment(true, 1, 0, SYN, 1000, new byte[0], 0), 40002, TcpConversations.CLOSED_LINGER_NANOS + 1);
        assertEquals(1, r.conversations.openConversations(), "the closed one was forgotten");
        r.add(new Segment(true, 1, 0, SYN, 1000, new byte[0], 0), 40003, 1);
        assertEquals(2, r.conversations.openConversations());
        assertEquals(0, r.conversations.forgottenAtCap());
        r.add(new Segment(true, 1, 0, SYN, 1000, new byte[0], 0), 40004, 1);
        assertEquals(2, r.conversations.openConversations());
        assertEquals(1, r.conversations.forgottenAtCap());
        assertEquals(2, r.a(5).conversationCap);
        assertTrue(r.tree(5).hasExpert("tcp.analysis.conversation_cap"));
        assertEquals(List.of(0L, 0L, 1L, 2L, 3L), r.analyses.stream().map(a -> a.stream).toList());
    }

    @Test
    void analysisFiltersAreDecidedWithoutATreeAndAgreeWithTheTree() {
        String[] filters = {"tcp.analysis.flags", "tcp.stream == 1", "tcp.seq == 1", "tcp.nxtseq > 100",
                "tcp.analysis.retransmission", "tcp.analysis.duplicate_ack_num == 2", "tcp.analysis.wire_segments > 1",
                "tcp.ack == 101 && !tcp.analysis.duplicate_ack"};
        for (String text : filters) {
            CompiledFilter f = DisplayFilter.compile(text);
            assertTrue(f.readsConversation(), text);
            Run r = handshake(new Run(true, 10, f), 100, 200).add(c(101, 201, PSH_ACK, 100), s(201, 101, ACK, 0),
                    s(201, 101, ACK, 0), s(201, 101, ACK, 0), c(101, 201, PSH_ACK, 70_000));
            r.add(new Segment(true, 9, 0, SYN, 1000, MSS_1000_WS_7, 0), 40001, 1);
            for (int i = 0; i < r.trees.size(); i++) {
                assertTrue(f.canDecide(summaryOf(r, i), r.a(i + 1)), text);
                assertEquals(f.matches(r.tree(i + 1)), f.matches(summaryOf(r, i), r.a(i + 1)), text + " frame " + (i + 1));
            }
            assertFalse(f.canDecide(summaryOf(r, 0)), "without the analysis the summary cannot decide " + text);
        }
    }

    private static org.jumbocap.dissect.FrameSummary summaryOf(Run r, int index) {
        org.jumbocap.dissect.FrameSummary s = new org.jumbocap.dissect.FrameSummary();
        DISSECTOR.summarize(r.tree(index + 1).frame(), s);
        return s;
    }

    @Test
    void framesWithoutTcpAreNotTracked() {
        byte[] udp = TransportFrames.ethernet(TransportFrames.ETHERTYPE_IPV6, TransportFrames.ipv6(TransportFrames.UDP,
                TransportFrames.V6_SRC, TransportFrames.V6_DST, TransportFrames.udp(1, 2, 12, TransportFrames.data(4)), false));
        FramePipeline p = new FramePipeline(DISSECTOR, null, false, new TcpConversations());
        p.accept(new FrameRecord(1, 0, LinkTypes.ETHERNET, udp, udp.length), 0, 0);
        assertFalse(p.tcpAnalysis().tracked);
        assertNull(p.tree().find("tcp.stream"));
    }
}
