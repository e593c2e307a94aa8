package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jumbocap.capture.CaptureException;
import org.jumbocap.capture.CaptureFilters;
import org.jumbocap.capture.CaptureSource;
import org.jumbocap.capture.host.LinkSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The live subcommands as a user runs them, in-process through the command line factory. */
class LiveCommandsTest {
    private static final Path SAMPLE = Path.of("../samples/ipv6-bigtcp-veth.pcap");

    @TempDir
    Path dir;

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = JumbocapCommand.execute(args, new PrintWriter(out), new PrintWriter(err), false);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void filterPrintsTheRewrittenText() {
        Run r = run("filter", "tcp", "port", "5201");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("tcp port 5201 or (((ip6[6] = 0 or ip6[6] = 60 or ip6[6] = 43) and ip6[40] = 6 and "
                + "(ip6[40 + (ip6[41] + 1) * 8 : 2] = 5201 or ip6[40 + (ip6[41] + 1) * 8 + 2 : 2] = 5201))"), r.out());
        Run syntax = run("filter", "host 10.0.0.1 and (port 22 or");
        assertEquals(2, syntax.code(), "a filter libpcap rejects is a usage error");
        assertEquals(1, syntax.err().lines().count(), syntax.err());
        assertTrue(syntax.err().contains("syntax error") && syntax.err().contains("at column 30"), syntax.err());
    }

    @Test
    void filterChecksTheFilterWithLibpcapLikeCapture() {
        for (String bad : new String[] {"tcp prot 5201", "tcp port 99999"}) {
            Run r = run("filter", bad);
            assertEquals(2, r.code(), bad + ": " + r.out() + r.err());
            assertEquals("", r.out());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().startsWith("jumbocap filter: capture filter '" + bad + "': "), r.err());
        }
        assertTrue(run("filter", "tcp port 99999").err().contains("99999"));
        // what libpcap accepts and jumbocap cannot rewrite goes through as written, as 'capture' uses it
        Run kept = run("filter", "ip6[40 : 2] = 5201");
        assertEquals(0, kept.code(), kept.err());
        assertEquals("ip6[40 : 2] = 5201\n", kept.out());
    }

    @Test
    void aFilterNestedTooDeepIsOneLineWithTheColumn() {
        String deep = "(".repeat(1000) + "tcp port 1" + ")".repeat(1000);
        for (String command : new String[] {"filter", "capture"}) {
            Run r = command.equals("filter") ? run("filter", deep)
                    : run("capture", "--replay", SAMPLE.toString(), "-f", deep);
            assertEquals(2, r.code(), r.err());
            assertEquals(1, r.err().lines().filter(l -> !l.contains("capturing on")).count(), r.err());
            assertTrue(r.err().contains("nested more than 200 levels deep at column 2"), r.err());
        }
        Run raw = run("filter", "--raw-filter", deep);
        assertEquals(0, raw.code(), raw.err());
    }

    @Test
    void theDumpIsWhatTcpdumpPrints() throws Exception {
        Process p;
        try {
            p = new ProcessBuilder("tcpdump", "-d", "-y", "EN10MB", "tcp[tcpflags] & tcp-syn != 0 or udp port 53")
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (java.io.IOException e) {
            assumeTrue(false, "tcpdump is not installed");
            return;
        }
        String expected = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        assumeTrue(p.exitValue() == 0 && !expected.isEmpty(), "tcpdump -d did not run");
        Run r = run("filter", "-d", "--raw-filter", "tcp[tcpflags] & tcp-syn != 0 or udp port 53");
        assertEquals(0, r.code(), r.err());
        assertEquals(expected, r.out());
        Run rewritten = run("filter", "-d", "tcp[tcpflags] & tcp-syn != 0 or udp port 53");
        assertTrue(rewritten.out().lines().count() > expected.lines().count());

        // at the AF_PACKET capture's snaplen, which tcpdump lowers to 262,144: tcpdump's program, returning 524,288
        assertTrue(expected.contains("ret      #262144"), expected);
        Run big = run("filter", "-d", "-s", "524288", "--raw-filter", "tcp[tcpflags] & tcp-syn != 0 or udp port 53");
        assertEquals(0, big.code(), big.err());
        assertEquals(expected.replace("ret      #262144", "ret      #524288"), big.out());
        Run over = run("filter", "-d", "-s", "524289", "tcp");
        assertEquals(2, over.code());
        assertTrue(over.err().contains("snaplen must be 1..524288"), over.err());
    }

    @Test
    void captureReplaysWritesAndReports() throws Exception {
        assumeTrue(Files.isRegularFile(SAMPLE), "sample not present");
        Path out = dir.resolve("three.pcapng");
        Run r = run("capture", "--replay", SAMPLE.toString(), "-c", "3", "-w", out.toString(), "-f", "tcp port 5201");
        assertEquals(0, r.code(), r.err());
        assertEquals(3, r.out().lines().count(), r.out());
        assertEquals(3, LiveCaptureTest.readAll(out).size());
        assertTrue(r.err().contains("stopped (frame count reached): 3 frames captured"), r.err());
        assertTrue(r.err().contains("3 frames written to " + out), r.err());
    }

    @Test
    void theCaptureFilterMayFollowTheOptionsAsInTcpdump() throws Exception {
        assumeTrue(Files.isRegularFile(SAMPLE), "sample not present");
        Path withOption = dir.resolve("option.pcap");
        Path withWords = dir.resolve("words.pcap");
        Run a = run("capture", "--replay", SAMPLE.toString(), "-q", "-w", withOption.toString(), "-f", "tcp port 5201 and tcp[13] & 2 != 0");
        Run b = run("capture", "--replay", SAMPLE.toString(), "-q", "-w", withWords.toString(), "tcp", "port", "5201", "and",
                "tcp[13] & 2 != 0");
        assertEquals(0, a.code(), a.err());
        assertEquals(0, b.code(), b.err());
        int frames = LiveCaptureTest.readAll(withOption).size();
        assertTrue(frames > 0 && frames < LiveCaptureTest.readAll(SAMPLE).size(), "the filter keeps the SYNs only: " + frames);
        assertArrayEquals(Files.readAllBytes(withOption), Files.readAllBytes(withWords));
        Run both = run("capture", "--replay", SAMPLE.toString(), "-f", "tcp", "udp");
        assertEquals(2, both.code());
        assertTrue(both.err().contains("give the capture filter once"), both.err());
    }

    @Test
    void aUsageErrorQuotingAHugeArgumentStaysOneShortLine() {
        String huge = "x".repeat(100_000);
        Run r = run("interfaces", huge);
        assertEquals(2, r.code());
        assertEquals(1, r.err().lines().count(), "one line");
        assertTrue(r.err().length() < 600, r.err().length() + " characters");
        assertTrue(r.err().contains("characters)"), r.err());
    }

    @Test
    void captureRefusesBadArguments() {
        assertEquals(2, run("capture").code());
        assertEquals(2, run("capture", "-i", "lo", "--replay", "x.pcap").code());
        assertEquals(2, run("capture", "-i", "lo", "-s", "600000").code());
        Run badSource = run("capture", "-i", "lo", "--source", "dpdk");
        assertEquals(2, badSource.code());
        assertTrue(badSource.err().contains("--source must be auto, afpacket or libpcap, not 'dpdk'"), badSource.err());
        assertEquals(2, run("capture", "--replay", "x.pcap", "-c", "-1").code());
        Run badFilter = run("capture", "--replay", SAMPLE.toString(), "-f", "tcp port");
        assumeTrue(Files.isRegularFile(SAMPLE), "sample not present");
        assertEquals(2, badFilter.code(), "a capture filter libpcap rejects is a usage error");
        assertTrue(badFilter.err().contains("syntax error") && badFilter.err().contains("column 9"), badFilter.err());
        Run badDisplay = run("capture", "--replay", SAMPLE.toString(), "-Y", "tcp.port ==");
        assertEquals(2, badDisplay.code(), "a bad -Y is a usage error, as in read");
        assertEquals(1, badDisplay.err().lines().count(), badDisplay.err());
        assertTrue(badDisplay.err().contains("-Y 'tcp.port ==': column 12"), badDisplay.err());
    }

    @Test
    void captureFileErrorsSayWhatIsWrong() throws Exception {
        Run missing = run("capture", "--replay", dir.resolve("nonexistent.pcap").toString());
        assertEquals(1, missing.code());
        assertEquals("jumbocap: " + dir.resolve("nonexistent.pcap") + ": no such file\n", missing.err());

        assumeTrue(Files.isRegularFile(SAMPLE), "sample not present");
        Path noDir = dir.resolve("nonexistent").resolve("x.pcap");
        Run noSuchDir = run("capture", "--replay", SAMPLE.toString(), "-w", noDir.toString());
        assertEquals(1, noSuchDir.code());
        assertTrue(noSuchDir.err().contains(noDir + ": cannot write (no such directory " + noDir.getParent() + ")"),
                noSuchDir.err());
        Run directory = run("capture", "--replay", SAMPLE.toString(), "-w", dir.toString());
        assertEquals(1, directory.code());
        assertTrue(directory.err().contains(dir + ": cannot write (is a directory)"), directory.err());
    }

    @Test
    void reportsFramesCutBelowTheSnaplenApartFromThoseCutAtIt() throws Exception {
        Path cutSample = Path.of("../samples/ipv6-bigtcp-snaplen.pcap");
        assumeTrue(Files.isRegularFile(cutSample), "sample not present");
        // which frames a run cuts changes with every regeneration: count them from tshark's fields
        List<String[]> tsv = Files.readAllLines(Path.of("../samples/expected/tshark-fields/ipv6-bigtcp-snaplen.pcap.tsv"))
                .stream().map(l -> l.split("\t", -1)).toList();
        int len = List.of(tsv.get(0)).indexOf("frame.len");
        int capLen = List.of(tsv.get(0)).indexOf("frame.cap_len");
        List<Long> cutLengths = tsv.stream().skip(1).filter(r -> !r[len].equals(r[capLen]))
                .map(r -> Long.parseLong(r[len])).toList();
        assertTrue(cutLengths.size() > 1, "the snaplen sample has cut frames");
        Run whole = run("capture", "--replay", cutSample.toString(), "-q");
        assertEquals(0, whole.code(), whole.err());
        assertTrue(whole.err().contains(cutLengths.size() + " frames (longest " + cutLengths.stream().mapToLong(Long::longValue).max()
                .orElseThrow() + " bytes on the wire) were already cut at 1500 bytes in the replayed file"), whole.err());
        assertFalse(whole.err().contains("cut at the snaplen"), whole.err());
        Run snapped = run("capture", "--replay", cutSample.toString(), "-q", "-s", "1500");
        assertTrue(snapped.err().contains("were cut at the snaplen of 1500 bytes: raise -s"), snapped.err());
        assertFalse(snapped.err().contains("below the snaplen"), snapped.err());
    }

    @Test
    void immediateModeIsOffByDefaultAndWarnsWhenAskedFor() {
        assertFalse(CaptureSource.Options.defaults("eth0").immediate(), "immediate mode cuts BIG TCP super-packets");
        assertTrue(CaptureSource.Options.defaults("eth0").timeoutMillis() <= 100, "frames still show promptly");
        Run help = run("capture", "--help");
        assertTrue(help.out().contains("tcpdump's -c counts"), help.out());
        Run immediate = run("capture", "-i", "no-such-interface-x", "--source", "libpcap", "--immediate-mode");
        assertTrue(immediate.err().contains("note: in immediate mode libpcap may cut frames longer than the "
                + "interface's MTU"), immediate.err());
        Run afPacket = run("capture", "-i", "no-such-interface-x", "--source", "afpacket", "--immediate-mode");
        assertFalse(afPacket.err().contains("immediate mode"), "the AF_PACKET ring never cuts: " + afPacket.err());
        assertTrue(afPacket.err().contains("no-such-interface-x: no such capture interface"), afPacket.err());
        Run batched = run("capture", "-i", "no-such-interface-x");
        assertFalse(batched.err().contains("immediate mode"), batched.err());
        assertEquals(1, batched.code(), batched.err());
    }

    @Test
    void readsIpJsonAndWarnsAboutSuperPacketsLongerThanASnaplen() {
        String json = "[{\"ifindex\":1,\"ifname\":\"lo\",\"mtu\":65536,\"link_type\":\"loopback\",\"gso_max_size\":65536,"
                + "\"gro_max_size\":65536,\"tso_max_size\":524280},{\"ifindex\":7,\"ifname\":\"va\",\"flags\":[\"UP\"],"
                + "\"mtu\":1500,\"link_type\":\"ether\",\"gso_max_size\":524280,\"gro_max_size\":185000,"
                + "\"gso_ipv4_max_size\":262140,\"gro_ipv4_max_size\":65536,\"linkinfo\":{\"info_kind\":\"veth\"}}]";
        Map<String, LinkSettings.Link> links = LinkSettings.parseIpJson(json);
        LinkSettings.Link va = links.get("va");
        assertEquals(1500L, va.mtu());
        assertEquals(185000L, va.sizes().get("gro_max_size"));
        List<String> warnings = InterfacesCommand.warnings(va, 14);
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("gso_max_size 524280"));
        assertTrue(warnings.get(1).startsWith("gso_ipv4_max_size 262140"));
        assertTrue(InterfacesCommand.warnings(links.get("lo"), 14).isEmpty(), "tso_max_size is only a ceiling");
    }

    @Test
    void printsIpv6AddressesShort() throws Exception {
        assertEquals("2001:db8::1", org.jumbocap.tree.FieldFormat.address(java.net.InetAddress.getByName("2001:db8:0:0:0:0:0:1").getAddress()));
        assertEquals("::1", org.jumbocap.tree.FieldFormat.address(java.net.InetAddress.getByName("::1").getAddress()));
        assertEquals("fe80::fc:ff:fe00:1", org.jumbocap.tree.FieldFormat.address(java.net.InetAddress.getByName("fe80::fc:ff:fe00:1").getAddress()));
        assertEquals("2001:db8:0:1::", org.jumbocap.tree.FieldFormat.address(java.net.InetAddress.getByName("2001:db8:0:1::").getAddress()));
        assertEquals("1:0:2:0:3:0:4:0", org.jumbocap.tree.FieldFormat.address(java.net.InetAddress.getByName("1:0:2:0:3:0:4:0").getAddress()));
    }

    @Test
    void keepsWhatItCannotRewriteAndChecksWithLibpcapFirst() throws Exception {
        CaptureFilters.Prepared kept = CaptureFilters.prepare("ip6[40 : 2] = 5201", false, 3, 1, 262144);
        assertEquals("ip6[40 : 2] = 5201", kept.text());
        assertTrue(!kept.rewrote() && kept.notes().size() == 1, kept.notes().toString());
        CaptureFilters.Prepared raw = CaptureFilters.prepare("tcp port 5201", true, 3, 1, 262144);
        assertEquals("tcp port 5201", raw.text());
        CaptureException e = org.junit.jupiter.api.Assertions.assertThrows(CaptureException.class,
                () -> CaptureFilters.prepare("tcp port 99999999", false, 3, 1, 262144));
        assertEquals(CaptureException.Kind.FILTER, e.kind());
    }
}
