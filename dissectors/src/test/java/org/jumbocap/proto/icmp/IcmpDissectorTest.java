package org.jumbocap.proto.icmp;

import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV4;
import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV6;
import static org.jumbocap.proto.tcp.TransportFrames.ICMPV6;
import static org.jumbocap.proto.tcp.TransportFrames.SUPER_DATA;
import static org.jumbocap.proto.tcp.TransportFrames.TCP;
import static org.jumbocap.proto.tcp.TransportFrames.V4_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V4_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.V6_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V6_ROUTER;
import static org.jumbocap.proto.tcp.TransportFrames.V6_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.ackSegment;
import static org.jumbocap.proto.tcp.TransportFrames.data;
import static org.jumbocap.proto.tcp.TransportFrames.ethernet;
import static org.jumbocap.proto.tcp.TransportFrames.icmpv6;
import static org.jumbocap.proto.tcp.TransportFrames.ipv4;
import static org.jumbocap.proto.tcp.TransportFrames.ipv6;
import static org.jumbocap.proto.tcp.TransportFrames.withChecksum;
import static org.jumbocap.proto.tcp.TransportFrames.withIcmpv6Checksum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.proto.tcp.TransportFrames.Checksum;
import org.jumbocap.proto.tcp.TransportFrames;
import org.jumbocap.testing.Bytes;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

class IcmpDissectorTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();

    private static FrameTree dissect(byte[] frame) {
        return DISSECTOR.dissect(new FrameRecord(1, 0, LinkTypes.ETHERNET, frame, frame.length));
    }

    private static List<String> ids(FrameTree tree) {
        return tree.experts().stream().map(ExpertItem::id).toList();
    }

    private static byte[] icmpv6Frame(byte[] message) {
        return ethernet(ETHERTYPE_IPV6, ipv6(ICMPV6, V6_ROUTER, V6_SRC, withIcmpv6Checksum(message, V6_ROUTER, V6_SRC, false), false));
    }

    /** The first {@code quote} bytes of a TCP jumbogram, optionally with a non-zero payload length field. */
    private static byte[] quotedJumbogram(int quote, int payloadLengthField) {
        byte[] packet = ipv6(TCP, V6_SRC, V6_DST, withChecksum(ackSegment(data(SUPER_DATA)), 16, TCP, V6_SRC, V6_DST, Checksum.CORRECT), true);
        packet[4] = (byte) (payloadLengthField >>> 8);
        packet[5] = (byte) payloadLengthField;
        return Arrays.copyOf(packet, quote);
    }

    @Test
    void echoRequestFields() {
        FrameTree tree = dissect(icmpv6Frame(icmpv6(128, 0, 0x12340007L, data(56))));
        assertEquals(128, tree.find("icmpv6.type").longValue());
        assertEquals(0, tree.find("icmpv6.code").longValue());
        assertEquals(0x1234, tree.find("icmpv6.echo.identifier").longValue());
        assertEquals(7, tree.find("icmpv6.echo.sequence_number").longValue());
        assertEquals(56, tree.find("icmpv6.data").length());
        assertEquals(ChecksumVerdict.GOOD.code(), tree.find("icmpv6.checksum.status").longValue());
        assertEquals(List.of(), ids(tree));
    }

    @Test
    void badChecksum() {
        byte[] echo = icmpv6(129, 0, 1, data(8));
        FrameTree tree = dissect(ethernet(ETHERTYPE_IPV6, ipv6(ICMPV6, V6_SRC, V6_DST, withIcmpv6Checksum(echo, V6_SRC, V6_DST, true), false)));
        assertEquals(List.of("icmpv6.checksum.bad"), ids(tree));
    }

    @Test
    void packetTooBigQuotesTheJumbogram() {
        FrameTree tree = dissect(icmpv6Frame(icmpv6(2, 0, 100_000, quotedJumbogram(1232, 0))));
        assertEquals(100_000, tree.find("icmpv6.mtu").longValue());
        assertTrue(ids(tree).contains("icmpv6.mtu.jumbo"));
        // The quote is dissected with the length its jumbo option states, like a frame cut short: no
        // length errors, and the quoted TCP checksum is not judged.
        assertEquals(2, tree.findAll("ipv6").size());
        FieldNode quotedTcp = tree.find("tcp");
        assertNotNull(quotedTcp);
        assertEquals(SUPER_DATA, quotedTcp.find("tcp.len").longValue());
        assertEquals(ChecksumVerdict.NOT_CHECKED.code(), quotedTcp.find("tcp.checksum.status").longValue());
        assertFalse(tree.experts().stream().anyMatch(e -> e.severity().compareTo(org.jumbocap.expert.Severity.WARN) >= 0), ids(tree).toString());

        assertEquals(List.of("icmpv6.mtu.below_minimum"),
                ids(dissect(icmpv6Frame(icmpv6(2, 0, 1000, data(48))))).stream().filter(id -> id.startsWith("icmpv6")).toList());
    }

    @Test
    void parameterProblemPointerNamesTheJumboField() {
        byte[] quote = quotedJumbogram(200, 0);
        // 40-byte header, then Hop-by-Hop: next header, length, option type 0xC2 at 42, Opt Data Len at 43.
        String[] expected = {"the Jumbo Payload option's type", "the Jumbo Payload option's Opt Data Len",
                "the Jumbo Payload Length", "the Jumbo Payload Length"};
        for (int i = 0; i < expected.length; i++) {
            FrameTree tree = dissect(icmpv6Frame(icmpv6(4, 0, 42 + i, quote)));
            assertEquals(expected[i], tree.find("icmpv6.pointer.target").valueText());
            assertTrue(ids(tree).contains("icmpv6.pointer.jumbo"));
            assertEquals("Code: 0 (erroneous header field encountered)", tree.find("icmpv6.code").text());
        }
        FrameTree payloadLength = dissect(icmpv6Frame(icmpv6(4, 0, 4, quote)));
        assertEquals("the Payload Length", payloadLength.find("icmpv6.pointer.target").valueText());
        assertTrue(ids(payloadLength).contains("icmpv6.pointer.jumbo"), "payload length 0 with Hop-by-Hop is the jumbogram encoding");
        FrameTree hopLimit = dissect(icmpv6Frame(icmpv6(4, 0, 7, quote)));
        assertEquals("the Hop Limit", hopLimit.find("icmpv6.pointer.target").valueText());
        assertFalse(ids(hopLimit).contains("icmpv6.pointer.jumbo"));
        FrameTree code10 = dissect(icmpv6Frame(icmpv6(4, 10, 60, quote)));
        assertEquals("Code: 10 (option too big)", code10.find("icmpv6.code").text());
        assertEquals("byte 60 of the invoking packet", code10.find("icmpv6.pointer.target").valueText());
    }

    @Test
    void neighborDiscovery() {
        byte[] target = TransportFrames.V6_DST;
        byte[] ns = icmpv6(135, 0, 0, Bytes.of().bytes(target).hex("0101020000000001").toArray());
        FrameTree tree = dissect(icmpv6Frame(ns));
        assertEquals("2001:db8::2", tree.find("icmpv6.nd.ns.target_address").valueText());
        assertEquals(1, tree.find("icmpv6.opt.type").longValue());
        assertEquals("02:00:00:00:00:01", tree.find("icmpv6.opt.linkaddr").valueText(), "Wireshark's name for the address");
        assertTrue(tree.find("icmpv6.opt.src_linkaddr").isHidden());
        assertEquals(null, tree.find("icmpv6.opt.target_linkaddr"));
        assertEquals(null, tree.find("icmpv6.opt.data"));
        assertEquals(List.of(), ids(tree));

        byte[] naWithTarget = icmpv6(136, 0, 0x60000000L, Bytes.of().bytes(target).hex("0201020000000002").toArray());
        tree = dissect(icmpv6Frame(naWithTarget));
        assertEquals("02:00:00:00:00:02", tree.find("icmpv6.opt.linkaddr").valueText());
        assertEquals("02:00:00:00:00:02", tree.find("icmpv6.opt.target_linkaddr").valueText());
        assertEquals(null, tree.find("icmpv6.opt.src_linkaddr"));

        byte[] rsWithMtu = icmpv6(133, 0, 0, Bytes.of().hex("0501000000002328").toArray());
        tree = dissect(icmpv6Frame(rsWithMtu));
        assertEquals(null, tree.find("icmpv6.opt.linkaddr"), "only link-layer address options carry one");
        assertNotNull(tree.find("icmpv6.opt.data"));

        byte[] na = icmpv6(136, 0, 0x60000000L, Bytes.of().bytes(target).toArray());
        tree = dissect(icmpv6Frame(na));
        assertEquals("2001:db8::2", tree.find("icmpv6.nd.na.target_address").valueText());
        assertEquals(0, tree.find("icmpv6.nd.na.flag.r").longValue());
        assertEquals(1, tree.find("icmpv6.nd.na.flag.s").longValue());
        assertEquals(1, tree.find("icmpv6.nd.na.flag.o").longValue());

        byte[] ra = Bytes.of().u8(134).u8(0).u16(0).u8(64).u8(0x80).u16(1800).u32(30000).u32(1000).hex("0101020000000001").toArray();
        tree = dissect(icmpv6Frame(ra));
        assertEquals(64, tree.find("icmpv6.nd.ra.cur_hop_limit").longValue());
        assertEquals(1, tree.find("icmpv6.nd.ra.flag.m").longValue());
        assertEquals(1800, tree.find("icmpv6.nd.ra.router_lifetime").longValue());
        assertEquals(30000, tree.find("icmpv6.nd.ra.reachable_time").longValue());

        byte[] rsZeroOption = icmpv6(133, 0, 0, Bytes.of().hex("0100000000000000").toArray());
        assertEquals(List.of("icmpv6.opt.length_zero"), ids(dissect(icmpv6Frame(rsZeroOption))));
        byte[] rsOverrun = icmpv6(133, 0, 0, Bytes.of().hex("0102000000000000").toArray());
        assertEquals(List.of("icmpv6.opt.overrun"), ids(dissect(icmpv6Frame(rsOverrun))));
    }

    private static byte[] icmpv4Frame(byte[] message) {
        byte[] m = message.clone();
        int sum = ~TransportFrames.fold(TransportFrames.referenceSum(m)) & 0xFFFF;
        m[2] = (byte) (sum >>> 8);
        m[3] = (byte) sum;
        return ethernet(ETHERTYPE_IPV4, ipv4(1, V4_SRC, V4_DST, m, false));
    }

    @Test
    void icmpv4EchoAndFragmentationNeeded() {
        FrameTree echo = dissect(icmpv4Frame(Bytes.of().u8(8).u8(0).u16(0).u16(0x4242).u16(3).bytes(data(32)).toArray()));
        assertEquals(8, echo.find("icmp.type").longValue());
        assertEquals(0x4242, echo.find("icmp.ident").longValue());
        assertEquals(3, echo.find("icmp.seq").longValue());
        assertEquals(ChecksumVerdict.GOOD.code(), echo.find("icmp.checksum.status").longValue());
        assertEquals(List.of(), ids(echo));

        byte[] quoted = Arrays.copyOf(ipv4(TCP, V4_SRC, V4_DST, ackSegment(data(3000)), false), 28);
        FrameTree fragNeeded = dissect(icmpv4Frame(Bytes.of().u8(3).u8(4).u16(0).u16(0).u16(1400).bytes(quoted).toArray()));
        assertEquals(1400, fragNeeded.find("icmp.mtu").longValue());
        assertEquals(2, fragNeeded.findAll("ip").size());
        // RFC 792 quotes only 8 bytes of the segment: the ports and sequence number, without errors.
        assertEquals(5201, fragNeeded.find("tcp.dstport").longValue());
        assertEquals(List.of(), ids(fragNeeded).stream().filter(id -> !id.startsWith("ip.")).toList());
        assertFalse(fragNeeded.hasExpert("frame.malformed"));

        byte[] bad = icmpv4Frame(Bytes.of().u8(0).u8(0).u16(0).u16(1).u16(1).toArray());
        bad[bad.length - 1] ^= 1;
        assertEquals(List.of("icmp.checksum.bad"), ids(dissect(bad)));
    }
}
