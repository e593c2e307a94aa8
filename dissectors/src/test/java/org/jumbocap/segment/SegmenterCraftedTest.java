package org.jumbocap.segment;

import static org.jumbocap.proto.tcp.TransportFrames.SUPER_DATA;
import static org.jumbocap.proto.tcp.TransportFrames.TCP;
import static org.jumbocap.proto.tcp.TransportFrames.UDP;
import static org.jumbocap.proto.tcp.TransportFrames.V4_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V4_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.V6_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V6_ROUTER;
import static org.jumbocap.proto.tcp.TransportFrames.V6_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.concat;
import static org.jumbocap.proto.tcp.TransportFrames.data;
import static org.jumbocap.proto.tcp.TransportFrames.ethernet;
import static org.jumbocap.proto.tcp.TransportFrames.fold;
import static org.jumbocap.proto.tcp.TransportFrames.ipv4;
import static org.jumbocap.proto.tcp.TransportFrames.ipv6;
import static org.jumbocap.proto.tcp.TransportFrames.referenceSum;
import static org.jumbocap.proto.tcp.TransportFrames.tcp;
import static org.jumbocap.proto.tcp.TransportFrames.udp;
import static org.jumbocap.proto.tcp.TransportFrames.vxlan;
import static org.jumbocap.proto.tcp.TransportFrames.withChecksum;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.proto.ipv6.IpFrames;
import org.jumbocap.proto.tcp.TransportFrames.Checksum;
import org.jumbocap.testing.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Crafted super-packets, one rule of TSO each: FIN and PSH only on the last segment, CWR only on the first,
 * options (SACK, timestamps) in every segment, a payload that is a multiple of the segment size and one
 * that is not, IPv4 identification numbering with DF, a VLAN tag, VXLAN over an IPv6 jumbogram, a Hop-by-Hop
 * header with another option; and bad input left whole and counted. Every segment's checksums are checked
 * against the plain reference sum of {@code TransportFrames}, independent of the code under test.
 */
class SegmenterCraftedTest {
    private static final int MSS = 1440;
    private static final int ACK = 0x010;
    private static final int PSH = 0x008;
    private static final int FIN = 0x001;
    private static final int CWR = 0x080;
    private static final int ECE = 0x040;
    private static final long SEQ = 0xFFFF_F000L; // wraps inside the super-packet
    private static final byte[] TIMESTAMPS = Bytes.of().hex("0101080a").u32(1000).u32(2000).toArray();
    private static final long TIME = 1_700_000_000_123_456_000L;

    private static byte[] segment(int flags, byte[] options, byte[] payload) {
        return tcp(40000, 5201, SEQ, 7, flags, options, payload);
    }

    private static byte[] v6Jumbo(byte[] segment, Checksum mode) {
        return ethernet(0x86DD, ipv6(TCP, V6_SRC, V6_DST, withChecksum(segment, 16, TCP, V6_SRC, V6_DST, mode), true));
    }

    private static FrameRecord frame(byte[] bytes) {
        return new FrameRecord(1, TIME, 1, bytes, bytes.length);
    }

    private static SegmentRun run(byte[]... frames) {
        return SegmentRun.of(Arrays.stream(frames).map(SegmenterCraftedTest::frame).toList(), MSS, 1500, true);
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | (b[at + 1] & 0xFF);
    }

    private static long u32(byte[] b, int at) {
        return (long) u16(b, at) << 16 | u16(b, at + 2);
    }

    /** The TCP checksum of a segment by the reference sum, over the pseudo-header with its real length. */
    private static void assertTcpChecksum(byte[] frame, int tcpOffset, byte[] src, byte[] dst) {
        byte[] segment = Arrays.copyOfRange(frame, tcpOffset, frame.length);
        byte[] expected = withChecksum(segment, 16, TCP, src, dst, Checksum.CORRECT);
        assertEquals(u16(expected, 16), u16(segment, 16), "TCP checksum");
    }

    private static void assertIpv4HeaderChecksum(byte[] frame, int at) {
        assertEquals(0xFFFF, fold(referenceSum(Arrays.copyOfRange(frame, at, at + 20))), "IPv4 header checksum");
    }

