package org.jumbocap.displayfilter;

import static org.jumbocap.displayfilter.TestTrees.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HexFormat;
import org.jumbocap.dissect.FrameFields;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.jumbo.JumboFields;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/** Evaluation on crafted trees: operators, literals, multi-occurrence rules, expert pseudo-fields. */
class FilterEvaluationTest {
    private static final ExpertDef CUT = new ExpertDef("frame.cut_by_snaplen", ExpertGroup.TRUNCATED, Severity.NOTE,
            "Frame cut by the snaplen: %d of %d bytes captured");
    private static final ExpertDef BAD_LENGTH = new ExpertDef("ipv6.jumbo.plen_not_zero", ExpertGroup.JUMBO,
            Severity.WARN, "Jumbo Payload option with payload length %d");

    private static boolean matches(String filter, FrameTree t) {
        return compile(filter).matches(t);
    }

    /** IPv4 198.51.100.1 → 203.0.113.2, TCP 40000 → 5201 with SYN, 1448 bytes. */
    private static FrameTree tcpFrame() {
        FrameTree t = frame(1514);
        FieldNode eth = t.addLayer(ETH, 0, 14);
        byte[] mac = HexFormat.of().parseHex("020000000001");
        eth.add(ETH_SRC, 6, 6, mac);
        eth.add(ETH_ADDR, 6, 6, mac).hidden();
        eth.add(ETH_ADDR, 0, 6, HexFormat.of().parseHex("020000000002")).hidden();
        ipv4(t, v4(198, 51, 100, 1), v4(203, 0, 113, 2), 6);
        tcp(t, 40000, 5201, true, 1448);
        return t;
    }

    /** IPv6 HBH jumbogram of 200000 bytes with an expert warning. */
    private static FrameTree jumboFrame() {
        FrameTree t = frame(200_054);
        t.expert(t.layers().get(0), CUT, 128, 200_054);
        FieldNode ip = t.addLayer(IPV6, 14, 48);
        byte[] src = HexFormat.of().parseHex("20010db8000000000000000000000001");
        byte[] dst = HexFormat.of().parseHex("20010db8ffff00000000000000000002");
        ip.add(IPV6_SRC, 22, 16, src);
        ip.add(IPV6_ADDR, 22, 16, src).hidden();
        ip.add(IPV6_ADDR, 38, 16, dst).hidden();
        FieldNode opt = ip.add(IPV6_JUMBO, 58, 4, 200_000L);
        t.expert(opt, BAD_LENGTH, 0);
        FieldNode j = ip.add(JumboFields.JUMBO, 14, 0, null).generated();
        j.add(JumboFields.KIND, 14, 0, JumboKind.IPV6_HBH.label());
        j.add(JumboFields.LENGTH, 14, 0, 200_000L);
        tcp(t, 5201, 40000, false, 199_960);
        FieldNode data = t.addLayer(FrameFields.DATA, 82, 46);
        data.add(FrameFields.DATA_DATA, 82, 46, HexFormat.of().parseHex("5a5a5a415a"));
        return t;
    }

    /** VXLAN: outer IPv4 10.0.0.1 → 10.0.0.2 UDP 4789, inner IPv4 192.0.2.1 → 192.0.2.2 TCP 5201. */
    private static FrameTree tunnelFrame() {
        FrameTree t = frame(200);
        ipv4(t, v4(10, 0, 0, 1), v4(10, 0, 0, 2), 17);
        FieldNode udp = t.addLayer(UDP, 34, 8);
        udp.add(UDP_PORT, 34, 2, 51000L).hidden();
        udp.add(UDP_PORT, 36, 2, 4789L).hidden();
        ipv4(t, v4(192, 0, 2, 1), v4(192, 0, 2, 2), 6);
        tcp(t, 33000, 5201, false, 100);
        return t;
    }

    @Test
    void presence() {
        assertTrue(matches("tcp", tcpFrame()));
        assertFalse(matches("udp", tcpFrame()));
        assertTrue(matches("jumbo", jumboFrame()));
        assertFalse(matches("jumbo", tcpFrame()));
        assertTrue(matches("ipv6.opt.jumbo", jumboFrame()));
        assertTrue(matches("!jumbo", tcpFrame()));
        assertTrue(matches("", tcpFrame()));
    }

