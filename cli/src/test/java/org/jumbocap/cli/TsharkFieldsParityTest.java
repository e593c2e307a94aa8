package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code -T fields} with tshark's packet-list columns ({@code _ws.col.*}) and {@code frame.time} against tshark's
 * own output on the samples (samples/expected/tshark-columns/, TShark 4.0.17, TZ=UTC, IP reassembly off): every
 * cell equal, but for one column on purpose:
 * <ul>
 * <li>{@code _ws.col.Info} is jumbocap's Info, the one read's summary line prints (the test holds it to that):
 * tshark's TCP Info also repeats the ports and lists SACK_PERM and the timestamps ("49454 → 53 [SYN] Seq=0
 * Win=64240 Len=0 MSS=1460 SACK_PERM TSval=989500965 TSecr=0 WS=1024", dns-veth.pcap frame 17, where jumbocap
 * says "[SYN] Seq=0 Win=64240 Len=0 MSS=1460 WS=1024"), and its ICMPv6 Info names the link address ("Router
 * Solicitation from 36:f6:6e:28:d4:a3").</li>
 * </ul>
 */
class TsharkFieldsParityTest {
    private static final Path EXPECTED = Cli.SAMPLES.resolve("expected/tshark-columns");
    private static final String[] COLUMNS = {"_ws.col.No.", "_ws.col.Time", "_ws.col.Source", "_ws.col.Destination",
        "_ws.col.Protocol", "_ws.col.Length", "_ws.col.Info", "frame.time"};

    static Stream<String> samples() throws IOException {
        try (Stream<Path> s = Files.list(EXPECTED)) {
            return s.map(p -> p.getFileName().toString()).map(n -> n.substring(0, n.length() - ".tsv".length()))
                    .sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("samples")
    void columnsAreTsharks(String sample) throws IOException {
        String file = Cli.SAMPLES.resolve(sample).toString();
        List<String> theirs = Files.readAllLines(EXPECTED.resolve(sample + ".tsv"));
        Cli.Result mine = Cli.run(read(file, COLUMNS));
        assertEquals(0, mine.code(), mine.err());
        assertEquals(theirs.size(), mine.outLines().size(), sample);
        assertEquals(theirs.get(0), mine.outLines().get(0), sample + ": the header");
        List<String> summaries = Cli.run("read", file).outLines();
        int info = List.of(COLUMNS).indexOf("_ws.col.Info");
        int protocol = List.of(COLUMNS).indexOf("_ws.col.Protocol");
        for (int row = 1; row < theirs.size(); row++) {
            String[] t = theirs.get(row).split("\t", -1);
            String[] m = mine.outLines().get(row).split("\t", -1);
            assertEquals(COLUMNS.length, m.length, sample + " frame " + row);
            for (int c = 0; c < COLUMNS.length; c++) {
                if (c == info) {
                    // read's summary line: "... PROTOCOL LENGTH INFO" and then jumbocap's marks
                    String line = summaries.get(row - 1);
                    String lead = " " + m[protocol] + " " + m[c - 1] + " ";
                    assertTrue(line.contains(lead + m[c]), sample + " frame " + row + ": " + m[c] + " is not in " + line);
                } else {
                    assertEquals(t[c], m[c], sample + " frame " + row + " " + COLUMNS[c]);
                }
            }
        }
    }

    /** The names of tshark 4.2 and later give what the 4.0 names give. */
    @Test
    void newerColumnNamesAreTheSameColumns() {
        String veth = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString();
        Cli.Result old = Cli.run(read(veth, COLUMNS[0], COLUMNS[1], COLUMNS[2], COLUMNS[3], COLUMNS[4], COLUMNS[5], COLUMNS[6]));
        Cli.Result newer = Cli.run(read(veth, "_ws.col.number", "_ws.col.cls_time", "_ws.col.def_src", "_ws.col.def_dst",
                "_ws.col.protocol", "_ws.col.packet_length", "_ws.col.info"));
        assertEquals(0, newer.code(), newer.err());
        assertEquals(old.outLines().subList(1, old.outLines().size()), newer.outLines().subList(1, newer.outLines().size()));
        assertTrue(old.outLines().size() > 40);
    }

    /**
     * tshark's own output of {@code -E header=y -E quote=d -E separator=, -E occurrence=f|l|a -E aggregator=/s} on
     * ipv6-bigtcp-veth.pcap: the header unquoted, frame 23's TCP options once, the last or all.
     */
    @Test
    void fieldOptionsAreTsharks() {
        String veth = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString();
        String[][] expected = {
            {"f", "\"23\",\"1\",\"2001:db8:1::1\""},
            {"l", "\"23\",\"8\",\"2001:db8:1::1\""},
            {"a", "\"23\",\"1 1 8\",\"2001:db8:1::1\""}};
        for (String[] e : expected) {
            Cli.Result r = Cli.run("read", "-T", "fields", "-E", "header=y", "-E", "quote=d", "-E", "separator=,", "-E",
                    "occurrence=" + e[0], "-E", "aggregator=/s", "-e", "frame.number", "-e", "tcp.option_kind", "-e",
                    "_ws.col.Source", veth);
            assertEquals(0, r.code(), r.err());
            assertEquals("frame.number,tcp.option_kind,_ws.col.Source", r.outLines().get(0));
            assertEquals("\"1\",,\"fe80::34f6:6eff:fe28:d4a3\"", r.outLines().get(1));
            assertEquals(e[1], r.outLines().get(23), "occurrence=" + e[0]);
        }
    }

    /** {@code _ws.col.Time} follows -t as tshark's does. */
    @Test
    void timeColumnFollowsMinusT() {
        String veth = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString();
        Cli.Result r = Cli.run("read", "-t", "a", "-c", "2", "-T", "fields", "-e", "_ws.col.Time", veth);
        assertEquals(List.of("2026-11-30 08:19:07.007843", "2026-11-30 08:19:07.007861"), r.outLines());
    }

    private static String[] read(String file, String... columns) {
        List<String> args = new java.util.ArrayList<>(List.of("read", "-T", "fields", "-E", "header=y"));
        for (String c : columns) {
            args.add("-e");
            args.add(c);
        }
        args.add(file);
        return args.toArray(String[]::new);
    }
}
