package org.jumbocap.proto.udp;

import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV6;
import static org.jumbocap.proto.tcp.TransportFrames.UDP;
import static org.jumbocap.proto.tcp.TransportFrames.V6_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V6_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.data;
import static org.jumbocap.proto.tcp.TransportFrames.ethernet;
import static org.jumbocap.proto.tcp.TransportFrames.ipv6;
import static org.jumbocap.proto.tcp.TransportFrames.udp;
import static org.jumbocap.proto.tcp.TransportFrames.withChecksum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jumbocap.crafted.KernelFactsSample;
import org.jumbocap.displayfilter.DisplayFilter;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.proto.tcp.TransportFrames.Checksum;
import org.jumbocap.testing.TsharkCrossCheck;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * The heuristic UDP GSO mark ({@code udp.gso.suspected}) for files without the kernel's facts: on
 * samples/udp-gso-veth.pcap (sendto with UDP_SEGMENT, captured by tcpdump on the sending veth), the summary,
 * the tree and a display filter mark the same frames, and only the GSO super-packets; the tunnel and
 * jumbogram samples get no mark.
 */
class UdpGsoSuspectedTest {
    private static final FrameDissector DISSECTOR = new FrameDissector();
    private static final String SAMPLE = "udp-gso-veth.pcap";

    /** Frame numbers the summary marks, the tree marks and {@code udp.gso.suspected} selects, per way. */
    private static Map<String, List<Long>> marks(Path file) throws IOException {
        List<Long> summary = new ArrayList<>();
        List<Long> summaryVerified = new ArrayList<>();
        List<Long> tree = new ArrayList<>();
        List<Long> filtered = new ArrayList<>();
        FramePipeline pipeline = new FramePipeline(DISSECTOR, DisplayFilter.compile("udp.gso.suspected"), false);
        try (CaptureReader reader = CaptureFiles.open(file)) {
            FrameRecord r = new FrameRecord();
            FrameSummary s = new FrameSummary();
            while (reader.next(r)) {
                DISSECTOR.summarize(r, s, false);
                if (s.hasExpert(UdpFields.GSO_SUSPECTED_NOTE)) {
                    summary.add(r.number());
                }
                DISSECTOR.summarize(r, s, true);
                if (s.hasExpert(UdpFields.GSO_SUSPECTED_NOTE)) {
                    summaryVerified.add(r.number());
                }
                FrameTree t = DISSECTOR.dissect(r.copy());
                if (t.find("udp.gso.suspected") != null) {
                    assertTrue(t.hasExpert("udp.gso.suspected"), "frame " + r.number() + ": the field comes with its note");
                    tree.add(r.number());
                }
                if (pipeline.accept(r, 0, 0)) {
                    filtered.add(r.number());
                }
            }
        }
        Map<String, List<Long>> out = new TreeMap<>();
        out.put("summary", summary);
        out.put("summary, checksums summed", summaryVerified);
        out.put("tree", tree);
        out.put("-Y udp.gso.suspected", filtered);
        return out;
    }

    private static void assertAllWays(List<Long> expected, Path file) throws IOException {
        marks(file).forEach((way, frames) -> assertEquals(expected, frames, file.getFileName() + ", " + way));
    }

