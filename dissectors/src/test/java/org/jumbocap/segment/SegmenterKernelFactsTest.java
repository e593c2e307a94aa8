package org.jumbocap.segment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.crafted.KernelFactsSample;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.io.VnetHeader;
import org.jumbocap.proto.tcp.TransportFrames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A super-packet whose file recorded the kernel's gso_size is cut exactly there, whatever the SYNs, --mss or
 * --mtu say, a UDP GSO one into datagrams of that size; the summary names the rule per flow. On samples/crafted/kernel-facts.pcapng with --mss 9000,
 * which would make 8,988-byte segments.
 */
class SegmenterKernelFactsTest {
    private static final int MSS = 9000;

    /** tcp.len of every frame written, in order: each super-packet's segments are gso_size but the last. */
    private static List<String> expectedTcpLengths() {
        List<String> out = new ArrayList<>();
        segments(out, KernelFactsSample.V6_GSO);
        segments(out, KernelFactsSample.V4_GSO);
        for (int i = 0; i < udpDatagrams().size(); i++) {
            out.add(""); // the UDP GSO datagrams
        }
        out.add("0"); // the ACK
        segments(out, KernelFactsSample.V6_GSO);
        return out;
    }

    /** udp.length of the datagrams the UDP GSO super-packet becomes: 1200 bytes of data each but the last. */
    private static List<String> udpDatagrams() {
        List<String> out = new ArrayList<>();
        for (int at = 0; at < KernelFactsSample.UDP_DATA; at += KernelFactsSample.UDP_GSO) {
            out.add(String.valueOf(8 + Math.min(KernelFactsSample.UDP_GSO, KernelFactsSample.UDP_DATA - at)));
        }
        return out;
    }

    private static void segments(List<String> out, int size) {
        int data = KernelFactsSample.TCP_DATA;
        for (int at = 0; at < data; at += size) {
            out.add(String.valueOf(Math.min(size, data - at)));
        }
    }

    @Test
    void superPacketsAreCutAtTheRecordedGsoSize() {
        SegmentRun r = SegmentRun.of(KernelFactsSample.frames(), MSS, 1500, true);
        List<String> lengths = new ArrayList<>();
        for (FrameRecord f : r.output) {
            long payload = SegmentRun.summary(f).transportPayloadLength;
            lengths.add(SegmentRun.summary(f).ipProto == 6 ? String.valueOf(payload) : "");
        }
        assertEquals(expectedTcpLengths(), lengths);
        assertEquals(4, r.report.superPacketsSplit());
        List<Integer> sizes = new ArrayList<>();
        r.report.flows().values().forEach(u -> {
            assertEquals(SizeRule.GSO_SIZE, u.rule());
            sizes.add(u.segmentSize());
        });
        assertEquals(List.of(KernelFactsSample.V6_GSO, KernelFactsSample.V4_GSO, KernelFactsSample.UDP_GSO,
                KernelFactsSample.V6_GSO), sizes);
        // a segment keeps its super-packet's direction, not the offload facts of the super-packet
        FrameRecord first = r.output.get(0);
        assertEquals(PacketFlags.DIRECTION_OUTBOUND, first.packetFlags());
        assertNull(first.vnetHeader());
        FrameRecord ack = r.output.get(50 + 49 + 12);
        assertEquals(KernelFactsSample.frames().get(3).vnetHeader(), ack.vnetHeader(), "a frame copied whole keeps its facts");
        assertEquals(KernelFactsSample.frames().get(3).packetFlags(), ack.packetFlags());
    }

