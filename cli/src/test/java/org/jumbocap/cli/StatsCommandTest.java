package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.Test;

class StatsCommandTest {
    @SuppressWarnings("unchecked")
    private static Map<String, Object> statsJson(String... files) {
        String[] args = new String[3 + files.length];
        args[0] = "stats";
        args[1] = "-T";
        args[2] = "json";
        System.arraycopy(files, 0, args, 3, files.length);
        Cli.Result r = Cli.run(args);
        assertEquals(0, r.code(), r.err());
        return (Map<String, Object>) MiniJson.parse(r.out());
    }

    private static long num(Object o) {
        return ((Number) o).longValue();
    }

    @SuppressWarnings("unchecked")
    @Test
    void numbersAddUpOnEveryKernelSample() {
        for (Path sample : Cli.kernelSamples()) {
            List<FrameRecord> frames = Cli.frames(sample);
            Map<String, Object> s = statsJson(sample.toString());
            String where = sample.toString();
            assertEquals(frames.size(), num(s.get("frames")), where);
            assertEquals(frames.stream().mapToLong(FrameRecord::originalLength).sum(), num(s.get("bytes")), where);
            assertEquals(frames.stream().filter(FrameRecord::isCut).count(), num(s.get("cut_frames")), where);

            long histogramFrames = 0;
            for (Map<String, Object> b : (List<Map<String, Object>>) s.get("size_histogram")) {
                histogramFrames += num(b.get("frames"));
            }
            assertEquals(frames.size(), histogramFrames, where + ": every frame in one bucket");

            long tcpFlowBytes = 0;
            long tcpFlowFrames = 0;
            for (Map<String, Object> c : (List<Map<String, Object>>) s.get("conversations")) {
                long directionBytes = 0;
                for (Map<String, Object> d : (List<Map<String, Object>>) c.get("directions")) {
                    directionBytes += num(d.get("bytes"));
                    assertTrue(num(d.get("super_packets")) <= num(d.get("frames")));
                }
                assertEquals(num(c.get("bytes")), directionBytes, where + ": directions add up to the conversation");
                if (c.get("protocol").equals("tcp")) {
                    tcpFlowBytes += num(c.get("bytes"));
                    tcpFlowFrames += num(c.get("frames"));
                }
            }
            Map<String, Object> tcp = (Map<String, Object>) s.get("tcp");
            assertEquals(num(tcp.get("bytes")), tcpFlowBytes, where + ": TCP flows hold every TCP byte");
            assertEquals(num(tcp.get("frames")), tcpFlowFrames, where);

            Map<String, Object> sums = (Map<String, Object>) s.get("checksums");
            if (sums.containsKey("tcp")) {
                long states = ((Map<String, Object>) sums.get("tcp")).values().stream().mapToLong(StatsCommandTest::num).sum();
                assertEquals(num(tcp.get("frames")), states, where + ": one checksum state per TCP frame");
            }

            Map<String, Object> jumbo = (Map<String, Object>) s.get("jumbo");
            long kindFrames = 0;
            for (Map<String, Object> k : (List<Map<String, Object>>) jumbo.get("kinds")) {
                kindFrames += num(k.get("frames"));
            }
            assertEquals(num(jumbo.get("frames")), kindFrames, where);
            long bigFrames = frames.stream().filter(f -> f.originalLength() > 65535 + 80).count();
            assertTrue(num(jumbo.get("frames")) >= bigFrames, where + ": every >64 KB frame is a jumbo kind");
        }
    }

    @SuppressWarnings("unchecked")
    @Test
    void jumboCountMatchesTsharkAndMssComesFromTheSyn() {
        Path sample = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");
        List<String[]> tsv = Cli.tsharkFields(sample);
        int jumboColumn = Cli.column(tsv, "ipv6.opt.jumbo");
        long tsharkJumbos = tsv.stream().skip(1).filter(r -> !r[jumboColumn].isEmpty()).count();
        Map<String, Object> s = statsJson(sample.toString());
        Map<String, Object> hbh = ((List<Map<String, Object>>) ((Map<String, Object>) s.get("jumbo")).get("kinds"))
                .stream().filter(k -> k.get("kind").equals("ipv6-hbh")).findFirst().orElseThrow();
        assertEquals(tsharkJumbos, num(hbh.get("frames")));

        boolean sawSuper = false;
        for (Map<String, Object> c : (List<Map<String, Object>>) s.get("conversations")) {
            for (Map<String, Object> d : (List<Map<String, Object>>) c.get("directions")) {
                if (num(d.get("super_packets")) > 0) {
                    sawSuper = true;
                    assertTrue(d.get("mss") instanceof Long, "the handshake was captured: " + d);
                    double segments = ((Number) d.get("segments_per_super_packet")).doubleValue();
                    double payloadPerSuper = (double) num(d.get("payload_bytes")) / num(d.get("super_packets"));
                    assertTrue(segments >= payloadPerSuper / num(d.get("mss")) - 1, d.toString());
                }
            }
        }
        assertTrue(sawSuper);
    }

