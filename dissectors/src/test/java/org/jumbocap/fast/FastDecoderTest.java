package org.jumbocap.fast;

import static org.jumbocap.fast.Frames.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Random;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.testing.Bytes;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.junit.jupiter.api.Test;

class FastDecoderTest {
    private final FrameDissector decoder = new FrameDissector();
    private final FrameSummary s = new FrameSummary();

    private FrameSummary decode(byte[] frame, int linkType) {
        decoder.summarize(new FrameRecord(1, 0, linkType, frame, frame.length), s);
        return s;
    }

    /** The first {@code captured} bytes of a frame that was {@code original} bytes long on the wire. */
    private FrameSummary decodeCut(byte[] frame, int captured, long original, int linkType) {
        decoder.summarize(new FrameRecord(1, 0, linkType, Arrays.copyOf(frame, captured), original), s);
        return s;
    }

    @Test
    void ordinaryIpv6Tcp() {
        decode(ethernetIpv6Tcp(100, 40000, 5201), LinkTypes.ETHERNET);
        assertEquals(6, s.ipVersion);
        assertEquals(14, s.ipOffset);
        assertEquals(6, s.ipProto);
        assertEquals(40000, s.srcPort);
        assertEquals(5201, s.dstPort);
        assertEquals(1000, s.tcpSeq);
        assertEquals(0x18, s.tcpFlags);
        assertEquals(20, s.tcpHeaderLength);
        assertEquals(120, s.l3PayloadLength);
        assertEquals(100, s.transportPayloadLength);
        assertEquals(54, s.transportOffset);
        assertEquals(0x20010db800000000L, s.srcHi);
        assertEquals(1, s.srcLo);
        assertEquals(2, s.dstLo);
        assertNull(s.jumboKind);
        assertFalse(s.truncated);
        assertEquals(1, s.ipLayerCount);
    }

    @Test
    void ordinaryIpv4TcpAndUdp() {
        decode(ethernetIpv4Tcp(10, 1234, 80), LinkTypes.ETHERNET);
        assertEquals(4, s.ipVersion);
        assertEquals(IPV4_SRC, s.srcLo);
        assertEquals(IPV4_DST, s.dstLo);
        assertEquals(30, s.l3PayloadLength);
        assertEquals(10, s.transportPayloadLength);
        assertEquals(80, s.dstPort);

        decode(ethernetIpv4Udp(30, 53, 5353), LinkTypes.ETHERNET);
        assertEquals(17, s.ipProto);
        assertEquals(30, s.transportPayloadLength);
        assertEquals(1, s.udpCount);
        assertEquals(-1, s.tcpFlags);
    }

    @Test
    void hopByHopJumbogramTakesTheOptionValue() {
        long jumbo = 200_000;
        Bytes b = ethernet(Bytes.of(), 0x86DD);
        ipv6(b, 0, 0);
        hopByHopJumbo(b, 6, jumbo);
        tcpWithTimestamps(b, 5201, 40000, 7, 0x10);
        byte[] head = b.fill(64, 1).toArray();
        decodeCut(head, head.length, 14 + 40 + jumbo, LinkTypes.ETHERNET);
        assertEquals(JumboKind.IPV6_HBH, s.jumboKind);
        assertEquals(jumbo, s.l3PayloadLength);
        assertEquals(6, s.ipProto);
        assertEquals(jumbo - 8 - 32, s.transportPayloadLength);
        assertEquals(32, s.tcpHeaderLength);
        assertFalse(s.truncated);
    }

    @Test
    void jumboOptionValueWinsOverTheFrameLength() {
        // the option says 70000 while the frame carried more: JumboRules takes the option
        Bytes b = ethernet(Bytes.of(), 0x86DD);
        ipv6(b, 0, 0);
        hopByHopJumbo(b, 6, 70_000);
        tcp(b, 1, 2, 3, 0x10);
        byte[] head = b.toArray();
        decodeCut(head, head.length, 14 + 40 + 90_000, LinkTypes.ETHERNET);
        assertEquals(JumboKind.IPV6_HBH, s.jumboKind);
        assertEquals(70_000, s.l3PayloadLength);
        assertEquals(70_000 - 8 - 20, s.transportPayloadLength);
    }

