package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code read}'s output on the veth sample, committed under samples/expected/read/: its summary lines,
 * {@code -V}, {@code -T json}, each with and without a display filter, {@code -x} of the first jumbogram,
 * the summary lines in each time format of {@code -t}, and absolute times of a nanosecond file. The viewer's Export Packet Dissections and hex copy are held to these files, so the two front
 * ends agree without the viewer depending on the command line; this test keeps the files true.
 * {@code -Djumbocap.regenerate=true} rewrites them.
 */
class CommittedReadOutputTest {
    static final Path SAMPLE = Path.of("..", "samples", "ipv6-bigtcp-veth.pcap");
    static final Path NSEC_SAMPLE = Path.of("..", "samples", "ipv6-bigtcp-veth-nsec.pcap");
    static final Path DIR = Path.of("..", "samples", "expected", "read");
    static final String FILTER = "jumbo || icmpv6";

    /** File name, then the arguments of {@code read} before the sample. */
    static List<String[]> outputs() {
        List<String[]> out = new ArrayList<>();
        out.add(new String[] {"summary.txt"});
        out.add(new String[] {"details.txt", "-V"});
        out.add(new String[] {"frames.json", "-T", "json"});
        out.add(new String[] {"summary-filtered.txt", "-Y", FILTER});
        out.add(new String[] {"details-filtered.txt", "-V", "-Y", FILTER});
        out.add(new String[] {"frames-filtered.json", "-T", "json", "-Y", FILTER});
        out.add(new String[] {"hex-first-jumbogram.txt", "-x", "--max-hex-bytes", "1000000", "-c", "1", "-Y", "jumbo"});
        for (String letter : new String[] {"a", "e", "r", "d"}) {
            out.add(new String[] {"times-" + letter + ".txt", "-t", letter});
        }
        out.add(new String[] {"times-r-icmpv6.txt", "-t", "r", "-Y", "icmpv6"});
        out.add(new String[] {"times-d-icmpv6.txt", "-t", "d", "-Y", "icmpv6"});
        // a file that keeps nanoseconds: nine decimals
        out.add(new String[] {"times-a-nsec.txt", "-t", "a", NSEC_SAMPLE.toString()});
        return out;
    }

    @TestFactory
    Stream<DynamicTest> readPrintsTheCommittedOutput() {
        boolean regenerate = Boolean.getBoolean("jumbocap.regenerate");
        return outputs().stream().map(o -> DynamicTest.dynamicTest(o[0], () -> {
            List<String> args = new ArrayList<>(List.of("read"));
            args.addAll(List.of(o).subList(1, o.length));
            if (!args.get(args.size() - 1).endsWith(".pcap")) {
                args.add(SAMPLE.toString());
            }
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().lines().count() > 5, r.out());
            Path committed = DIR.resolve(o[0]);
            if (regenerate) {
                Files.createDirectories(DIR);
                Files.writeString(committed, r.out(), StandardCharsets.UTF_8);
            }
            assertEquals(read(committed), r.out(), "read " + String.join(" ", args) + " against " + committed);
        }));
    }

    static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }
}
