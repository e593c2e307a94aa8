package org.jumbocap.capture.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Parsing of ethtool's and the kernel's answers, and the verdicts drawn from the facts. */
class HostFactsTest {
    /** {@code ethtool -k lo} on Linux 6.18 (ethtool 6.1), abridged to the lines around the features read. */
    private static final String ETHTOOL_K_LO = """
            Features for lo:
            rx-checksumming: on [fixed]
            tx-checksumming: on
            \ttx-checksum-ipv4: off [fixed]
            \ttx-checksum-ip-generic: on [fixed]
            scatter-gather: on
            tcp-segmentation-offload: on
            \ttx-tcp-segmentation: on
            \ttx-tcp-ecn-segmentation: on
            \ttx-tcp6-segmentation: on
            generic-segmentation-offload: on
            generic-receive-offload: on
            large-receive-offload: off [fixed]
            rx-gro-hw: off [fixed]
            """;
    /** {@code ethtool -i eth0} on a virtio guest. */
    private static final String ETHTOOL_I = """
            driver: virtio_net
            version: 1.0.0
            firmware-version:\s
            bus-info: 0000:00:03.0
            """;

    @Test
    void ethtoolOutputIsRead() {
        assertEquals("virtio_net", Ethtool.driver(ETHTOOL_I));
        Map<String, String> f = Ethtool.features(ETHTOOL_K_LO);
        assertEquals("on", f.get("generic-segmentation-offload"));
        assertEquals("on", f.get("tx-tcp6-segmentation"));
        assertEquals("off [fixed]", f.get("large-receive-offload"));
        assertEquals(List.copyOf(f.keySet()), Ethtool.FEATURES.stream().filter(f::containsKey).toList(), "in the shown order");
        assertNull(Ethtool.driver("version: 1\n"));
    }

    @Test
    void theRealEthtoolIsReadForLoopback() throws Exception {
        Process p;
        try {
            p = new ProcessBuilder("ethtool", "-k", "lo").redirectErrorStream(true).start();
        } catch (java.io.IOException e) {
            org.junit.jupiter.api.Assumptions.assumeTrue(false, "ethtool is not installed");
            return;
        }
        String raw = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        p.waitFor();
        Ethtool.Answer a = new Ethtool("ethtool").read("lo");
        assertTrue(a.features() != null && a.features().containsKey("generic-segmentation-offload"), a.toString());
        for (Map.Entry<String, String> e : a.features().entrySet()) {
            assertTrue(raw.contains(e.getKey() + ": " + e.getValue() + "\n"), e + " is what ethtool printed");
        }
    }

    @Test
    void aMissingEthtoolIsAnAnswerNotACrash() {
        Ethtool.Answer a = new Ethtool("/nonexistent/ethtool").read("lo");
        assertNull(a.driver());
        assertNull(a.features());
        assertTrue(a.problem().contains("ethtool is not installed"), a.problem());
    }

    @Test
    void kernelReleasesSayWhatTheyImply() {
        KernelVersion k = KernelVersion.parse("6.18.44-fc-v857\n");
        assertEquals(6, k.major());
        assertEquals(18, k.minor());
        assertTrue(k.ipv6BigTcp() && k.ipv4BigTcp() && k.insertsHopByHop());
        KernelVersion old = KernelVersion.parse("6.1.0-13-amd64");
        assertTrue(old.ipv6BigTcp() && !old.ipv4BigTcp());
        assertTrue(!KernelVersion.parse("5.15.0").ipv6BigTcp());
        assertTrue(!KernelVersion.parse("7.0.1").insertsHopByHop());
        assertTrue(KernelVersion.parse("7.0.1").implications().get(2).contains("payload length 0 alone"));
        assertTrue(!KernelVersion.parse("garbage").known());
    }

    private static InterfaceFacts facts(String name, long gso, long gro, long tso, Long gso4, Long gro4) {
        Map<String, Long> a = new java.util.LinkedHashMap<>();
        a.put("gso_max_size", gso);
        a.put("gro_max_size", gro);
        a.put("tso_max_size", tso);
        if (gso4 != null) {
            a.put("gso_ipv4_max_size", gso4);
        }
        if (gro4 != null) {
            a.put("gro_ipv4_max_size", gro4);
        }
        return new InterfaceFacts(name, true, 1500L, "ether", a, "veth", null, List.of(), "netlink");
    }