    @Test
    void integerComparisons() {
        FrameTree t = tcpFrame();
        assertTrue(matches("tcp.dstport == 5201", t));
        assertTrue(matches("tcp.dstport == 0x1451", t));
        assertFalse(matches("tcp.dstport == 5200", t));
        assertTrue(matches("frame.len > 1500 && frame.len <= 1514 && frame.len ge 1514 && frame.len lt 1515", t));
        assertFalse(matches("frame.len gt 1514", t));
        assertTrue(matches("tcp.len == 1448", t));
        assertTrue(matches("ipv6.opt.jumbo > 65535", jumboFrame()));
        assertTrue(matches("jumbo.length == 200000", jumboFrame()));
    }

    @Test
    void multipleOccurrencesFollowWiresharkRules() {
        FrameTree t = tcpFrame(); // tcp.port occurs as 40000 and 5201
        assertTrue(matches("tcp.port == 5201", t), "== is any");
        assertFalse(matches("tcp.port != 5201", t), "!= is all-not-equal");
        assertTrue(matches("tcp.port != 80", t));
        assertTrue(matches("tcp.port !== 5201", t), "!== is any-not-equal");
        assertTrue(matches("tcp.port ~= 5201", t));
        assertFalse(matches("tcp.port === 5201", t), "=== is all-equal");
        assertTrue(matches("tcp.port > 40000 || tcp.port < 6000", t));
        assertFalse(matches("udp.port != 53", t), "a relation on an absent field is false");
        assertTrue(matches("!(udp.port == 53)", t));
    }

    @Test
    void setsAndRanges() {
        FrameTree t = tcpFrame();
        assertTrue(matches("tcp.port in {80 443 5000..5300}", t));
        assertTrue(matches("tcp.port in {80, 443, 40000}", t));
        assertFalse(matches("tcp.port in {80 443 8000..8080}", t));
        assertFalse(matches("tcp.port not in {5201}", t), "not in: every occurrence outside the set");
        assertTrue(matches("tcp.port not in {80 443}", t));
        assertFalse(matches("udp.port not in {80}", t));
    }

    @Test
    void booleansAndValueNames() {
        FrameTree t = tcpFrame();
        assertTrue(matches("tcp.flags.syn == 1", t));
        assertTrue(matches("tcp.flags.syn == true", t));
        assertFalse(matches("tcp.flags.syn == 0", t));
        assertTrue(matches("tcp.flags.syn == 0", jumboFrame()));
        assertTrue(matches("ip.proto == tcp", t));
        assertTrue(matches("ip.proto == \"TCP\"", t));
        assertFalse(matches("ip.proto == udp", t));
    }

    @Test
    void addressesAndNetworks() {
        FrameTree t = tcpFrame();
        assertTrue(matches("ip.addr == 198.51.100.0/24", t));
        assertTrue(matches("ip.addr == 203.0.113.2", t));
        assertTrue(matches("ip.src == 198.51.100.1/32", t));
        assertFalse(matches("ip.src == 203.0.113.2", t));
        assertFalse(matches("ip.addr == 198.51.101.0/24", t));
        assertTrue(matches("ip.addr == 0.0.0.0/0", t));
        assertTrue(matches("ip.src < 198.51.100.2 && ip.src > 198.51.100.0", t));
        assertTrue(matches("ip.addr != 10.0.0.0/8", t));
        FrameTree j = jumboFrame();
        assertTrue(matches("ipv6.addr == 2001:db8::/32", j));
        assertTrue(matches("ipv6.addr == 2001:db8:ffff::/48", j));
        assertTrue(matches("ipv6.src == 2001:db8::1", j));
        assertTrue(matches("ipv6.src == 2001:0db8:0:0:0:0:0:1", j));
        assertFalse(matches("ipv6.addr == 2001:db9::/32", j));
        assertFalse(matches("ipv6.addr == 2001:db8::2/127", j));
        assertTrue(matches("ipv6.addr == 2001:db8::/127", j));
    }

    @Test
    void macAddresses() {
        FrameTree t = tcpFrame();
        assertTrue(matches("eth.addr == 02:00:00:00:00:02", t));
        assertTrue(matches("eth.src == 02-00-00-00-00-01", t));
        assertFalse(matches("eth.src == 02:00:00:00:00:02", t));
    }

