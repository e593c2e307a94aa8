package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * tshark's and tcpdump's options as their users type them: accepted where they mean something here (the
 * output is then that of the jumbocap options they stand for), refused on one line naming the jumbocap
 * command that does it where not.
 */
class TsharkHabitsTest {
    private static final String F = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString();

    private static String[] a(String... args) {
        return args;
    }

    /** The habit, then the jumbocap command line whose output it gives. */
    static Stream<Arguments> accepted() {
        return Stream.of(
                Arguments.of(a("read", "-n", F), a("read", F)),
                Arguments.of(a("read", "-nn", "-r", F), a("read", F)),
                Arguments.of(a("read", "-N", "-r", F), a("read", F)),
                Arguments.of(a("-r", F), a("read", F)),
                Arguments.of(a("--no-color", "-r", F), a("read", F)),
                Arguments.of(a("--no-color", "read", "-n", F), a("read", F)),
                Arguments.of(a("--no-color", "stats", F), a("stats", F)),
                Arguments.of(a("-n", "-r", F, "-Y", "jumbo", "-V"), a("read", "-Y", "jumbo", "-V", F)),
                Arguments.of(a("-r", F, "-l"), a("read", F)),
                Arguments.of(a("-r", F, "--color"), a("read", F)),
                Arguments.of(a("-n", "-r", F, "-d", "tcp.port==5201,http", "-c", "3"), a("read", "--decode-as", "tcp.port==5201,http", "-c", "3", F)),
                Arguments.of(a("read", "-l", "-T", "fields", "-e", "frame.number", F), a("read", "-T", "fields", "-e", "frame.number", F)),
                Arguments.of(a("-r", F, "-q"), a("read", "-c", "0", "-Y", "frame.number == 0", F)),
                Arguments.of(a("-r", F, "-t", "ad"), a("read", "-t", "a", F)),
                Arguments.of(a("-r", F, "-t", "ud"), a("read", "-t", "a", F)),
                Arguments.of(a("-r", F, "-t", "a"), a("read", "-t", "a", F)),
                Arguments.of(a("-r", F, "-t", "dd"), a("read", "-t", "d", F)),
                Arguments.of(a("-r", F, "-t", "e"), a("read", "-t", "e", F)),
                Arguments.of(a("-r", F, "-s", "0"), a("read", F)),
                Arguments.of(a("-r", F, "-o", "tcp.relative_sequence_numbers:FALSE"), a("read", "--raw-sequence-numbers", F)),
                Arguments.of(a("-r", F, "-o", "tcp.relative_sequence_numbers:TRUE"), a("read", F)),
                Arguments.of(a("-r", F, "-o", "tcp.check_checksum:TRUE", "-V"), a("read", "--verify-checksums", "-V", F)),
                Arguments.of(a("-r", F, "-o", "ip.defragment:FALSE"), a("read", F)),
                // tshark's second pass numbers the frames it keeps from 1; jumbocap keeps their numbers in the file
                Arguments.of(a("-r", F, "-2", "-R", "tcp.len > 65535"), a("read", "-2", "-Y", "tcp.len > 65535", F)),
                // tcpdump
                Arguments.of(a("read", "-nn", "-r", F, "-X", "-c", "2"), a("read", "-x", "-c", "2", F)),
                Arguments.of(a("read", "-r", F, "-A", "-c", "2"), a("read", "-x", "-c", "2", F)),
                Arguments.of(a("read", "-r", F, "-v", "-c", "2"), a("read", "-V", "-c", "2", F)),
                Arguments.of(a("read", "-nn", "-e", "-r", F, "-c", "3"), a("read", "--link-header", "-c", "3", F)),
                Arguments.of(a("-r", F, "-t", "adoy"), a("read", "-t", "a", F)),
                Arguments.of(a("read", "-tt", "-r", F), a("read", "-t", "e", F)),
                Arguments.of(a("read", "-ttt", "-r", F), a("read", "-t", "d", F)),
                Arguments.of(a("read", "-tttt", "-r", F), a("read", "-t", "a", F)),
                Arguments.of(a("read", "-ttttt", "-r", F), a("read", "-t", "r", F)),
                Arguments.of(a("-r", F, "-q", "-t", "ad", "-z", "io,stat,0.1"), a("read", "-q", "-t", "ud", "-z", "io,stat,0.1", F)),
                Arguments.of(a("-r", F, "-T", "psml", "-c", "2"), a("read", "-T", "psml", "-c", "2", F)),
                // the frames the display filter selects (times and analysis count only the frames read)
                Arguments.of(a("read", "-nn", "-r", F, "-T", "fields", "-e", "frame.number", "tcp", "port", "5201"),
                        a("read", "-T", "fields", "-e", "frame.number", "-Y", "tcp.port == 5201", F)),
                Arguments.of(a("-D"), a("interfaces")),
                Arguments.of(a("-G", "fields"), a("fields", "--tshark-layout")),
                Arguments.of(a("-G"), a("fields", "--tshark-layout")));
    }

