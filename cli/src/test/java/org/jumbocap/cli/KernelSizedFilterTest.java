package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.jumbocap.capture.CaptureFilters;
import org.jumbocap.capture.filter.BpfCompiler;
import org.junit.jupiter.api.Test;

/**
 * What capture hands the kernel: the program's length is known and said before capturing, the
 * extension-header depth is lowered where a shallower walk fits, a filter that fits at no depth is refused
 * with its options in one line, and compiling does not outlast --duration.
 */
class KernelSizedFilterTest {
    private static final Path SAMPLE = Path.of("../samples/ipv6-bigtcp-veth.pcap");

    static String ports(int count) {
        StringBuilder f = new StringBuilder("tcp port 5201");
        for (int i = 1; i < count; i++) {
            f.append(" or tcp port ").append(1000 + i);
        }
        return f.toString();
    }

    @Test
    void theProgramLengthIsSaidBeforeCapturing() {
        LiveCommandsTest.Run r = LiveCommandsTest.run("capture", "--replay", SAMPLE.toString(), "-q", "-f", ports(60));
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.err().lines().toList();
        int said = -1;
        int capturing = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches("jumbocap capture: capture filter: [0-9,]+ BPF instructions for the kernel \\(at most "
                    + "4096\\), walking up to 3 IPv6 extension headers")) {
                said = i;
            }
            if (lines.get(i).contains("capturing on")) {
                capturing = i;
            }
        }
        assertTrue(said >= 0 && said < capturing, r.err());
        assertTrue(r.err().contains("stopped (end of input): 36 frames captured"), r.err());
    }

    /** libpcap's optimizer refuses some filters outright; that verdict stays the user's error, as written. */
    @Test
    void aFilterTheOptimizerRejectsIsStillAnError() {
        LiveCommandsTest.Run r = LiveCommandsTest.run("filter", "tcp port 1 and not tcp port 1");
        assertEquals(2, r.code(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("capture filter 'tcp port 1 and not tcp port 1': expression rejects all packets"), r.err());
    }

    @Test
    void theDepthIsLoweredWhereAShallowerWalkFits() throws Exception {
        String filter = ports(200);
        CaptureFilters.Prepared p = CaptureFilters.prepare(filter, false, 4, 1, 262144);
        assertEquals(3, p.extHeaders(), p.notes().toString());
        assertTrue(p.instructions() <= BpfCompiler.KERNEL_MAX_INSTRUCTIONS, p.programLine());
        assertEquals(p.instructions(), BpfCompiler.compile(p.text(), 1, 262144).size());
        assertTrue(p.notes().stream().anyMatch(n -> n.startsWith("capture filter walks 3 IPv6 extension headers, not 4: at 4 ")),
                p.notes().toString());
        // the deeper walk really is too long
        String deeper = new org.jumbocap.capture.filter.ExtensionHeaderRewriter(4).rewrite(filter).text();
        assertTrue(BpfCompiler.compile(deeper, 1, 262144).size() > BpfCompiler.KERNEL_MAX_INSTRUCTIONS);
    }

    @Test
    void aFilterThatFitsAtNoDepthIsRefusedWithItsOptionsAndDurationHoldsWhileItCompiles() {
        String filter = ports(460);
        LiveCommandsTest.Run r = LiveCommandsTest.run("filter", filter);
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().matches("(?s)jumbocap filter: capture filter: rewritten to walk IPv6 extension headers it "
                + "compiles to [0-9,]+ BPF instructions even at --ext-headers 1, more than the 4096 the kernel takes "
                + "\\(BPF_MAXINSNS\\): use fewer alternatives, or --raw-filter .*"), r.err());
        // the raw filter is libpcap's own business: shorter, and still said
        LiveCommandsTest.Run raw = LiveCommandsTest.run("capture", "--replay", SAMPLE.toString(), "-q", "--raw-filter",
                "-f", filter);
        assertEquals(0, raw.code(), raw.err());
        assertTrue(raw.err().matches("(?s).*capture filter: [0-9,]+ BPF instructions for the kernel \\(at most 4096\\)\n.*"),
                raw.err());

        // compiling this filter takes libpcap longer than the capture may last
        LiveCommandsTest.Run bounded = LiveCommandsTest.run("capture", "--replay", SAMPLE.toString(), "-q",
                "--duration", "0.2", "-f", filter);
        assertEquals(0, bounded.code(), bounded.err());
        assertEquals("jumbocap capture: stopped (duration reached while libpcap compiled the capture filter): 0 frames "
                + "captured\n", bounded.err());
        assertFalse(bounded.err().contains("capturing on"));
    }
}