    @Test
    void ipv6ZeroLengthWithoutHopByHopIsBigTcp() {
        Bytes b = ethernet(Bytes.of(), 0x86DD);
        ipv6(b, 0, 6);
        tcp(b, 5201, 40000, 99, 0x10);
        byte[] head = b.toArray();
        decodeCut(head, head.length, 14 + 40 + 150_000, LinkTypes.ETHERNET);
        assertEquals(JumboKind.IPV6_ZERO_LENGTH, s.jumboKind);
        assertEquals(150_000, s.l3PayloadLength);
        assertEquals(150_000 - 20, s.transportPayloadLength);
        assertTrue(s.isJumbo());
    }

    @Test
    void ipv4TotalLengthZeroIsBigTcp() {
        Bytes b = ethernet(Bytes.of(), 0x0800);
        ipv4(b, 0, 6, 0x4000);
        tcp(b, 5201, 40000, 99, 0x10);
        byte[] head = b.toArray();
        decodeCut(head, head.length, 14 + 120_000, LinkTypes.ETHERNET);
        assertEquals(JumboKind.IPV4_ZERO_LENGTH, s.jumboKind);
        assertEquals(120_000 - 20, s.l3PayloadLength);
        assertEquals(120_000 - 40, s.transportPayloadLength);
    }

    @Test
    void vlanAndQinQTagsAreSkipped() {
        Bytes one = ethernet(Bytes.of(), 0x8100);
        vlanTag(one, 100, 0x86DD);
        ipv6(one, 20, 6);
        tcp(one, 1, 2, 3, 2);
        decode(one.toArray(), LinkTypes.ETHERNET);
        assertEquals(18, s.ipOffset);
        assertEquals(2, s.dstPort);

        Bytes two = ethernet(Bytes.of(), 0x88A8);
        vlanTag(two, 10, 0x8100);
        vlanTag(two, 20, 0x0800);
        ipv4(two, 40, 6, 0);
        tcp(two, 7, 8, 3, 2);
        decode(two.toArray(), LinkTypes.ETHERNET);
        assertEquals(22, s.ipOffset);
        assertEquals(8, s.dstPort);
        assertEquals(0x02, s.tcpFlags);
    }

    @Test
    void linuxCookedAndRawAndLoopbackLinkTypes() {
        Bytes ip = ipv6(Bytes.of(), 20, 6);
        tcp(ip, 11, 22, 5, 0x10);
        byte[] packet = ip.toArray();

        byte[] sll = Bytes.of().u16(0).u16(772).u16(6).fill(8, 0).u16(0x86DD).bytes(packet).toArray();
        decode(sll, LinkTypes.LINUX_SLL);
        assertEquals(16, s.ipOffset);
        assertEquals(22, s.dstPort);

        byte[] sll2 = Bytes.of().u16(0x86DD).u16(0).u32(1).u16(772).u8(0).u8(6).fill(8, 0).bytes(packet).toArray();
        decode(sll2, LinkTypes.LINUX_SLL2);
        assertEquals(20, s.ipOffset);
        assertEquals(22, s.dstPort);

        for (int raw : new int[] {LinkTypes.RAW, LinkTypes.RAW_12, LinkTypes.RAW_14, LinkTypes.IPV6}) {
            decode(packet, raw);
            assertEquals(0, s.ipOffset, "linktype " + raw);
            assertEquals(22, s.dstPort, "linktype " + raw);
        }

        byte[] nullLe = Bytes.of().u32(Integer.reverseBytes(30) & 0xFFFFFFFFL).bytes(packet).toArray();
        decode(nullLe, LinkTypes.NULL);
        assertEquals(4, s.ipOffset);
        assertEquals(22, s.dstPort);

        byte[] loop = Bytes.of().u32(10).bytes(packet).toArray();
        decode(loop, LinkTypes.LOOP);
        assertEquals(6, s.ipVersion);

        Bytes v4 = ipv4(Bytes.of(), 40, 6, 0);
        tcp(v4, 1, 9, 5, 0x10);
        decode(v4.toArray(), LinkTypes.IPV4);
        assertEquals(9, s.dstPort);
        byte[] loop4 = Bytes.of().u32(2).bytes(v4.toArray()).toArray();
        decode(loop4, LinkTypes.LOOP);
        assertEquals(4, s.ipVersion);
        assertEquals(9, s.dstPort);
    }

