package org.jumbocap.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.displayfilter.CompiledFilter;
import org.jumbocap.displayfilter.DisplayFilter;
import org.jumbocap.displayfilter.FilterSamplesTest;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.fast.Frames;
import org.jumbocap.fast.SampleFrames;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.testing.Bytes;
import org.junit.jupiter.api.Test;

/**
 * The header filter against the full decode, frame by frame: on every frame of every sample, on damaged
 * copies of them and on crafted frames (jumbograms of each kind, extension headers, fragments, tunnels,
 * options, cut headers), every filter of {@link FilterSamplesTest#FAST_FILTERS} the header filter decides
 * gets the verdict {@link FramePipeline} gives, and the header fields it read equal the summary's.
 */
class HeaderFilterTest {
    private final FrameDissector dissector = new FrameDissector();
    private final DissectorRegistry registry = dissector.registry();

    @Test
    void sameVerdictAsTheFullDecodeOnSamplesDamagedAndCraftedFrames() throws Exception {
        List<String> texts = new ArrayList<>(FilterSamplesTest.FAST_FILTERS);
        texts.addAll(List.of("ip.proto == 17 && udp.port == 5201", "ipv6.nxt == 17", "ipv6.nxt == 0 && tcp",
                "udp.port == 53", "udp.port == 443", "ip.proto == 1", "ipv6.nxt == 44", "ipv6.nxt == 43 && udp"));
        List<CompiledFilter> filters = new ArrayList<>();
        List<HeaderFilter> headerFilters = new ArrayList<>();
        List<FramePipeline> pipelines = new ArrayList<>();
        for (String text : texts) {
            CompiledFilter c = DisplayFilter.compile(text);
            filters.add(c);
            HeaderFilter h = HeaderFilter.of(c, registry);
            assertNotNull(h, text);
            headerFilters.add(h);
            pipelines.add(new FramePipeline(dissector, c, false));
        }
        List<FrameRecord> kernelFrames = new ArrayList<>();
        List<FrameRecord> frames = new ArrayList<>();
        for (Path file : SampleFrames.files()) {
            List<FrameRecord> read = SampleFrames.read(file);
            if (!file.getParent().getFileName().toString().equals("crafted")) {
                kernelFrames.addAll(read);
            }
            frames.addAll(read);
        }
        frames.addAll(SampleFrames.damaged(26, 20_000));
        frames.addAll(crafted());

        List<String> mismatches = new ArrayList<>();
        FrameSummary full = new FrameSummary();
        HeaderFilter fields = headerFilters.get(0);
        long decided = 0;
        long undecided = 0;
        for (FrameRecord rec : frames) {
            dissector.summarize(rec, full);
            FrameSummary fromHeaders = fields.headers(rec);
            if (fromHeaders != null && !full.incomplete) {
                String diff = differences(fromHeaders, full);
                if (!diff.isEmpty()) {
                    mismatches.add("frame " + rec.number() + " (" + rec.capturedLength() + " bytes): " + diff);
                }
            }
            for (int i = 0; i < filters.size(); i++) {
                int verdict = headerFilters.get(i).decide(rec);
                if (verdict == HeaderFilter.UNDECIDED) {
                    undecided++;
                    continue;
                }
                decided++;
                boolean expected = pipelines.get(i).accept(rec, rec.timestampNanos(), rec.timestampNanos());
                if ((verdict == HeaderFilter.MATCH) != expected) {
                    mismatches.add("frame " + rec.number() + " (" + rec.capturedLength() + " bytes): " + texts.get(i)
                            + " full decode " + expected);
                }
            }
        }
        assertEquals(List.of(), mismatches.subList(0, Math.min(20, mismatches.size())), mismatches.size() + " disagreements");
        assertTrue(decided > 500_000 && undecided > 10_000, "decided " + decided + ", undecided " + undecided);

        // the kernel's captures are Ethernet, IPv4 and IPv6, TCP and UDP: nearly all decided from the headers
        long kernelDecided = kernelFrames.stream().filter(r -> fields.headers(r) != null).count();
        assertTrue(kernelDecided > kernelFrames.size() * 8 / 10, kernelDecided + " of " + kernelFrames.size());
    }

