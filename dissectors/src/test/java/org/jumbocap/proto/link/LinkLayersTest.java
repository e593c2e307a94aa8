package org.jumbocap.proto.link;

import static org.jumbocap.proto.ipv6.IpFrames.ETH_IPV6;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jumbocap.crafted.CraftedCase;
import org.jumbocap.crafted.IpCraftedCases;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.proto.ipv6.Dissect;
import org.jumbocap.proto.ipv6.IpFrames;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/** Every link type jumbocap registers, on the crafted frames of {@link IpCraftedCases}. */
class LinkLayersTest {
    private static List<FrameTree> crafted(String name) {
        CraftedCase c = new IpCraftedCases().cases().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
        return c.frames().stream().map(f -> Dissect.frame(c.linkType(), f)).toList();
    }

    @Test
    void ethernet() {
        FrameTree t = crafted("link-ethernet-ipv6-udp").get(0);
        assertEquals(List.of("eth", "ipv6", "udp", "data"), Dissect.layers(t));
        assertEquals("02:00:00:00:00:02", t.find("eth.dst").valueText());
        assertEquals("02:00:00:00:00:01", t.find("eth.src").valueText());
        assertEquals(List.of("02:00:00:00:00:02", "02:00:00:00:00:01"), Dissect.values(t, "eth.addr"));
        assertEquals(0x86DDL, t.find("eth.type").longValue());
        assertEquals(14, t.find("ipv6").offset());
    }

    @Test
    void qinqTagsChain() {
        FrameTree t = crafted("link-qinq-ipv6-udp").get(0);
        assertEquals(List.of("eth", "vlan", "vlan", "ipv6", "udp", "data"), Dissect.layers(t));
        assertEquals(0x88A8L, t.find("eth.type").longValue());
        assertEquals(List.of("100", "200"), Dissect.values(t, "vlan.id"));
        assertEquals(List.of("3", "5"), Dissect.values(t, "vlan.priority"));
        assertEquals(List.of("0x8100", "0x86dd"), Dissect.values(t, "vlan.etype"));
        assertEquals(22, t.find("ipv6").offset());
    }

    @Test
    void singleTag() {
        FrameTree t = crafted("link-vlan-ipv4-udp").get(0);
        assertEquals(List.of("eth", "vlan", "ip", "udp", "data"), Dissect.layers(t));
        assertEquals(42L, t.find("vlan.id").longValue());
        assertEquals(0L, t.find("vlan.dei").longValue());
    }

    @Test
    void ieee8023LengthLeavesLlcAsData() {
        FrameTree t = crafted("link-ethernet-8023-llc").get(0);
        assertEquals(List.of("eth", "data"), Dissect.layers(t));
        assertEquals(12L, t.find("eth.len").longValue());
    }

    @Test
    void linuxCookedV1() {
        FrameTree t = crafted("link-sll-ipv6-udp").get(0);
        assertEquals(List.of("sll", "ipv6", "udp", "data"), Dissect.layers(t));
        assertEquals(4L, t.find("sll.pkttype").longValue());
        assertEquals(1L, t.find("sll.hatype").longValue());
        assertEquals(6L, t.find("sll.halen").longValue());
        assertEquals("02:00:00:00:00:01", t.find("sll.src.eth").valueText());
        assertEquals(0x86DDL, t.find("sll.etype").longValue());
        assertEquals(16, t.find("ipv6").offset());
    }

    @Test
    void linuxCookedV2() {
        FrameTree t = crafted("link-sll2-ipv4-udp").get(0);
        assertEquals(List.of("sll", "ip", "udp", "data"), Dissect.layers(t));
        assertEquals(7L, t.find("sll.ifindex").longValue());
        assertEquals(0L, t.find("sll.pkttype").longValue());
        assertEquals("02:00:00:00:00:01", t.find("sll.src.eth").valueText());
        assertEquals(0x0800L, t.find("sll.etype").longValue());
        assertEquals(20, t.find("ip").offset());
    }

    @Test
    void nullInEitherHostByteOrder() {
        List<FrameTree> frames = crafted("link-null-host-order");
        assertEquals(List.of("null", "ip", "udp", "data"), Dissect.layers(frames.get(0)));
        assertEquals(2L, frames.get(0).find("null.family").longValue());
        assertEquals(30L, frames.get(1).find("null.family").longValue());
        assertEquals(List.of("null", "ipv6", "udp", "data"), Dissect.layers(frames.get(1)));
        assertEquals(24L, frames.get(2).find("null.family").longValue());
        assertEquals(List.of("null", "ipv6", "udp", "data"), Dissect.layers(frames.get(2)));
    }

    @Test
    void loopbackInNetworkOrder() {
        List<FrameTree> frames = crafted("link-loop-ipv4-ipv6");
        assertEquals(List.of("null", "ip", "udp", "data"), Dissect.layers(frames.get(0)));
        assertEquals(List.of("null", "ipv6", "udp", "data"), Dissect.layers(frames.get(1)));
        FrameTree unknown = crafted("link-null-unknown-family").get(0);
        assertEquals(List.of("null", "data"), Dissect.layers(unknown));
    }

    @Test
    void rawIpByVersionNibbleAndFixedVersions() {
        List<FrameTree> raw = crafted("link-raw-101");
        assertEquals(List.of("raw", "ip", "udp", "data"), Dissect.layers(raw.get(0)));
        assertEquals(List.of("raw", "ipv6", "udp", "data"), Dissect.layers(raw.get(1)));
        assertEquals(List.of("raw", "ipv6", "udp", "data"), Dissect.layers(crafted("link-raw-12").get(0)));
        assertEquals(List.of("raw", "ip", "udp", "data"), Dissect.layers(crafted("link-raw-14").get(0)));
        assertEquals(List.of("ip", "udp", "data"), Dissect.layers(crafted("link-ipv4-228").get(0)));
        assertEquals(List.of("ipv6", "udp", "data"), Dissect.layers(crafted("link-ipv6-229").get(0)));
        FrameTree bad = crafted("link-raw-bad-version").get(0);
        assertEquals(List.of("raw", "data"), Dissect.layers(bad));
        assertTrue(bad.hasExpert("raw.version.unknown"));
    }

    @Test
    void unknownLinkTypeIsData() {
        FrameTree t = Dissect.frame(147, IpCraftedCases.ipv6Udp());
        assertEquals(List.of("data"), Dissect.layers(t));
    }

    @Test
    void lengthPassedOnIsTheReportedLengthLessTheHeader() {
        byte[] frame = IpFrames.ethernet(ETH_IPV6, IpFrames.ipv6(0, 6, IpFrames.tcp(IpFrames.V6_SRC, IpFrames.V6_DST, 10)));
        FrameTree cut = Dissect.cutFrame(LinkTypes.ETHERNET, java.util.Arrays.copyOf(frame, 100), 200_014);
        assertEquals(200_000L - 40, cut.find("jumbo.length").longValue());
    }
}