    /** Checks the segments of a super-packet over Ethernet + IPv6 without extension headers. */
    private static void assertV6Segments(SegmentRun r, int options, int payload, int flags) {
        int size = MSS - options;
        int count = (payload + size - 1) / size;
        assertEquals(count, r.output.size());
        assertEquals(1, r.report.superPacketsSplit());
        byte[] original = data(payload);
        int tcpOffset = 14 + 40;
        for (int k = 0; k < count; k++) {
            byte[] f = r.output.get(k).bytes();
            int length = Math.min(size, payload - k * size);
            assertEquals(tcpOffset + 20 + options + length, f.length, "segment " + k);
            assertEquals(TCP, f[14 + 6], "next header is TCP: the Hop-by-Hop header is gone");
            assertEquals(20 + options + length, u16(f, 14 + 4), "payload length");
            assertEquals((SEQ + (long) k * size) & 0xFFFFFFFFL, u32(f, tcpOffset + 4), "sequence number");
            int expectedFlags = flags;
            if (k < count - 1) {
                expectedFlags &= ~(FIN | PSH);
            }
            if (k > 0) {
                expectedFlags &= ~CWR;
            }
            assertEquals(expectedFlags, f[tcpOffset + 13] & 0xFF, "flags of segment " + k);
            assertArrayEquals(Arrays.copyOfRange(original, k * size, k * size + length),
                    Arrays.copyOfRange(f, tcpOffset + 20 + options, f.length), "payload of segment " + k);
            assertTcpChecksum(f, tcpOffset, V6_SRC, V6_DST);
            assertEquals(TIME + k, r.output.get(k).timestampNanos(), "a nanosecond apart in pcapng");
        }
    }

    @Test
    void finAndPshOnlyOnTheLastSegmentOfAPayloadThatIsNotAMultiple() {
        int payload = SUPER_DATA; // 70,000 = 49 x 1,428 + 28
        SegmentRun r = run(v6Jumbo(segment(ACK | PSH | FIN, TIMESTAMPS, data(payload)), Checksum.OFFLOADED));
        assertV6Segments(r, TIMESTAMPS.length, payload, ACK | PSH | FIN);
        assertEquals(SizeRule.MSS_OPTION, r.report.flows().values().iterator().next().rule());
    }

    @Test
    void cwrOnlyOnTheFirstSegmentAndEceOnEvery() {
        int payload = 50 * (MSS - TIMESTAMPS.length); // an exact multiple: 50 full segments
        SegmentRun r = run(v6Jumbo(segment(ACK | PSH | CWR | ECE, TIMESTAMPS, data(payload)), Checksum.CORRECT));
        assertV6Segments(r, TIMESTAMPS.length, payload, ACK | PSH | CWR | ECE);
    }

    @Test
    void sackAndTimestampOptionsAreCopiedIntoEverySegment() {
        byte[] sack = Bytes.of().hex("0101 0512").u32(1).u32(2).u32(3).u32(4).hex("0101080a").u32(1000).u32(2000).toArray();
        assertEquals(32, sack.length);
        SegmentRun r = run(v6Jumbo(segment(ACK, sack, data(SUPER_DATA)), Checksum.OFFLOADED));
        assertV6Segments(r, sack.length, SUPER_DATA, ACK);
        for (FrameRecord f : r.output) {
            assertArrayEquals(sack, Arrays.copyOfRange(f.bytes(), 14 + 40 + 20, 14 + 40 + 20 + sack.length));
        }
    }

    @Test
    void segmentSizeFromTheFlowsSynsBeatsMss() {
        byte[] mss1000 = Bytes.of().hex("020403e8").toArray();
        byte[] synAck = ethernet(0x86DD, ipv6(TCP, V6_DST, V6_SRC, withChecksum(
                tcp(5201, 40000, 1, SEQ, 0x012, mss1000, new byte[0]), 16, TCP, V6_DST, V6_SRC, Checksum.CORRECT), false));
        SegmentRun r = run(synAck, v6Jumbo(segment(ACK, TIMESTAMPS, data(SUPER_DATA)), Checksum.CORRECT));
        SegmentReport.FlowUse use = r.report.flows().values().iterator().next();
        assertEquals(SizeRule.FLOW_MSS, use.rule());
        assertEquals(1000 - TIMESTAMPS.length, use.segmentSize());
        assertEquals(1 + (SUPER_DATA + 987) / 988, r.output.size());
    }