    @Test
    void fallsBackWhereTheHeadersAloneCannotVouchForTheLayers() {
        HeaderFilter h = HeaderFilter.of(DisplayFilter.compile("tcp.port == 5201"), registry);
        // a VXLAN datagram: its inner TCP port is only known to the full decode
        Bytes vxlan = Frames.ethernet(Bytes.of(), 0x0800);
        Frames.ipv4(vxlan, 20 + 8 + 8 + 14 + 40 + 20, 17, 0);
        Frames.udp(vxlan, 40000, 4789, 8 + 8 + 14 + 40 + 20);
        Frames.vxlan(vxlan, 7);
        Frames.ethernet(vxlan, 0x86DD);
        Frames.ipv6(vxlan, 20, 6);
        Frames.tcp(vxlan, 40000, 5201, 1, 0x10);
        assertEquals(HeaderFilter.UNDECIDED, h.decide(record(vxlan.toArray())));
        // a fragment, a VLAN tag, an ICMP error: decoded in full
        Bytes fragment = Frames.ethernet(Bytes.of(), 0x0800);
        Frames.ipv4(fragment, 40, 6, 0x2000);
        Frames.tcp(fragment, 40000, 5201, 1, 0x10);
        assertEquals(HeaderFilter.UNDECIDED, h.decide(record(fragment.toArray())));
        Bytes vlan = Frames.ethernet(Bytes.of(), 0x8100);
        Frames.vlanTag(vlan, 10, 0x0800);
        Frames.ipv4(vlan, 40, 6, 0x4000);
        Frames.tcp(vlan, 40000, 5201, 1, 0x10);
        assertEquals(HeaderFilter.UNDECIDED, h.decide(record(vlan.toArray())));
        // and the plain frame is decided both ways
        assertEquals(HeaderFilter.MATCH, h.decide(record(Frames.ethernetIpv4Tcp(10, 40000, 5201))));
        assertEquals(HeaderFilter.NO_MATCH, h.decide(record(Frames.ethernetIpv4Tcp(10, 40000, 80))));
        assertNull(HeaderFilter.of(DisplayFilter.compile("tcp.stream == 0"), registry));
        assertNull(HeaderFilter.of(DisplayFilter.compile("tls"), registry));
    }

    /** Frames the samples lack: each kind of jumbogram, extension headers, fragments, options, tunnels, cuts. */
    private static List<FrameRecord> crafted() {
        List<byte[]> out = new ArrayList<>();
        // IPv6 Hop-by-Hop jumbogram (RFC 2675), payload length 0
        Bytes hbh = Frames.ethernet(Bytes.of(), 0x86DD);
        Frames.ipv6(hbh, 0, 0);
        Frames.hopByHopJumbo(hbh, 6, 8 + 20 + 70_000);
        Frames.tcp(hbh, 5201, 40000, 7, 0x18);
        out.add(hbh.fill(200, 1).toArray());
        // BIG TCP without Hop-by-Hop: IPv6 and IPv4 length 0
        Bytes zero6 = Frames.ethernet(Bytes.of(), 0x86DD);
        Frames.ipv6(zero6, 0, 6);
        Frames.tcpWithTimestamps(zero6, 40000, 5201, 9, 0x10);
        out.add(zero6.fill(300, 2).toArray());
        Bytes zero4 = Frames.ethernet(Bytes.of(), 0x0800);
        Frames.ipv4(zero4, 0, 6, 0x4000);
        Frames.tcp(zero4, 40000, 5201, 9, 0x10);
        out.add(zero4.fill(300, 2).toArray());
        // UDP in a jumbogram with length 0
        Bytes udpJumbo = Frames.ethernet(Bytes.of(), 0x86DD);
        Frames.ipv6(udpJumbo, 0, 0);
        Frames.hopByHopJumbo(udpJumbo, 17, 8 + 70_000);
        Frames.udp(udpJumbo, 5201, 5201, 0);
        out.add(udpJumbo.fill(64, 3).toArray());
        // extension headers before the transport, and a fragment header
        for (int next : new int[] {6, 17}) {
            Bytes ext = Frames.ethernet(Bytes.of(), 0x86DD);
            Frames.ipv6(ext, 8 + 16 + 24 + (next == 6 ? 20 : 8) + 10, 43);
            Frames.routing(ext, 60);
            Frames.padOptions(ext, 51, 2);
            Frames.auth(ext, next);
            if (next == 6) {
                Frames.tcp(ext, 443, 5201, 1, 0x12);
            } else {
                Frames.udp(ext, 5201, 4000, 18);
            }
            out.add(ext.fill(10, 4).toArray());
            Bytes frag = Frames.ethernet(Bytes.of(), 0x86DD);
            Frames.ipv6(frag, 8 + 20, 44);
            Frames.fragment(frag, next, 0, true);
            Frames.tcp(frag, 5201, 5201, 1, 0x10);
            out.add(frag.toArray());
        }
        // IPv4 options, trailers, lengths that contradict the frame, no next header, an unknown protocol
        Bytes options = Frames.ethernet(Bytes.of(), 0x0800);
        options.u8(0x46).u8(0).u16(24 + 20).u16(1).u16(0).u8(64).u8(6).u16(0).u32(Frames.IPV4_SRC).u32(Frames.IPV4_DST)
                .u32(0x01010100L);
        Frames.tcp(options, 5201, 1, 1, 0x02);
        out.add(options.fill(6, 0).toArray());
        out.add(Frames.ethernetIpv4Tcp(30, 5201, 80));
        byte[] longer = Frames.ethernetIpv4Tcp(30, 5201, 80);
        longer[14 + 3] = (byte) 200; // total length past the frame
        out.add(longer);
        byte[] shorter = Frames.ethernetIpv6Tcp(30, 80, 5201);
        shorter[14 + 5] = 10; // payload length inside the TCP header
        out.add(shorter);
        Bytes none = Frames.ethernet(Bytes.of(), 0x86DD);
        Frames.ipv6(none, 8, 59);
        out.add(none.fill(8, 0).toArray());
        Bytes sctp = Frames.ethernet(Bytes.of(), 0x0800);
        Frames.ipv4(sctp, 20 + 12, 132, 0);
        out.add(sctp.fill(12, 0).toArray());
        out.add(Frames.ethernetIpv4Udp(40, 40000, 53));
        out.add(Frames.ethernetIpv4Udp(40, 5201, 5201));
        out.add(Frames.ethernetIpv4Udp(0, 5201, 5201));
        List<FrameRecord> records = new ArrayList<>();
        long n = 1;
        for (byte[] frame : out) {
            records.add(new FrameRecord(n++, 0, LinkTypes.ETHERNET, frame, frame.length));
            // every cut of it, as a snaplen would make, and the same bytes claimed longer on the wire
            for (int cut = 0; cut < frame.length; cut += 3) {
                records.add(new FrameRecord(n++, 0, LinkTypes.ETHERNET, java.util.Arrays.copyOf(frame, cut), frame.length));
            }
            records.add(new FrameRecord(n++, 0, LinkTypes.ETHERNET, frame, frame.length + 100_000));
        }
        return records;
    }

