package org.jumbocap.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/** Every IP packet lands in one conversation: TCP and UDP by ports, ICMP and the rest by protocol. */
class ConversationsTest {
    private static boolean hasIp(FrameTree t) {
        return t.find("ip") != null || t.find("ipv6") != null;
    }

    private static long framesOf(CaptureStatistics st, int protocol) {
        return st.directions().stream().filter(d -> d.key().protocol() == protocol).mapToLong(FlowStats::frames).sum();
    }

    private static String text(FrameTree t, String field) {
        FieldNode n = t.find(field);
        return n == null ? null : n.valueText();
    }

    @Test
    void icmpv6FramesOfTheKernelSampleFormAddressPairConversations() {
        List<FrameTree> trees = StatsSamples.trees("ipv6-bigtcp-veth.pcap");
        CaptureStatistics st = StatsSamples.statsOf(trees);
        List<FrameTree> icmp = trees.stream().filter(t -> t.find("icmpv6") != null).toList();
        assertTrue(icmp.size() > 0, "the sample holds MLD, router and neighbour solicitations");
        assertEquals(icmp.size(), framesOf(st, 58));
        assertEquals(trees.stream().filter(ConversationsTest::hasIp).count(),
                st.directions().stream().mapToLong(FlowStats::frames).sum(), "every IP frame is in one direction");
        assertEquals(trees.stream().filter(ConversationsTest::hasIp).mapToLong(t -> t.frame().originalLength()).sum(),
                st.conversations().stream().mapToLong(CaptureStatistics.Conversation::bytes).sum());

        Set<Set<String>> pairs = new HashSet<>();
        for (FrameTree t : icmp) {
            pairs.add(Set.of(text(t, "ipv6.src"), text(t, "ipv6.dst")));
        }
        List<CaptureStatistics.Conversation> icmpConversations = st.conversations().stream()
                .filter(c -> c.key().protocolName().equals("icmpv6")).toList();
        assertEquals(pairs.size(), icmpConversations.size());
        for (CaptureStatistics.Conversation c : icmpConversations) {
            assertEquals(-1, c.key().srcPort());
            assertEquals(-1, c.key().dstPort());
            assertEquals(c.key().sourceAddress(), c.key().sourceEndpoint(), "no port on an ICMPv6 endpoint");
            assertTrue(pairs.contains(Set.of(c.key().sourceAddress(), c.key().destinationAddress())), c.key().toString());
            assertEquals(-1.0, c.forward().segmentsPerSuperPacket());
        }
        assertEquals(trees.stream().filter(t -> t.find("tcp") != null).count(), st.tcpFrames(), "TCP counts stay TCP's");
    }

    @Test
    void anIcmpErrorBelongsToTheIcmpConversationNotToTheQuotedOne() {
        List<FrameTree> trees = StatsSamples.trees("crafted/transport-icmpv6-packet-too-big-jumbo.pcap");
        FrameTree frame = trees.get(0);
        assertTrue(frame.find("tcp") != null, "the error quotes a TCP packet");
        CaptureStatistics st = StatsSamples.statsOf(trees);
        assertEquals(0, st.tcpFrames());
        assertTrue(st.checksums().isEmpty(), "the quoted TCP checksum is not counted");
        FlowStats only = st.directions().get(0);
        assertEquals(1, st.directions().size());
        assertEquals("icmpv6", only.key().protocolName());
        assertEquals(text(frame, "ipv6.src"), only.key().sourceAddress(), "the outer packet's addresses");
        assertEquals(frame.find("jumbo") != null ? 1 : 0, st.jumboFrames(),
                "counted as a jumbo frame exactly when the jumbo filter matches it");
    }

    @Test
    void otherProtocolsAreKeyedByTheirNumber() {
        List<FrameTree> esp = StatsSamples.trees("crafted/ipv6-ah-esp.pcap");
        CaptureStatistics st = StatsSamples.statsOf(esp);
        assertEquals(1, framesOf(st, 50), "ESP ends the chain");
        FlowStats udp = st.directions().stream().filter(d -> d.key().protocol() == 17).findFirst().orElseThrow();
        assertEquals(Long.parseLong(text(esp.get(0), "udp.srcport")), udp.key().srcPort(), "AH is looked through");

        List<FrameTree> noNext = StatsSamples.trees("crafted/ipv6-no-next-header-data.pcap");
        assertEquals(noNext.size(), framesOf(StatsSamples.statsOf(noNext), 59));

        List<FrameTree> fragments = StatsSamples.trees("crafted/ipv4-fragments.pcap");
        CaptureStatistics fs = StatsSamples.statsOf(fragments);
        int protocol = Integer.parseInt(text(fragments.get(0), "ip.proto"));
        assertEquals(fragments.size(), framesOf(fs, protocol));
        assertEquals(String.valueOf(protocol), fs.directions().get(0).key().protocolName());

        List<FrameTree> echo = StatsSamples.trees("crafted/transport-icmpv4-echo.pcap");
        CaptureStatistics es = StatsSamples.statsOf(echo);
        assertEquals(echo.size(), framesOf(es, 1));
        assertEquals("icmp " + text(echo.get(0), "ip.src") + " -> " + text(echo.get(0), "ip.dst"),
                es.directions().get(0).key().toString());
    }

    @Test
    void fragmentsWithoutTheirTransportHeaderStayWithTheirAddresses() {
        List<FrameTree> trees = StatsSamples.trees("ipv6-bigtcp-vxlan.pcap");
        CaptureStatistics st = StatsSamples.statsOf(trees);
        long laterFragments = trees.stream().filter(t -> t.find("ip") != null && t.find("udp") == null).count();
        assertTrue(laterFragments > 0, "the VXLAN underlay fragments the inner segments");
        FlowStats fragments = st.directions().stream().filter(d -> d.key().protocol() == 17 && d.key().srcPort() < 0)
                .findFirst().orElseThrow();
        assertEquals(laterFragments, fragments.frames());
        assertEquals(4, fragments.key().ipVersion(), "the underlay's addresses, not the tunnelled ones");
        assertEquals(trees.size(), st.directions().stream().mapToLong(FlowStats::frames).sum());
    }

    @Test
    void bothDirectionsOfAnIcmpExchangePair() {
        List<FrameTree> trees = StatsSamples.trees("ipv6-bigtcp-veth.pcap");
        CaptureStatistics st = StatsSamples.statsOf(trees);
        for (CaptureStatistics.Conversation c : st.conversations()) {
            if (c.reverse() != null) {
                assertEquals(c.key().reversed(), c.reverse().key());
            } else {
                assertNull(st.directions().stream().filter(d -> d.key().equals(c.key().reversed())).findFirst().orElse(null));
            }
        }
    }
}
