package org.jumbocap.proto.ipv4;

import static org.jumbocap.proto.ipv6.IpFrames.ETH_IPV4;
import static org.jumbocap.proto.ipv6.IpFrames.TCP;
import static org.jumbocap.proto.ipv6.IpFrames.V4_DST;
import static org.jumbocap.proto.ipv6.IpFrames.V4_SRC;
import static org.jumbocap.proto.ipv6.IpFrames.ethernet;
import static org.jumbocap.proto.ipv6.IpFrames.ipv4;
import static org.jumbocap.proto.ipv6.IpFrames.tcp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jumbocap.crafted.CraftedCase;
import org.jumbocap.crafted.IpCraftedCases;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.proto.ipv6.Dissect;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/** IPv4 header fields, options, checksum, fragments, BIG TCP and IP-in-IP on crafted frames. */
class Ipv4DissectorTest {
    private static List<FrameTree> crafted(String name) {
        CraftedCase c = new IpCraftedCases().cases().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
        return c.frames().stream().map(f -> Dissect.frame(c.linkType(), f)).toList();
    }

    @Test
    void headerFields() {
        FrameTree t = Dissect.frame(LinkTypes.ETHERNET, ethernet(ETH_IPV4, IpCraftedCases.ipv4Udp()));
        assertEquals(List.of("eth", "ip", "udp", "data"), Dissect.layers(t));
        assertEquals(4L, t.find("ip.version").longValue());
        assertEquals(20L, t.find("ip.hdr_len").longValue());
        assertEquals(36L, t.find("ip.len").longValue());
        assertEquals(0x1234L, t.find("ip.id").longValue());
        assertEquals(2L, t.find("ip.flags").longValue(), "don't fragment, as Wireshark numbers it");
        assertEquals(1L, t.find("ip.flags.df").longValue());
        assertEquals(0L, t.find("ip.flags.mf").longValue());
        assertEquals(64L, t.find("ip.ttl").longValue());
        assertEquals("UDP (17)", t.find("ip.proto").text().substring("Protocol: ".length()));
        assertEquals(Ipv4Fields.CHECKSUM_GOOD, t.find("ip.checksum.status").longValue());
        assertEquals(List.of("198.51.100.1", "198.51.100.2"), Dissect.values(t, "ip.addr"));
        assertEquals(List.of(), Dissect.expertIds(t));
    }

    @Test
    void totalLengthZeroIsBigTcpWithTheFrameLength() {
        FrameTree t = crafted("ipv4-bigtcp-zero-length").get(0);
        assertEquals(0L, t.find("ip.len").longValue(), "the field keeps the value on the wire");
        assertEquals("ipv4-zero-length", t.find("jumbo.kind").valueText());
        assertEquals(20 + IpCraftedCases.SUPER_DATA, t.find("jumbo.length").longValue(), "bytes after the IPv4 header");
        assertTrue(t.hasExpert("ip.len.zero_bigtcp"));
        assertNotNull(t.find("tcp"));
        assertEquals(List.of("ip.len.zero_bigtcp"), Dissect.expertIds(t).stream().filter(id -> id.startsWith("ip")).toList());
    }

    @Test
    void bigTcpMessageStatesTheWireValueTheRealTotalAndThePayload() {
        FrameTree t = crafted("ipv4-bigtcp-zero-length").get(0);
        long payload = t.find("jumbo.length").longValue();
        long headerLength = t.find("ip.hdr_len").longValue();
        String message = t.experts().stream().filter(e -> e.id().equals("ip.len.zero_bigtcp")).findFirst().orElseThrow().message();
        assertTrue(message.contains("total length 0 on the wire"), message);
        assertTrue(message.contains("real total length " + (headerLength + payload)), message);
        assertTrue(message.contains("payload " + payload + " after the header"), message);
    }