    /** Super-packets per recorded direction, in text and JSON, only for a file that recorded the kernel's facts. */
    @Test
    void recordedDirectionsAreCountedOnlyWhereRecorded() {
        Cli.Result r = Cli.run("stats", Cli.SAMPLES.resolve("crafted/kernel-facts.pcapng").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Recorded by the kernel (pcapng packet flags, virtio_net_hdr)\n"
                + "  outbound                    3 frames          3 super-packets         154,222 B\n"
                + "  inbound                     2 frames          1 super-packets          70,094 B\n"
                + "  TCP GSO                     3 super-packets -> 149 segments at their gso_size\n"
                + "  UDP GSO                     1 super-packets -> 12 datagrams at their gso_size\n"), r.out());
        Cli.Result j = Cli.run("stats", "-T", "json", Cli.SAMPLES.resolve("crafted/kernel-facts.pcapng").toString());
        @SuppressWarnings("unchecked")
        java.util.Map<String, Object> root = (java.util.Map<String, Object>) MiniJson.parse(j.out());
        java.util.Map<?, ?> recorded = (java.util.Map<?, ?>) root.get("recorded");
        java.util.Map<?, ?> outbound = (java.util.Map<?, ?>) ((List<?>) recorded.get("directions")).get(2);
        assertEquals("outbound", outbound.get("direction"));
        assertEquals(3L, outbound.get("super_packets"));
        assertEquals(12L, ((java.util.Map<?, ?>) recorded.get("udp_gso")).get("datagrams"));

        Cli.Result plain = Cli.run("stats", "-T", "json", Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcapng").toString());
        assertTrue(!plain.out().contains("\"recorded\""), "nothing recorded, nothing said");
    }

    @Test
    void aFileWithNoFrameGivesItsErrorLineAndNoReportOfZeros() {
        Cli.Result r = Cli.run("stats", Cli.SAMPLES.resolve("crafted-files/bad-magic.pcap").toString());
        assertEquals(1, r.code());
        assertEquals("", r.out());
        assertEquals(1, r.errLines().size(), r.err());
    }

    @Test
    void jsonChecksumsAlwaysNameTcpAndUdp() {
        Cli.Result r = Cli.run("stats", "-T", "json", Cli.SAMPLES.resolve("crafted/transport-icmpv4-echo.pcap").toString());
        assertEquals(0, r.code(), r.err());
        Map<?, ?> checksums = (Map<?, ?>) ((Map<?, ?>) MiniJson.parse(r.out())).get("checksums");
        for (String proto : List.of("tcp", "udp")) {
            Map<?, ?> counts = (Map<?, ?>) checksums.get(proto);
            assertEquals(0.0, ((Number) counts.get("good")).doubleValue(), proto + " present with zero counts: " + checksums);
        }
    }