    /**
     * The frames tshark's own fields call a suspected GSO super-packet: one UDP datagram in an IP packet over
     * 1,500 bytes, not a fragment, whose checksum tshark finds "bad" (status 0). tshark is wrong about that
     * checksum: it is the pseudo-header sum the kernel leaves for the NIC to complete (CHECKSUM_PARTIAL), which
     * jumbocap shows as offloaded; tcpdump -v says "bad udp cksum" too.
     */
    private static List<Long> fromTshark() throws IOException {
        Path tsv = TsharkCrossCheck.sample("expected").resolve("tshark-fields").resolve(SAMPLE + ".udp.tsv");
        List<String> lines = Files.readAllLines(tsv, StandardCharsets.UTF_8);
        List<String> header = List.of(lines.get(0).split("\t", -1));
        List<Long> out = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] c = line.split("\t", -1);
            String ipLen = c[header.indexOf("ip.len")];
            String plen = c[header.indexOf("ipv6.plen")];
            long ipPacket = !ipLen.isEmpty() ? Long.parseLong(ipLen) : 40 + Long.parseLong(plen);
            boolean fragment = "1".equals(c[header.indexOf("ip.flags.mf")]) || "44".equals(c[header.indexOf("ipv6.nxt")]);
            boolean udp = !c[header.indexOf("udp.length")].isEmpty();
            if (udp && !fragment && ipPacket > 1500 && "0".equals(c[header.indexOf("udp.checksum.status")])) {
                out.add(Long.parseLong(c[header.indexOf("frame.number")]));
            }
        }
        return out;
    }

    @Test
    void theSuperPacketsOfTheUdpGsoSampleAreMarkedEveryWay() throws IOException {
        // frames 2 and 3: IPv6 at gso_size 1200 and 1452; frame 4: IPv4 at 1472. Not frame 1 (908 bytes) nor 9
        // (UDP_SEGMENT set, one segment's worth), nor the IPv4 fragments of a 5,000-byte datagram sent without it (5-8)
        assertEquals(List.of(2L, 3L, 4L), fromTshark());
        assertAllWays(fromTshark(), TsharkCrossCheck.sample(SAMPLE));
    }

    /**
     * ipv6-vxlan-gso64k.pcap: every outer IPv4/UDP datagram is a 64,888-byte packet of a tunnel's GSO, far over
     * the MTU, but VXLAN's outer UDP is no UDP GSO of the sender's own datagrams; its inner packets are TCP.
     */
    @Test
    void noTunnelNorJumbogramSampleIsMarked() throws IOException {
        for (String name : List.of("ipv6-vxlan-gso64k.pcap", "ipv6-bigtcp-vxlan.pcap", "ipv6-bigtcp-veth.pcap",
                "ipv4-bigtcp-veth.pcap", "ipv6-bigtcp-any-sll2.pcap", "ipv6-bigtcp-loopback.pcap", "dns-veth.pcap")) {
            assertAllWays(List.of(), TsharkCrossCheck.sample(name));
        }
    }

    /** The kernel's recorded facts settle it: its UDP GSO frame (gso_type udp_l4) is not marked a suspect too. */
    @Test
    void aFrameWithTheKernelsFactsIsNotGuessedAbout() throws IOException {
        assertAllWays(List.of(), KernelFactsSample.file());
        // the same bytes without the facts are a suspect: the offloaded 14,000-byte IPv6 datagram
        FrameRecord udpGso = KernelFactsSample.frames().get(2);
        FrameRecord plain = new FrameRecord(3, 0, udpGso.linkType(),
                java.util.Arrays.copyOf(udpGso.data(), udpGso.capturedLength()), udpGso.originalLength());
        assertTrue(DISSECTOR.dissect(plain).hasExpert("udp.gso.suspected"));
        assertFalse(DISSECTOR.dissect(udpGso.copy()).hasExpert("udp.gso.suspected"));
    }

    private static FrameTree v6(int payload, boolean jumbo, Checksum mode) {
        return DISSECTOR.dissect(new FrameRecord(1, 0, LinkTypes.ETHERNET, v6Frame(payload, jumbo, mode), v6Frame(payload, jumbo, mode).length));
    }

    private static byte[] v6Frame(int payload, boolean jumbo, Checksum mode) {
        byte[] datagram = udp(40000, 443, jumbo ? 0 : 8 + payload, data(payload));
        return ethernet(ETHERTYPE_IPV6, ipv6(UDP, V6_SRC, V6_DST, withChecksum(datagram, 6, UDP, V6_SRC, V6_DST, mode), jumbo));
    }

    @Test
    void onlyAnOffloadedDatagramOverTheMtuIsMarked() {
        // 1,452 bytes of data: an IPv6 packet of exactly 1,500 bytes fits the MTU; one more byte does not
        assertFalse(v6(1452, false, Checksum.OFFLOADED).hasExpert("udp.gso.suspected"));
        assertTrue(v6(1453, false, Checksum.OFFLOADED).hasExpert("udp.gso.suspected"));
        // a complete checksum: the datagram was summed by software, not handed to GSO (loopback, jumbo frames)
        assertFalse(v6(4000, false, Checksum.CORRECT).hasExpert("udp.gso.suspected"));
        // Linux's loopback (MTU 65,536; its Ethernet header has two zero addresses) carries such a datagram whole
        byte[] loopback = v6Frame(4000, false, Checksum.OFFLOADED);
        java.util.Arrays.fill(loopback, 0, 12, (byte) 0);
        assertFalse(DISSECTOR.dissect(new FrameRecord(1, 0, LinkTypes.ETHERNET, loopback, loopback.length))
                .hasExpert("udp.gso.suspected"));
        // a UDP jumbogram (RFC 2675) with an offloaded checksum: Linux's UDP GSO never makes one
        assertFalse(v6(70_000, true, Checksum.OFFLOADED).hasExpert("udp.gso.suspected"));
        assertEquals("Suspected UDP GSO super-packet: one 4048-byte IP packet, over Ethernet's MTU of 1500 yet not"
                        + " fragmented, with its checksum left for the NIC (sending side); the kernel's gso_size is not in the file",
                v6(4000, false, Checksum.OFFLOADED).experts().stream().filter(e -> e.id().equals("udp.gso.suspected"))
                        .findFirst().orElseThrow().message());
    }
}