    private static final KernelVersion K618 = KernelVersion.parse("6.18.44");

    @Test
    void verdictsFollowTheSizes() {
        InterfaceFacts on = facts("chk0", 185_000, 185_000, 524_280, 185_000L, 185_000L);
        InterfaceVerdict v6 = InterfaceVerdict.ipv6(on, K618, "6.1.0");
        assertEquals(InterfaceVerdict.State.ON, v6.state());
        assertTrue(v6.healthy());
        assertTrue(v6.line().contains("185,000"), v6.line());
        assertEquals(InterfaceVerdict.State.ON, InterfaceVerdict.ipv4(on, K618, "6.1.0").state());

        InterfaceFacts off = facts("chk1", 65_536, 65_536, 524_280, 65_536L, 65_536L);
        InterfaceVerdict off6 = InterfaceVerdict.ipv6(off, K618, "6.1.0");
        assertEquals(InterfaceVerdict.State.OFF, off6.state());
        assertEquals(List.of("ip link set dev chk1 gso_max_size 185000 gro_max_size 185000"), off6.fixes());
        InterfaceVerdict off4 = InterfaceVerdict.ipv4(off, K618, "6.1.0");
        assertEquals(List.of("ip link set dev chk1 gso_ipv4_max_size 185000 gro_ipv4_max_size 185000"), off4.fixes());
        assertTrue(off4.notes().get(0).contains("iproute2 6.3 or later"), off4.notes().toString());
        assertTrue(InterfaceVerdict.ipv4(off, K618, "6.5.0").notes().isEmpty());

        InterfaceFacts capped = facts("eth0", 65_536, 65_536, 65_536, 65_536L, 65_536L);
        InterfaceVerdict c = InterfaceVerdict.ipv6(capped, K618, null);
        assertEquals(InterfaceVerdict.State.OFF, c.state());
        assertTrue(c.line().contains("caps tso_max_size at 65,536"), c.line());
        assertTrue(c.fixes().get(0).contains("gro_max_size 185000") && !c.fixes().get(0).contains("gso_max_size"));

        InterfaceFacts half = facts("chk2", 185_000, 65_536, 524_280, null, null);
        InterfaceVerdict h = InterfaceVerdict.ipv6(half, K618, null);
        assertEquals(InterfaceVerdict.State.PARTLY, h.state());
        assertEquals(List.of("ip link set dev chk2 gro_max_size 185000"), h.fixes());
        InterfaceVerdict unknown = InterfaceVerdict.ipv4(half, K618, null);
        assertEquals(InterfaceVerdict.State.UNKNOWN, unknown.state());
        assertTrue(unknown.line().contains("gso_ipv4_max_size and gro_ipv4_max_size could not be read"), unknown.line());

        InterfaceFacts huge = facts("chk3", 400_000, 400_000, 524_280, null, null);
        InterfaceVerdict big = InterfaceVerdict.ipv6(huge, K618, null);
        assertEquals(InterfaceVerdict.State.ON, big.state());
        assertTrue(!big.healthy() && big.caveats().get(0).contains("262,144"), big.caveats().toString());

        assertEquals(InterfaceVerdict.State.OFF, InterfaceVerdict.ipv4(on, KernelVersion.parse("6.1.0"), null).state());
        assertTrue(InterfaceVerdict.ipv6(on, KernelVersion.parse("5.15.0"), null).line().contains("5.19"));
    }

    @Test
    void offloadFeaturesOffAreNamedWithTheirCommand() {
        InterfaceFacts f = new InterfaceFacts("chk4", true, 1500L, "ether",
                Map.of("gso_max_size", 185_000L, "gro_max_size", 185_000L, "tso_max_size", 524_280L), "veth",
                Map.of("generic-segmentation-offload", "off", "tcp-segmentation-offload", "off", "generic-receive-offload", "on"),
                List.of(), "netlink");
        InterfaceVerdict v = InterfaceVerdict.ipv6(f, K618, null);
        assertEquals(InterfaceVerdict.State.PARTLY, v.state());
        assertTrue(v.fixes().get(0).startsWith("ethtool -K chk4 gso on tso on"), v.fixes().toString());
    }

