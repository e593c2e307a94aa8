package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code -e tcp.payload}, {@code -e udp.payload} and {@code -e data.data} print the bytes as tshark's
 * {@code -T fields} does: lowercase hex without separators. Compared frame by frame with tshark 4.0 on the
 * samples through the length and the first 16 hex digits of the SHA-256 of each column
 * ({@code samples/expected/tshark-payload/}, made with {@code tshark -o ip.defragment:FALSE -o
 * ipv6.defragment:FALSE -T fields -e frame.number -e tcp.payload -e udp.payload -e data.data}; a
 * super-packet's payload is hundreds of kilobytes of hex, too much to commit).
 *
 * <p>Where they differ, and why:
 * <ul>
 * <li>{@code data.data} of a TCP segment tshark's analysis calls a retransmission: tshark does not hand a
 * retransmitted segment's payload to the next dissector, so it has no data layer; jumbocap shows every
 * unclaimed payload as data (its {@code tcp.payload} is the same as tshark's).</li>
 * <li>Two iperf3 segments of the loss sample (frames 91 and 426) that tshark's heuristic JXTA dissector
 * claims (tshark's frame.protocols ends in {@code tcp:jxta}): they are not JXTA, and jumbocap shows them
 * as data.</li>
 * </ul>
 */
class PayloadHexTest {
    private static final List<String> COLUMNS = List.of("tcp.payload", "udp.payload", "data.data");

    /** "file frame column" where tshark prints no data and jumbocap does, for the reasons above. */
    private static final Set<String> KNOWN = Set.of(
            "ipv6-bigtcp-loss.pcap 91 data.data", "ipv6-bigtcp-loss.pcap 426 data.data");

    static Stream<Path> samples() {
        try (Stream<Path> s = Files.list(Cli.SAMPLES.resolve("expected/tshark-payload"))) {
            return s.map(p -> Cli.SAMPLES.resolve(p.getFileName().toString().replaceFirst("\\.tsv$", "")))
                    .sorted().toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest
    @MethodSource("samples")
    void payloadColumnsAreTsharksHex(Path sample) throws IOException {
        List<String> tshark = Files.readAllLines(Cli.SAMPLES.resolve("expected/tshark-payload/"
                + sample.getFileName() + ".tsv"));
        Cli.Result r = Cli.run("read", "-T", "fields", "-e", "frame.number", "-e", "tcp.payload",
                "-e", "udp.payload", "-e", "data.data", sample.toString());
        assertEquals(0, r.code(), r.err());
        List<String> ours = new ArrayList<>();
        for (String line : r.outLines()) {
            ours.add(digests(line));
        }
        assertEquals(tshark.size() - 1, ours.size(), "frames of " + sample);
        Set<String> retransmissions = retransmissions(sample);
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < ours.size(); i++) {
            String[] theirs = tshark.get(i + 1).split("\t", -1);
            String[] mine = ours.get(i).split("\t", -1);
            for (int c = 1; c < theirs.length; c++) {
                boolean retransmittedData = COLUMNS.get(c - 1).equals("data.data") && theirs[c].equals("-")
                        && mine[c].equals(mine[1]) && retransmissions.contains(theirs[0]);
                boolean known = theirs[c].equals("-")
                        && KNOWN.contains(sample.getFileName() + " " + theirs[0] + " " + COLUMNS.get(c - 1));
                if (!theirs[c].equals(mine[c]) && !retransmittedData && !known) {
                    differences.add(sample.getFileName() + " frame " + theirs[0] + " " + COLUMNS.get(c - 1)
                            + ": tshark " + theirs[c] + ", jumbocap " + mine[c]);
                }
            }
        }
        assertEquals(List.of(), differences);
    }

    /** Frames tshark's TCP analysis marks as retransmitted, from the committed tshark TCP columns. */
    private static Set<String> retransmissions(Path sample) throws IOException {
        Path tsv = Cli.SAMPLES.resolve("expected/tshark-tcp/" + sample.getFileName() + ".tsv");
        if (!Files.exists(tsv)) {
            return Set.of();
        }
        List<String[]> rows = Files.readAllLines(tsv).stream().filter(l -> !l.isEmpty())
                .map(l -> l.split("\t", -1)).toList();
        int number = Cli.column(rows, "frame.number");
        List<Integer> flagged = new ArrayList<>();
        for (int i = 0; i < rows.get(0).length; i++) {
            String name = rows.get(0)[i];
            if (name.equals("tcp.analysis.retransmission") || name.equals("tcp.analysis.fast_retransmission")
                    || name.equals("tcp.analysis.spurious_retransmission")) {
                flagged.add(i);
            }
        }
        Set<String> out = new java.util.HashSet<>();
        for (String[] row : rows.subList(1, rows.size())) {
            for (int i : flagged) {
                if (i < row.length && !row[i].isEmpty()) {
                    out.add(row[number]);
                }
            }
        }
        return out;
    }

    /** A line of columns as the committed file has it: frame number, then length:sha256-prefix or "-". */
    private static String digests(String line) {
        String[] cols = line.split("\t", -1);
        StringBuilder s = new StringBuilder(cols[0]);
        for (int i = 1; i < cols.length; i++) {
            s.append('\t');
            if (cols[i].isEmpty()) {
                s.append('-');
            } else {
                s.append(cols[i].length()).append(':').append(sha256(cols[i]).substring(0, 16));
            }
        }
        return s.toString();
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void bytesFieldsThatHoldACopyPrintAsHexToo() {
        Cli.Result r = Cli.run("read", "-T", "fields", "-e", "tcp.options", "-Y", "tcp.flags.syn == 1",
                Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString());
        assertEquals(0, r.code(), r.err());
        // tshark -r ipv6-bigtcp-veth.pcap -Y tcp.flags.syn==1 -T fields -e tcp.options, first line
        assertEquals("020405a00402080ad7d75ec2000000000103030a", r.outLines().get(0));
        assertTrue(r.outLines().stream().allMatch(l -> l.matches("[0-9a-f]+")), r.out());
    }
}
