package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code read -q -z io,stat,INTERVAL[,FILTER...]} against the installed tshark's own {@code -z io,stat} on the
 * samples, byte for byte: intervals with 1 to 3 decimals, whole seconds, 0 and intervals longer than the
 * capture, several filter columns, and a filter long enough for tshark to wrap. The samples last under a
 * second, so the whole-second rows ("12 <> Dur") are checked on a sample merged with itself 12.3 s later
 * (editcap and mergecap, which come with tshark).
 *
 * <p>The function columns ({@code SUM(tcp.len)tcp.len}) name their field in the filter too, as tshark's manual
 * does: tshark 4.0.17 fills a function's field only when a filter asks for it, so {@code MAX(udp.length)udp} is
 * 0 in every row there ({@link #aFunctionSeesItsFieldWhateverTheFilter}). IPv4 BIG TCP's {@code ip.len} is
 * jumbocap's field as on the wire (0) where tshark shows the length it works out, so ip.len is not compared.
 *
 * <p>tshark's {@code -t u} is refused (jumbocap prints UTC with the date: {@code -t ud}); tshark 4.0.17's own table with
 * it has no label and runs its first two header lines together.
 *
 * <p>Difference on purpose: an interval typed with zeros after the point and nothing after it ({@code io,stat,1.0})
 * shows those decimals in jumbocap, as tshark intends and does when a comma follows ({@code io,stat,1.0,tcp});
 * tshark 4.0.17 alone on the command line prints 6 decimals there instead (it looks for the comma that ends the
 * interval and finds none).
 */
class IoStatReportTest {
    private static void sameAsTshark(String file, String z) throws Exception {
        Cli.Result mine = Cli.run("read", "-q", "-z", z, file);
        assertEquals(0, mine.code(), mine.err());
        String theirs = ToolOutput.tshark(List.of(), "-r", file, "-q",
                "-z", z);
        assertEquals(theirs, mine.out(), file + " -z " + z);
    }

    /** tshark's command line as typed, {@code -t} included, against tshark in UTC (jumbocap's times are UTC). */
    private static void sameAsTshark(String file, String z, String time) throws Exception {
        Cli.Result mine = Cli.run("-r", file, "-q", "-t", time, "-z", z);
        assertEquals(0, mine.code(), mine.err());
        List<String> command = new java.util.ArrayList<>(List.of("env", "TZ=UTC"));
        command.addAll(ToolOutput.TSHARK);
        command.addAll(List.of("-r", file, "-q", "-t", time, "-z", z));
        String theirs = ToolOutput.of(command.toArray(String[]::new));
        assertEquals(theirs, mine.out(), file + " -t " + time + " -z " + z);
    }

    /**
     * The functions of relative times (tshark's FT_RELATIVE_TIME: frame.time_relative and time_delta, tcp.time_relative
     * and time_delta, tcp.analysis.ack_rtt, dns.time), in seconds with six decimals, and LOAD, the time responses were
     * outstanding per second of each interval, spread back over the intervals before as tshark spreads it.
     */
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "dns-veth.pcap;io,stat,0.3,MAX(frame.time_relative)frame.time_relative,SUM(frame.time_delta)frame.time_delta,AVG(tcp.time_delta)tcp.time_delta,MIN(tcp.time_delta)tcp,COUNT(tcp.time_delta)",
        "dns-veth.pcap;io,stat,0.5,LOAD(dns.time)dns.time,AVG(dns.time)dns.time",
        "dns-veth.pcap;io,stat,1,AVG(tcp.time_delta)tcp.time_delta,LOAD(tcp.time_delta)tcp.time_delta",
        "dns-veth.pcap;io,stat,0,LOAD(tcp.time_delta)tcp.time_delta,MAX(tcp.time_delta)tcp.time_delta",
        "ipv6-bigtcp-loss.pcap;io,stat,0.1,LOAD(tcp.analysis.ack_rtt)tcp.analysis.ack_rtt,AVG(tcp.analysis.ack_rtt)tcp.analysis.ack_rtt,MAX(tcp.time_relative)tcp.time_relative,SUM(tcp.time_delta)tcp.time_delta",
        "ipv6-bigtcp-loss.pcap;io,stat,0.01,LOAD(tcp.analysis.ack_rtt)tcp.analysis.ack_rtt",
    })
    void relativeTimesAndLoadAreTsharks(String sample, String z) throws Exception {
        sameAsTshark(Cli.SAMPLES.resolve(sample).toString(), z);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {"io,stat,1,tcp;a", "io,stat,2.5,LOAD(tcp.time_delta)tcp.time_delta,AVG(tcp.time_relative)tcp.time_relative;ad",
        "io,stat,0;udoy", "io,stat,1;ud", "io,stat,0.5,tcp;adoy", "io,stat,0.001,LOAD(tcp.time_relative)tcp.time_relative;r"})
    void rowsInTsharksTimeFormats(String z, String time, @TempDir Path dir) throws Exception {
        sameAsTshark(sampleTwice("12.3", dir), z, time);
    }

    /** A column's first frame (tcp, 0.4 s in) starts the table at its second less its relative second, as in tshark. */
    @Test
    void timeOfDayRowsStartWhereTsharksDo() throws Exception {
        sameAsTshark(Cli.SAMPLES.resolve("dns-veth.pcap").toString(), "io,stat,0.3,tcp", "a");
        sameAsTshark(Cli.SAMPLES.resolve("dns-veth.pcap").toString(), "io,stat,0.3", "ad");
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "ipv6-bigtcp-veth.pcap;io,stat,0.1",
        "ipv6-bigtcp-veth.pcap;io,stat,0.2,tcp,ipv6.hopopts",
        "ipv6-bigtcp-veth.pcap;io,stat,0",
        "ipv6-bigtcp-veth.pcap;io,stat,1",
        "ipv6-bigtcp-veth.pcap;io,stat,10",
        "ipv6-bigtcp-veth.pcap;io,stat,0.001",
        "ipv6-bigtcp-veth.pcap;io,stat,0.05",
        "ipv6-bigtcp-veth.pcap;io,stat,0.04,,tcp.len > 1000",
        "ipv6-bigtcp-veth.pcap;io,stat,0.3,tcp.port==5201 and ipv6.hopopts and frame.len > 100 and frame.len < 100000",
        "ipv6-bigtcp-veth.pcap;io,stat,0.3,tcp.port==5201 and ipv6.hopopts and frame.len > 100 and frame.len < 100000 and tcp.len > 10 or frame.len > 10 and udp",
        "ipv6-bigtcp-veth-nsec.pcap;io,stat,0.01",
        "ipv4-bigtcp-veth.pcap;io,stat,0.1,ip,tcp",
        "dns-veth.pcap;io,stat,0.25,dns,udp",
        "ipv6-bigtcp-loss.pcap;io,stat,0.1",
        "ipv6-bigtcp-loopback.pcap;io,stat,0.002",
        "ipv6-bigtcp-snaplen.pcap;io,stat,0",
        "http-veth.pcap;io,stat,0.1,http",
        "udp-gso-veth.pcap;io,stat,0.5",
        "ipv6-bigtcp-veth.pcap;io,stat,0.2,COUNT(tcp.len)tcp.len,SUM(tcp.len)tcp.len,MIN(tcp.len)tcp.len,MAX(tcp.len)tcp.len,AVG(tcp.len)tcp.len,FRAMES,BYTES,FRAMES()tcp",
        "ipv6-bigtcp-veth.pcap;io,stat,0.05,MIN(tcp.len)tcp.len > 0,AVG(tcp.len)tcp.len,MAX(ipv6.plen)ipv6.plen,SUM(frame.len)frame.len",
        "ipv6-bigtcp-loss.pcap;io,stat,0.1,SUM(tcp.len)tcp.len,COUNT(tcp.analysis.retransmission)tcp.analysis.retransmission,BYTES()tcp.port == 5201,AVG(tcp.window_size_value)tcp.window_size_value",
        "ipv4-bigtcp-veth.pcap;io,stat,0.1,MAX(ip.ttl)ip.ttl,MIN(ip.id)ip.id,COUNT(ip.src)ip.src,FRAMES()tcp,BYTES",
        "dns-veth.pcap;io,stat,0,COUNT(dns.qry.name)dns.qry.name,MAX(udp.length)udp.length",
    })
    void isTsharksTable(String sample, String z) throws Exception {
        sameAsTshark(Cli.SAMPLES.resolve(sample).toString(), z);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {"io,stat,1", "io,stat,5", "io,stat,10", "io,stat,0.5", "io,stat,2.5", "io,stat,0",
        "io,stat,100", "io,stat,1.0,tcp", "io,stat,2.50,,tcp", "io,stat,3,tcp,ipv6.hopopts"})
    void wholeSecondTablesEndAtDur(String z, @TempDir Path dir) throws Exception {
        sameAsTshark(sampleTwice("12.3", dir), z);
    }

    /** A one-digit duration: tshark pads its "Dur" row by one more space. */
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {"io,stat,1", "io,stat,2,tcp", "io,stat,0", "io,stat,0.7"})
    void oneDigitDurations(String z, @TempDir Path dir) throws Exception {
        sameAsTshark(sampleTwice("3.3", dir), z);
    }

    /** ipv6-bigtcp-veth.pcap followed by itself {@code seconds} later. */
    private static String sampleTwice(String seconds, Path dir) throws Exception {
        Path later = dir.resolve("later.pcap");
        Path both = dir.resolve("both.pcap");
        String sample = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString();
        ToolOutput.of("editcap", "-t", seconds, sample, later.toString());
        ToolOutput.of("mergecap", "-F", "pcap", "-w", both.toString(), sample, later.toString());
        return both.toString();
    }

    /** A frame a day later at a 1 ms interval: 86 400 676 rows; the table stops at its row limit and says so, on one line. */
    @Test
    void aFarTimestampCutsTheTableAndSaysSo(@TempDir Path dir) throws Exception {
        String file = sampleTwice("86400", dir);
        Cli.Result r = Cli.run("read", "-q", "-z", "io,stat,0.001", file);
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.outLines();
        assertEquals("io,stat: 85400676 later intervals not shown (at most 1000000 rows); a longer INTERVAL covers the whole capture",
                lines.get(lines.size() - 1));
        // the seconds padded to the duration's 5 digits, as tshark pads them
        assertTrue(lines.get(lines.size() - 3).startsWith("|   999.999 <>  1000.000 |      0 |"), lines.get(lines.size() - 3));
    }

    /**
     * dns-veth.pcap: jumbocap's MAX(udp.length)udp and COUNT(dns.qry.name)dns are the numbers tshark gives when the
     * filter names the field itself (681 and 22); tshark 4.0.17 prints 0 for both with the filters udp and dns.
     */
    @Test
    void aFunctionSeesItsFieldWhateverTheFilter() throws Exception {
        String file = Cli.SAMPLES.resolve("dns-veth.pcap").toString();
        Cli.Result broad = Cli.run("read", "-q", "-z", "io,stat,0,COUNT(dns.qry.name)dns,MAX(udp.length)udp", file);
        assertEquals(0, broad.code(), broad.err());
        String theirs = ToolOutput.of("tshark", "-n", "-r", file, "-q", "-z", "io,stat,0,COUNT(dns.qry.name)dns.qry.name,MAX(udp.length)udp.length");
        String row = theirs.lines().filter(l -> l.startsWith("| 0.000 <> ")).findFirst().orElseThrow();
        String numbers = "| 0.000 <> 0.832 |    22 | 681 |";
        assertTrue(row.startsWith(numbers), row);
        // the box is narrower here (shorter filters), so the row's filler differs
        assertTrue(broad.outLines().stream().anyMatch(l -> l.startsWith(numbers)), broad.out());
    }

    @Test
    void refusesWhatItDoesNotCountNamingWhatItDoes() {
        String file = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString();
        for (String z : List.of("io,stat,0.1,LOAD(tcp.len)tcp", "io,stat,0.1,SUM(frame.time_epoch)", "io,stat,0.1,SUM(ipv6.src)ipv6", "io,stat,abc",
                "io,stat,-1", "io,stat,0.1,SUM(no.such.field)", "io,stat,0.1,SUM()tcp", "io,stat,0.1,MAX(tcp.len", "io,stat,0.1,FRAMES(tcp.len)")) {
            Cli.Result r = Cli.run("read", "-q", "-z", z, file);
            assertEquals(2, r.code(), z + ": a usage error, as every -z refused");
            assertTrue(r.err().contains("io,stat") || r.err().contains("interval"), z + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), z + ": " + r.err());
        }
        // tshark: "io,stat only supports -t <r|a|ad|adoy|u|ud|udoy>"
        for (String t : List.of("d", "e")) {
            Cli.Result r = Cli.run("read", "-q", "-t", t, "-z", "io,stat,1", file);
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().contains("-t r, a, ad, adoy, ud or udoy"), r.err());
        }
    }
}