    private static FrameRecord record(byte[] frame) {
        return new FrameRecord(1, 0, LinkTypes.ETHERNET, frame, frame.length);
    }

    /** The header fields a filter can read, where the two summaries differ. */
    private static String differences(FrameSummary h, FrameSummary f) {
        StringBuilder d = new StringBuilder();
        check(d, "ipLayerCount", h.ipLayerCount, f.ipLayerCount);
        for (int i = 0; i < Math.min(h.ipLayerCount, FrameSummary.MAX_LAYERS); i++) {
            check(d, "version" + i, h.layerIpVersion[i], f.layerIpVersion[i]);
            check(d, "protocol" + i, h.layerProtocolField[i], f.layerProtocolField[i]);
            check(d, "src" + i, h.layerSrcHi[i] ^ h.layerSrcLo[i] * 31, f.layerSrcHi[i] ^ f.layerSrcLo[i] * 31);
            check(d, "dst" + i, h.layerDstHi[i] ^ h.layerDstLo[i] * 31, f.layerDstHi[i] ^ f.layerDstLo[i] * 31);
            check(d, "l3PayloadLength" + i, h.layerL3PayloadLength[i], f.layerL3PayloadLength[i]);
            check(d, "jumboKind" + i, String.valueOf(h.layerJumboKind[i]), String.valueOf(f.layerJumboKind[i]));
        }
        check(d, "ipProto", h.ipProto, f.ipProto);
        boolean tcp = f.ipProto == 6 && f.transportOffset >= 0;
        check(d, "tcp", h.ipProto == 6 && h.transportOffset >= 0, tcp);
        if (tcp) {
            check(d, "ports", h.srcPort * 65536L + h.dstPort, f.srcPort * 65536L + f.dstPort);
            check(d, "tcpSeq", h.tcpSeq, f.tcpSeq);
            check(d, "tcpHeaderLength", h.tcpHeaderLength, f.tcpHeaderLength);
            check(d, "tcpFlags", h.tcpFlags, f.tcpFlags);
            check(d, "tcpLen", h.transportPayloadLength, f.transportPayloadLength);
        }
        check(d, "udpCount", h.udpCount, f.udpCount);
        for (int i = 0; i < Math.min(h.udpCount, f.udpCount); i++) {
            check(d, "udpPorts" + i, h.udpSrcPort[i] * 65536L + h.udpDstPort[i], f.udpSrcPort[i] * 65536L + f.udpDstPort[i]);
        }
        return d.toString();
    }

    private static void check(StringBuilder d, String what, Object fromHeaders, Object fromDecode) {
        if (!fromHeaders.equals(fromDecode)) {
            d.append(what).append(' ').append(fromHeaders).append(" != ").append(fromDecode).append("; ");
        }
    }
}
