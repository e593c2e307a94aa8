package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code read -2} (and tshark's own spelling, {@code -r FILE -2}) against {@code tshark -2 -T fields}: a DNS
 * query's {@code dns.response_in} and a response's {@code dns.response_to}, frame by frame, in the output as
 * printed; without {@code -2} the queries have none, as in tshark's one pass.
 */
class TwoPassReadTest {
    @Test
    void readTwoPassPrintsTsharksResponseIn() throws Exception {
        for (String[] sample : new String[][] {{"dns-veth.pcap", "dns-veth.pcap.dns-two-pass.tsv"},
                {"crafted/mdns-query-response.pcap", "mdns-query-response.pcap.dns-two-pass.tsv"}}) {
            String file = Cli.SAMPLES.resolve(sample[0]).toString();
            List<String> expected = Files.readAllLines(Cli.SAMPLES.resolve("expected/tshark-fields").resolve(sample[1]));
            String[] fields = {"-T", "fields", "-E", "header=y", "-E", "occurrence=a", "-E", "aggregator=,", "-e", "frame.number",
                    "-e", "_ws.col.Protocol", "-e", "dns.id", "-e", "dns.response_in", "-e", "dns.response_to"};
            Cli.Result twoPass = Cli.run(concat(new String[] {"read", "-2", file}, fields));
            assertEquals(0, twoPass.code(), twoPass.err());
            assertEquals(expected, twoPass.outLines(), sample[0]);
            Cli.Result tsharkStyle = Cli.run(concat(new String[] {"-r", file, "-2"}, fields));
            assertEquals(expected, tsharkStyle.outLines(), sample[0] + " as tshark's options");
            Cli.Result onePass = Cli.run(concat(new String[] {"read", file}, fields));
            assertEquals(expected.stream().map(l -> l.startsWith("frame") ? l : withoutColumn(l, 3)).toList(),
                    onePass.outLines(), sample[0] + " in one pass");
        }
    }

    /** A display filter on the field sees the second pass's values: the queries answered, and only them. */
    @Test
    void filterOnResponseInSelectsTheAnsweredQueries() {
        String file = Cli.SAMPLES.resolve("dns-veth.pcap").toString();
        Cli.Result r = Cli.run("read", "-2", file, "-Y", "dns.response_in", "-T", "fields", "-e", "frame.number");
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("1", "3", "5", "7", "9", "11", "13", "15", "20", "24"), r.outLines());
        Cli.Result none = Cli.run("read", file, "-Y", "dns.response_in", "-T", "fields", "-e", "frame.number");
        assertEquals(List.of(), none.outLines());
    }

    private static String withoutColumn(String line, int column) {
        String[] cells = line.split("\t", -1);
        cells[column] = "";
        return String.join("\t", cells);
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
