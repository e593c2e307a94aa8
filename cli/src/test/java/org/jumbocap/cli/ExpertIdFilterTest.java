package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * tshark's filters name an expert item by its id alone ({@code tcp.connection.rst}); jumbocap's do too, and
 * select the frames tshark selects (tshark 4.0.17 as the oracle), the same frames as {@code expert.id == "ID"}.
 */
class ExpertIdFilterTest {
    private static final List<String> SAMPLES = List.of("ipv6-bigtcp-loss.pcap", "tcp-scenarios/analysis-scenarios.pcap",
            "http-veth.pcap", "tls-veth.pcap");
    private static final List<String> IDS = List.of("tcp.connection.syn", "tcp.connection.synack", "tcp.connection.fin",
            "tcp.connection.rst", "tcp.connection.fin_active", "tcp.connection.fin_passive");

    static Stream<Arguments> cases() {
        return SAMPLES.stream().flatMap(s -> IDS.stream().map(id -> Arguments.of(s, id)));
    }

    @ParameterizedTest(name = "{0} -Y {1}")
    @MethodSource("cases")
    void selectsTsharksFrames(String sample, String id) throws Exception {
        String file = Path.of("..", "samples", sample).toString();
        Cli.Result byId = Cli.run("read", "-Y", id, "-T", "fields", "-e", "frame.number", file);
        assertEquals(0, byId.code(), byId.err());
        Cli.Result byExpert = Cli.run("read", "-Y", "expert.id == \"" + id + "\"", "-T", "fields", "-e", "frame.number", file);
        assertEquals(byExpert.out(), byId.out(), sample + " " + id);
        String tshark = ToolOutput.tshark(List.of(), "-r", file, "-Y", id, "-T", "fields", "-e", "frame.number");
        assertEquals(tshark, byId.out(), sample + " " + id);
    }

    @Test
    void theIdsSelectSomethingAndTheirNegationTheRest() {
        String file = Path.of("..", "samples", "tcp-scenarios", "analysis-scenarios.pcap").toString();
        Cli.Result all = Cli.run("read", "-T", "fields", "-e", "frame.number", file);
        Cli.Result syn = Cli.run("read", "-Y", "tcp.connection.syn", "-T", "fields", "-e", "frame.number", file);
        Cli.Result notSyn = Cli.run("read", "-Y", "!tcp.connection.syn", "-T", "fields", "-e", "frame.number", file);
        assertFalse(syn.out().isBlank(), "SYN frames in the scenarios");
        assertEquals(all.out().lines().count(), syn.out().lines().count() + notSyn.out().lines().count());
        Cli.Result unknown = Cli.run("read", "-Y", "tcp.connection.sny", file);
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("unknown field 'tcp.connection.sny'"), unknown.err());
    }
}
