package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * {@code read -q -z conv,...|endpoints,...|expert|follow,...} against tshark's own output on the samples
 * (samples/expected/tshark-z/, made by samples/generate.sh --expected-only with TShark 4.0.17, name resolution
 * and IP reassembly off, as jumbocap): tshark's part of every line byte for byte, then the super-packet
 * columns jumbocap adds after tshark's (checked apart, against the stats command's own counts).
 *
 * <p>Differences on purpose:
 * <ul>
 * <li>VXLAN ({@code ipv6-bigtcp-vxlan.pcap}, {@code ipv6-vxlan-gso64k.pcap}): tshark counts a tunnelled frame at every
 * layer it has, the underlay's Ethernet, IPv4 and UDP (192.0.2.1 to 192.0.2.2, port 4789) as well as the overlay's;
 * jumbocap's tables, the viewer's, count the innermost layer of each kind only, so its Ethernet, IPv4 and UDP tables
 * hold the overlay's MACs and the underlay's second IP fragments. The overlay's IPv6 and TCP tables are tshark's.</li>
 * <li>Expert items: tshark's reassembly error "New fragment overlaps old data" has no jumbocap item; jumbocap's jumbogram and BIG TCP
 * notes, its snaplen notes, its "fragment not reassembled" notes, its offloaded-checksum chats and its notes on TLS records that continue in the next
 * segment (tshark reassembles them) have no tshark item (tshark checks no checksum by
 * default and has no jumbogram verdict). Every other item is tshark's, with tshark's count.</li>
 * </ul>
 */
class TsharkStatisticsTest {
    private static final Path EXPECTED = Cli.SAMPLES.resolve("expected/tshark-z");
    private static final String[] TABLES = {"conv,eth", "conv,ip", "conv,ipv6", "conv,tcp", "conv,udp", "endpoints,eth",
        "endpoints,ip", "endpoints,ipv6", "endpoints,tcp", "endpoints,udp"};
    private static final List<String> VXLAN = List.of("ipv6-bigtcp-vxlan.pcap", "ipv6-vxlan-gso64k.pcap");

    /** jumbocap's columns after tshark's: a conversation's super-packets (frames, size), an endpoint's (frames, bytes). */
    private static final Pattern CONVERSATION_ROW = Pattern.compile("(.*\\.\\d{4})  ([ \\d]{5}\\d) (\\d+ (?:bytes|kB|MB|GB|TB))");
    private static final Pattern ENDPOINT_ROW = Pattern.compile("(.*   )     ([ \\d]{5}\\d)       ([ \\d]{8}\\d)");