    @Test
    void extensionChainIsWalkedToTheTransport() {
        Bytes b = ethernet(Bytes.of(), 0x86DD);
        ipv6(b, 8 + 8 + 16 + 24 + 20 + 5, 0);
        padOptions(b, 43, 1);
        routing(b, 60);
        padOptions(b, 51, 2);
        auth(b, 6);
        tcp(b, 100, 200, 1, 0x11);
        decode(b.fill(5, 0).toArray(), LinkTypes.ETHERNET);
        assertEquals(6, s.ipProto);
        assertEquals(14 + 40 + 8 + 8 + 16 + 24, s.transportOffset);
        assertEquals(5, s.transportPayloadLength);
        assertEquals(0x11, s.tcpFlags);
        assertEquals(0, s.layerProtocolField[0], "the fixed header's next header stays per layer");
        assertNull(s.jumboKind, "a Hop-by-Hop header without a Jumbo option is no jumbogram");
    }

    @Test
    void fragmentsOnlyTheFirstCarriesTheTransport() {
        Bytes first = ethernet(Bytes.of(), 0x86DD);
        ipv6(first, 8 + 20, 44);
        fragment(first, 6, 0, true);
        tcp(first, 1, 2, 3, 0x10);
        decode(first.toArray(), LinkTypes.ETHERNET);
        assertEquals(6, s.ipProto);
        assertEquals(2, s.dstPort);

        Bytes later = ethernet(Bytes.of(), 0x86DD);
        ipv6(later, 8 + 20, 44);
        fragment(later, 6, 185, false);
        later.fill(20, 0x77);
        decode(later.toArray(), LinkTypes.ETHERNET);
        assertEquals(6, s.ipProto);
        assertEquals(-1, s.transportOffset);
        assertEquals(-1, s.srcPort);

        Bytes v4later = ethernet(Bytes.of(), 0x0800);
        ipv4(v4later, 40, 6, 100);
        v4later.fill(20, 0x77);
        decode(v4later.toArray(), LinkTypes.ETHERNET);
        assertEquals(-1, s.srcPort);
    }

    @Test
    void espAndNoNextHeaderStopTheWalk() {
        Bytes esp = ethernet(Bytes.of(), 0x86DD);
        ipv6(esp, 16, 50);
        esp.u32(0x1000).u32(1).fill(8, 0);
        decode(esp.toArray(), LinkTypes.ETHERNET);
        assertEquals(50, s.ipProto);
        assertEquals(-1, s.srcPort);

        Bytes none = ethernet(Bytes.of(), 0x86DD);
        ipv6(none, 8, 60);
        padOptions(none, 59, 1);
        decode(none.toArray(), LinkTypes.ETHERNET);
        assertEquals(59, s.ipProto);
        assertEquals(-1, s.transportOffset);
    }

    @Test
    void extensionChainOfAnyLengthReachesTheTransport() {
        Bytes b = ethernet(Bytes.of(), 0x86DD);
        int n = 200;
        ipv6(b, n * 8 + 20, 60);
        for (int i = 0; i < n; i++) {
            padOptions(b, i == n - 1 ? 6 : 60, 1);
        }
        tcp(b, 1, 2, 3, 0);
        decode(b.toArray(), LinkTypes.ETHERNET);
        assertEquals(6, s.ipProto, "the walk is bounded by the bytes, not by a count");
        assertEquals(1, s.srcPort);
        assertEquals(6, s.ipVersion);
        assertTrue(s.hasExpert(org.jumbocap.proto.ipv6.ext.ExtFields.EXT_REPEATED), "an unusual chain is a warning");
    }

    @Test
    void udpLengthZeroInAJumbogramTakesTheIpLength() {
        long jumbo = 100_000;
        Bytes b = ethernet(Bytes.of(), 0x86DD);
        ipv6(b, 0, 0);
        hopByHopJumbo(b, 17, jumbo);
        udp(b, 9000, 9001, 0);
        byte[] head = b.toArray();
        decodeCut(head, head.length, 14 + 40 + jumbo, LinkTypes.ETHERNET);
        assertEquals(JumboKind.IPV6_HBH, s.jumboKind);
        assertEquals(jumbo - 8 - 8, s.transportPayloadLength);
        assertEquals(9001, s.dstPort);
    }

    private static byte[] vxlanFrame(byte[] inner) {
        Bytes b = ethernet(Bytes.of(), 0x0800);
        ipv4(b, 20 + 8 + 8 + inner.length, 17, 0x4000, 0x0A000001L, 0x0A000002L);
        udp(b, 51000, org.jumbocap.proto.tunnel.VxlanDissector.UDP_PORT, 8 + 8 + inner.length);
        vxlan(b, 42);
        return b.bytes(inner).toArray();
    }