    @Test
    void stringsContainsAndMatches() {
        FrameTree j = jumboFrame();
        assertTrue(matches("jumbo.kind == \"ipv6-hbh\"", j));
        assertFalse(matches("jumbo.kind == \"ipv6-zero-length\"", j));
        assertTrue(matches("jumbo.kind contains \"hbh\"", j));
        assertFalse(matches("jumbo.kind contains \"HBH\"", j), "contains is case-sensitive");
        assertTrue(matches("jumbo.kind matches \"HBH$\"", j), "matches is case-insensitive");
        assertFalse(matches("jumbo.kind matches \"(?-i)HBH$\"", j));
        assertTrue(matches("jumbo.kind matches \"^ipv6-\\\\w+$\"", j));
        assertTrue(matches("data.data contains 5a:41", j));
        assertTrue(matches("data.data contains \"ZA\"", j));
        assertFalse(matches("data.data contains 41:41", j));
    }

    @Test
    void logicAndPrecedence() {
        FrameTree t = tcpFrame();
        assertTrue(matches("udp || tcp && ip", t), "and binds tighter than or");
        assertFalse(matches("(udp || tcp) && jumbo", t));
        assertTrue(matches("udp or tcp and not jumbo", t));
        assertTrue(matches("tcp ^^ udp", t));
        assertFalse(matches("tcp xor ip", t));
        assertFalse(matches("not tcp or udp", t), "not binds tightest");
        assertTrue(matches("!!tcp", t));
    }

    @Test
    void expertPseudoFieldsReadTheFramesExpertItems() {
        FrameTree j = jumboFrame();
        FrameTree t = tcpFrame();
        assertTrue(matches("expert", j));
        assertFalse(matches("expert", t));
        assertTrue(matches("expert.id == \"ipv6.jumbo.plen_not_zero\"", j));
        assertTrue(matches("expert.id == frame.cut_by_snaplen", j));
        assertTrue(matches("expert.severity == warn", j));
        assertTrue(matches("expert.severity >= warn", j));
        assertFalse(matches("expert.severity == error", j));
        assertTrue(matches("expert.severity == \"note\"", j));
        assertFalse(matches("expert.severity > warn", j));
        assertTrue(matches("expert.group == jumbo && expert.group == truncated", j));
        assertTrue(matches("expert.message contains \"128 of 200054\"", j));
        assertTrue(matches("expert.message matches \"payload LENGTH 0\"", j));
        assertFalse(matches("expert.severity != note", t), "no items: a relation is false");
    }

    @Test
    void tunnelledFramesMatchInnerAndOuterLayers() {
        FrameTree t = tunnelFrame();
        assertTrue(matches("tcp.port == 5201", t));
        assertTrue(matches("udp.port == 4789", t));
        assertTrue(matches("ip.addr == 10.0.0.1 && ip.addr == 192.0.2.2", t));
        assertTrue(matches("ip.proto == udp && ip.proto == tcp", t));
        assertFalse(matches("ip.proto != udp", t));
        assertTrue(matches("ip.src in {10.0.0.1 192.0.2.1}", t));
    }

    @Test
    void fieldsComparedWithFields() {
        FrameTree t = tcpFrame();
        assertTrue(matches("frame.cap_len < frame.len", t));
        assertFalse(matches("frame.cap_len == frame.len", t));
        assertTrue(matches("tcp.srcport > tcp.dstport && tcp.srcport != tcp.dstport", t));
        assertTrue(matches("ip.src < ip.dst", t));
        assertFalse(matches("ip.src == ip.dst", t));
        assertTrue(matches("tcp.port == tcp.srcport", t), "any pair");
        assertFalse(matches("tcp.port != tcp.srcport", t), "all pairs differ: 40000 meets 40000");
        assertFalse(matches("udp.port == tcp.port", t), "a missing side never matches");
        assertTrue(TestTrees.compile("frame.cap_len < frame.len").canUseFastPath());
        assertFalse(TestTrees.compile("ip.src < ip.dst").canUseFastPath());
    }

    @Test
    void signedAndWideIntegers() {
        FrameTree t = frame(100);
        FieldNode layer = t.layers().get(0);
        layer.add(OFFSET, 0, 0, -5L);
        layer.add(BIG, 0, 0, -1L); // 2^64 - 1 unsigned
        assertTrue(matches("test.offset == -5 && test.offset < 0", t));
        assertTrue(matches("test.big == 18446744073709551615", t));
        assertTrue(matches("test.big > 9223372036854775807", t), "uint64 compares unsigned");
        assertEquals(false, matches("test.offset > 0", t));
    }
}