    @Test
    void ipv4WithDfNumbersItsSegmentsAndSumsEveryHeader() {
        byte[] seg = segment(ACK | PSH, TIMESTAMPS, data(SUPER_DATA));
        byte[] in = ethernet(0x0800, ipv4(TCP, V4_SRC, V4_DST, withChecksum(seg, 16, TCP, V4_SRC, V4_DST, Checksum.OFFLOADED), true));
        SegmentRun r = SegmentRun.of(List.of(frame(in)), 0, 1500, false);
        int size = 1500 - 20 - 20 - TIMESTAMPS.length;
        assertEquals((SUPER_DATA + size - 1) / size, r.output.size());
        assertEquals(SizeRule.MTU, r.report.flows().values().iterator().next().rule());
        for (int k = 0; k < r.output.size(); k++) {
            byte[] f = r.output.get(k).bytes();
            assertTrue(f.length <= 1514, "fits the MTU");
            assertEquals(f.length - 14, u16(f, 14 + 2), "total length");
            assertEquals(1 + k, u16(f, 14 + 4), "identification numbered as Linux TSO does");
            assertEquals(0x4000, u16(f, 14 + 6), "DF kept");
            assertIpv4HeaderChecksum(f, 14);
            assertTcpChecksum(f, 34, V4_SRC, V4_DST);
            assertEquals(TIME + k * 1000L, r.output.get(k).timestampNanos(), "a microsecond apart in pcap");
        }
    }

    @Test
    void vlanTaggedSuperPacket() {
        byte[] ip = ipv6(TCP, V6_SRC, V6_DST, withChecksum(segment(ACK, TIMESTAMPS, data(SUPER_DATA)), 16, TCP, V6_SRC, V6_DST,
                Checksum.OFFLOADED), true);
        byte[] in = ethernet(0x8100, IpFrames.vlanTag(3, 42, 0x86DD, ip));
        SegmentRun r = run(in);
        assertEquals(50, r.output.size());
        for (FrameRecord f : r.output) {
            byte[] b = f.bytes();
            assertEquals(0x8100, u16(b, 12));
            assertEquals(3 << 13 | 42, u16(b, 14), "tag copied");
            assertEquals(b.length - 18 - 40, u16(b, 18 + 4), "payload length");
            assertTcpChecksum(b, 18 + 40, V6_SRC, V6_DST);
        }
    }

    /** The link layer is copied into every segment whatever it is: raw IP, SLL, SLL2, BSD loopback. */
    @ParameterizedTest
    @CsvSource({"101, ''", "113, 0000 0001 0006 020000000001 0000 86dd", "276, 86dd 0000 00000002 0001 00 06 020000000001 0000",
            "0, 18000000"})
    void anyLinkLayer(int linkType, String header) {
        byte[] link = java.util.HexFormat.of().parseHex(header.replace(" ", ""));
        byte[] ip = ipv6(TCP, V6_SRC, V6_DST, withChecksum(segment(ACK, TIMESTAMPS, data(SUPER_DATA)), 16, TCP, V6_SRC, V6_DST,
                Checksum.OFFLOADED), true);
        byte[] in = concat(link, ip);
        SegmentRun r = SegmentRun.of(List.of(new FrameRecord(1, TIME, linkType, in, in.length)), MSS, 1500, true);
        assertEquals(50, r.output.size(), "link type " + linkType);
        assertEquals(SegmentRun.tcpRuns(List.of(new FrameRecord(1, TIME, linkType, in, in.length))), SegmentRun.tcpRuns(r.output));
        for (FrameRecord f : r.output) {
            byte[] b = f.bytes();
            assertEquals(linkType, f.linkType());
            assertArrayEquals(link, Arrays.copyOf(b, link.length));
            assertEquals(TCP, b[link.length + 6]);
            assertEquals(b.length - link.length - 40, u16(b, link.length + 4));
            assertTcpChecksum(b, link.length + 40, V6_SRC, V6_DST);
        }
    }