    /** tshark reads the segmented file: every segment's tcp.len is the recorded gso_size but the last of each. */
    @Test
    void tsharkSeesSegmentsOfTheRecordedSize(@TempDir Path dir) throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/tshark")), "tshark installed");
        SegmentRun r = SegmentRun.of(KernelFactsSample.frames(), MSS, 1500, true);
        Path out = dir.resolve("segmented.pcapng");
        Files.write(out, r.file);
        Process p = new ProcessBuilder("tshark", "-n", "-r", out.toString(), "-o", "tcp.check_checksum:TRUE",
                "-o", "udp.check_checksum:TRUE", "-o", "ip.check_checksum:TRUE", "-T", "fields", "-e", "tcp.len",
                "-e", "tcp.checksum.status", "-e", "udp.length", "-e", "udp.checksum.status", "-e", "ip.checksum.status")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertEquals(0, p.waitFor());
        List<String> lengths = new ArrayList<>();
        List<String> udp = new ArrayList<>();
        for (String line : lines) {
            String[] v = line.split("\t", -1);
            lengths.add(v[0]);
            if (!v[0].isEmpty()) {
                assertEquals("1", v[1], "TCP checksum good: " + line);
            }
            if (!v[2].isEmpty()) {
                udp.add(v[2]);
                assertEquals("1", v[3], "UDP checksum good: " + line);
            }
            if (!v[4].isEmpty()) {
                assertEquals("1", v[4], "IPv4 header checksum good: " + line);
            }
        }
        assertEquals(expectedTcpLengths(), lengths);
        assertEquals(udpDatagrams(), udp, "the UDP GSO super-packet as gso_size datagrams");
    }

    /** IPv4 UDP GSO: identification counted up, header and UDP checksums complete, lengths per datagram. */
    @Test
    void anIpv4UdpGsoSuperPacketBecomesDatagramsWithTheirOwnHeaders() {
        byte[] datagram = TransportFrames.withChecksum(TransportFrames.udp(4433, 50000, 8 + 3000, TransportFrames.data(3000)),
                6, TransportFrames.UDP, TransportFrames.V4_SRC, TransportFrames.V4_DST, TransportFrames.Checksum.OFFLOADED);
        byte[] bytes = TransportFrames.ethernet(TransportFrames.ETHERTYPE_IPV4,
                TransportFrames.ipv4(TransportFrames.UDP, TransportFrames.V4_SRC, TransportFrames.V4_DST, datagram, false));
        FrameRecord gso = new FrameRecord(1, 1_000, 1, bytes, bytes.length).withPacketFlags(PacketFlags.DIRECTION_OUTBOUND)
                .withVnetHeader(VnetHeader.of(VnetHeader.F_NEEDS_CSUM, VnetHeader.GSO_UDP_L4, 42, 1000, 34, 6));
        SegmentRun r = SegmentRun.of(List.of(gso), MSS, 1500, true);
        assertEquals(3, r.output.size());
        for (int i = 0; i < 3; i++) {
            byte[] d = r.output.get(i).bytes();
            assertEquals(14 + 20 + 8 + 1000, d.length);
            assertEquals(20 + 8 + 1000, (d[16] & 0xFF) << 8 | (d[17] & 0xFF), "IPv4 total length");
            assertEquals(1 + i, (d[18] & 0xFF) << 8 | (d[19] & 0xFF), "identification counted up from the super-packet's");
            assertEquals(0xFFFF, TransportFrames.fold(TransportFrames.referenceSum(java.util.Arrays.copyOfRange(d, 14, 34))),
                    "IPv4 header checksum");
            assertEquals(ChecksumVerdict.GOOD, SegmentRun.summary(r.output.get(i)).transportChecksum, "UDP checksum");
            assertEquals(8 + 1000, SegmentRun.summary(r.output.get(i)).udpLengthField);
        }
        assertArrayEquals(java.util.Arrays.copyOfRange(bytes, 42 + 1000, 42 + 2000),
                java.util.Arrays.copyOfRange(r.output.get(1).bytes(), 42, 42 + 1000), "the second datagram's data");
    }

    /**
     * Without the recorded gso_type, the UDP GSO super-packet is a suspect (udp.gso.suspected: 14,048 bytes of
     * IPv6, its checksum left for the NIC) and is cut at a guess, what --mtu leaves after the IPv6 and UDP
     * headers: 1500 - 48 = 1,452 bytes of data. With --mtu 1248 the guess is the recorded 1,200, and the
     * datagrams are those the recorded gso_size makes, byte for byte; a complete checksum is no suspect.
     */
    @Test
    void withoutTheRecordedFactsUdpIsCutAtAGuessFromTheMtu() {
        List<FrameRecord> plain = new ArrayList<>();
        for (FrameRecord f : KernelFactsSample.frames()) {
            plain.add(new FrameRecord(f.number(), f.timestampNanos(), 1, f.bytes(), f.originalLength()));
        }
        SegmentRun guessed = SegmentRun.of(List.of(plain.get(2)), MSS, 1500, true);
        assertEquals((KernelFactsSample.UDP_DATA + 1451) / 1452, guessed.output.size());
        assertEquals(1, guessed.report.superPacketsSplit());
        SegmentReport.FlowUse use = guessed.report.flows().values().iterator().next();
        assertEquals(SizeRule.UDP_GSO_GUESS, use.rule());
        assertEquals(1452, use.segmentSize());
        for (int i = 0; i < guessed.output.size(); i++) {
            assertEquals(ChecksumVerdict.GOOD, SegmentRun.summary(guessed.output.get(i)).transportChecksum, "datagram " + i);
        }

        SegmentRun atRecordedSize = SegmentRun.of(List.of(plain.get(2)), MSS, 40 + 8 + KernelFactsSample.UDP_GSO, true);
        SegmentRun recorded = SegmentRun.of(List.of(KernelFactsSample.frames().get(2)), MSS, 1500, true);
        assertEquals(udpDatagrams().size(), atRecordedSize.output.size());
        for (int i = 0; i < recorded.output.size(); i++) {
            assertArrayEquals(recorded.output.get(i).bytes(), atRecordedSize.output.get(i).bytes(), "datagram " + i);
        }

        byte[] complete = TransportFrames.ethernet(TransportFrames.ETHERTYPE_IPV6, TransportFrames.ipv6(TransportFrames.UDP,
                TransportFrames.V6_SRC, TransportFrames.V6_DST, TransportFrames.withChecksum(TransportFrames.udp(4433, 50000,
                        8 + 3000, TransportFrames.data(3000)), 6, TransportFrames.UDP, TransportFrames.V6_SRC,
                        TransportFrames.V6_DST, TransportFrames.Checksum.CORRECT), false));
        SegmentRun copied = SegmentRun.of(List.of(new FrameRecord(1, 0, 1, complete, complete.length)), MSS, 1500, true);
        assertEquals(1, copied.output.size());
        assertEquals(0, copied.report.superPacketsSplit());
    }
}
