package org.jumbocap.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jumbocap.fast.Frames;
import org.jumbocap.testing.Bytes;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * Segments per super-packet count with the effective MSS: the announced MSS less the TCP options each
 * segment repeats. The sizes are facts of samples/generate.sh's setup, the same on every regeneration: the
 * veth MTU 1500 gives MSS 1440 (IPv6) and 1460 (IPv4), and the kernel fills a super-packet with as many whole
 * segments as fit under gso_max_size 185000, so a full IPv6 one carries 184212 bytes, 129 segments of 1428
 * (MSS 1440 less 12 bytes of timestamps), and a full IPv4 one 183896, 127 segments of 1448. Which frames are
 * full and how many there are changes from run to run, so those are counted from the files.
 */
class SegmentsPerSuperPacketTest {
    private static final byte[] CLIENT = Frames.IPV6_SRC;
    private static final byte[] SERVER = Frames.IPV6_DST;

    private static long tcpLength(FrameTree t) {
        FieldNode len = t.find("tcp.len");
        return len == null ? -1 : len.longValue();
    }

    private static boolean isSyn(FrameTree t) {
        FieldNode syn = t.find("tcp.flags.syn");
        return syn != null && syn.longValue() == 1;
    }

    private static FlowStats bulk(CaptureStatistics st) {
        return st.directions().stream().filter(d -> d.superPackets() > 0).findFirst().orElseThrow();
    }

    @Test
    void fullIpv6SuperPacketsAreExactly129SegmentsOf1428() {
        List<FrameTree> trees = StatsSamples.trees("ipv6-bigtcp-veth.pcap");
        long full = trees.stream().filter(t -> tcpLength(t) == 184212).count();
        assertTrue(full > 10, "the sample holds full 184212-byte super-packets");
        CaptureStatistics st = StatsSamples.statsOf(trees, t -> isSyn(t) || tcpLength(t) == 184212);
        FlowStats bulk = bulk(st);
        assertEquals(full, bulk.superPackets());
        assertEquals(129.0, bulk.segmentsPerSuperPacket());
        assertEquals(129 * full, bulk.superPacketSegments());
        assertEquals(1428, bulk.effectiveMss());
        assertEquals(12, bulk.segmentOptionsLength());
        FlowStats receiver = st.directions().stream().filter(d -> d.key().equals(bulk.key().reversed()))
                .findFirst().orElseThrow();
        assertEquals(1440, receiver.announcedMss(), "the announced MSS stays visible");
    }

    @Test
    void fullIpv4SuperPacketsAreExactly127SegmentsOf1448() {
        List<FrameTree> trees = StatsSamples.trees("ipv4-bigtcp-veth.pcap");
        long full = trees.stream().filter(t -> tcpLength(t) == 183896).count();
        assertTrue(full > 10);
        FlowStats bulk = bulk(StatsSamples.statsOf(trees, t -> isSyn(t) || tcpLength(t) == 183896));
        assertEquals(127.0, bulk.segmentsPerSuperPacket());
        assertEquals(1448, bulk.effectiveMss());
    }

    @Test
    void everySuperPacketOfTheCaptureCountsItsOwnSegments() {
        List<FrameTree> trees = StatsSamples.trees("ipv6-bigtcp-veth.pcap");
        FlowStats bulk = bulk(StatsSamples.statsOf(trees));
        long expected = 0;
        long supers = 0;
        for (FrameTree t : trees) {
            FieldNode port = t.find("tcp.srcport");
            if (port != null && port.longValue() == bulk.key().srcPort() && tcpLength(t) > 1428) {
                expected += (tcpLength(t) + 1427) / 1428;
                supers++;
            }
        }
        assertEquals(supers, bulk.superPackets());
        assertEquals(expected, bulk.superPacketSegments());
        assertTrue(bulk.segmentsPerSuperPacket() > 100 && bulk.segmentsPerSuperPacket() < 129,
                "the shorter super-packets pull the mean below 129: " + bulk.segmentsPerSuperPacket());
    }

    /** Ethernet, IPv6 and a TCP header carrying only an MSS option. */
    private static byte[] syn(byte[] src, byte[] dst, int srcPort, int dstPort, int flags, int mss) {
        Bytes b = Frames.ethernet(Bytes.of(), 0x86DD);
        Frames.ipv6(b, 24, 6, src, dst);
        return b.u16(srcPort).u16(dstPort).u32(1).u32(0).u8(6 << 4).u8(flags).u16(65535).u16(0).u16(0)
                .u8(2).u8(4).u16(mss).toArray();
    }

    private static byte[] data(byte[] src, byte[] dst, int srcPort, int dstPort, int payload) {
        Bytes b = Frames.ethernet(Bytes.of(), 0x86DD);
        Frames.ipv6(b, 32 + payload, 6, src, dst);
        Frames.tcpWithTimestamps(b, srcPort, dstPort, 2, 0x18);
        return b.fill(payload, 0x5A).toArray();
    }

    private static FlowStats from(CaptureStatistics st, int srcPort) {
        return st.directions().stream().filter(d -> d.key().srcPort() == srcPort).findFirst().orElseThrow();
    }

    @Test
    void aSenderSegmentsByTheSmallerOfBothAnnouncedMss() {
        List<FrameTree> trees = StatsSamples.ethernet(List.of(
                syn(CLIENT, SERVER, 40000, 5201, 0x02, 8940),
                syn(SERVER, CLIENT, 5201, 40000, 0x12, 1440),
                data(CLIENT, SERVER, 40000, 5201, 2 * 1428),
                data(SERVER, CLIENT, 5201, 40000, 10 * 1428)));
        CaptureStatistics st = StatsSamples.statsOf(trees);
        FlowStats client = from(st, 40000);
        FlowStats server = from(st, 5201);
        assertEquals(8940, client.announcedMss());
        assertEquals(1440, server.announcedMss());
        assertEquals(2.0, client.segmentsPerSuperPacket());
        assertEquals(10.0, server.segmentsPerSuperPacket(),
                "the server's own 1440 caps what it sends although the client announced 8940");
        assertEquals(1428, server.effectiveMss());
    }

    @Test
    void optionsLongerThanTheMssLeaveTheSegmentSizeUnknown() {
        List<FrameTree> trees = StatsSamples.ethernet(List.of(
                syn(CLIENT, SERVER, 40000, 5201, 0x02, 8),
                syn(SERVER, CLIENT, 5201, 40000, 0x12, 8),
                data(CLIENT, SERVER, 40000, 5201, 3000),
                data(CLIENT, SERVER, 40000, 5201, 1000)));
        FlowStats client = from(StatsSamples.statsOf(trees), 40000);
        assertEquals(-1, client.effectiveMss());
        assertEquals(-1.0, client.segmentsPerSuperPacket());
        assertEquals(1, client.superPackets(), "without a segment size only a packet over 1500 bytes is a super-packet");
    }
}