    @Test
    void vxlanOverAnIpv6JumbogramRebuildsTheOuterHeadersOfEverySegment() {
        byte[] inner = ethernet(0x0800, ipv4(TCP, V4_SRC, V4_DST,
                withChecksum(segment(ACK | PSH, TIMESTAMPS, data(SUPER_DATA)), 16, TCP, V4_SRC, V4_DST, Checksum.OFFLOADED), true));
        byte[] udpDatagram = withChecksum(udp(49152, 4789, 0, vxlan(100, inner)), 6, UDP, V6_SRC, V6_ROUTER, Checksum.CORRECT);
        byte[] in = ethernet(0x86DD, ipv6(UDP, V6_SRC, V6_ROUTER, udpDatagram, true));
        SegmentRun r = SegmentRun.of(List.of(frame(in)), 0, 1500, true);
        int outerHeaders = 40 + 8 + 8 + 14 + 20 + 20 + TIMESTAMPS.length;
        int size = 1500 - outerHeaders; // the MTU is the outer link's
        assertEquals((SUPER_DATA + size - 1) / size, r.output.size());
        for (FrameRecord f : r.output) {
            byte[] b = f.bytes();
            assertTrue(b.length <= 1514, "fits the outer MTU");
            assertEquals(UDP, b[14 + 6], "outer Hop-by-Hop header removed");
            assertEquals(b.length - 54, u16(b, 14 + 4), "outer payload length");
            int udpAt = 54;
            assertEquals(b.length - udpAt, u16(b, udpAt + 4), "UDP length");
            byte[] datagram = Arrays.copyOfRange(b, udpAt, b.length);
            assertEquals(u16(withChecksum(datagram, 6, UDP, V6_SRC, V6_ROUTER, Checksum.CORRECT), 6), u16(datagram, 6),
                    "outer UDP checksum over the completed inner segment");
            int innerIp = udpAt + 8 + 8 + 14;
            assertEquals(b.length - innerIp, u16(b, innerIp + 2), "inner total length");
            assertIpv4HeaderChecksum(b, innerIp);
            assertTcpChecksum(b, innerIp + 20, V4_SRC, V4_DST);
        }
        assertEquals(SegmentRun.tcpRuns(List.of(frame(in))), SegmentRun.tcpRuns(r.output));
    }

    @Test
    void geneveOverIpv4WithAZeroUdpChecksumCutsTheInnerJumbogram() {
        byte[] innerIp = ipv6(TCP, V6_SRC, V6_DST, withChecksum(segment(ACK | PSH, TIMESTAMPS, data(SUPER_DATA)), 16, TCP,
                V6_SRC, V6_DST, Checksum.OFFLOADED), true);
        byte[] options = Bytes.of().u16(0x0102).u8(0x03).u8(1).u32(0xAABBCCDDL).toArray();
        byte[] tunnel = org.jumbocap.proto.tcp.TransportFrames.geneve(0, 0x86DD, 7, options, innerIp);
        byte[] in = ethernet(0x0800, ipv4(UDP, org.jumbocap.proto.tcp.TransportFrames.V4_OUTER_SRC,
                org.jumbocap.proto.tcp.TransportFrames.V4_OUTER_DST, udp(50000, 6081, 0, tunnel), true));
        SegmentRun r = SegmentRun.of(List.of(frame(in)), 0, 1500, true);
        int headers = 20 + 8 + 8 + options.length + 40 + 20 + TIMESTAMPS.length;
        int size = 1500 - headers;
        assertEquals((SUPER_DATA + size - 1) / size, r.output.size());
        for (int k = 0; k < r.output.size(); k++) {
            byte[] b = r.output.get(k).bytes();
            assertTrue(b.length <= 1514);
            assertEquals(b.length - 14, u16(b, 14 + 2), "outer total length");
            assertEquals(1 + k, u16(b, 14 + 4), "outer identification numbered");
            assertIpv4HeaderChecksum(b, 14);
            assertEquals(b.length - 34, u16(b, 34 + 4), "UDP length");
            assertEquals(0, u16(b, 34 + 6), "a zero UDP checksum stays zero");
            int inner = 34 + 8 + 8 + options.length;
            assertEquals(TCP, b[inner + 6], "inner Hop-by-Hop header removed");
            assertEquals(b.length - inner - 40, u16(b, inner + 4));
            assertTcpChecksum(b, inner + 40, V6_SRC, V6_DST);
        }
        assertEquals(SegmentRun.tcpRuns(List.of(frame(in))), SegmentRun.tcpRuns(r.output));
    }