    @ParameterizedTest
    @MethodSource("accepted")
    void acceptedAsTheJumbocapOptionsTheyMean(String[] habit, String[] jumbocap) {
        Cli.Result mine = Cli.run(habit);
        Cli.Result theirs = Cli.run(jumbocap);
        assertEquals(theirs.code(), mine.code(), String.join(" ", habit) + ": " + mine.err());
        assertEquals(theirs.out(), mine.out(), String.join(" ", habit));
    }

    /** The habit, then what the one line must name. */
    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of(a("-q", "-z", "conv,tcp"), "'jumbocap read -q -z conv,tcp FILE'"),
                Arguments.of(a("read", "-z", "io,stat,1,LOAD(tcp.len)tcp", F), "LOAD takes a relative time such as tcp.time_delta"),
                Arguments.of(a("-r", F, "-q", "-t", "e", "-z", "io,stat,1"), "io,stat shows its rows with -t r, a, ad, adoy, ud or udoy"),
                Arguments.of(a("read", "-z", "io,foo", F), "io,stat,INTERVAL[,FILTER...] and io,phs"),
                Arguments.of(a("-r", F, "-z", "ptype,tree"), "as tshark's -z io,phs"),
                Arguments.of(a("-r", F, "-z", "conv,sctp"), "jumbocap counts eth, ip, ipv6, tcp and udp"),
                Arguments.of(a("-r", F, "-z", "follow,udp,ascii,1"), "'jumbocap follow tcp N FILE'"),
                Arguments.of(a("-r", F, "-z", "conv,tcp,tcp.port ==="), "-z conv,tcp"),
                Arguments.of(a("-r", F, "-z", "conv,tcp", "-w", "x.pcap"), "read the written file with -q -z"),
                Arguments.of(a("-i", "eth0"), "see 'jumbocap capture -i IF'"),
                Arguments.of(a("-G", "protocols"), "see 'jumbocap fields'"),
                Arguments.of(a("-r", F, "-s", "96"), "see 'jumbocap capture -s N'"),
                Arguments.of(a("-r", F, "-o", "http.desegment_body:FALSE"), "tcp.relative_sequence_numbers (--raw-sequence-numbers)"),
                Arguments.of(a("-r", F, "-o", "tcp.desegment_tcp_streams:TRUE"), "'jumbocap follow'"),
                Arguments.of(a("-r", F, "-R", "tcp"), "a display filter is -Y FILTER"),
                Arguments.of(a("-r", F, "-t", "u"), "-t ud"),
                Arguments.of(a("-r", F, "-Y", "tcp", "-t", "dd"), "use -t d"),
                Arguments.of(a("-r", F, "-F", "pcap"), "-F needs -w FILE"),
                Arguments.of(a("-r", F, "-w", "x.pcap", "-F", "erf"), "jumbocap writes pcap or pcapng"),
                Arguments.of(a("-r", F, "-d", "udp.port==53,foo"), "udp.port decodes dhcp, dhcpv6, dns, geneve, ntp, quic, vxlan"),
                Arguments.of(a("-r", F, "-d", "sctp.port==80,http"), "expected tcp.port==PORT,PROTO or udp.port==PORT,PROTO"),
                Arguments.of(a("-r", F, "-d", "udp.port==5-3,ntp"), "ports are 0 to 65535, FROM-TO with FROM <= TO"),
                Arguments.of(a("export", "-w", "-", F), "Parquet cannot go to standard output"),
                Arguments.of(a("read", "-t", "-r", F), "tcpdump's 'no time'; jumbocap prints one: -t r|a|d|e"));
    }

    @ParameterizedTest
    @MethodSource("refused")
    void refusedOnOneLineNamingTheEquivalent(String[] habit, String names) {
        Cli.Result r = Cli.run(habit);
        assertEquals(2, r.code(), String.join(" ", habit) + ": " + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains(names), String.join(" ", habit) + ": " + r.err());
        assertEquals("", r.out());
    }

    @Test
    void minusFChoosesTheFormatWhateverTheName(@TempDir Path dir) throws IOException {
        Path ng = dir.resolve("out.pcap");
        assertEquals(0, Cli.run("-r", F, "-w", ng.toString(), "-F", "pcapng").code());
        byte[] head = Files.readAllBytes(ng);
        assertEquals(0x0A0D0D0A, java.nio.ByteBuffer.wrap(head, 0, 4).getInt(), "a pcapng section header");
        Path pcap = dir.resolve("out.pcapng");
        assertEquals(0, Cli.run("-r", F, "-w", pcap.toString(), "-F", "pcap").code());
        int magic = java.nio.ByteBuffer.wrap(Files.readAllBytes(pcap), 0, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
        assertTrue(magic == 0xa1b2c3d4 || magic == 0xa1b23c4d, Integer.toHexString(magic));
        String[] columns = {"-T", "fields", "-e", "frame.number", "-e", "frame.len", "-e", "frame.time_epoch"};
        assertEquals(Cli.run(Stream.concat(Stream.of("read"), Stream.concat(Stream.of(columns), Stream.of(F))).toArray(String[]::new)).out(),
                Cli.run(Stream.concat(Stream.of("read"), Stream.concat(Stream.of(columns), Stream.of(ng.toString()))).toArray(String[]::new)).out());
    }

    /**
     * {@code -d} (Decode As) against tshark's own Protocol column on the samples. Difference on purpose: DNS over TCP
     * decoded as TLS (dns-veth.pcap frames 20, 22, 24, ...): tshark labels bytes that are no TLS record "SSL"
     * (Continuation Data), jumbocap's TLS decoder declines them and the frame stays TCP.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = ';', value = {"ipv6-bigtcp-veth.pcap;tcp.port==5201,http;false",
        "dns-veth.pcap;udp.port==53,ntp;true", "dns-veth.pcap;udp.port==0-65535,ntp;true", "udp-gso-veth.pcap;udp.port==5201,quic;false",
        "quic-veth-udpseg.pcapng;udp.port==443,dns;true", "tls-veth.pcap;tcp.port==443,http;true"})
    void decodeAsIsTsharks(String sample, String decodeAs, boolean changes) throws Exception {
        String file = Cli.SAMPLES.resolve(sample).toString();
        Cli.Result mine = Cli.run("-r", file, "-d", decodeAs, "-T", "fields", "-e", "_ws.col.Protocol");
        assertEquals(0, mine.code(), mine.err());
        assertEquals(ToolOutput.tshark(List.of(), "-r", file, "-d", decodeAs, "-T", "fields", "-e", "_ws.col.Protocol"), mine.out());
        // iperf3's bytes as HTTP, and UDP GSO's as QUIC, are no such messages: both tools leave them TCP and UDP
        assertEquals(changes, !mine.out().equals(Cli.run("-r", file, "-T", "fields", "-e", "_ws.col.Protocol").out()),
                sample + ": whether -d changes what is decoded");
    }

    /** A filter on what -d decodes selects the frames -w writes, as tshark's does (dns-veth.pcap: its 16 UDP DNS frames as NTP). */
    @Test
    void decodeAsHoldsForTheFramesWritten(@TempDir Path dir) throws Exception {
        String file = Cli.SAMPLES.resolve("dns-veth.pcap").toString();
        Path out = dir.resolve("ntp.pcap");
        assertEquals(0, Cli.run("-r", file, "-d", "udp.port==53,ntp", "-Y", "ntp", "-w", out.toString()).code());
        long theirs = ToolOutput.tshark(List.of(), "-r", file, "-d", "udp.port==53,ntp", "-Y", "ntp", "-T", "fields", "-e", "frame.number")
                .lines().count();
        assertEquals(16, theirs);
        assertEquals(theirs, Cli.run("read", "-T", "fields", "-e", "frame.number", out.toString()).outLines().size());
    }

    /** tshark -G fields: P lines of three columns, F lines of eight, as tshark 4.0 lays them out. */
    @Test
    void fieldListInTsharksLayout() {
        List<String> lines = Cli.run("-G", "fields").outLines();
        assertTrue(lines.contains("F\tPayload Length\tipv6.opt.jumbo\tFT_UINT32\tipv6\tBASE_DEC\t0x0\tIPv6 (Jumbo) Payload Length")
                || lines.stream().anyMatch(l -> l.matches("F\t[^\t]+\tipv6\\.opt\\.jumbo\tFT_UINT32\tipv6\tBASE_DEC\t0x0\t.*")),
                String.join("\n", lines.subList(0, 5)));
        assertTrue(lines.stream().anyMatch(l -> l.matches("P\t[^\t]+\ttcp")));
        assertTrue(lines.stream().allMatch(l -> l.startsWith("P\t") ? l.split("\t", -1).length == 3 : l.split("\t", -1).length == 8));
    }
}
