package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * tcpdump's habit: {@code jumbocap read FILE 'tcp port 5201'}, a capture filter after the file, applied to
 * the file's frames by libpcap's filter machine, seeing through IPv6 extension headers.
 */
class TrailingCaptureFilterTest {
    private static final String VETH = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString();

    private static List<String> numbers(String... args) {
        Cli.Result r = Cli.run(args);
        assertEquals(0, r.code(), r.err());
        return r.outLines();
    }

    /**
     * The same 36 frames as the display filter. {@code tcpdump -r ipv6-bigtcp-veth.pcap 'tcp port 5201'}
     * prints only 15: libpcap's own program looks for TCP right after the IPv6 header, so it misses the
     * 21 BIG TCP super-packets, whose Hop-by-Hop header carries the Jumbo Payload option.
     */
    @Test
    void aFilterAfterTheFileSelectsWhatTheDisplayFilterSelects() {
        List<String> display = numbers("read", "-T", "fields", "-e", "frame.number", "-Y", "tcp.port == 5201", VETH);
        assertEquals(36, display.size());
        assertEquals(display, numbers("read", "-T", "fields", "-e", "frame.number", VETH, "tcp port 5201"));
        // as tcpdump joins them: several words make one expression
        assertEquals(display, numbers("read", "-T", "fields", "-e", "frame.number", VETH, "tcp", "port", "5201"));
        assertEquals(display, numbers("read", "-T", "fields", "-e", "frame.number", "-r", VETH, "tcp port 5201"));
    }

    @Test
    void theCaptureFilterAndTheDisplayFilterBothApply() {
        List<String> both = numbers("read", "-T", "fields", "-e", "frame.number", "-Y", "tcp.len > 65535", VETH, "tcp port 5201");
        assertEquals(numbers("read", "-T", "fields", "-e", "frame.number", "-Y", "tcp.port == 5201 && tcp.len > 65535", VETH), both);
        assertTrue(!both.isEmpty());
    }

    @Test
    void summaryLinesAndWritingHonourIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        assertEquals(numbers("read", "-Y", "icmpv6", VETH), numbers("read", VETH, "icmp6"));
        String out = dir.resolve("port.pcap").toString();
        assertEquals(List.of(), numbers("read", "-w", out, VETH, "tcp port 5201"));
        assertEquals(36, numbers("read", out).size());
    }

    @Test
    void aWordThatIsNeitherAFileNorAFilterIsAUsageErrorNamingBoth() {
        Cli.Result r = Cli.run("read", VETH, "no/such/file.pcap");
        assertEquals(2, r.code());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("'no/such/file.pcap' is neither a capture file (no such file) nor a capture filter ("), r.err());
        assertEquals("", r.out());
    }

    @Test
    void aMissingFileAloneIsStillAMissingFile() {
        Cli.Result r = Cli.run("read", "no/such/file.pcap");
        assertEquals(1, r.code());
        assertEquals(List.of("jumbocap: no/such/file.pcap: no such file"), r.errLines());
    }

    @Test
    void helpSaysWhichFilterIsWhich() {
        Cli.Result r = Cli.run("read", "--help");
        assertTrue(r.out().contains("-Y takes a display filter"), r.out());
        assertTrue(r.out().contains("are a capture filter (libpcap's grammar"), r.out());
    }
}