    static Stream<String> samples() throws IOException {
        try (Stream<Path> s = Files.list(EXPECTED)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tables.txt"))
                    .map(n -> n.substring(0, n.length() - ".tables.txt".length())).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("samples")
    void conversationAndEndpointTablesAreTsharksThenTheSuperPackets(String sample) throws IOException {
        List<String> args = new ArrayList<>(List.of("-r", Cli.SAMPLES.resolve(sample).toString(), "-q"));
        for (String z : TABLES) {
            args.add("-z");
            args.add(z);
        }
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        Map<String, List<String>> theirs = tables(Files.readAllLines(EXPECTED.resolve(sample + ".tables.txt")));
        Map<String, List<String>> mine = tables(tsharkPart(r.outLines()));
        assertEquals(List.copyOf(theirs.keySet()), List.copyOf(mine.keySet()), sample + ": the tables, in tshark's order");
        theirs.forEach((title, lines) -> {
            if (VXLAN.contains(sample) && !title.startsWith("IPv6 ") && !title.startsWith("TCP ")) {
                // the underlay's layers: the same title lines only
                assertEquals(lines.subList(0, 3), mine.get(title).subList(0, 3), sample + " " + title);
            } else {
                assertEquals(lines, mine.get(title), sample + " " + title);
            }
        });
    }

    /** The super-packet columns add up to what stats counts as jumbograms and super-packets. */
    @Test
    void superPacketColumnsCountTheJumbograms() {
        String veth = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString();
        Cli.Result r = Cli.run("-r", veth, "-q", "-z", "conv,tcp", "-z", "endpoints,ipv6");
        assertEquals(0, r.code(), r.err());
        long conversationFrames = 0;
        long endpointFrames = 0;
        for (String line : r.outLines()) {
            Matcher c = CONVERSATION_ROW.matcher(line);
            Matcher e = ENDPOINT_ROW.matcher(line);
            if (c.matches()) {
                conversationFrames += Long.parseLong(c.group(2).trim());
            } else if (e.matches()) {
                endpointFrames += Long.parseLong(e.group(2).trim());
            }
        }
        // 21 super-packets, each between 2001:db8:1::1 and ::2, so counted at both endpoints
        Cli.Result jumbo = Cli.run("read", "-T", "fields", "-e", "frame.number", "-Y", "jumbo", veth);
        assertEquals(21, jumbo.outLines().size());
        assertEquals(21, conversationFrames);
        assertEquals(42, endpointFrames);
    }

    @ParameterizedTest
    @MethodSource("samples")
    void expertItemsAreTsharksWhereBothHaveThem(String sample) throws IOException {
        expertAgrees(sample, Cli.SAMPLES.resolve(sample));
    }

    @Test
    void expertItemsOfTheTcpScenarios() throws IOException {
        expertAgrees("analysis-scenarios.pcap", Cli.SAMPLES.resolve("tcp-scenarios/analysis-scenarios.pcap"));
    }

    private static final List<String> ONLY_TSHARK = List.of("New fragment overlaps old data",
            // VXLAN sample, an inner IPv6 header in the first of two IP fragments: jumbocap says it in its own words
            // ("Payload length 1418 runs past the 1410 bytes of the enclosing IP fragment"), same frames, same count
            "IPv6 payload length exceeds framing length",
            // the same 64 frames: jumbocap's verdict is a jumbo-group note, "Jumbo Payload option with payload length
            // 1418: it must be 0 (RFC 2675 section 3)"
            "When IPv6 payload length does not equal 0 a Jumbo Payload option must not be present");

    private static void expertAgrees(String name, Path file) throws IOException {
        Cli.Result r = Cli.run("-r", file.toString(), "-q", "-z", "expert");
        assertEquals(0, r.code(), r.err());
        Map<String, List<String>> theirs = expertSections(Files.readAllLines(EXPECTED.resolve(name + ".expert.txt")));
        Map<String, List<String>> mine = expertSections(r.outLines());
        theirs.forEach((severity, items) -> {
            for (String item : items) {
                if (ONLY_TSHARK.stream().noneMatch(item::contains)) {
                    assertTrue(mine.getOrDefault(severity, List.of()).contains(item), name + " " + severity + ": " + item);
                }
            }
        });
        mine.forEach((severity, items) -> {
            for (String item : items) {
                boolean jumbocapOnly = item.matches(" +\\d+ +(Jumbo|Truncated) .*")
                        || item.contains("is the pseudo-header sum left for the NIC")
                        // tshark marks no fragment when it does not reassemble; jumbocap says where it dissects one in
                        // place (the VXLAN sample's underlay: "Non-first fragment (offset 1480): payload shown as data")
                        || item.toLowerCase(java.util.Locale.ROOT).contains("fragment")
                        // a TLS record that runs past what jumbocap could gather (a frame cut by the snap length): it
                        // says where one continues, where tshark says nothing
                        || item.matches(" +\\d+  Undecoded +TLS  .*")
                        // tcp.reassembly.gap: after a lost segment the protocol above TCP (HTTP on port 80 in
                        // analysis-scenarios.pcap) resumes at its next message boundary and jumbocap says how many bytes
                        // it passed over; tshark's one pass passes over them without an item
                        || item.contains("not decoded: the stream has a gap before them");
                if (!jumbocapOnly) {
                    assertTrue(theirs.getOrDefault(severity, List.of()).contains(item), name + " " + severity + ": " + item);
                }
            }
        });
    }

    /** "Warns" -> its item lines. */
    private static Map<String, List<String>> expertSections(List<String> lines) {
        Map<String, List<String>> sections = new LinkedHashMap<>();
        List<String> current = null;
        for (String l : lines) {
            Matcher m = Pattern.compile("(Errors|Warns|Notes|Chats) \\(\\d+\\)").matcher(l);
            if (m.matches()) {
                current = new ArrayList<>();
                sections.put(m.group(1), current);
            } else if (current != null && l.matches(" +\\d+ .*")) {
                current.add(l);
            }
        }
        return sections;
    }

    /** Each table's lines (title, filter, column heads, rows) by its title. */
    private static Map<String, List<String>> tables(List<String> lines) {
        Map<String, List<String>> tables = new LinkedHashMap<>();
        List<String> current = null;
        for (String l : lines) {
            if (l.matches("\\S.* (Conversations|Endpoints)")) {
                current = new ArrayList<>();
                tables.put(l, current);
            }
            if (l.startsWith("=")) {
                current = null;
            } else if (current != null) {
                current.add(l);
            }
        }
        return tables;
    }

    /** jumbocap's lines without the columns it adds after tshark's. */
    private static List<String> tsharkPart(List<String> lines) {
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            Matcher c = CONVERSATION_ROW.matcher(l);
            Matcher e = ENDPOINT_ROW.matcher(l);
            if (c.matches()) {
                out.add(c.group(1));
            } else if (e.matches()) {
                out.add(e.group(1));
            } else {
                out.add(l.replace(" | Super-packets | | Super Bytes |", "").replace(" | Super-packets |", "")
                        .replace("|              | | Frames  Bytes |", "|              |"));
            }
        }
        return out;
    }

    /**
     * Conversations of SYN, FIN and RST alone and a connection that reuses a closed one's ports, against the installed
     * tshark: analysis-scenarios.pcap (10.0.0.1:4000 to 10.0.0.2:80 twice: tshark's two TCP conversations are its two
     * tcp.streams, jumbocap's too), a SYN alone and an ACK alone (crafted), and an ICMPv6 error quoting TCP (a
     * stream of no frame of its own). The TCP conversation and endpoint tables are tshark's, and so is
     * {@code -z follow,tcp,ascii|hex|raw,N} for every stream, payload or none.
     *
     * <p>Difference on purpose: transport-tcp-header-length-short.pcap, a segment whose header length is 16, is counted
     * at its ports by jumbocap (its addresses and ports are there; the tree marks the bogus length); tshark's TCP
     * dissector stops before its tap and lists no TCP conversation.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"tcp-scenarios/analysis-scenarios.pcap",
        "crafted/transport-tcp-option-length-zero.pcap", "crafted/transport-tcp-option-overrun.pcap",
        "crafted/transport-icmpv6-packet-too-big-jumbo.pcap"})
    void chatsAndReusedPortsAreTsharks(String sample) throws Exception {
        String file = Cli.SAMPLES.resolve(sample).toString();
        for (String z : List.of("conv,tcp", "endpoints,tcp")) {
            Cli.Result r = Cli.run("-r", file, "-q", "-z", z);
            assertEquals(0, r.code(), r.err());
            List<String> theirs = ToolOutput.tshark(List.of(), "-r", file, "-q", "-z", z).lines()
                    .map(String::stripTrailing).toList();
            assertEquals(theirs, tsharkPart(r.outLines()).stream().map(String::stripTrailing).toList(), sample + " " + z);
        }
        long streams = ToolOutput.tshark(List.of(), "-r", file, "-T", "fields", "-e", "tcp.stream").lines()
                .filter(l -> !l.isEmpty()).mapToLong(Long::parseLong).max().orElse(-1) + 1;
        for (long n = 0; n < Math.max(1, streams); n++) {
            for (String mode : List.of("ascii", "hex", "raw")) {
                String z = "follow,tcp," + mode + "," + n;
                Cli.Result r = Cli.run("-r", file, "-q", "-z", z);
                assertEquals(ToolOutput.tshark(List.of(), "-r", file, "-q", "-z", z), r.out(), sample + " " + z);
            }
        }
    }

    /**
     * {@code -z expert,LEVEL[,FILTER]}: the items of that level and above, against the installed tshark where both tools
     * have the same items at those levels (the loss sample's window-full warnings, none of them errors).
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = ';', value = {"ipv6-bigtcp-loss.pcap;expert,warn",
        "ipv6-bigtcp-loss.pcap;expert,error", "ipv6-bigtcp-loss.pcap;expert,warn,frame.number > 300", "dns-veth.pcap;expert,warn"})
    void expertLevelsAreTsharks(String sample, String z) throws Exception {
        String file = Cli.SAMPLES.resolve(sample).toString();
        Cli.Result r = Cli.run("-r", file, "-q", "-z", z);
        assertEquals(0, r.code(), r.err());
        assertEquals(ToolOutput.tshark(List.of(), "-r", file, "-q", "-z", z), r.out(), sample + " " + z);
        if (z.startsWith("expert,warn") && sample.startsWith("ipv6-bigtcp-loss")) {
            assertTrue(r.out().contains("Warns (") && !r.out().contains("Notes ("), r.out());
        }
    }

    @Test
    void followIsTheFollowCommand() {
        String veth = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString();
        for (String mode : List.of("raw", "ascii", "hex", "yaml")) {
            Cli.Result z = Cli.run("-r", veth, "-q", "-z", "follow,tcp," + mode + ",1");
            Cli.Result follow = Cli.run("follow", "tcp", "1", "-T", mode, veth);
            assertEquals(0, z.code(), z.err());
            assertEquals(follow.out(), z.out(), mode);
            assertTrue(z.out().length() > 1000, mode);
        }
    }

    @Test
    void reportsComeInTsharksOrderAfterTheFramesAndTakeATapFilter() {
        String veth = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString();
        Cli.Result both = Cli.run("-r", veth, "-c", "3", "-z", "conv,ipv6", "-z", "endpoints,tcp,tcp.srcport == 42782");
        assertEquals(0, both.code(), both.err());
        List<String> lines = both.outLines();
        // three summary lines, then the reports in the reverse order of the command line, as tshark draws its taps
        assertTrue(lines.get(0).startsWith("    1 "), lines.get(0));
        assertEquals("=".repeat(80), lines.get(3));
        assertEquals("TCP Endpoints", lines.get(4));
        assertEquals("Filter:tcp.srcport == 42782", lines.get(5));
        assertTrue(both.out().indexOf("IPv6 Conversations") > both.out().indexOf("TCP Endpoints"));
    }
}