    @Test
    void totalLengthZeroWithOnlyAHeaderIsMalformedNotBigTcp() {
        FrameTree t = Dissect.frame(LinkTypes.RAW, ipv4(0, 253, 0, new byte[0], new byte[0]));
        assertNull(t.find("jumbo"));
        assertTrue(t.hasExpert("ip.len.too_small"));
    }

    @Test
    void optionsAreDecodedAndBadLengthsStopTheWalk() {
        FrameTree ra = crafted("ipv4-options-router-alert").get(0);
        assertEquals(List.of("1", "148", "0"), Dissect.values(ra, "ip.opt.type"));
        assertEquals(0L, ra.find("ip.opt.ra").longValue());
        assertEquals(2, ra.find("ip.opt.padding").length(), "EOL at byte 5 of 8 leaves 2 padding bytes");
        assertEquals(List.of("ip.opt.len.invalid"), Dissect.expertIds(crafted("ipv4-option-length-zero").get(0)));
        assertEquals(List.of("ip.opt.len.invalid"), Dissect.expertIds(crafted("ipv4-option-length-one").get(0)));
        assertEquals(List.of("ip.opt.overrun"), Dissect.expertIds(crafted("ipv4-option-overrun").get(0)));
        FrameTree atEnd = crafted("ipv4-option-type-at-end").get(0);
        assertEquals(List.of("ip.opt.overrun"), Dissect.expertIds(atEnd));
        assertEquals("ip.opt", atEnd.experts().get(0).node().name());
    }

    @Test
    void badChecksumShowsTheRightValue() {
        FrameTree t = crafted("ipv4-bad-checksum").get(0);
        assertEquals(Ipv4Fields.CHECKSUM_BAD, t.find("ip.checksum.status").longValue());
        FrameTree good = Dissect.frame(LinkTypes.ETHERNET, ethernet(ETH_IPV4, ipv4(253, new byte[16])));
        assertEquals(good.find("ip.checksum").longValue(), t.find("ip.checksum_calculated").longValue());
    }

    @Test
    void fragments() {
        List<FrameTree> frames = crafted("ipv4-fragments");
        assertTrue(frames.get(0).hasExpert("ip.fragment"));
        assertEquals(1480L, frames.get(1).find("ip.frag_offset").longValue());
        assertEquals(List.of("eth", "ip", "data"), Dissect.layers(frames.get(1)));
        assertTrue(frames.get(1).hasExpert("ip.fragment.non_first"));
    }

    @Test
    void ipInIpGoesOneTunnelDeeper() {
        assertEquals(List.of("eth", "ip", "ip", "udp", "data"), Dissect.layers(crafted("ipv4-in-ipv4").get(0)));
        assertEquals(List.of("eth", "ip", "ipv6", "udp", "data"), Dissect.layers(crafted("ipv6-in-ipv4").get(0)));
    }

    @Test
    void lengthChecks() {
        assertEquals(List.of("ip.len.too_small"), Dissect.expertIds(crafted("ipv4-total-length-too-small").get(0)));
        assertEquals(List.of("ip.len.exceeds_frame"), Dissect.expertIds(crafted("ipv4-total-length-exceeds-frame").get(0)));
        assertEquals(List.of("ip.len.trailer"), Dissect.expertIds(crafted("ipv4-trailer").get(0)));
        assertEquals(List.of("ip.hdr_len.bad"), Dissect.expertIds(crafted("ipv4-bad-header-length").get(0)));
    }

    @Test
    void bigTcpSegmentWithCorrectChecksumPassesTheTransport() {
        FrameTree t = Dissect.frame(LinkTypes.ETHERNET, ethernet(ETH_IPV4, ipv4(0, TCP, 0x4000, new byte[0],
                tcp(V4_SRC, V4_DST, 100_000))));
        FieldNode tcp = t.find("tcp");
        assertNotNull(tcp);
        assertEquals(100_000L, t.find("tcp.len").longValue(), "the transport got the real upper-layer length");
    }
}
