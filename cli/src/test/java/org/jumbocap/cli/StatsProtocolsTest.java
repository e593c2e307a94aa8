package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.jumbocap.stats.ProtocolHierarchy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code stats}' Protocols section: every frame counted along its protocols (tshark's {@code -z io,phs}, the
 * viewer's Protocol Hierarchy) and by its highest one, from the summaries alone. Against tshark's own
 * {@code -z io,phs} on the samples where the two decode the same protocols; and against jumbocap's own trees
 * ({@code read -T fields -e frame.protocols}) on every sample, so the summary path counts what the tree says.
 */
class StatsProtocolsTest {
    private static final String HEADING = "Protocols (";

    /** Each protocol's frames and bytes are tshark's {@code -z io,phs}; the highest ones add up to every frame. */
    @ParameterizedTest
    @ValueSource(strings = {"arp-veth.pcap", "dns-veth.pcap", "dhcpv6-veth.pcap", "ipv6-bigtcp-veth.pcap", "udp-gso-veth.pcap"})
    void countsAsTsharksProtocolHierarchy(String sample) throws Exception {
        String file = Cli.SAMPLES.resolve(sample).toString();
        String theirs = ToolOutput.tshark(List.of(), "-r", file, "-q", "-z", "io,phs");
        List<String> expected = new ArrayList<>();
        for (String line : theirs.split("\n")) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("( *)(\\S+) +frames:(\\d+) bytes:(\\d+)").matcher(line);
            if (m.matches()) {
                expected.add(m.group(1) + m.group(2) + " " + m.group(3) + " " + m.group(4));
            }
        }
        List<String> ours = new ArrayList<>();
        long highest = 0;
        String[] lines = section(file).split("\n");
        for (int i = 1; i < lines.length; i++) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("  ( *)(\\S+) +([\\d,]+) +([\\d,]+) +([\\d,]+)").matcher(lines[i]);
            assertTrue(m.matches(), lines[i]);
            ours.add(m.group(1) + m.group(2) + " " + m.group(3).replace(",", "") + " " + m.group(5).replace(",", ""));
            highest += Long.parseLong(m.group(4).replace(",", ""));
        }
        assertEquals(expected, ours, sample);
        assertEquals(Long.parseLong(expected.get(0).split(" ")[1]), highest, sample + ": every frame has one highest protocol");
    }

    @Test
    void countsWhatEveryTreeSays() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Stream.concat(Files.list(Cli.SAMPLES), Files.list(Cli.SAMPLES.resolve("crafted")))) {
            s.filter(p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng")).sorted().forEach(files::add);
        }
        assertTrue(files.size() > 80, "samples: " + files.size());
        for (Path p : files) {
            String file = p.toString();
            Cli.Result trees = Cli.run("read", file, "-T", "fields", "-e", "frame.protocols", "-e", "frame.len");
            String section = section(file);
            assertEquals(table(trees.out()), section, file);
        }
    }

    @Test
    void jsonHasTheSameCounts() {
        Cli.Result r = Cli.run("stats", "-T", "json", Cli.SAMPLES.resolve("dns-veth.pcap").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\"protocols\":[{\"protocol\":\"eth\",\"frames\":31,\"highest\":0,\"bytes\":3430,"
                + "\"children\":[{\"protocol\":\"ip\",\"frames\":31,\"highest\":0,\"bytes\":3430,\"children\":[{\"protocol\":"
                + "\"udp\",\"frames\":16,\"highest\":0,\"bytes\":2130,\"children\":[{\"protocol\":\"dns\",\"frames\":16,"
                + "\"highest\":16,\"bytes\":2130}]},{\"protocol\":\"tcp\",\"frames\":15,\"highest\":10,\"bytes\":1300,"
                + "\"children\":[{\"protocol\":\"dns\",\"frames\":5,\"highest\":4,\"bytes\":624,\"children\":[{\"protocol\":"
                + "\"dns\",\"frames\":1,\"highest\":1,\"bytes\":132}]}]}]}]}]"), r.out());
    }

    /** The Protocols section of {@code stats FILE}, from its heading to the blank line after it. */
    private static String section(String file) {
        Cli.Result r = Cli.run("stats", "--no-progress", file);
        String out = r.out();
        int start = out.indexOf(HEADING);
        assertTrue(start >= 0, file + ": " + r.err());
        int end = out.indexOf("\n\n", start);
        return out.substring(out.indexOf('\n', start) + 1, end + 1);
    }

    /** The section's rows made from "protocols<TAB>frame.len" lines, one per frame. */
    private static String table(String fields) {
        ProtocolHierarchy h = new ProtocolHierarchy();
        for (String line : fields.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            String[] cells = line.split("\t", -1);
            h.add(cells[0], Long.parseLong(cells[1]));
        }
        if (h.root().children().isEmpty()) {
            return "  none\n";
        }
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "  %-32s %10s %10s %15s%n", "protocol", "frames",
                "highest", "bytes"));
        for (ProtocolHierarchy.Node n : h.root().children()) {
            row(s, n, 0);
        }
        return s.toString();
    }

    private static void row(StringBuilder s, ProtocolHierarchy.Node n, int depth) {
        s.append(String.format(Locale.ROOT, "  %-32s %,10d %,10d %,15d%n", "  ".repeat(depth) + n.name(), n.frames(),
                n.endFrames(), n.bytes()));
        for (ProtocolHierarchy.Node c : n.children()) {
            row(s, c, depth + 1);
        }
    }
}
