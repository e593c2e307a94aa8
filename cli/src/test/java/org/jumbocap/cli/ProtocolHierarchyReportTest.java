package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code read -q -z io,phs[,FILTER]} against tshark's own {@code -z io,phs} on the samples where the two
 * decode the same protocols. Where they differ on purpose (tshark puts an HTTP body's media type and its
 * {@code tcp.segments} below http; the core's ProtocolHierarchyTest lists the samples and why), the core
 * class, not this report, is where that is said.
 */
class ProtocolHierarchyReportTest {
    @ParameterizedTest
    @ValueSource(strings = {"arp-veth.pcap", "dns-veth.pcap", "ipv6-bigtcp-veth.pcap", "ipv4-bigtcp-veth.pcap"})
    void isTsharksTable(String sample) throws Exception {
        String file = Cli.SAMPLES.resolve(sample).toString();
        Cli.Result mine = Cli.run("read", "-q", "-z", "io,phs", file);
        assertEquals(0, mine.code(), mine.err());
        assertEquals(ToolOutput.tshark(List.of(), "-r", file, "-q", "-z", "io,phs"), mine.out(), sample);
    }

    @Test
    void takesATapFilterAndComesAfterTheFrames() throws Exception {
        String file = Cli.SAMPLES.resolve("dns-veth.pcap").toString();
        Cli.Result mine = Cli.run("read", "-z", "io,phs,udp", file);
        assertEquals(0, mine.code(), mine.err());
        String theirs = ToolOutput.tshark(List.of(), "-r", file, "-q", "-z", "io,phs,udp");
        assertTrue(theirs.contains("Filter: udp"), theirs);
        assertTrue(mine.out().endsWith(theirs), mine.out());
        assertTrue(mine.out().length() > theirs.length(), "the summary lines come first");
    }
}
