package org.jumbocap.proto.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.proto.tcp.TransportFrames.Checksum;
import org.jumbocap.testing.Bytes;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

class TcpDissectorTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();

    static FrameTree dissect(byte[] frame) {
        return DISSECTOR.dissect(new FrameRecord(1, 0, LinkTypes.ETHERNET, frame, frame.length));
    }

    private static long value(FrameTree tree, String field) {
        FieldNode n = tree.find(field);
        assertNotNull(n, field + " missing");
        return n.longValue();
    }

    private static List<String> expertIds(FrameTree tree) {
        return tree.experts().stream().map(ExpertItem::id).toList();
    }

    @Test
    void fixedHeaderFieldsAndFlags() {
        byte[] segment = TransportFrames.tcp(40000, 5201, 0xFFFFFFF0L, 77, 0x018 | 0x100, new byte[0], TransportFrames.data(37));
        FrameTree tree = dissect(TransportFrames.ipv6Tcp(segment, false, Checksum.CORRECT));
        assertEquals(40000, value(tree, "tcp.srcport"));
        assertEquals(5201, value(tree, "tcp.dstport"));
        assertEquals(2, tree.findAll("tcp.port").size());
        assertTrue(tree.find("tcp.port").isHidden());
        assertEquals(0xFFFFFFF0L, value(tree, "tcp.seq_raw"));
        assertEquals(77, value(tree, "tcp.ack_raw"));
        assertEquals(20, value(tree, "tcp.hdr_len"));
        assertEquals(0x118, value(tree, "tcp.flags"));
        assertEquals(1, value(tree, "tcp.flags.ack"));
        assertEquals(1, value(tree, "tcp.flags.push"));
        assertEquals(1, value(tree, "tcp.flags.ae"));
        assertEquals(0, value(tree, "tcp.flags.syn"));
        assertEquals("\u00b7\u00b7\u00b7N\u00b7\u00b7\u00b7AP\u00b7\u00b7\u00b7", tree.find("tcp.flags.str").valueText());
        assertEquals(65535, value(tree, "tcp.window_size_value"));
        assertEquals(37, value(tree, "tcp.len"));
        // tcp.nxtseq needs the conversation: the pipeline's TcpConversations adds it (TcpConversationsTest)
        assertNull(tree.find("tcp.nxtseq"));
        FieldNode payload = tree.find("tcp.payload");
        assertEquals(37, payload.length());
        assertEquals(14 + 40 + 20, payload.offset());
        assertEquals(ChecksumVerdict.GOOD.code(), value(tree, "tcp.checksum.status"));
        assertEquals(List.of(), expertIds(tree));
    }

    @Test
    void handshakeOptionsAreDecoded() {
        byte[] options = Bytes.of()
                .hex("020405b4")                       // MSS 1460
                .hex("0402")                           // SACK permitted
                .hex("080a").u32(12345).u32(678)       // timestamps
                .hex("01030307")                       // NOP, window scale 7
                .hex("0512").u32(100).u32(200).u32(300).u32(400) // two SACK blocks
                .hex("0000")                           // EOL and padding
                .toArray();
        FrameTree tree = dissect(TransportFrames.ipv6Tcp(TransportFrames.tcp(40000, 5201, 1, 0, 0x002, options, new byte[0]), false, Checksum.CORRECT));
        assertEquals(60, value(tree, "tcp.hdr_len"));
        assertEquals(1460, value(tree, "tcp.options.mss_val"));
        assertNotNull(tree.find("tcp.options.sack_perm"));
        assertEquals(12345, value(tree, "tcp.options.timestamp.tsval"));
        assertEquals(678, value(tree, "tcp.options.timestamp.tsecr"));
        assertEquals(7, value(tree, "tcp.options.wscale.shift"));
        assertEquals(128, value(tree, "tcp.options.wscale.multiplier"));
        assertEquals(List.of(100L, 300L), tree.findAll("tcp.options.sack_le").stream().map(FieldNode::longValue).toList());
        assertEquals(List.of(200L, 400L), tree.findAll("tcp.options.sack_re").stream().map(FieldNode::longValue).toList());
        assertEquals(2, value(tree, "tcp.options.sack.count"));
        assertNotNull(tree.find("tcp.options.eol"));
        assertEquals(List.of(2L, 4L, 8L, 1L, 3L, 5L, 0L), tree.findAll("tcp.option_kind").stream().map(FieldNode::longValue).toList());
        assertEquals(40, tree.find("tcp.options").length());
        assertEquals(List.of("tcp.connection.syn"), expertIds(tree));
    }

    @Test
    void fastOpenMultipathAndUnknownOptions() {
        byte[] options = Bytes.of()
                .hex("220a0102030405060708")           // TFO cookie of 8 bytes
                .hex("1e0c1081").fill(8, 0x11)         // MPTCP, subtype 1 (join)
                .hex("fe04abcd")                       // experiment, shown raw
                .hex("01").hex("00").hex("00000000")   // NOP, EOL, padding
                .toArray();
        FrameTree tree = dissect(TransportFrames.ipv6Tcp(TransportFrames.tcp(40000, 5201, 1, 0, 0x002, options, new byte[0]), false, Checksum.CORRECT));
        assertEquals(52, value(tree, "tcp.hdr_len"));
        assertEquals("01:02:03:04:05:06:07:08", tree.find("tcp.options.tfo.cookie").valueText());
        assertEquals(1, value(tree, "tcp.options.mptcp.subtype"));
        assertEquals("ab:cd", tree.find("tcp.options.unknown").find("tcp.options.data").valueText());
        assertEquals(List.of(34L, 30L, 254L, 1L, 0L), tree.findAll("tcp.option_kind").stream().map(FieldNode::longValue).toList());
        assertEquals(List.of("tcp.connection.syn"), expertIds(tree));
    }

    @Test
    void tfoCookieRequestAndWrongFixedLength() {
        byte[] options = Bytes.of().hex("2202").hex("0203ff").hex("01").hex("0000").toArray();
        FrameTree tree = dissect(TransportFrames.ipv6Tcp(TransportFrames.tcp(1, 2, 1, 0, 0x002, options, new byte[0]), false, Checksum.CORRECT));
        assertNotNull(tree.find("tcp.options.tfo.request"));
        assertNull(tree.find("tcp.options.mss_val"), "an MSS option of length 3 is not read as an MSS");
        assertEquals(List.of("tcp.connection.syn", "tcp.option.len_wrong"), expertIds(tree));
    }

    /**
     * Wireshark's items on the connection's flags (and on an acknowledgment number sent without ACK): each on its node, with tshark 4.0's id, severity, group and
     * message (the SYN names the destination port, the SYN+ACK its source), and counted by the summary alone too.
     */
    @Test
    void connectionFlagsHaveTsharksItems() {
        record Case(int flags, long ack, List<String> ids, List<String> nodes, List<String> messages) {
        }
        List<Case> cases = List.of(
                new Case(0x002, 0, List.of("tcp.connection.syn"), List.of("tcp.flags.syn"),
                        List.of("Connection establish request (SYN): server port 5201")),
                new Case(0x012, 1, List.of("tcp.connection.synack"), List.of("tcp.flags.syn"),
                        List.of("Connection establish acknowledge (SYN+ACK): server port 40000")),
                new Case(0x011, 1, List.of("tcp.connection.fin"), List.of("tcp.flags.fin"), List.of("Connection finish (FIN)")),
                new Case(0x014, 1, List.of("tcp.connection.rst"), List.of("tcp.flags.reset"), List.of("Connection reset (RST)")),
                // every flag at once: Wireshark's order, SYN, FIN, RST
                new Case(0x017, 1, List.of("tcp.connection.synack", "tcp.connection.fin", "tcp.connection.rst"),
                        List.of("tcp.flags.syn", "tcp.flags.fin", "tcp.flags.reset"),
                        List.of("Connection establish acknowledge (SYN+ACK): server port 40000", "Connection finish (FIN)",
                                "Connection reset (RST)")),
                new Case(0x010, 1, List.of(), List.of(), List.of()),
                // an acknowledgment number without the ACK flag: Wireshark's protocol note, on the number
                new Case(0x004, 888889, List.of("tcp.ack.nonzero", "tcp.connection.rst"), List.of("tcp.ack_raw", "tcp.flags.reset"),
                        List.of("The acknowledgment number field is nonzero while the ACK flag is not set", "Connection reset (RST)")));
        for (Case c : cases) {
            byte[] frame = TransportFrames.ipv6Tcp(TransportFrames.tcp(40000, 5201, 1, c.ack(), c.flags(), new byte[0], new byte[0]),
                    false, Checksum.CORRECT);
            FrameTree tree = dissect(frame);
            String at = String.format("flags 0x%03x", c.flags());
            assertEquals(c.ids(), expertIds(tree), at);
            assertEquals(c.nodes(), tree.experts().stream().map(e -> e.node().name()).toList(), at);
            assertEquals(c.messages(), tree.experts().stream().map(ExpertItem::message).toList(), at);
            for (ExpertItem e : tree.experts()) {
                boolean nonzero = e.id().equals("tcp.ack.nonzero");
                assertEquals(nonzero ? org.jumbocap.expert.ExpertGroup.PROTOCOL : org.jumbocap.expert.ExpertGroup.SEQUENCE, e.group(), at);
                assertEquals(e.id().equals("tcp.connection.rst") ? org.jumbocap.expert.Severity.WARN
                        : nonzero ? org.jumbocap.expert.Severity.NOTE : org.jumbocap.expert.Severity.CHAT, e.severity(), at);
            }
            org.jumbocap.dissect.FrameSummary summary = new org.jumbocap.dissect.FrameSummary();
            DISSECTOR.summarize(new FrameRecord(1, 0, LinkTypes.ETHERNET, frame, frame.length), summary);
            assertEquals(c.ids(), java.util.Arrays.stream(summary.experts, 0, summary.expertCount).map(d -> d.id()).toList(),
                    at + ", the summary without a tree");
        }
    }

    @Test
    void optionLengthsZeroOneAndOverrun() {
        for (String lengthByte : new String[] {"00", "01"}) {
            byte[] options = Bytes.of().hex("0101").hex("08" + lengthByte).fill(8, 0).toArray();
            FrameTree tree = dissect(TransportFrames.ipv6Tcp(TransportFrames.tcp(1, 2, 1, 0, 0x010, options, new byte[0]), false, Checksum.CORRECT));
            assertEquals(List.of("tcp.option.len_invalid"), expertIds(tree), "length " + lengthByte);
            assertTrue(tree.experts().get(0).message().contains("Time Stamp Option"));
        }
        byte[] overrun = Bytes.of().hex("0101").hex("080a").u32(7).toArray();
        FrameTree tree = dissect(TransportFrames.ipv6Tcp(TransportFrames.tcp(1, 2, 1, 0, 0x010, overrun, new byte[0]), false, Checksum.CORRECT));
        assertEquals(List.of("tcp.option.overrun"), expertIds(tree));
        assertNull(tree.find("tcp.options.timestamp.tsval"));
        // A kind byte alone at the header's end has no length byte.
        byte[] kindAtEnd = Bytes.of().hex("010101").hex("08").toArray();
        tree = dissect(TransportFrames.ipv6Tcp(TransportFrames.tcp(1, 2, 1, 0, 0x010, kindAtEnd, new byte[0]), false, Checksum.CORRECT));
        assertEquals(List.of("tcp.option.overrun"), expertIds(tree));
    }

    @Test
    void headerLengthBelowMinimumOrBeyondTheSegment() {
        byte[] tooSmall = TransportFrames.tcpWithDataOffset(1, 2, 1, 0, 0x010, 4, new byte[0], TransportFrames.data(8));
        FrameTree tree = dissect(TransportFrames.ipv6Tcp(tooSmall, false, Checksum.CORRECT));
        assertEquals(List.of("tcp.hdr_len.too_small"), expertIds(tree));
        assertEquals(16, value(tree, "tcp.hdr_len"));
        assertNull(tree.find("tcp.len"));

        byte[] beyond = TransportFrames.tcpWithDataOffset(1, 2, 1, 0, 0x010, 15, new byte[0], TransportFrames.data(8));
        tree = dissect(TransportFrames.ipv6Tcp(beyond, false, Checksum.CORRECT));
        assertEquals(List.of("tcp.hdr_len.beyond_segment"), expertIds(tree));
        assertTrue(tree.experts().get(0).message().contains("60") && tree.experts().get(0).message().contains("28"));
    }

    @Test
    void jumbogramSegmentLengthIs32Bit() {
        FrameTree tree = dissect(TransportFrames.ipv6Tcp(TransportFrames.ackSegment(TransportFrames.data(TransportFrames.SUPER_DATA)), true, Checksum.CORRECT));
        assertEquals(TransportFrames.SUPER_DATA, value(tree, "tcp.len"));
        assertEquals(TransportFrames.SUPER_DATA, tree.find("tcp.payload").length());
        assertEquals(ChecksumVerdict.GOOD.code(), value(tree, "tcp.checksum.status"));
        assertFalse(expertIds(tree).stream().anyMatch(id -> id.startsWith("tcp.")), expertIds(tree).toString());
    }

    @Test
    void ipv4BigTcpChecksumUsesTheRealLength() {
        FrameTree tree = dissect(TransportFrames.ipv4Tcp(TransportFrames.ackSegment(TransportFrames.data(TransportFrames.SUPER_DATA)), true, Checksum.CORRECT));
        assertEquals(TransportFrames.SUPER_DATA, value(tree, "tcp.len"));
        assertEquals(ChecksumVerdict.GOOD.code(), value(tree, "tcp.checksum.status"));
    }

    @Test
    void badChecksumNamesTheRightValue() {
        byte[] segment = TransportFrames.ackSegment(TransportFrames.data(100));
        byte[] correct = TransportFrames.withChecksum(segment, 16, 6, TransportFrames.V6_SRC, TransportFrames.V6_DST, Checksum.CORRECT);
        int right = ((correct[16] & 0xFF) << 8) | (correct[17] & 0xFF);
        FrameTree tree = dissect(TransportFrames.ipv6Tcp(segment, false, Checksum.BAD));
        assertEquals(List.of("tcp.checksum.bad"), expertIds(tree));
        assertEquals(ChecksumVerdict.BAD.code(), value(tree, "tcp.checksum.status"));
        assertEquals(right, value(tree, "tcp.checksum_calculated"));
        assertTrue(tree.experts().get(0).message().contains(String.format("should be 0x%04x", right)), tree.experts().get(0).message());
    }

    /**
     * A super-packet captured on the sending host carries only the pseudo-header sum in its checksum field:
     * tcpdump ("cksum ... incorrect") and Wireshark ("Bad checksum") both flag every such BIG TCP frame;
     * jumbocap recognises the value and calls it offloaded, never bad.
     */
    @Test
    void offloadedChecksumOnAJumbogramIsNeverBad() {
        FrameTree tree = dissect(TransportFrames.ipv6Tcp(TransportFrames.ackSegment(TransportFrames.data(TransportFrames.SUPER_DATA)), true, Checksum.OFFLOADED));
        assertEquals(ChecksumVerdict.OFFLOADED.code(), value(tree, "tcp.checksum.status"));
        assertTrue(expertIds(tree).contains("tcp.checksum.offloaded"));
        assertFalse(expertIds(tree).contains("tcp.checksum.bad"));
    }

    @Test
    void snaplenCutSegmentIsNotChecked() {
        byte[] frame = TransportFrames.ipv6Tcp(TransportFrames.ackSegment(TransportFrames.data(TransportFrames.SUPER_DATA)), true, Checksum.BAD);
        byte[] kept = java.util.Arrays.copyOf(frame, 1500);
        FrameTree tree = DISSECTOR.dissect(new FrameRecord(1, 0, LinkTypes.ETHERNET, kept, frame.length));
        assertEquals(ChecksumVerdict.NOT_CHECKED.code(), value(tree, "tcp.checksum.status"));
        assertEquals(TransportFrames.SUPER_DATA, value(tree, "tcp.len"));
        assertTrue(tree.find("tcp.payload").text().contains("of " + TransportFrames.SUPER_DATA));
        assertFalse(expertIds(tree).contains("tcp.checksum.bad"));
    }

    @Test
    void damagedSegmentsNeverBreakTheDissector() {
        byte[] options = Bytes.of().hex("020405b4").hex("0402").hex("080a").u32(1).u32(2).hex("01030307").toArray();
        byte[] base = TransportFrames.ipv6Tcp(TransportFrames.tcp(1, 2, 3, 4, 0x012, options, TransportFrames.data(30)), false, Checksum.CORRECT);
        Random random = new Random(793);
        int tcpStart = 14 + 40;
        for (int i = 0; i < 3000; i++) {
            byte[] frame = base.clone();
            for (int k = 0; k < 3; k++) {
                frame[tcpStart + random.nextInt(frame.length - tcpStart)] = (byte) random.nextInt(256);
            }
            int keep = tcpStart + random.nextInt(frame.length - tcpStart + 1);
            byte[] cut = java.util.Arrays.copyOf(frame, keep);
            FrameTree tree = DISSECTOR.dissect(new FrameRecord(1, 0, LinkTypes.ETHERNET, cut, random.nextBoolean() ? cut.length : frame.length));
            assertFalse(tree.hasExpert("frame.dissector_bug"), () -> tree.experts().toString());
        }
    }
}
