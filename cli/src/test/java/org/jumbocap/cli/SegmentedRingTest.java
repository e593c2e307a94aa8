package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code capture --segment} with a ring buffer is refused in one line that names the way to get it, and that
 * way gives it: a ring captured without {@code --segment} (a replay of a BIG TCP capture, spread over
 * several files), then {@code segment -w OUT} over the ring's files, writes the same records, byte for
 * byte, as {@code segment} over the capture itself, since the flows' MSS carries from file to file.
 */
class SegmentedRingTest {
    private static final Path SAMPLE = Path.of("../samples/ipv6-bigtcp-veth.pcap");

    @TempDir
    Path dir;

    @Test
    void aSegmentedRingIsRefusedInOneLineNamingTheWayThatWorks() throws Exception {
        Cli.Result refused = Cli.run("capture", "--replay", SAMPLE.toString(), "--segment", "-w",
                dir.resolve("ring.pcap").toString(), "-C", "0.1");
        assertEquals(2, refused.code(), refused.err());
        String line = refused.err().lines().findFirst().orElse("");
        assertTrue(line.contains("--segment takes no ring buffer (-C, -G, -W, -b): capture the ring without it, then"
                + " 'jumbocap segment -w OUT' over its files in order"), refused.err());
        assertTrue(Files.list(dir).findAny().isEmpty(), "nothing was written");

        Cli.Result ring = Cli.run("capture", "--replay", SAMPLE.toString(), "-q", "-w", dir.resolve("ring.pcap").toString(),
                "-C", "0.3");
        assertEquals(0, ring.code(), ring.err());
        List<String> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.sorted().forEach(f -> files.add(f.toString()));
        }
        assertTrue(files.size() >= 3, "the ring spreads the capture over files: " + files);
        List<String> fromRing = new ArrayList<>(List.of("segment", "-w", dir.resolve("from-ring.pcap").toString()));
        fromRing.addAll(files);
        Cli.Result segmentedRing = Cli.run(fromRing.toArray(String[]::new));
        assertEquals(0, segmentedRing.code(), segmentedRing.err());
        Cli.Result segmentedCapture = Cli.run("segment", "-w", dir.resolve("direct.pcap").toString(), SAMPLE.toString());
        assertEquals(0, segmentedCapture.code(), segmentedCapture.err());

        var direct = Cli.frames(dir.resolve("direct.pcap"));
        var viaRing = Cli.frames(dir.resolve("from-ring.pcap"));
        assertTrue(direct.size() > 44, "super-packets were split: " + direct.size());
        assertEquals(direct.size(), viaRing.size());
        for (int i = 0; i < direct.size(); i++) {
            assertArrayEquals(direct.get(i).bytes(), viaRing.get(i).bytes(), "record " + (i + 1));
        }
    }
}