    @Test
    void vxlanIsEnteredAndOuterLayersAreKept() {
        byte[] inner = ethernetIpv6Tcp(50, 40000, 5201);
        decode(vxlanFrame(inner), LinkTypes.ETHERNET);
        assertEquals(1, s.tunnelDepth);
        assertEquals(6, s.ipVersion);
        assertEquals(5201, s.dstPort);
        assertEquals(50, s.transportPayloadLength);
        assertEquals(14 + 20 + 8 + 8 + 14, s.ipOffset);
        assertEquals(2, s.ipLayerCount);
        assertEquals(4, s.layerIpVersion[0]);
        assertEquals(17, s.layerProtocolField[0]);
        assertEquals(0x0A000001L, s.layerSrcLo[0]);
        assertEquals(6, s.layerIpVersion[1]);
        assertEquals(1, s.udpCount);
        assertEquals(org.jumbocap.proto.tunnel.VxlanDissector.UDP_PORT, s.udpDstPort[0]);
    }

    @Test
    void geneveWithOptionsCarriesEthernetOrIp() {
        byte[] inner = ethernetIpv4Tcp(5, 1, 443);
        Bytes b = ethernet(Bytes.of(), 0x86DD);
        ipv6(b, 8 + 8 + 8 + inner.length, 17);
        udp(b, 1234, org.jumbocap.proto.tunnel.GeneveDissector.UDP_PORT, 8 + 8 + 8 + inner.length);
        geneve(b, 2, 0x6558, 7);
        decode(b.bytes(inner).toArray(), LinkTypes.ETHERNET);
        assertEquals(1, s.tunnelDepth);
        assertEquals(4, s.ipVersion);
        assertEquals(443, s.dstPort);
        assertEquals(5, s.transportPayloadLength);

        Bytes ipInner = ipv6(Bytes.of(), 20, 6);
        tcp(ipInner, 3, 4, 5, 0x10);
        byte[] packet = ipInner.toArray();
        Bytes c = ethernet(Bytes.of(), 0x0800);
        ipv4(c, 20 + 8 + 8 + packet.length, 17, 0);
        udp(c, 1234, org.jumbocap.proto.tunnel.GeneveDissector.UDP_PORT, 8 + 8 + packet.length);
        geneve(c, 0, 0x86DD, 7);
        decode(c.bytes(packet).toArray(), LinkTypes.ETHERNET);
        assertEquals(6, s.ipVersion);
        assertEquals(4, s.dstPort);
    }

    @Test
    void tunnelNestingIsBounded() {
        byte[] frame = ethernetIpv6Tcp(10, 1, 2);
        for (int i = 0; i < org.jumbocap.dissect.FrameSummary.MAX_TUNNEL_DEPTH + 3; i++) {
            frame = vxlanFrame(frame);
        }
        decode(frame, LinkTypes.ETHERNET);
        // the decoder follows the tunnels as deep as the tree does; the summary keeps the innermost packet
        // and as many IP headers as it has room for, and says it holds less than the tree
        assertEquals(org.jumbocap.dissect.FrameSummary.MAX_TUNNEL_DEPTH + 3, s.tunnelDepth);
        assertEquals(FrameSummary.MAX_LAYERS, s.ipLayerCount);
        assertEquals(6, s.ipVersion, "the innermost packet");
        assertTrue(s.incomplete, "the tree has more IP headers than the summary");
        assertEquals(2, s.dstPort);
    }

    @Test
    void ipInIpIsATunnel() {
        Bytes b = ethernet(Bytes.of(), 0x0800);
        ipv4(b, 20 + 40 + 20, 41, 0);
        ipv6(b, 20, 6);
        tcp(b, 7, 8, 9, 0x10);
        decode(b.toArray(), LinkTypes.ETHERNET);
        assertEquals(1, s.tunnelDepth);
        assertEquals(2, s.ipLayerCount);
        assertEquals(41, s.layerProtocolField[0]);
        assertEquals(6, s.ipVersion);
        assertEquals(8, s.dstPort);
        assertEquals(0, s.transportPayloadLength);
    }

