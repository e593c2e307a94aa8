package org.jumbocap.capture.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * On the kernel-made BIG TCP samples, libpcap running the rewritten {@code tcp port 5201} selects exactly
 * the frames jumbocap's dissectors put on port 5201, while the filter as written misses the IPv6
 * jumbograms (they carry a Hop-by-Hop header) and, on IPv4, already catches the super-packets whose total
 * length is 0.
 */
class SampleCapturesFilterTest {
    private static final Path SAMPLES = Path.of("../samples");

    record Answer(Set<Integer> port5201, Set<Integer> jumbo) {
    }

    /** Frames whose outermost TCP header has port 5201, and frames longer than 65535 bytes on the wire. */
    static Answer dissect(Path file) throws Exception {
        FrameDissector dissector = new FrameDissector();
        Set<Integer> port = new TreeSet<>();
        Set<Integer> jumbo = new TreeSet<>();
        try (CaptureReader r = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            int n = 0;
            while (r.next(rec)) {
                n++;
                FrameTree tree = dissector.dissect(rec);
                FieldNode src = tree.find("tcp.srcport");
                FieldNode dst = tree.find("tcp.dstport");
                if (src != null && (src.longValue() == 5201 || dst.longValue() == 5201)) {
                    port.add(n);
                }
                if (rec.originalLength() > 65535) {
                    jumbo.add(n);
                }
            }
        }
        return new Answer(port, jumbo);
    }

    static Set<Integer> displayFilterAnswer(Path file, String filter) throws Exception {
        org.jumbocap.displayfilter.CompiledFilter f = org.jumbocap.displayfilter.DisplayFilter.compile(filter);
        FrameDissector dissector = new FrameDissector();
        Set<Integer> out = new TreeSet<>();
        try (CaptureReader r = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            int n = 0;
            while (r.next(rec)) {
                n++;
                if (f.matches(dissector.dissect(rec))) {
                    out.add(n);
                }
            }
        }
        return out;
    }

    private static Path sample(String name) {
        Path p = SAMPLES.resolve(name);
        assumeTrue(Files.isRegularFile(p), "sample " + name + " not present");
        return p;
    }

    @Test
    void ipv6JumbogramsNeedTheRewrite() throws Exception {
        Path file = sample("ipv6-bigtcp-veth.pcap");
        Answer a = dissect(file);
        assertTrue(a.jumbo().size() > 5, "the sample holds jumbograms");
        assertTrue(a.port5201().containsAll(a.jumbo()), "the jumbograms are iperf3 traffic");
        Set<Integer> raw = LibpcapRun.matching(file, "tcp port 5201");
        Set<Integer> rewritten = LibpcapRun.matching(file, new ExtensionHeaderRewriter().rewrite("tcp port 5201").text());
        assertEquals(a.port5201(), rewritten);
        assertEquals(a.port5201(), displayFilterAnswer(file, "tcp.port == 5201"), "jumbocap's display filter agrees");
        for (int j : a.jumbo()) {
            assertTrue(!raw.contains(j), "libpcap as written sees jumbogram " + j);
        }
        Set<Integer> small = new TreeSet<>(a.port5201());
        small.removeAll(a.jumbo());
        assertEquals(small, raw, "without extension headers the answers agree");
    }

    /**
     * Sixty alternatives, as a port list is written: tcpdump itself, reading the rewritten text from a file
     * ({@code -F}), keeps exactly the frames jumbocap's display filter selects, jumbograms included, and
     * libpcap takes the program into the kernel (at most 4096 instructions).
     */
    @Test
    void aLongListOfAlternativesThroughTcpdump(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path file = sample("ipv6-bigtcp-veth.pcap");
        StringBuilder capture = new StringBuilder("tcp port 42790");
        StringBuilder display = new StringBuilder("tcp.port in {42790");
        for (int p = 1000; p < 1058; p++) {
            capture.append(" or tcp port ").append(p);
            display.append(' ').append(p);
        }
        capture.append(" or icmp6");
        display.append("} || icmpv6");
        ExtensionHeaderRewriter.Result r = new ExtensionHeaderRewriter().rewrite(capture.toString());
        assertTrue(BpfCompiler.compile(r.text(), 1, 262144).size() <= 4096, "fits the kernel");
        Set<Integer> expected = displayFilterAnswer(file, display.toString());
        assertTrue(expected.size() > 20 && expected.containsAll(new TreeSet<>(Set.of(23, 24))), expected.toString());
        assertEquals(expected, LibpcapRun.matching(file, r.text()));

        assumeTrue(Files.isExecutable(Path.of("/usr/bin/tcpdump")) || Files.isExecutable(Path.of("/usr/sbin/tcpdump")),
                "tcpdump installed");
        Path text = Files.writeString(dir.resolve("filter.txt"), r.text());
        Path out = dir.resolve("out.pcap");
        Process p = new ProcessBuilder("tcpdump", "-r", file.toString(), "-F", text.toString(), "-w", out.toString())
                .redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), log);
        java.util.List<Long> all = times(file);
        Set<Integer> kept = new TreeSet<>();
        for (long t : times(out)) {
            kept.add(all.indexOf(t) + 1);
        }
        assertEquals(expected, kept, "tcpdump with the rewritten filter");
    }

    private static java.util.List<Long> times(Path file) throws Exception {
        java.util.List<Long> out = new java.util.ArrayList<>();
        try (CaptureReader r = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                out.add(rec.timestampNanos());
            }
        }
        return out;
    }

    @Test
    void ipv4BigTcpNeedsNoRewrite() throws Exception {
        Path file = sample("ipv4-bigtcp-veth.pcap");
        Answer a = dissect(file);
        assertTrue(a.jumbo().size() > 5, "the sample holds super-packets");
        assertEquals(a.port5201(), LibpcapRun.matching(file, "tcp port 5201"));
        assertEquals(a.port5201(), LibpcapRun.matching(file, new ExtensionHeaderRewriter().rewrite("tcp port 5201").text()));
    }

    @Test
    void cookedAnyCaptureAndVlan() throws Exception {
        Path sll2 = sample("ipv6-bigtcp-any-sll2.pcap");
        assertEquals(dissect(sll2).port5201(), LibpcapRun.matching(sll2,
                new ExtensionHeaderRewriter().rewrite("tcp port 5201").text()));
        Path vlan = sample("ipv6-bigtcp-vlan.pcap");
        Answer a = dissect(vlan);
        assertTrue(a.jumbo().size() > 5);
        assertEquals(a.port5201(), LibpcapRun.matching(vlan,
                new ExtensionHeaderRewriter().rewrite("vlan and tcp port 5201").text()));
    }
}
