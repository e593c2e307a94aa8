package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code jumbocap check} end to end on the kernel samples (whose BIG TCP setup samples/README.md records)
 * and on this host's own interfaces, read as any user would.
 */
class CheckCommandTest {
    private static String sample(String name) {
        return Cli.SAMPLES.resolve(name).toString();
    }

    @Test
    void aBigTcpCaptureIsHealthy() {
        Cli.Result r = Cli.run("check", sample("ipv6-bigtcp-veth.pcap"));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("verdict: BIG TCP on: super-packets up to 184,292 B (129 segments of 1,428)"), r.out());
        assertTrue(r.out().contains("as gso_max_size 185,000 on the sender (or gro_max_size 185,000 where GRO merged them) makes them"), r.out());
        assertTrue(r.out().contains("sizes (IP packet): median 184,292  p90 184,292  max 184,292 B"), r.out());
        assertTrue(!r.out().contains("Kernel "), "a file check says nothing about this host");
    }

    @Test
    void a64KCaptureIsAProblemWithTheCommandToFixIt() {
        Cli.Result r = Cli.run("check", sample("ipv6-vxlan-gso64k.pcap"));
        assertEquals(1, r.code());
        assertTrue(r.out().contains("verdict: BIG TCP off: super-packets stop at 64,838 B (47 segments of 1,378), just under 65,536"),
                r.out());
        assertTrue(r.out().contains("ip link set dev DEV gso_max_size 185000 gro_max_size 185000"));
    }

    /** A pcapng with the kernel's facts names the side without a hedge, and the gso_size per flow. */
    @Test
    void recordedFactsNameTheSideAndTheGsoSize() {
        Cli.Result r = Cli.run("check", sample("crafted/kernel-facts.pcapng"));
        assertTrue(r.out().contains("tcp [2001:db8::1]:40000 -> [2001:db8::2]:5201\n"), r.out());
        assertTrue(r.out().contains("    captured at: the sending host: the kernel recorded the super-packets as outbound"
                + " (built by TSO/GSO)\n    recorded by the kernel: 1 of 1 super-packets outbound, 0 inbound;"
                + " gso_size 1,428 B (tcpv6)\n"), r.out());
        assertTrue(r.out().contains("gso_size 1,448 B (tcpv4)"), r.out());
        assertTrue(r.out().contains("    captured at: the receiving host: the kernel recorded the super-packets as inbound"
                + " (merged by GRO)\n"), r.out());
        assertTrue(!r.out().contains("veth pair or loopback"), "no hedge: " + r.out());

        Cli.Result j = Cli.run("check", "-T", "json", sample("crafted/kernel-facts.pcapng"));
        @SuppressWarnings("unchecked")
        Map<String, Object> root = (Map<String, Object>) MiniJson.parse(j.out());
        List<?> flows = (List<?>) ((Map<?, ?>) ((List<?>) root.get("captures")).get(0)).get("flows");
        Map<?, ?> first = (Map<?, ?>) flows.get(0);
        assertEquals("sender", first.get("capture_point"));
        assertEquals("recorded", first.get("capture_point_from"));
        Map<?, ?> recorded = (Map<?, ?>) ((Map<?, ?>) ((List<?>) first.get("directions")).get(0)).get("recorded");
        assertEquals(1428L, recorded.get("gso_size_min"));
        assertEquals("tcpv6", recorded.get("gso_type"));
        assertEquals("receiver", ((Map<?, ?>) flows.get(2)).get("capture_point"));
    }

    /**
     * UDP GSO flows are named with their recorded gso_size and side. The oracle for the datagram count is tshark:
     * the rows it reads from the datagrams {@code jumbocap segment} cut the two super-packets into (samples/README.md),
     * less the one frame that was never a super-packet; and the sender's own three {@code sendmsg} calls, 3 and 6
     * datagrams of {@code UDP_SEGMENT} 1200, outbound on the capturing host.
     */
    @Test
    void udpGsoFlowsAreNamedWithTheirRecordedGsoSize() throws Exception {
        Cli.Result r = Cli.run("check", sample("quic-veth-udpseg.pcapng"));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("udp 10.98.0.1:40000 -> 10.98.0.2:443\n    UDP GSO: 2 super-packets recorded by the kernel"
                + " (gso_type udp_l4), 9 datagrams at gso_size 1,200 B\n    recorded by the kernel: 2 outbound, 0 inbound\n"
                + "    captured at: sending side"), r.out());

        Cli.Result j = Cli.run("check", "-T", "json", sample("quic-veth-udpseg.pcapng"));
        @SuppressWarnings("unchecked")
        Map<String, Object> root = (Map<String, Object>) MiniJson.parse(j.out());
        Map<?, ?> capture = (Map<?, ?>) ((List<?>) root.get("captures")).get(0);
        Map<?, ?> udp = (Map<?, ?>) ((List<?>) capture.get("udp_gso_flows")).get(0);
        long tsharkDatagrams = java.nio.file.Files.readAllLines(
                Cli.SAMPLES.resolve("expected/tshark-fields/quic-veth-udpseg.pcapng.datagrams.quic.tsv")).size() - 1;
        long plainFrames = (Long) capture.get("frames") - (Long) udp.get("recorded_super_packets");
        assertEquals(tsharkDatagrams - plainFrames, udp.get("datagrams"));
        assertEquals(9L, udp.get("datagrams"), "3 + 6 datagrams sent with UDP_SEGMENT 1200");
        assertEquals(1200L, udp.get("gso_size_min"));
        assertEquals(2L, udp.get("outbound_super_packets"));
    }

    /** Without the kernel's facts, the datagrams the UDP decoder suspects are listed per flow, with no size claimed. */
    @Test
    void suspectedUdpGsoIsListedWithoutAClaimedSize() {
        Cli.Result r = Cli.run("check", sample("udp-gso-veth.pcap"));
        assertTrue(r.out().contains("udp [2001:db8:7::1]:42741 -> [2001:db8:7::2]:4433\n    suspected UDP GSO: 1 datagram"
                + " longer than the path MTU with its checksum left to offload (14,000 B of payload;"), r.out());
        assertTrue(!r.out().contains("UDP GSO: 1 super-packet recorded"), r.out());
    }

    @Test
    void jsonHasStableKeysPerFlowAndDirection() {
        Cli.Result r = Cli.run("check", "-T", "json", sample("ipv4-bigtcp-veth.pcap"), sample("ipv6-bigtcp-snaplen.pcap"));
        assertEquals(1, r.code(), "the snaplen-cut capture is a problem");
        @SuppressWarnings("unchecked")
        Map<String, Object> root = (Map<String, Object>) MiniJson.parse(r.out());
        assertEquals(false, root.get("healthy"));
        assertEquals(List.of(), root.get("interfaces"), "a file's report has the interface keys, empty");
        List<?> captures = (List<?>) root.get("captures");
        assertEquals(2, captures.size());
        Map<?, ?> v4 = (Map<?, ?>) captures.get(0);
        assertEquals(true, v4.get("healthy"));
        Map<?, ?> bulk = ((List<?>) v4.get("flows")).stream().map(f -> (Map<?, ?>) f)
                .filter(f -> "big_tcp_on".equals(((Map<?, ?>) f.get("verdict")).get("status"))).findFirst().orElseThrow();
        Map<?, ?> data = (Map<?, ?>) ((List<?>) bulk.get("directions")).get(0);
        assertEquals(183948L, ((Map<?, ?>) data.get("sizes")).get("max"));
        assertEquals(1448L, data.get("segment_size"));
        Map<?, ?> ceiling = (Map<?, ?>) data.get("ceiling");
        assertEquals("size_setting", ceiling.get("reason"));
        assertEquals(185000L, ceiling.get("likely_setting"));
        assertEquals(127L, ceiling.get("segments"));
        assertEquals(((Number) data.get("super_packets")).longValue(), ((Number) data.get("zero_length_ipv4")).longValue());
        for (String key : List.of("src", "dst", "frames", "payload_bytes", "super_packets", "super_packet_payload",
                "super_packet_share", "segments_per_super_packet", "hop_by_hop", "zero_length_ipv6",
                "offloaded_super_packets", "offloaded_frames", "cut_frames", "cut_super_packets", "largest_frame")) {
            assertTrue(data.containsKey(key), key);
        }
        Map<?, ?> cut = (Map<?, ?>) captures.get(1);
        assertEquals(false, cut.get("healthy"));
        assertTrue(((Number) cut.get("cut_frames")).longValue() > 0);
    }

    /**
     * The keys the README promises, for a file as for an interface: healthy, kernel, interfaces[],
     * capture_tool_limits[], captures[]; per flow its verdict and side (capture_point), per direction the
     * sizes, segments per super-packet and the ceiling with the setting that explains it.
     */
    @Test
    void aFilesJsonHasTheStableKeys() {
        Cli.Result r = Cli.run("check", "-T", "json", Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString());
        assertEquals(0, r.code(), r.err());
        @SuppressWarnings("unchecked")
        Map<String, Object> root = (Map<String, Object>) MiniJson.parse(r.out());
        assertEquals(java.util.Set.of("healthy", "kernel", "interfaces", "capture_tool_limits", "captures"), root.keySet());
        assertEquals(null, root.get("kernel"));
        assertEquals(List.of(), root.get("interfaces"));
        assertEquals(List.of(), root.get("capture_tool_limits"));
        Map<?, ?> capture = (Map<?, ?>) ((List<?>) root.get("captures")).get(0);
        Map<?, ?> flow = (Map<?, ?>) ((List<?>) capture.get("flows")).stream()
                .filter(f -> "big_tcp_on".equals(((Map<?, ?>) ((Map<?, ?>) f).get("verdict")).get("status")))
                .findFirst().orElseThrow();
        for (String key : List.of("protocol", "src", "dst", "verdict", "capture_point", "capture_point_from", "directions")) {
            assertTrue(flow.containsKey(key), key + " in " + flow.keySet());
        }
        Map<?, ?> data = (Map<?, ?>) ((List<?>) flow.get("directions")).get(0);
        for (String key : List.of("sizes", "segment_size", "segments_per_super_packet", "ceiling", "super_packet_share")) {
            assertTrue(data.containsKey(key), key + " in " + data.keySet());
        }
        Map<?, ?> ceiling = (Map<?, ?>) data.get("ceiling");
        assertEquals("size_setting", ceiling.get("reason"));
        assertEquals(185000L, ((Number) ceiling.get("likely_setting")).longValue());
    }

    @Test
    void thisHostsLoopbackGetsTwoVerdictsAndItsFacts() {
        Cli.Result r = Cli.run("check", "-T", "json", "lo");
        assertTrue(r.code() == 0 || r.code() == 1, r.err());
        @SuppressWarnings("unchecked")
        Map<String, Object> root = (Map<String, Object>) MiniJson.parse(r.out());
        List<?> interfaces = (List<?>) root.get("interfaces");
        assertEquals(1, interfaces.size());
        Map<?, ?> lo = (Map<?, ?>) interfaces.get(0);
        assertEquals("lo", lo.get("name"));
        assertEquals("loopback", lo.get("link_type"));
        Map<?, ?> sizes = (Map<?, ?>) lo.get("sizes");
        assertTrue(sizes.containsKey("gso_max_size") && sizes.containsKey("gro_max_size"), sizes.toString());
        for (String family : List.of("ipv6", "ipv4")) {
            Map<?, ?> v = (Map<?, ?>) lo.get(family);
            assertTrue(List.of("on", "partly", "off", "unknown").contains(v.get("state")), v.toString());
        }
        assertTrue(((Map<?, ?>) root.get("kernel")).get("release") instanceof String);
        assertEquals(r.code() == 0, root.get("healthy"));
    }

    @Test
    void withoutEthtoolTheCheckSaysWhatItCouldNotSee() {
        Cli.Result r = Cli.run("check", "--ethtool", "/nonexistent/ethtool", "lo");
        assertTrue(r.code() == 0 || r.code() == 1, r.err());
        assertTrue(r.out().contains("unavailable: offload features: ethtool is not installed"), r.out());
        assertTrue(r.out().contains("IPv6 BIG TCP: "), r.out());
    }

    @Test
    void aCutCaptureIsReportedUpToTheCutThenOneErrorLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        byte[] whole = java.nio.file.Files.readAllBytes(Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap"));
        java.nio.file.Path cut = dir.resolve("cut.pcap");
        java.nio.file.Files.write(cut, java.util.Arrays.copyOf(whole, 2_000_000));
        Cli.Result r = Cli.run("check", cut.toString());
        assertEquals(1, r.code());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("jumbocap: " + cut + ": record "), r.err());
        assertTrue(r.out().contains("verdict: BIG TCP on"), "the frames before the cut are checked: " + r.out());
    }

    @Test
    void badInputIsOneLineAndUsageIsTwo() {
        Cli.Result missing = Cli.run("check", "no-such-capture.pcap");
        assertEquals(1, missing.code());
        assertEquals(1, missing.errLines().size(), missing.err());
        Cli.Result unknown = Cli.run("check", "chk-no-such-if");
        assertEquals(1, unknown.code());
        assertTrue(unknown.err().contains("chk-no-such-if: no such interface or file (interfaces: "), unknown.err());
        assertTrue(unknown.err().contains("lo"), unknown.err());
        assertEquals(2, Cli.run("check", "-T", "xml", "lo").code());
        assertTrue(Cli.run("check", "--help").out().contains("Examples:"));
    }
}