    @Test
    void icmpErrorsQuotingAPacketAreMarkedIncomplete() {
        Bytes quote = ipv6(Bytes.of(), 20, 6);
        tcp(quote, 1, 2, 3, 0x10);
        byte[] quoted = quote.toArray();
        Bytes tooBig = ethernet(Bytes.of(), 0x86DD);
        ipv6(tooBig, 8 + quoted.length, 58);
        tooBig.u8(2).u8(0).u16(0).u32(1280).bytes(quoted);
        decode(tooBig.toArray(), LinkTypes.ETHERNET);
        assertEquals(58, s.ipProto);
        assertTrue(s.incomplete);

        Bytes echo = ethernet(Bytes.of(), 0x86DD);
        ipv6(echo, 8 + 16, 58);
        echo.u8(128).u8(0).u16(0).u32(1).fill(16, 0);
        decode(echo.toArray(), LinkTypes.ETHERNET);
        assertFalse(s.incomplete, "an echo quotes nothing");
    }

    @Test
    void shortCapturesAreMarkedTruncatedNeverThrow() {
        byte[] full = ethernetIpv6Tcp(100, 40000, 5201);
        for (int cut = 0; cut < 14 + 40 + 20; cut++) {
            decodeCut(full, cut, full.length, LinkTypes.ETHERNET);
            assertTrue(s.truncated, "cut at " + cut);
            if (cut < 14 + 40 + 14) {
                assertEquals(-1, s.transportPayloadLength, "cut at " + cut);
            }
        }
        decodeCut(full, 14 + 40 + 4, full.length, LinkTypes.ETHERNET);
        assertEquals(5201, s.dstPort, "ports survive a cut after them");
        assertEquals(-1, s.tcpSeq);
        decodeCut(full, 14 + 40 + 20, full.length, LinkTypes.ETHERNET);
        assertFalse(s.truncated);
        assertEquals(100, s.transportPayloadLength, "the length comes from the headers, not the capture");
    }

    @Test
    void randomBytesNeverThrow() {
        Random r = new Random(7);
        int[] linkTypes = {LinkTypes.ETHERNET, LinkTypes.LINUX_SLL, LinkTypes.LINUX_SLL2, LinkTypes.RAW,
                LinkTypes.NULL, LinkTypes.LOOP, LinkTypes.IPV4, LinkTypes.IPV6, 147};
        byte[] seed = vxlanFrame(ethernetIpv6Tcp(20, 1, 2));
        for (int i = 0; i < 20_000; i++) {
            byte[] f;
            if (r.nextBoolean()) {
                f = new byte[1 + r.nextInt(200)];
                r.nextBytes(f);
            } else {
                f = seed.clone();
                for (int j = 0; j < 4; j++) {
                    f[r.nextInt(f.length)] = (byte) r.nextInt();
                }
            }
            int cap = r.nextInt(f.length + 1);
            decoder.summarize(new FrameRecord(1, 0, linkTypes[r.nextInt(linkTypes.length)], Arrays.copyOf(f, cap),
                    cap + r.nextInt(100_000)), s);
            assertTrue(s.capturedLength <= f.length);
        }
    }

    @Test
    void frameRecordCarriesNumberAndLengths() {
        byte[] f = ethernetIpv6Tcp(10, 1, 2);
        FrameRecord rec = new FrameRecord(17, 0, LinkTypes.ETHERNET, f, 9000);
        decoder.summarize(rec, s);
        assertEquals(17, s.frameNumber);
        assertEquals(9000, s.originalLength);
        assertEquals(f.length, s.capturedLength);
    }

    @Test
    void decodingDoesNotAllocate() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        byte[][] bytes = {ethernetIpv6Tcp(100, 1, 2), vxlanFrame(ethernetIpv6Tcp(100, 1, 2)), ethernetIpv4Udp(50, 1, 2)};
        FrameRecord[] frames = new FrameRecord[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            frames[i] = new FrameRecord(i + 1, 0, LinkTypes.ETHERNET, bytes[i], bytes[i].length);
        }
        for (int i = 0; i < 50_000; i++) {
            decoder.summarize(frames[i % frames.length], s);
        }
        long tid = Thread.currentThread().getId();
        int n = 200_000;
        // the fewest bytes of up to 60 rounds: until the optimising compiler has the loop (late on a busy
        // machine, where other tests' methods queue before it) the code allocates what its escape analysis
        // later removes; a decoder that allocates per frame does so in every round
        long allocated = Long.MAX_VALUE;
        for (int round = 0; round < 60 && allocated >= n / 10; round++) {
            long before = mx.getThreadAllocatedBytes(tid);
            for (int i = 0; i < n; i++) {
                decoder.summarize(frames[i % frames.length], s);
            }
            allocated = Math.min(allocated, mx.getThreadAllocatedBytes(tid) - before);
        }
        assertTrue(allocated < n / 10, "allocated " + allocated + " bytes for " + n + " frames");
    }
}
