package org.jumbocap.fast;

import org.jumbocap.dissect.FrameSummary;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * The fast path against the full tree on every frame of every sample capture: same innermost ports,
 * TCP segment length, and the same jumbo kinds and real lengths at every IP layer.
 */
class FastVersusTreeTest {
    private final FrameDissector decoder = new FrameDissector();
    private final FrameDissector dissector = new FrameDissector();

    @Test
    void everySampleFrameAgrees() throws Exception {
        List<Path> files = SampleFrames.files();
        assertTrue(files.size() >= 10, "sample captures found: " + files);
        List<String> mismatches = new ArrayList<>();
        int frames = 0;
        int jumbo = 0;
        int tunnelled = 0;
        List<String> incomplete = new ArrayList<>();
        FrameSummary s = new FrameSummary();
        for (Path file : files) {
            for (FrameRecord rec : SampleFrames.read(file)) {
                frames++;
                decoder.summarize(rec, s);
                FrameTree tree = dissector.dissect(rec);
                String where = file.getFileName() + " frame " + rec.number() + ": ";
                if (s.incomplete) {
                    // the tree holds more than the summary describes (ICMP quotes, broken headers)
                    incomplete.add(where + tree.protocols());
                    continue;
                }
                compare(s, tree, where, mismatches);
                jumbo += s.isJumbo() ? 1 : 0;
                tunnelled += s.tunnelDepth > 0 ? 1 : 0;
            }
        }
        assertTrue(frames > 500, "frames read: " + frames);
        assertTrue(jumbo > 100, "jumbograms seen: " + jumbo);
        assertTrue(tunnelled > 100, "tunnelled frames seen: " + tunnelled);
        assertTrue(incomplete.size() <= 12, "frames the summary cannot describe: " + incomplete);
        for (String f : incomplete) {
            // ICMP quotes, and broken IP headers: an IPv4 header length below 20, an IPv6 extension-header
            // chain that stops before its end (the tree shows the last next-header field, the summary none),
            // and a datagram of more coalesced QUIC packets than the summary has protocol layers for
            assertTrue(f.contains("icmp") || f.contains("bad-header-length") || f.matches("ipv6-ext-(overrun|truncated).*")
                    || f.split(":").length > FrameSummary.MAX_PROTOCOL_LAYERS && f.endsWith(":quic"), f);
        }
        assertEquals(List.of(), mismatches.subList(0, Math.min(40, mismatches.size())), mismatches.size() + " mismatches");
    }

    /** Frames built here with the header builders: tunnels, tags, chains, jumbo UDP, odd link types. */
    @Test
    void craftedFramesAgree() {
        List<FrameRecord> frames = new ArrayList<>();
        byte[] inner = Frames.ethernetIpv6Tcp(300, 40000, 5201);
        org.jumbocap.testing.Bytes vx = Frames.ethernet(org.jumbocap.testing.Bytes.of(), 0x0800);
        Frames.ipv4(vx, 20 + 8 + 8 + inner.length, 17, 0x4000, 0x0A000001L, 0x0A000002L);
        Frames.udp(vx, 51000, org.jumbocap.proto.tunnel.VxlanDissector.UDP_PORT, 8 + 8 + inner.length);
        Frames.vxlan(vx, 42);
        frames.add(record(vx.bytes(inner).toArray(), 1, -1));

        byte[] inner4 = Frames.ethernetIpv4Tcp(20, 1, 443);
        org.jumbocap.testing.Bytes gv = Frames.ethernet(org.jumbocap.testing.Bytes.of(), 0x86DD);
        Frames.ipv6(gv, 8 + 8 + 8 + inner4.length, 17);
        Frames.udp(gv, 1234, org.jumbocap.proto.tunnel.GeneveDissector.UDP_PORT, 8 + 8 + 8 + inner4.length);
        Frames.geneve(gv, 2, 0x6558, 7);
        frames.add(record(gv.bytes(inner4).toArray(), 1, -1));

        org.jumbocap.testing.Bytes qinq = Frames.ethernet(org.jumbocap.testing.Bytes.of(), 0x88A8);
        Frames.vlanTag(qinq, 10, 0x8100);
        Frames.vlanTag(qinq, 20, 0x86DD);
        Frames.ipv6(qinq, 0, 0);
        Frames.hopByHopJumbo(qinq, 17, 100_000);
        Frames.udp(qinq, 9000, 9001, 0);
        frames.add(record(qinq.fill(64, 7).toArray(), 1, 22 + 40 + 100_000));

        org.jumbocap.testing.Bytes chain = Frames.ethernet(org.jumbocap.testing.Bytes.of(), 0x86DD);
        Frames.ipv6(chain, 8 + 8 + 16 + 24 + 20 + 5, 0);
        Frames.padOptions(chain, 43, 1);
        Frames.routing(chain, 60);
        Frames.padOptions(chain, 51, 2);
        Frames.auth(chain, 6);
        Frames.tcp(chain, 100, 200, 1, 0x11);
        frames.add(record(chain.fill(5, 0).toArray(), 1, -1));

        org.jumbocap.testing.Bytes big4 = Frames.ethernet(org.jumbocap.testing.Bytes.of(), 0x0800);
        Frames.ipv4(big4, 0, 6, 0x4000);
        Frames.tcp(big4, 5201, 40000, 99, 0x10);
        frames.add(record(big4.fill(100, 1).toArray(), 1, 14 + 120_000));

        org.jumbocap.testing.Bytes ip6 = Frames.ipv6(org.jumbocap.testing.Bytes.of(), 20, 6);
        Frames.tcp(ip6, 11, 22, 5, 0x10);
        byte[] packet = ip6.toArray();
        frames.add(record(org.jumbocap.testing.Bytes.of().u32(Integer.reverseBytes(30) & 0xFFFFFFFFL).bytes(packet).toArray(),
                org.jumbocap.io.LinkTypes.NULL, -1));
        frames.add(record(org.jumbocap.testing.Bytes.of().u32(10).bytes(packet).toArray(), org.jumbocap.io.LinkTypes.LOOP, -1));
        frames.add(record(org.jumbocap.testing.Bytes.of().u16(0x86DD).u16(0).u32(1).u16(772).u8(0).u8(6).fill(8, 0)
                .bytes(packet).toArray(), org.jumbocap.io.LinkTypes.LINUX_SLL2, -1));
        frames.add(record(packet, org.jumbocap.io.LinkTypes.RAW, -1));

        List<String> mismatches = new ArrayList<>();
        FrameSummary s = new FrameSummary();
        for (FrameRecord rec : frames) {
            decoder.summarize(rec, s);
            assertTrue(!s.incomplete, rec + " " + s + " " + java.util.Arrays.toString(java.util.Arrays.copyOf(s.protocolLayers, s.protocolLayerCount)) + " " + java.util.Arrays.toString(java.util.Arrays.copyOf(s.experts, s.expertCount)));
            compare(s, dissector.dissect(rec), rec + ": ", mismatches);
        }
        assertEquals(List.of(), mismatches);
    }

