package org.jumbocap.capture.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureFiles;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
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
