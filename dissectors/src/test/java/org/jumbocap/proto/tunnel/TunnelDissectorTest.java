package org.jumbocap.proto.tunnel;

import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV4;
import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV6;
import static org.jumbocap.proto.tcp.TransportFrames.SUPER_DATA;
import static org.jumbocap.proto.tcp.TransportFrames.UDP;
import static org.jumbocap.proto.tcp.TransportFrames.V4_OUTER_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V4_OUTER_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.V6_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V6_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.ackSegment;
import static org.jumbocap.proto.tcp.TransportFrames.data;
import static org.jumbocap.proto.tcp.TransportFrames.ethernet;
import static org.jumbocap.proto.tcp.TransportFrames.geneve;
import static org.jumbocap.proto.tcp.TransportFrames.ipv4;
import static org.jumbocap.proto.tcp.TransportFrames.ipv6;
import static org.jumbocap.proto.tcp.TransportFrames.udp;
import static org.jumbocap.proto.tcp.TransportFrames.vxlan;
import static org.jumbocap.proto.tcp.TransportFrames.withChecksum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

class TunnelDissectorTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();

    private static FrameTree dissect(byte[] frame) {
        return DISSECTOR.dissect(new FrameRecord(1, 0, LinkTypes.ETHERNET, frame, frame.length));
    }

    private static List<String> ids(FrameTree tree) {
        return tree.experts().stream().map(ExpertItem::id).toList();
    }

    private static byte[] overIpv4(int dstPort, byte[] tunnel) {
        byte[] datagram = withChecksum(udp(50000, dstPort, 8 + tunnel.length, tunnel), 6, UDP, V4_OUTER_SRC, V4_OUTER_DST, Checksum.CORRECT);
        return ethernet(ETHERTYPE_IPV4, ipv4(UDP, V4_OUTER_SRC, V4_OUTER_DST, datagram, false));
    }

    @Test
    void vxlanCarriesAnIpv6JumbogramOverAnIpv6Jumbogram() {
        byte[] inner = TransportFrames.ipv6Tcp(ackSegment(data(SUPER_DATA)), true, Checksum.OFFLOADED);
        byte[] outer = withChecksum(udp(50000, 4789, 0, vxlan(42, inner)), 6, UDP, V6_SRC, V6_DST, Checksum.CORRECT);
        FrameTree tree = dissect(ethernet(ETHERTYPE_IPV6, ipv6(UDP, V6_SRC, V6_DST, outer, true)));
        assertEquals("eth:ipv6:udp:vxlan:eth:ipv6:tcp:data", tree.protocols());
        assertEquals(42, tree.find("vxlan.vni").longValue());
        assertEquals(0x0800, tree.find("vxlan.flags").longValue());
        assertEquals(1, tree.find("vxlan.flag_i").longValue());
        assertEquals(SUPER_DATA, tree.find("tcp.len").longValue());
        assertEquals(ChecksumVerdict.OFFLOADED.code(), tree.find("tcp.checksum.status").longValue());
        assertEquals(ChecksumVerdict.GOOD.code(), tree.find("udp.checksum.status").longValue());
        assertEquals(List.of("udp.length.jumbo", "tcp.checksum.offloaded"),
                ids(tree).stream().filter(id -> id.startsWith("udp") || id.startsWith("tcp") || id.startsWith("vxlan")).toList());
    }

    @Test
    void vxlanWithoutTheIFlag() {
        byte[] inner = TransportFrames.ipv6Tcp(ackSegment(data(10)), false, Checksum.CORRECT);
        byte[] tunnel = vxlan(5, inner);
        tunnel[0] = 0;
        assertTrue(ids(dissect(overIpv4(4789, tunnel))).contains("vxlan.flag_i.clear"));
    }

    @Test
    void geneveOptionsAndEthernetPayload() {
        byte[] options = Bytes.of().u16(0x0102).u8(0x80).u8(1).u32(0xdeadbeefL).u16(0xffff).u8(0x05).u8(2).u32(1).u32(2).toArray();
        byte[] inner = TransportFrames.ipv6Tcp(ackSegment(data(200)), false, Checksum.CORRECT);
        FrameTree tree = dissect(overIpv4(6081, geneve(0x40, 0x6558, 7, options, inner)));
        assertEquals("eth:ip:udp:geneve:eth:ipv6:tcp:data", tree.protocols());
        assertEquals(0, tree.find("geneve.version").longValue());
        assertEquals(20, tree.find("geneve.opt_len").longValue());
        assertEquals(1, tree.find("geneve.flags.critical").longValue());
        assertEquals(0, tree.find("geneve.flags.oam").longValue());
        assertEquals(0x6558, tree.find("geneve.proto_type").longValue());
        assertEquals(7, tree.find("geneve.vni").longValue());
        List<FieldNode> classes = tree.findAll("geneve.option.class");
        assertEquals(List.of(0x0102L, 0xffffL), classes.stream().map(FieldNode::longValue).toList());
        assertEquals(List.of(1L, 0L), tree.findAll("geneve.option.type.critical").stream().map(FieldNode::longValue).toList());
        assertEquals(List.of(8L, 12L), tree.findAll("geneve.option.length").stream().map(FieldNode::longValue).toList());
        assertEquals("de:ad:be:ef", tree.find("geneve.option.unknown.data").valueText());
        assertEquals(ChecksumVerdict.GOOD.code(), tree.find("tcp.checksum.status").longValue());
        assertEquals(List.of(), ids(tree));
    }

    @Test
    void geneveCarryingIpDirectly() {
        byte[] innerIp = ipv6(6, V6_SRC, V6_DST, withChecksum(ackSegment(data(20)), 16, 6, V6_SRC, V6_DST, Checksum.CORRECT), false);
        FrameTree tree = dissect(overIpv4(6081, geneve(0, ETHERTYPE_IPV6, 9, new byte[0], innerIp)));
        assertEquals("eth:ip:udp:geneve:ipv6:tcp:data", tree.protocols());
    }

    @Test
    void geneveMalformedOptionsAndVersion() {
        byte[] inner = TransportFrames.ipv6Tcp(ackSegment(data(10)), false, Checksum.CORRECT);
        // An option claiming 3 words of data where the options hold only 1.
        byte[] overrun = Bytes.of().u16(1).u8(1).u8(3).u32(0).toArray();
        assertTrue(ids(dissect(overIpv4(6081, geneve(0, 0x6558, 1, overrun, inner)))).contains("geneve.option.length.invalid"));
        byte[] tunnel = geneve(0, 0x6558, 1, new byte[0], inner);
        tunnel[0] = (byte) 0x40;
        FrameTree v1 = dissect(overIpv4(6081, tunnel));
        assertTrue(ids(v1).contains("geneve.version.unknown"));
        assertNotNull(v1.find("geneve"));
    }
}