    @Test
    void withoutNetlinkTheFactsComeFromIpAndSayWhatIsMissing() {
        HostFacts h = HostFacts.read(new Ethtool("/nonexistent/ethtool"), () -> {
            throw new IllegalStateException("no netlink socket (errno 97)");
        });
        InterfaceFacts lo = h.interfaces().stream().filter(f -> f.name().equals("lo")).findFirst().orElseThrow();
        assertTrue(lo.source().equals("ip") || lo.source().equals("sysfs"), lo.source());
        assertTrue(lo.unavailable().contains("rtnetlink: no netlink socket (errno 97)"), lo.unavailable().toString());
        assertTrue(lo.unavailable().stream().anyMatch(u -> u.startsWith("offload features: ethtool is not installed")));
        for (String key : InterfaceFacts.SIZE_KEYS) {
            assertTrue(lo.attributes().containsKey(key) || lo.unavailable().stream().anyMatch(u -> u.startsWith(key + ": ")),
                    key + " is either read or said to be unavailable");
        }
        InterfaceVerdict v4 = InterfaceVerdict.ipv4(lo, h.kernel(), h.iproute2());
        if (!lo.attributes().containsKey("gso_ipv4_max_size")) {
            // iproute2 before 6.3 does not print the IPv4 sizes: the verdict says so instead of guessing
            assertEquals(InterfaceVerdict.State.UNKNOWN, v4.state());
            assertTrue(v4.line().startsWith("cannot be known: gso_ipv4_max_size"), v4.line());
        }
        assertTrue(InterfaceVerdict.ipv6(lo, h.kernel(), h.iproute2()).state() != null);
    }

    /** One RTM_NEWLINK message as the kernel sends it: header, ifinfomsg, attributes. */
    private static byte[] newLink(String name, int mtu, long gso, long gso4) {
        ByteBuffer b = ByteBuffer.allocate(200).order(ByteOrder.nativeOrder());
        b.position(16);
        b.put((byte) 0).put((byte) 0).putShort((short) 1).putInt(7).putInt(1).putInt(0);
        byte[] n = (name + "\0").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        b.putShort((short) (4 + n.length)).putShort((short) RtnetlinkLinks.IFLA_IFNAME).put(n);
        while (b.position() % 4 != 0) {
            b.put((byte) 0);
        }
        b.putShort((short) 8).putShort((short) RtnetlinkLinks.IFLA_MTU).putInt(mtu);
        b.putShort((short) 8).putShort((short) RtnetlinkLinks.IFLA_GSO_MAX_SIZE).putInt((int) gso);
        b.putShort((short) 8).putShort((short) RtnetlinkLinks.IFLA_GSO_IPV4_MAX_SIZE).putInt((int) gso4);
        int length = b.position();
        b.putInt(0, length).putShort(4, (short) 16);
        byte[] out = new byte[length];
        b.get(0, out);
        return out;
    }

    @Test
    void netlinkRepliesAreParsedAndCutOnesNeverCrash() {
        byte[] msg = newLink("chk-a", 1500, 185_000, 185_000);
        List<RtnetlinkLinks.Link> links = new ArrayList<>();
        assertTrue(!RtnetlinkLinks.parse(msg, msg.length, links), "no NLMSG_DONE yet");
        assertEquals(1, links.size());
        RtnetlinkLinks.Link l = links.get(0);
        assertEquals("chk-a", l.name());
        assertEquals(7, l.index());
        assertTrue(l.up());
        assertEquals(1500L, l.mtu());
        assertEquals(185_000L, l.attributes().get("gso_max_size"));
        assertEquals(185_000L, l.attributes().get("gso_ipv4_max_size"));
        for (int cut = 0; cut < msg.length; cut++) {
            List<RtnetlinkLinks.Link> some = new ArrayList<>();
            RtnetlinkLinks.parse(msg, cut, some);
            assertTrue(some.isEmpty(), "a message longer than the datagram is not read: " + cut);
        }
        byte[] lying = msg.clone();
        ByteBuffer.wrap(lying).order(ByteOrder.nativeOrder()).putShort(32, (short) 250); // name attribute claims 250 bytes
        List<RtnetlinkLinks.Link> rest = new ArrayList<>();
        RtnetlinkLinks.parse(lying, lying.length, rest);
        assertEquals(1, rest.size());
        assertEquals("if7", rest.get(0).name(), "an attribute past its message ends the attributes");
    }
}