    @Test
    void textReportShowsHistogramFlowsAndExperts() {
        Cli.Result r = Cli.run("stats", Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString());
        assertEquals(0, r.code(), r.err());
        for (String heading : List.of("Jumbograms and BIG TCP", "Frame sizes", "128K-192K", ">512K",
                "Conversations and directions", "Checksums", "Expert items", "seg/super")) {
            assertTrue(r.out().contains(heading), heading);
        }
        assertTrue(r.out().lines().anyMatch(l -> l.matches("\\s+\\[2001:db8:1::1]:\\d+ -> \\[2001:db8:1::2]:5201\\s+.* 1440/1428\\s+[0-9.]+")),
                "the bulk direction shows the receiver's MSS, the segment size it stands for with the timestamps"
                        + " option (1428), and the mean segments per super-packet: " + r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("\\s+128K-192K\\s+[1-9][0-9,]*\\s+#+")), r.out());
    }

    @SuppressWarnings("unchecked")
    @Test
    void withoutTheHandshakeTheMssIsUnknown() {
        Path sample = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");
        Cli.Result r = Cli.run("stats", "-T", "json", "-Y", "tcp.flags.syn == 0", sample.toString());
        assertEquals(0, r.code(), r.err());
        Map<String, Object> s = (Map<String, Object>) MiniJson.parse(r.out());
        long supers = 0;
        for (Map<String, Object> c : (List<Map<String, Object>>) s.get("conversations")) {
            for (Map<String, Object> d : (List<Map<String, Object>>) c.get("directions")) {
                assertEquals(null, d.get("mss"), d.toString());
                assertEquals(null, d.get("segments_per_super_packet"), d.toString());
                supers += num(d.get("super_packets"));
            }
        }
        assertTrue(supers > 0, "the bulk flow is still there");
        assertEquals(num(((Map<String, Object>) s.get("jumbo")).get("frames")), supers,
                "without an MSS the jumbograms are the super-packets");
        Cli.Result text = Cli.run("stats", "-Y", "tcp.flags.syn == 0", sample.toString());
        assertTrue(text.out().contains("MSS unknown"), text.out());
    }

    @SuppressWarnings("unchecked")
    @Test
    void filterAppliesToStats() {
        Path sample = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");
        Map<String, Object> all = statsJson(sample.toString());
        Cli.Result r = Cli.run("stats", "-T", "json", "-Y", "jumbo", sample.toString());
        assertEquals(0, r.code(), r.err());
        Map<String, Object> onlyJumbo = (Map<String, Object>) MiniJson.parse(r.out());
        long jumboFrames = num(((Map<String, Object>) all.get("jumbo")).get("frames"));
        assertEquals(jumboFrames, num(onlyJumbo.get("frames")));
        assertEquals(jumboFrames, num(((Map<String, Object>) onlyJumbo.get("jumbo")).get("frames")));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> bulkDirection(Map<String, Object> s) {
        for (Map<String, Object> c : (List<Map<String, Object>>) s.get("conversations")) {
            for (Map<String, Object> d : (List<Map<String, Object>>) c.get("directions")) {
                if (num(d.get("super_packets")) > 0) {
                    return d;
                }
            }
        }
        throw new AssertionError("no direction with super-packets: " + s);
    }

    /**
     * Facts of samples/generate.sh's setup, the same on every regeneration (MTU 1500, gso_max_size 185000,
     * timestamps on): each full IPv6 super-packet carries 184212 bytes, 129 segments of 1428 (MSS 1440 less
     * 12 bytes of timestamps); each full IPv4 one 183896 bytes, 127 segments of 1448 (MSS 1460). How many
     * full ones a run holds varies, so the count comes from tshark's fields.
     */
    @SuppressWarnings("unchecked")
    @Test
    void fullSuperPacketsCountTheirSegmentsWithTheEffectiveMss() {
        Object[][] cases = {{"ipv6-bigtcp-veth.pcap", 184212L, 1440L, 129.0}, {"ipv4-bigtcp-veth.pcap", 183896L, 1460L, 127.0}};
        for (Object[] c : cases) {
            Path sample = Cli.SAMPLES.resolve((String) c[0]);
            List<String[]> tsv = Cli.tsharkFields(sample);
            int len = Cli.column(tsv, "tcp.len");
            long full = tsv.stream().skip(1).filter(r -> r[len].equals(String.valueOf(c[1]))).count();
            assertTrue(full > 10, sample.toString());
            Cli.Result r = Cli.run("stats", "-T", "json", "-Y", "tcp.len == " + c[1] + " || tcp.flags.syn == 1", sample.toString());
            assertEquals(0, r.code(), r.err());
            Map<String, Object> bulk = bulkDirection((Map<String, Object>) MiniJson.parse(r.out()));
            assertEquals(full, num(bulk.get("super_packets")), sample.toString());
            assertEquals(c[2], num(bulk.get("mss")), "the announced MSS is shown: " + bulk);
            assertEquals((double) c[3], ((Number) bulk.get("segments_per_super_packet")).doubleValue(), bulk.toString());
        }
    }

    @SuppressWarnings("unchecked")
    @Test
    void icmpv6ExchangesAreConversationsToo() {
        Path sample = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");
        List<String[]> tsv = Cli.tsharkFields(sample);
        int plen = Cli.column(tsv, "ipv6.plen");
        int tcpPort = Cli.column(tsv, "tcp.srcport");
        int udpLength = Cli.column(tsv, "udp.length");
        long neitherTcpNorUdp = tsv.stream().skip(1)
                .filter(r -> !r[plen].isEmpty() && r[tcpPort].isEmpty() && r[udpLength].isEmpty()).count();
        assertTrue(neitherTcpNorUdp > 0, "the sample holds MLD and neighbour discovery");

        Map<String, Object> s = statsJson(sample.toString());
        long icmpFrames = 0;
        long allFrames = 0;
        for (Map<String, Object> c : (List<Map<String, Object>>) s.get("conversations")) {
            allFrames += num(c.get("frames"));
            if (c.get("protocol").equals("icmpv6")) {
                icmpFrames += num(c.get("frames"));
                assertTrue(!((String) c.get("a")).contains("[") && !((String) c.get("b")).contains("["), "no ports: " + c);
                for (Map<String, Object> d : (List<Map<String, Object>>) c.get("directions")) {
                    assertEquals(null, d.get("mss"), d.toString());
                    assertEquals(null, d.get("segments_per_super_packet"), d.toString());
                }
            }
        }
        assertEquals(neitherTcpNorUdp, icmpFrames);
        assertEquals(num(s.get("frames")), allFrames, "every frame of this all-IPv6 capture is in a conversation");

        Cli.Result text = Cli.run("stats", sample.toString());
        assertTrue(text.out().lines().anyMatch(l -> l.matches("\\s+icmpv6\\s+fe80::\\S+ <-> ff02::\\S+\\s+\\d+\\s+[\\d,]+\\s+0")),
                text.out());
    }
}
