package org.jumbocap.proto.ipv6;

import static org.jumbocap.proto.ipv6.IpFrames.ETH_IPV6;
import static org.jumbocap.proto.ipv6.IpFrames.NO_NEXT;
import static org.jumbocap.proto.ipv6.IpFrames.TCP;
import static org.jumbocap.proto.ipv6.IpFrames.UDP;
import static org.jumbocap.proto.ipv6.IpFrames.V6_DST;
import static org.jumbocap.proto.ipv6.IpFrames.V6_SRC;
import static org.jumbocap.proto.ipv6.IpFrames.concat;
import static org.jumbocap.proto.ipv6.IpFrames.ethernet;
import static org.jumbocap.proto.ipv6.IpFrames.filler;
import static org.jumbocap.proto.ipv6.IpFrames.ipv6;
import static org.jumbocap.proto.ipv6.IpFrames.jumboHopByHop;
import static org.jumbocap.proto.ipv6.IpFrames.optionsHeader;
import static org.jumbocap.proto.ipv6.IpFrames.tcp;
import static org.jumbocap.proto.ipv6.IpFrames.udp6;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jumbocap.crafted.CraftedCase;
import org.jumbocap.crafted.IpCraftedCases;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.proto.ipv6.ext.ExtensionChain;
import org.jumbocap.testing.Bytes;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/** The IPv6 fixed header, the extension-header walk and the jumbogram verdict on crafted frames. */
class Ipv6DissectorTest {
    private static FrameTree eth(byte[] ipv6Packet) {
        return Dissect.frame(LinkTypes.ETHERNET, ethernet(ETH_IPV6, ipv6Packet));
    }