    @Test
    void ipv6InIpv4BothHeadersRebuilt() {
        byte[] innerIp = ipv6(TCP, V6_SRC, V6_DST, withChecksum(segment(ACK, TIMESTAMPS, data(SUPER_DATA)), 16, TCP,
                V6_SRC, V6_DST, Checksum.CORRECT), true);
        byte[] in = ethernet(0x0800, ipv4(41, org.jumbocap.proto.tcp.TransportFrames.V4_OUTER_SRC,
                org.jumbocap.proto.tcp.TransportFrames.V4_OUTER_DST, innerIp, true));
        SegmentRun r = SegmentRun.of(List.of(frame(in)), 0, 1500, true);
        int size = 1500 - 20 - 40 - 20 - TIMESTAMPS.length;
        assertEquals((SUPER_DATA + size - 1) / size, r.output.size());
        for (FrameRecord f : r.output) {
            byte[] b = f.bytes();
            assertTrue(b.length <= 1514);
            assertEquals(b.length - 14, u16(b, 16), "outer total length");
            assertIpv4HeaderChecksum(b, 14);
            assertEquals(TCP, b[34 + 6], "inner Hop-by-Hop header removed");
            assertEquals(b.length - 34 - 40, u16(b, 34 + 4), "inner payload length");
            assertTcpChecksum(b, 74, V6_SRC, V6_DST);
        }
        assertEquals(SegmentRun.tcpRuns(List.of(frame(in))), SegmentRun.tcpRuns(r.output));
    }

    @Test
    void aJumboOptionSharingItsHeaderBecomesPaddingAndTheOtherOptionStays() {
        byte[] seg = segment(ACK, TIMESTAMPS, data(SUPER_DATA));
        byte[] options = Bytes.of().hex("05020000").bytes(IpFrames.jumboOption(16L + seg.length)).hex("01020000").toArray();
        byte[] hbh = IpFrames.optionsHeader(TCP, options);
        byte[] segWithSum = withChecksum(seg, 16, TCP, V6_SRC, V6_DST, Checksum.CORRECT);
        byte[] in = IpFrames.ethernet(0x86DD, IpFrames.ipv6(0, 0, V6_SRC, V6_DST, concat(hbh, segWithSum)));
        SegmentRun r = run(in);
        assertEquals(50, r.output.size());
        byte[] expectedHbh = Bytes.of().u8(TCP).u8(1).hex("05020000 010400000000 01020000").toArray();
        for (FrameRecord f : r.output) {
            byte[] b = f.bytes();
            assertEquals(0, b[14 + 6], "Hop-by-Hop kept");
            assertArrayEquals(expectedHbh, Arrays.copyOfRange(b, 54, 70), "Router Alert kept, Jumbo Payload now PadN");
            assertEquals(b.length - 54, u16(b, 14 + 4));
            assertTcpChecksum(b, 70, V6_SRC, V6_DST);
            FrameSummary s = SegmentRun.summary(f);
            assertEquals(0, s.expertCount, "no finding on a rebuilt segment: " + Arrays.toString(Arrays.copyOf(s.experts, s.expertCount)));
        }
    }

    /** Bad input is written as it came and counted under its reason. */
    private static void assertKeptWhole(FrameRecord in, KeepReason reason) {
        SegmentRun r = SegmentRun.of(List.of(in), MSS, 1500, true);
        assertEquals(1, r.output.size());
        assertArrayEquals(in.bytes(), r.output.get(0).bytes());
        assertEquals(in.originalLength(), r.output.get(0).originalLength());
        assertEquals(0, r.report.superPacketsSplit());
        assertEquals(1, r.report.keptByReason().get(reason)[0], () -> "kept as " + r.report.keptByReason().keySet());
    }

