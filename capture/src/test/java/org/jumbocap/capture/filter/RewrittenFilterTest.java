package org.jumbocap.capture.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.jumbocap.capture.filter.CraftedFrames.Frame;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rewritten filter, compiled and run by libpcap over crafted frames with extension-header chains,
 * matches exactly the frames the condition describes (computed from what each frame was built with), and
 * on frames without extension headers answers as the original filter does.
 */
class RewrittenFilterTest {
    @TempDir
    static Path dir;
    static List<Frame> frames;
    static Path pcap;

    @BeforeAll
    static void craft() throws Exception {
        frames = CraftedFrames.all();
        pcap = CraftedFrames.writePcap(dir, frames);
    }

    static boolean walkable(Frame f) {
        return !f.vlan() && f.extHeaders() <= ExtensionHeaderRewriter.DEFAULT_MAX_HEADERS;
    }

    static boolean port(Frame f, int p) {
        return f.srcPort() == p || f.dstPort() == p;
    }

    static Predicate<Frame> tcpPort5201() {
        return f -> walkable(f) && f.transport() == CraftedFrames.TCP && port(f, 5201);
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("tcp port 5201", tcpPort5201()),
                Arguments.of("port 5201", (Predicate<Frame>) f -> walkable(f) && f.srcPort() >= 0 && port(f, 5201)),
                Arguments.of("udp port 5201", (Predicate<Frame>) f -> walkable(f) && f.transport() == CraftedFrames.UDP
                        && port(f, 5201)),
                Arguments.of("tcp dst port 5201", (Predicate<Frame>) f -> walkable(f)
                        && f.transport() == CraftedFrames.TCP && f.dstPort() == 5201),
                Arguments.of("src port 443", (Predicate<Frame>) f -> walkable(f) && f.srcPort() == 443),
                Arguments.of("portrange 5200-5202", (Predicate<Frame>) f -> walkable(f)
                        && (f.srcPort() >= 5200 && f.srcPort() <= 5202 || f.dstPort() >= 5200 && f.dstPort() <= 5202)),
                Arguments.of("tcp", (Predicate<Frame>) f -> walkable(f) && f.transport() == CraftedFrames.TCP),
                Arguments.of("icmp6", (Predicate<Frame>) f -> walkable(f) && f.transport() == CraftedFrames.ICMP6),
                Arguments.of("icmp6[icmp6type] = 143", (Predicate<Frame>) f -> walkable(f) && f.icmpType() == 143),
                Arguments.of("tcp[tcpflags] & tcp-syn != 0", (Predicate<Frame>) f -> walkable(f)
                        && f.transport() == CraftedFrames.TCP && (f.tcpFlags() & CraftedFrames.SYN) != 0),
                Arguments.of("ip6 proto 6", (Predicate<Frame>) f -> walkable(f) && f.ipVersion() == 6
                        && f.transport() == CraftedFrames.TCP),
                Arguments.of("proto \\udp", (Predicate<Frame>) f -> walkable(f) && f.transport() == CraftedFrames.UDP),
                Arguments.of("not tcp port 5201", tcpPort5201().negate()),
                Arguments.of("vlan and tcp port 5201", (Predicate<Frame>) f -> f.vlan()
                        && f.transport() == CraftedFrames.TCP && port(f, 5201)),
                Arguments.of("tcp port 5201 and host 2001:db8::2", (Predicate<Frame>) f -> tcpPort5201().test(f)
                        && f.ipVersion() == 6),
                Arguments.of("tcp port 80 or 443", (Predicate<Frame>) f -> walkable(f)
                        && f.transport() == CraftedFrames.TCP && (port(f, 80) || port(f, 443))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void libpcapMatchesTheConditionThroughExtensionHeaders(String filter, Predicate<Frame> condition) throws Exception {
        ExtensionHeaderRewriter.Result r = new ExtensionHeaderRewriter().rewrite(filter);
        assertTrue(r.changed(), "nothing was rewritten in " + filter);
        Set<Integer> expected = new TreeSet<>();
        for (int i = 0; i < frames.size(); i++) {
            if (condition.test(frames.get(i))) {
                expected.add(i + 1);
            }
        }
        Set<Integer> got = LibpcapRun.matching(pcap, r.text());
        assertEquals(describe(expected), describe(got), r.text());

        Set<Integer> original = LibpcapRun.matching(pcap, filter);
        for (int i = 0; i < frames.size(); i++) {
            Frame f = frames.get(i);
            boolean ipv6TransportLoad = filter.startsWith("tcp[") && f.ipVersion() == 6;
            if (f.extHeaders() == 0 && !ipv6TransportLoad) {
                assertEquals(original.contains(i + 1), got.contains(i + 1), "changed answer on " + f.label());
            }
        }
    }

    /** The same condition asked of jumbocap's display filter over jumbocap's own dissection. */
    @ParameterizedTest(name = "{0} = {1}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = ';', value = {"tcp port 5201;tcp.port == 5201",
            "udp port 5201;udp.port == 5201", "tcp[tcpflags] & tcp-syn != 0;tcp.flags.syn == 1",
            "icmp6[icmp6type] = 143;icmpv6.type == 143", "portrange 5200-5202;tcp.port in {5200..5202} || udp.port in {5200..5202}"})
    void agreesWithTheDisplayFilter(String captureFilter, String displayFilter) throws Exception {
        org.jumbocap.displayfilter.CompiledFilter display = org.jumbocap.displayfilter.DisplayFilter.compile(displayFilter);
        org.jumbocap.dissect.FrameDissector dissector = new org.jumbocap.dissect.FrameDissector();
        Set<Integer> expected = new TreeSet<>();
        Set<Integer> walkable = new TreeSet<>();
        for (int i = 0; i < frames.size(); i++) {
            Frame f = frames.get(i);
            byte[] b = f.bytes();
            org.jumbocap.io.FrameRecord rec = new org.jumbocap.io.FrameRecord(i + 1, 0, 1, b, b.length);
            if (walkable(f)) {
                walkable.add(i + 1);
                if (display.matches(dissector.dissect(rec))) {
                    expected.add(i + 1);
                }
            }
        }
        assertFalse(expected.isEmpty(), "the display filter matches some crafted frame");
        Set<Integer> got = LibpcapRun.matching(pcap, new ExtensionHeaderRewriter().rewrite(captureFilter).text());
        got.retainAll(walkable);
        assertEquals(describe(expected), describe(got));
    }

    @Test
    void theFilterAsWrittenMissesJumbogramsBehindHopByHop() throws Exception {
        Set<Integer> raw = LibpcapRun.matching(pcap, "tcp port 5201");
        Set<Integer> rewritten = LibpcapRun.matching(pcap, new ExtensionHeaderRewriter().rewrite("tcp port 5201").text());
        int hbhJumbo = index("HBH jumbo to 5201");
        assertFalse(raw.contains(hbhJumbo));
        assertTrue(rewritten.contains(hbhJumbo));
        assertTrue(raw.contains(index("IPv4 BIG TCP (total length 0) to 5201")),
                "libpcap's IPv4 port test does not read the total length");
    }

    @Test
    void aDeeperWalkReachesFourHeaders() throws Exception {
        int four = index("four extension headers to 5201");
        assertFalse(LibpcapRun.matching(pcap, new ExtensionHeaderRewriter(3).rewrite("tcp port 5201").text()).contains(four));
        assertTrue(LibpcapRun.matching(pcap, new ExtensionHeaderRewriter(4).rewrite("tcp port 5201").text()).contains(four));
    }

    @Test
    void keepsWhatItCannotMoveWithAWarning() throws Exception {
        ExtensionHeaderRewriter.Result r = new ExtensionHeaderRewriter().rewrite("ip6[40 : 2] = 5201 or ip6[4 : 2] = 0");
        assertFalse(r.changed());
        assertEquals("ip6[40 : 2] = 5201 or ip6[4 : 2] = 0", r.text());
        assertEquals(2, r.warnings().size(), r.warnings().toString());
        ExtensionHeaderRewriter.Result named = new ExtensionHeaderRewriter().rewrite("tcp port no-such-service");
        assertEquals("tcp port no-such-service", named.text());
        assertEquals(1, named.warnings().size());
        assertEquals("vlan 100 and host 10.0.0.1", new ExtensionHeaderRewriter().rewrite("vlan 100 and host 10.0.0.1").text());
    }

    @Test
    void compilesToAProgramLibpcapPrintsLikeTcpdump() throws Exception {
        List<BpfCompiler.Instruction> program = BpfCompiler.compile(
                new ExtensionHeaderRewriter().rewrite("tcp port 5201").text(), 1, 262144);
        assertTrue(program.size() > 20 && program.size() < 4096, "size " + program.size());
        String text = BpfCompiler.disassemble(program);
        assertTrue(text.startsWith("(000) ldh      [12]\n"), text);
        assertTrue(text.contains("#0x1451"), "port 5201 compared somewhere");
        assertTrue(text.contains("ret      #262144"));
        BpfCompiler.CompileException e = org.junit.jupiter.api.Assertions.assertThrows(BpfCompiler.CompileException.class,
                () -> BpfCompiler.compile("tcp port", 1, 262144));
        assertTrue(e.getMessage().contains("syntax error"), e.getMessage());
    }

    private static int index(String label) {
        for (int i = 0; i < frames.size(); i++) {
            if (frames.get(i).label().equals(label)) {
                return i + 1;
            }
        }
        throw new IllegalArgumentException(label);
    }

    private static String describe(Set<Integer> numbers) {
        StringBuilder s = new StringBuilder();
        for (int n : numbers) {
            s.append(n).append(' ').append(frames.get(n - 1).label()).append('\n');
        }
        return s.toString();
    }
}
