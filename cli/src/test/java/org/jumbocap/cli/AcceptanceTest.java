package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The acceptance check: on the kernel captures {@code -Y 'tcp.port == 5201'} selects every TCP
 * frame of the iperf3 flows, while tcpdump's {@code tcp port 5201} misses the jumbograms (its filter
 * looks for TCP in the IPv6 next-header field, which is Hop-by-Hop there).
 */
class AcceptanceTest {
    private static final Path SAMPLE = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");

    @Test
    void displayFilterSelectsEveryTcpFrameOfTheFlow() {
        List<String[]> tsv = Cli.tsharkFields(SAMPLE);
        int src = Cli.column(tsv, "tcp.srcport");
        int dst = Cli.column(tsv, "tcp.dstport");
        long tsharkCount = tsv.stream().skip(1).filter(r -> r[src].equals("5201") || r[dst].equals("5201")).count();

        Cli.Result r = Cli.run("read", "-Y", "tcp.port == 5201", SAMPLE.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(tsharkCount, r.outLines().size(), "same frames as tshark");
        assertTrue(r.outLines().stream().allMatch(l -> l.contains(" TCP ") && l.contains(":5201")), r.out());
        assertTrue(r.outLines().stream().anyMatch(l -> l.contains("[JUMBO ")), "jumbograms included");
    }

    @Test
    void tcpdumpPortFilterMissesTheJumbograms() throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/tcpdump")) || Files.isExecutable(Path.of("/usr/sbin/tcpdump")),
                "tcpdump installed");
        Process p = new ProcessBuilder("tcpdump", "-n", "-r", SAMPLE.toString(), "tcp port 5201")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor());
        long tcpdumpCount = out.lines().filter(l -> !l.isBlank() && !l.startsWith(" ") && !l.startsWith("\t")).count();

        long ours = Cli.run("read", "-Y", "tcp.port == 5201", SAMPLE.toString()).outLines().size();
        long jumbos = Cli.run("read", "-Y", "tcp.port == 5201 && jumbo", SAMPLE.toString()).outLines().size();
        assertTrue(jumbos > 0);
        assertEquals(ours - jumbos, tcpdumpCount, "tcpdump sees every TCP frame but the jumbograms");
    }

    @Test
    void filterSyntaxErrorIsAUsageErrorWithColumn() {
        Cli.Result r = Cli.run("read", "-Y", "tcp.port ==", SAMPLE.toString());
        assertEquals(2, r.code());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("column "), r.err());
    }
}