    private static CraftedCase craftedCase(String name) {
        return new IpCraftedCases().cases().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    private static FrameTree crafted(String name) {
        CraftedCase c = craftedCase(name);
        long orig = c.originalLengths() == null ? c.frames().get(0).length : c.originalLengths()[0];
        return Dissect.cutFrame(c.linkType(), c.frames().get(0), orig);
    }

    @Test
    void fixedHeaderFields() {
        FrameTree t = eth(IpCraftedCases.ipv6Udp());
        assertEquals(List.of("eth", "ipv6", "udp", "data"), Dissect.layers(t));
        assertEquals("6", t.find("ipv6.version").valueText());
        assertEquals(0x12345L, t.find("ipv6.flow").longValue());
        assertEquals(16L, t.find("ipv6.plen").longValue());
        assertEquals(17L, t.find("ipv6.nxt").longValue());
        assertEquals(64L, t.find("ipv6.hlim").longValue());
        assertEquals("2001:db8:1::1", t.find("ipv6.src").valueText());
        assertEquals(List.of("2001:db8:1::1", "2001:db8:1::2"), Dissect.values(t, "ipv6.addr"));
        assertTrue(t.find("ipv6.addr").isHidden());
        assertNull(t.find("jumbo"));
        assertEquals(List.of(), Dissect.expertIds(t));
    }

    @Test
    void rfc2675JumbogramTakesTheOptionLengthAndHandsTheTcpSegmentOn() {
        byte[] segment = tcp(V6_SRC, V6_DST, IpCraftedCases.SUPER_DATA);
        long value = 8 + segment.length;
        FrameTree t = eth(ipv6(0, 0, concat(jumboHopByHop(TCP, value), segment)));
        assertEquals(List.of("eth", "ipv6", "tcp", "data"), Dissect.layers(t));
        FieldNode jumbo = t.find("jumbo");
        assertNotNull(jumbo);
        assertTrue(jumbo.isGenerated());
        assertEquals("ipv6-hbh", jumbo.find("jumbo.kind").valueText());
        assertEquals(value, jumbo.find("jumbo.length").longValue());
        assertEquals(value, t.find("ipv6.opt.jumbo").longValue());
        assertEquals(6L, t.find("ipv6.hopopts.nxt").longValue());
        assertEquals(14 + 48, t.layers().get(3).offset(), "tcp after the fixed header and the 8-byte Hop-by-Hop header");
        assertEquals(List.of("ipv6.jumbo.hbh"), Dissect.expertIds(t).stream().filter(id -> id.startsWith("ipv6")).toList());
        assertEquals(48, t.find("ipv6").length(), "the IPv6 layer covers its extension headers");
        assertEquals(IpCraftedCases.SUPER_DATA, t.find("tcp.len").longValue(),
                "the transport got the jumbo length less the Hop-by-Hop header");
    }

    @Test
    void payloadLengthZeroWithoutHopByHopTakesTheFrameLength() {
        byte[] segment = tcp(V6_SRC, V6_DST, IpCraftedCases.SUPER_DATA);
        FrameTree t = eth(ipv6(0, TCP, segment));
        assertEquals("ipv6-zero-length", t.find("jumbo.kind").valueText());
        assertEquals(segment.length, t.find("jumbo.length").longValue());
        assertTrue(t.hasExpert("ipv6.plen.zero_bigtcp"));
        assertNotNull(t.find("tcp"));
        assertEquals(IpCraftedCases.SUPER_DATA, t.find("tcp.len").longValue());
    }

    @Test
    void payloadLengthZeroWithNothingAfterIsNotAJumbogram() {
        FrameTree t = eth(ipv6(0, NO_NEXT, new byte[0]));
        assertNull(t.find("jumbo"));
        assertEquals(List.of(), Dissect.expertIds(t));
    }

    @Test
    void jumboLengthComparesWithTheOriginalLengthWhenTheSnaplenCutTheFrame() {
        FrameTree t = crafted("ipv6-jumbo-snaplen");
        assertEquals("ipv6-hbh", t.find("jumbo.kind").valueText());
        assertEquals(8 + 20 + IpCraftedCases.SUPER_DATA, t.find("jumbo.length").longValue());
        assertFalse(t.hasExpert("ipv6.jumbo.exceeds_frame"));
        assertFalse(t.hasExpert("ipv6.jumbo.trailer"));
    }

    @Test
    void eachJumboCheckRaisesItsOwnId() {
        assertEquals(List.of("ipv6.jumbo.plen_not_zero"), Dissect.expertIds(crafted("ipv6-jumbo-plen-not-zero")));
        assertNull(crafted("ipv6-jumbo-plen-not-zero").find("jumbo"), "payload length 8 is an ordinary packet");
        assertTrue(Dissect.expertIds(crafted("ipv6-jumbo-missing")).contains("ipv6.jumbo.missing"));
        assertTrue(Dissect.expertIds(crafted("ipv6-jumbo-too-small")).contains("ipv6.jumbo.too_small"));
        assertTrue(Dissect.expertIds(crafted("ipv6-jumbo-with-fragment")).contains("ipv6.jumbo.with_fragment"));
        assertTrue(Dissect.expertIds(crafted("ipv6-jumbo-misaligned")).contains("ipv6.jumbo.misaligned"));
        FrameTree duplicate = crafted("ipv6-jumbo-duplicate");
        assertEquals(2, duplicate.findAll("ipv6.opt.jumbo").size());
        assertEquals(1, Dissect.expertIds(duplicate).stream().filter("ipv6.jumbo.duplicate"::equals).count());
        FrameTree destOpts = crafted("ipv6-jumbo-in-destopts");
        assertTrue(destOpts.hasExpert("ipv6.jumbo.not_in_hbh"));
        assertNull(destOpts.find("jumbo"), "a Jumbo option outside Hop-by-Hop does not count");
        assertTrue(crafted("ipv6-jumbo-exceeds-frame").hasExpert("ipv6.jumbo.exceeds_frame"));
        assertTrue(crafted("ipv6-jumbo-trailer").hasExpert("ipv6.jumbo.trailer"));
    }

    @Test
    void expertItemsAttachToTheFieldConcerned() {
        FrameTree t = crafted("ipv6-jumbo-too-small");
        assertEquals("ipv6.opt.jumbo", t.experts().stream().filter(e -> e.id().equals("ipv6.jumbo.too_small")).findFirst()
                .orElseThrow().node().name());
        FrameTree notFirst = crafted("ipv6-hbh-not-first");
        assertEquals("ipv6.hopopts", notFirst.experts().get(0).node().name());
    }

    /** tshark finds this UDP port behind the 200 headers too; jumbocap used to stop at 32 and lose it. */
    @Test
    void chainOfTwoHundredHeadersReachesItsUdpPort() {
        FrameTree t = crafted("ipv6-ext-chain-200");
        assertEquals(200, t.findAll("ipv6.dstopts").size());
        assertTrue(t.hasExpert("ipv6.ext.repeated"));
        assertEquals(List.of("eth", "ipv6", "udp", "data"), Dissect.layers(t));
        assertEquals(9L, t.find("udp.dstport").longValue());
    }

    @Test
    void segmentRoutingListsItsSegmentsAndTheChainGoesOnToUdp() {
        FrameTree t = crafted("ipv6-routing-srh");
        assertEquals(4L, t.find("ipv6.routing.type").longValue());
        assertEquals(2L, t.find("ipv6.routing.srh.last_entry").longValue());
        assertEquals(List.of("2001:db8:100::1", "2001:db8:101::1", "2001:db8:102::1"), Dissect.values(t, "ipv6.routing.srh.addr"));
        assertEquals(List.of("eth", "ipv6", "udp", "data"), Dissect.layers(t));
        assertEquals(14 + 40 + 56, t.find("udp").offset());
    }

    @Test
    void routingTypes0And2() {
        CraftedCase c = craftedCase("ipv6-routing-type0-type2");
        FrameTree type0 = Dissect.frame(c.linkType(), c.frames().get(0));
        assertEquals(List.of("2001:db8:1::2", "2001:db8:1::1"), Dissect.values(type0, "ipv6.routing.src.addr"));
        FrameTree type2 = Dissect.frame(c.linkType(), c.frames().get(1));
        assertEquals("2001:db8:1::1", type2.find("ipv6.routing.mipv6.home_address").valueText());
    }

    @Test
    void nonFirstFragmentIsData() {
        CraftedCase c = craftedCase("ipv6-fragments");
        FrameTree first = Dissect.frame(c.linkType(), c.frames().get(0));
        assertTrue(first.hasExpert("ipv6.fragment.first"));
        FrameTree later = Dissect.frame(c.linkType(), c.frames().get(1));
        assertEquals(181L, later.find("ipv6.fraghdr.offset").longValue());
        assertEquals(List.of("eth", "ipv6", "data"), Dissect.layers(later));
        assertEquals(64L, later.find("data.len").longValue());
    }

    @Test
    void authenticationHeaderThenUdpAndEspIsOpaque() {
        CraftedCase c = craftedCase("ipv6-ah-esp");
        FrameTree ah = Dissect.frame(c.linkType(), c.frames().get(0));
        assertEquals(0x1000L, ah.find("ah.spi").longValue());
        assertEquals(7L, ah.find("ah.sequence").longValue());
        assertEquals(12, ah.find("ah.icv").length());
        assertEquals(List.of("eth", "ipv6", "udp", "data"), Dissect.layers(ah));
        FrameTree esp = Dissect.frame(c.linkType(), c.frames().get(1));
        assertEquals(0x2000L, esp.find("esp.spi").longValue());
        assertEquals(9L, esp.find("esp.sequence").longValue());
        assertEquals(List.of("eth", "ipv6", "data"), Dissect.layers(esp));
    }

    @Test
    void hopByHopOptionsAreDecoded() {
        FrameTree t = crafted("ipv6-hbh-options");
        assertEquals(0L, t.find("ipv6.opt.router_alert").longValue());
        assertEquals(List.of("0x05", "0x01", "0x1e", "0x00", "0x00", "0x00", "0x00", "0x01"), Dissect.values(t, "ipv6.opt.type"));
        assertEquals(2, t.findAll("ipv6.opt.padn").size());
        FieldNode unknown = t.findAll("ipv6.opt").get(2);
        assertEquals("0", unknown.find("ipv6.opt.type.action").valueText());
        assertEquals(0L, unknown.find("ipv6.opt.length").longValue());
    }

    @Test
    void optionTypeBitsOfJumbo() {
        FrameTree t = eth(ipv6(0, 0, concat(jumboHopByHop(NO_NEXT, 70_000), filler(70_000 - 8))));
        FieldNode type = t.find("ipv6.opt.type");
        assertEquals(3L, type.find("ipv6.opt.type.action").longValue());
        assertEquals(0L, type.find("ipv6.opt.type.change").longValue());
        assertEquals(2L, type.find("ipv6.opt.type.rest").longValue());
    }

    @Test
    void cutExtensionHeaderIsANoteAndAShortFrameAnError() {
        FrameTree cut = crafted("ipv6-ext-truncated");
        assertTrue(cut.hasExpert("ipv6.ext.truncated"));
        assertFalse(cut.hasExpert("ipv6.ext.overrun"));
        FrameTree shortFrame = crafted("ipv6-ext-overrun");
        assertTrue(shortFrame.hasExpert("ipv6.ext.overrun"));
    }

    @Test
    void ipv6InIpv6IsOneTunnelDeeper() {
        FrameTree t = crafted("ipv6-in-ipv6");
        assertEquals(List.of("eth", "ipv6", "ipv6", "udp", "data"), Dissect.layers(t));
    }

    @Test
    void udpAfterDestinationOptionsGetsTheLengthLessTheHeaders() {
        byte[] udp = udp6(Bytes.of().fill(100, 1).toArray());
        FrameTree t = eth(ipv6(60, concat(optionsHeader(UDP, new byte[] {1, 4, 0, 0, 0, 0}), udp)));
        assertEquals(List.of("eth", "ipv6", "udp", "data"), Dissect.layers(t));
        assertEquals(List.of(), Dissect.expertIds(t), "UDP length and checksum agree with the IPv6 upper-layer length");
    }
}