    @Test
    void aFrameThatClaimsMoreThanItCarriesIsLeftWhole() {
        byte[] seg = withChecksum(segment(ACK, TIMESTAMPS, data(SUPER_DATA)), 16, TCP, V6_SRC, V6_DST, Checksum.CORRECT);
        byte[] hbh = IpFrames.jumboHopByHop(TCP, 8L + seg.length + 5000);
        assertKeptWhole(frame(IpFrames.ethernet(0x86DD, IpFrames.ipv6(0, 0, V6_SRC, V6_DST, concat(hbh, seg)))),
                KeepReason.MALFORMED);
        byte[] v4 = ethernet(0x0800, ipv4(TCP, V4_SRC, V4_DST, withChecksum(segment(ACK, TIMESTAMPS, data(3000)), 16, TCP,
                V4_SRC, V4_DST, Checksum.CORRECT), false));
        Bytes claims = Bytes.of().bytes(Arrays.copyOf(v4, v4.length - 100));
        assertKeptWhole(frame(claims.toArray()), KeepReason.MALFORMED);
    }

    @Test
    void aCutSuperPacketIsLeftWhole() {
        byte[] whole = v6Jumbo(segment(ACK, TIMESTAMPS, data(SUPER_DATA)), Checksum.OFFLOADED);
        assertKeptWhole(new FrameRecord(1, TIME, 1, Arrays.copyOf(whole, 2000), whole.length), KeepReason.CUT);
    }

    @Test
    void aUdpJumbogramIsLeftWhole() {
        byte[] datagram = withChecksum(udp(5000, 6000, 0, data(SUPER_DATA)), 6, UDP, V6_SRC, V6_DST, Checksum.CORRECT);
        assertKeptWhole(frame(ethernet(0x86DD, ipv6(UDP, V6_SRC, V6_DST, datagram, true))), KeepReason.NOT_TCP);
    }

    @Test
    void aWrongTcpChecksumIsNotHiddenBehindNewOnes() {
        assertKeptWhole(frame(v6Jumbo(segment(ACK, TIMESTAMPS, data(SUPER_DATA)), Checksum.BAD)), KeepReason.BAD_CHECKSUM);
    }

    /** tshark, with every checksum check on, finds nothing wrong in the crafted segments. */
    @Test
    void tsharkFindsNoBadChecksum(@TempDir Path dir) throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/tshark")), "tshark installed");
        byte[] inner = ethernet(0x0800, ipv4(TCP, V4_SRC, V4_DST,
                withChecksum(segment(ACK | PSH, TIMESTAMPS, data(SUPER_DATA)), 16, TCP, V4_SRC, V4_DST, Checksum.OFFLOADED), true));
        byte[] vxlan6 = ethernet(0x86DD, ipv6(UDP, V6_SRC, V6_ROUTER,
                withChecksum(udp(49152, 4789, 0, vxlan(100, inner)), 6, UDP, V6_SRC, V6_ROUTER, Checksum.CORRECT), true));
        SegmentRun r = run(vxlan6, v6Jumbo(segment(ACK | FIN | CWR, TIMESTAMPS, data(SUPER_DATA)), Checksum.OFFLOADED));
        Path out = dir.resolve("segmented.pcapng");
        Files.write(out, r.file);
        Process p = new ProcessBuilder("tshark", "-n", "-r", out.toString(), "-o", "tcp.check_checksum:TRUE", "-o",
                "ip.check_checksum:TRUE", "-o", "udp.check_checksum:TRUE", "-T", "fields", "-e", "tcp.checksum.status",
                "-e", "udp.checksum.status", "-e", "ip.checksum.status", "-e", "_ws.malformed")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertEquals(0, p.waitFor());
        assertEquals(r.output.size(), lines.size());
        for (String line : lines) {
            assertTrue(line.startsWith("1\t"), "TCP checksum good: " + line);
            assertFalse(line.matches(".*(^|[\t,])0([\t,]|$).*"), "no bad checksum: " + line);
        }
    }
}