    private static FrameRecord record(byte[] bytes, int linkType, long originalLength) {
        return new FrameRecord(1, 0, linkType, bytes, originalLength < 0 ? bytes.length : originalLength);
    }

    /**
     * Damaged frames: header bytes of sample frames overwritten at random and captures cut short. The
     * fast path must still describe what the tree shows wherever it claims to describe the whole frame.
     */
    @Test
    void damagedFramesAgreeToo() throws Exception {
        List<String> mismatches = new ArrayList<>();
        FrameSummary s = new FrameSummary();
        int compared = 0;
        for (FrameRecord rec : SampleFrames.damaged(2675, 3000)) {
            decoder.summarize(rec, s);
            FrameTree tree = dissector.dissect(rec);
            if (s.incomplete) {
                continue;
            }
            compared++;
            compare(s, tree, "damaged " + rec.number() + ": ", mismatches);
        }
        assertTrue(compared > 2500, "compared " + compared);
        assertEquals(List.of(), mismatches.subList(0, Math.min(20, mismatches.size())), mismatches.size() + " mismatches");
    }

    static void compare(FrameSummary s, FrameTree tree, String where, List<String> out) {
        List<String> kinds = new ArrayList<>();
        List<Long> lengths = new ArrayList<>();
        for (int i = 0; i < s.ipLayerCount; i++) {
            if (s.layerJumboKind[i] != null) {
                kinds.add(s.layerJumboKind[i].label());
                lengths.add(s.layerL3PayloadLength[i]);
            }
        }
        check(out, where + "jumbo.kind", strings(tree, "jumbo.kind"), kinds);
        check(out, where + "jumbo.length", longs(tree, "jumbo.length"), lengths);

        List<Long> tcpSrc = longs(tree, "tcp.srcport");
        List<Long> tcpDst = longs(tree, "tcp.dstport");
        boolean fastTcp = s.ipProto == 6 && s.srcPort >= 0;
        check(out, where + "tcp.srcport", last(tcpSrc), fastTcp ? (long) s.srcPort : null);
        check(out, where + "tcp.dstport", last(tcpDst), fastTcp ? (long) s.dstPort : null);
        if (fastTcp) {
            check(out, where + "tcp.len", last(longs(tree, "tcp.len")), s.transportPayloadLength >= 0 ? s.transportPayloadLength : null);
            check(out, where + "tcp.seq_raw", last(longs(tree, "tcp.seq_raw")), s.tcpSeq >= 0 ? s.tcpSeq : null);
            check(out, where + "tcp.flags", last(longs(tree, "tcp.flags")), s.tcpFlags >= 0 ? (long) s.tcpFlags : null);
        }
        List<Long> udpPorts = new ArrayList<>();
        for (int i = 0; i < s.udpCount; i++) {
            udpPorts.add((long) s.udpSrcPort[i]);
            udpPorts.add((long) s.udpDstPort[i]);
        }
        check(out, where + "udp.port", longs(tree, "udp.srcport").size() * 2, udpPorts.size());
        List<Long> versions = new ArrayList<>();
        for (int i = 0; i < s.ipLayerCount; i++) {
            versions.add((long) s.layerIpVersion[i]);
        }
        List<Long> treeVersions = new ArrayList<>();
        for (FieldNode layer : tree.layers()) {
            if (layer.name().equals("ip") || layer.name().equals("ipv6")) {
                treeVersions.add(layer.name().equals("ip") ? 4L : 6L);
            }
        }
        check(out, where + "ip versions", treeVersions, versions);
        if (s.jumboKind != null) {
            JumboKind k = JumboKind.fromLabel(last(strings(tree, "jumbo.kind")));
            check(out, where + "innermost jumbo", k, s.jumboKind);
        }
    }

    private static void check(List<String> out, String what, Object tree, Object fast) {
        if (!java.util.Objects.equals(tree, fast)) {
            out.add(what + " tree=" + tree + " fast=" + fast);
        }
    }

    private static <T> T last(List<T> l) {
        return l.isEmpty() ? null : l.get(l.size() - 1);
    }

    static List<Long> longs(FrameTree tree, String name) {
        List<Long> out = new ArrayList<>();
        for (FieldNode n : tree.findAll(name)) {
            out.add(n.longValue());
        }
        return out;
    }

    static List<String> strings(FrameTree tree, String name) {
        List<String> out = new ArrayList<>();
        for (FieldNode n : tree.findAll(name)) {
            out.add(String.valueOf(n.value()));
        }
        return out;
    }
}
