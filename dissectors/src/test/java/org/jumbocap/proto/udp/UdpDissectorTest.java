package org.jumbocap.proto.udp;

import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV4;
import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV6;
import static org.jumbocap.proto.tcp.TransportFrames.SUPER_DATA;
import static org.jumbocap.proto.tcp.TransportFrames.UDP;
import static org.jumbocap.proto.tcp.TransportFrames.V4_OUTER_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V4_OUTER_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.V6_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V6_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.data;
import static org.jumbocap.proto.tcp.TransportFrames.ethernet;
import static org.jumbocap.proto.tcp.TransportFrames.ipv4;
import static org.jumbocap.proto.tcp.TransportFrames.ipv6;
import static org.jumbocap.proto.tcp.TransportFrames.udp;
import static org.jumbocap.proto.tcp.TransportFrames.withChecksum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.proto.tcp.TransportFrames.Checksum;
import org.jumbocap.proto.tcp.TransportFrames;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

class UdpDissectorTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();

    private static FrameTree dissect(byte[] frame) {
        return DISSECTOR.dissect(new FrameRecord(1, 0, LinkTypes.ETHERNET, frame, frame.length));
    }

    private static List<String> ids(FrameTree tree) {
        return tree.experts().stream().map(ExpertItem::id).filter(id -> id.startsWith("udp.") || id.startsWith("tcp.")).toList();
    }

    private static byte[] v6(byte[] datagram, boolean jumbo, Checksum mode) {
        return ethernet(ETHERTYPE_IPV6, ipv6(UDP, V6_SRC, V6_DST, withChecksum(datagram, 6, UDP, V6_SRC, V6_DST, mode), jumbo));
    }

    private static byte[] v4(byte[] datagram, Checksum mode) {
        return ethernet(ETHERTYPE_IPV4, ipv4(UDP, V4_OUTER_SRC, V4_OUTER_DST, withChecksum(datagram, 6, UDP, V4_OUTER_SRC, V4_OUTER_DST, mode), false));
    }

    @Test
    void ordinaryDatagram() {
        FrameTree tree = dissect(v6(udp(40353, 40354, 8 + 20, data(20)), false, Checksum.CORRECT));
        assertEquals(40353, tree.find("udp.srcport").longValue());
        assertEquals(40354, tree.find("udp.dstport").longValue());
        assertEquals(2, tree.findAll("udp.port").size());
        assertEquals(28, tree.find("udp.length").longValue());
        assertEquals(ChecksumVerdict.GOOD.code(), tree.find("udp.checksum.status").longValue());
        assertEquals(20, tree.find("udp.payload").length());
        assertNotNull(tree.find("data"), "an unknown port's payload shows as data");
        assertEquals(List.of(), ids(tree));
    }

    @Test
    void lengthZeroInAJumbogramTakesTheJumboLength() {
        FrameTree tree = dissect(v6(udp(5000, 5001, 0, data(SUPER_DATA)), true, Checksum.CORRECT));
        assertEquals(List.of("udp.length.jumbo"), ids(tree));
        assertEquals(0, tree.find("udp.length").longValue());
        assertEquals(8 + SUPER_DATA, tree.find("udp.length.effective").longValue());
        assertEquals(SUPER_DATA, tree.find("udp.payload").length());
        assertEquals(ChecksumVerdict.GOOD.code(), tree.find("udp.checksum.status").longValue(),
                "the checksum's pseudo-header carries the real 32-bit length");
    }

    @Test
    void lengthZeroOutsideAJumbogramIsAnError() {
        FrameTree tree = dissect(v6(udp(5000, 5001, 0, data(30)), false, Checksum.CORRECT));
        assertEquals(List.of("udp.length.zero"), ids(tree));
    }

    @Test
    void lengthBeyondOrShortOfTheIpLength() {
        assertEquals(List.of("udp.length.bad"), ids(dissect(v6(udp(5000, 5001, 100, data(30)), false, Checksum.CORRECT))));
        assertEquals(List.of("udp.length.bad"), ids(dissect(v6(udp(5000, 5001, 4, data(30)), false, Checksum.CORRECT))));
        FrameTree shorter = dissect(v6(udp(5000, 5001, 8 + 10, data(30)), false, Checksum.CORRECT));
        assertTrue(ids(shorter).contains("udp.length.short"), ids(shorter).toString());
        assertEquals(10, shorter.find("udp.payload").length());
    }

    @Test
    void checksumZeroMeansNoneOverIpv4AndIsIllegalOverIpv6() {
        FrameTree v4 = dissect(v4(udp(5000, 5001, 38, data(30)), Checksum.ZERO));
        assertEquals(ChecksumVerdict.NOT_PRESENT.code(), v4.find("udp.checksum.status").longValue());
        assertEquals(List.of(), ids(v4));
        FrameTree v6 = dissect(v6(udp(5000, 5001, 38, data(30)), false, Checksum.ZERO));
        assertEquals(List.of("udp.checksum.zero"), ids(v6));
    }

    @Test
    void badAndOffloadedChecksums() {
        FrameTree bad = dissect(v4(udp(5000, 5001, 38, data(30)), Checksum.BAD));
        assertEquals(List.of("udp.checksum.bad"), ids(bad));
        FrameTree offloaded = dissect(v6(udp(5000, 5001, 0, data(SUPER_DATA)), true, Checksum.OFFLOADED));
        assertEquals(List.of("udp.length.jumbo", "udp.checksum.offloaded"), ids(offloaded));
        assertEquals(ChecksumVerdict.OFFLOADED.code(), offloaded.find("udp.checksum.status").longValue());
    }

    /**
     * A VXLAN sender with local checksum offload computes the outer UDP checksum for the packet the NIC will
     * send, after it completes the inner TCP checksum: over the captured bytes the outer one looks bad.
     */
    @Test
    void tunnelChecksumRightOnceTheInnerOffloadedChecksumIsCompleted() {
        byte[] segment = TransportFrames.ackSegment(data(300));
        byte[] innerFinal = TransportFrames.ipv6Tcp(segment, false, Checksum.CORRECT);
        byte[] innerPartial = TransportFrames.ipv6Tcp(segment, false, Checksum.OFFLOADED);
        int length = 8 + 8 + innerFinal.length;
        byte[] finalDatagram = withChecksum(udp(50000, 4789, length, TransportFrames.vxlan(42, innerFinal)), 6, UDP,
                V4_OUTER_SRC, V4_OUTER_DST, Checksum.CORRECT);
        byte[] captured = finalDatagram.clone();
        System.arraycopy(TransportFrames.vxlan(42, innerPartial), 0, captured, 8, length - 8);
        FrameTree tree = dissect(ethernet(ETHERTYPE_IPV4, ipv4(UDP, V4_OUTER_SRC, V4_OUTER_DST, captured, false)));
        assertEquals(List.of("tcp.checksum.offloaded", "udp.checksum.outer_offloaded"), ids(tree));
        assertEquals(ChecksumVerdict.OFFLOADED.code(), tree.find("udp.checksum.status").longValue());

        // Wrong for the final packet too: bad, whatever the inner checksum.
        captured[40] ^= 0x10;
        FrameTree wrong = dissect(ethernet(ETHERTYPE_IPV4, ipv4(UDP, V4_OUTER_SRC, V4_OUTER_DST, captured, false)));
        assertTrue(ids(wrong).contains("udp.checksum.bad"), ids(wrong).toString());
        assertFalse(ids(wrong).contains("udp.checksum.outer_offloaded"));
    }

    @Test
    void sourcePortSelectsTheDissectorWhenTheDestinationDoesNot() {
        byte[] inner = TransportFrames.ipv6Tcp(TransportFrames.ackSegment(data(10)), false, Checksum.CORRECT);
        byte[] datagram = udp(4789, 50000, 8 + 8 + inner.length, TransportFrames.vxlan(7, inner));
        FrameTree tree = dissect(v4(datagram, Checksum.CORRECT));
        assertNotNull(tree.find("vxlan"));
        assertEquals(7, tree.find("vxlan.vni").longValue());
        // the only data is the inner TCP segment's payload: VXLAN claimed the datagram
        assertEquals(tree.find("tcp.payload").offset(), tree.find("data").offset());
    }
}
