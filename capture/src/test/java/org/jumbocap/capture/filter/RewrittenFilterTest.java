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
                        && f.transport() == CraftedFrames.TCP && (port(f, 80) || port(f, 443))),
                // alternatives of one or chain share one walk per depth
                Arguments.of("tcp port 80 or tcp port 5201 or udp port 53", (Predicate<Frame>) f -> walkable(f)
                        && (f.transport() == CraftedFrames.TCP && (port(f, 80) || port(f, 5201))
                        || f.transport() == CraftedFrames.UDP && port(f, 53))),
                Arguments.of("tcp src port 443 or udp dst port 5201 or icmp6", (Predicate<Frame>) f -> walkable(f)
                        && (f.transport() == CraftedFrames.TCP && f.srcPort() == 443
                        || f.transport() == CraftedFrames.UDP && f.dstPort() == 5201 || f.transport() == CraftedFrames.ICMP6)),
                Arguments.of("tcp dst port 80 or icmp6[icmp6type] = 143 or tcp[tcpflags] & tcp-syn != 0",
                        (Predicate<Frame>) f -> walkable(f) && (f.transport() == CraftedFrames.TCP && f.dstPort() == 80
                        || f.icmpType() == 143 || f.transport() == CraftedFrames.TCP && (f.tcpFlags() & CraftedFrames.SYN) != 0)),
                Arguments.of("portrange 5200-5202 or port 53 or port 53", (Predicate<Frame>) f -> walkable(f)
                        && (f.srcPort() >= 5200 && f.srcPort() <= 5202 || f.dstPort() >= 5200 && f.dstPort() <= 5202
                        || port(f, 53))),
                Arguments.of("not (tcp port 80 or udp port 5201)", (Predicate<Frame>) f -> !(walkable(f)
                        && (f.transport() == CraftedFrames.TCP && port(f, 80) || f.transport() == CraftedFrames.UDP && port(f, 5201)))),
                Arguments.of("host 2001:db8::2 and (tcp port 80 or tcp port 5201 or tcp port 443)",
                        (Predicate<Frame>) f -> f.ipVersion() == 6 && walkable(f) && f.transport() == CraftedFrames.TCP
                        && (port(f, 80) || port(f, 5201) || port(f, 443))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void libpcapMatchesTheConditionThroughExtensionHeaders(String filter, Predicate<Frame> condition) throws Exception {
        // what capture gives libpcap: the shared walks, or their fallback where libpcap's optimizer fails them
        org.jumbocap.capture.CaptureFilters.Prepared r = org.jumbocap.capture.CaptureFilters.prepare(filter, false,
                ExtensionHeaderRewriter.DEFAULT_MAX_HEADERS, 1, 262144);
        assertTrue(r.rewrote(), "nothing was rewritten in " + filter);
        assertEquals(ExtensionHeaderRewriter.DEFAULT_MAX_HEADERS, r.extHeaders(), r.notes().toString());
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
            boolean ipv6TransportLoad = filter.contains("tcp[") && f.ipVersion() == 6;
            if (f.extHeaders() == 0 && !ipv6TransportLoad) {
                assertEquals(original.contains(i + 1), got.contains(i + 1), "changed answer on " + f.label());
            }
        }
    }

    /**
     * libpcap 1.10's optimizer drops a scratch-memory store that a later block reads for some tests sharing
     * a three-header walk; the check catches that program (the kernel would refuse it and libpcap's own
     * user-space filter then misses frame 4), and capture falls back to a walk per test, which is right.
     */
    @Test
    void aProgramReadingScratchMemoryBeforeWritingItIsCaughtAndAvoided() throws Exception {
        String filter = "tcp dst port 80 or tcp[13] & 2 != 0";
        String shared = new ExtensionHeaderRewriter(3, true).rewrite(filter).text();
        List<BpfCompiler.Instruction> program = BpfCompiler.compile(shared, 1, 262144);
        int at = BpfCompiler.scratchLoadBeforeStore(program);
        org.junit.jupiter.api.Assumptions.assumeTrue(at >= 0, "this libpcap's optimizer gets the shared walk right");
        assertTrue(program.get(at).text().matches(".*ldx?\\s+M\\[\\d+\\]"), program.get(at).text());
        assertTrue(BpfCompiler.scratchLoadBeforeStore(BpfCompiler.compile(shared, 1, 262144, false)) < 0,
                "unoptimized, libpcap stores before it loads");
        String separate = new ExtensionHeaderRewriter(3, false).rewrite(filter).text();
        assertTrue(BpfCompiler.scratchLoadBeforeStore(BpfCompiler.compile(separate, 1, 262144)) < 0);
        assertEquals(separate, org.jumbocap.capture.CaptureFilters.prepare(filter, false, 3, 1, 262144).text());
        assertTrue(LibpcapRun.matching(pcap, separate).contains(4), frames.get(3).label());
        assertFalse(LibpcapRun.matching(pcap, shared).contains(4), "libpcap's user-space filter runs the bad program");
    }

    /**
     * A list of alternatives walks the extension headers once per depth: the text and the program libpcap
     * makes of it grow by the same amount for each alternative added, and sixty fit the kernel's 4096.
     */
    @Test
    void alternativesShareOneWalk() throws Exception {
        int[] sizes = {10, 20, 40, 60};
        int[] instructions = new int[sizes.length];
        int[] text = new int[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            StringBuilder f = new StringBuilder("tcp port 5201");
            for (int p = 1; p < sizes[i]; p++) {
                f.append(" or tcp port ").append(1000 + 7 * p);
            }
            String rewritten = new ExtensionHeaderRewriter().rewrite(f.toString()).text();
            text[i] = rewritten.length();
            instructions[i] = BpfCompiler.compile(rewritten, 1, 262144).size();
            // the walk's next-header tests appear once per depth, whatever the number of alternatives
            assertEquals(3, rewritten.split("ip6\\[6\\] = 60", -1).length - 1, rewritten);
        }
        double perAlternative = (instructions[2] - instructions[1]) / 20.0;
        assertTrue(Math.abs((instructions[3] - instructions[2]) / 20.0 - perAlternative) <= 0.25 * perAlternative,
                java.util.Arrays.toString(instructions));
        assertEquals((text[3] - text[2]) / 20.0, (text[2] - text[1]) / 20.0, 1.0, java.util.Arrays.toString(text));
        assertTrue(instructions[3] <= 4096, java.util.Arrays.toString(instructions));
        Set<Integer> expected = new TreeSet<>();
        for (int i = 0; i < frames.size(); i++) {
            if (tcpPort5201().test(frames.get(i))) {
                expected.add(i + 1);
            }
        }
        StringBuilder sixty = new StringBuilder("tcp port 5201");
        for (int p = 1; p < 60; p++) {
            sixty.append(" or tcp port ").append(1000 + 7 * p);
        }
        assertEquals(describe(expected), describe(LibpcapRun.matching(pcap, new ExtensionHeaderRewriter()
                .rewrite(sixty.toString()).text())));
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
