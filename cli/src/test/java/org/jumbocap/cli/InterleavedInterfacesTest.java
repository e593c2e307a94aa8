package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jumbocap.fuzz.InterleavedInterfaces;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pcapng with an interface block before each of its 200,000 packets (23 MB) gives every frame to
 * {@code read}, {@code stats}, {@code check} and {@code segment}. Its time per block is measured in
 * docs/benchmarks.md, not here.
 */
class InterleavedInterfacesTest {
    private static final int PAIRS = 200_000;

    @TempDir
    static Path dir;
    static Path file;

    @BeforeAll
    static void generate() throws IOException {
        file = dir.resolve("interleaved.pcapng");
        List<FrameRecord> frames = InterleavedInterfaces.sourceFrames();
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            InterleavedInterfaces.write(out, PAIRS, frames);
        }
    }

    @Test
    void everyFrameIsRead() {
        Cli.Result r = Cli.run("read", "-T", "fields", "-e", "frame.number", file.toString());
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.outLines();
        assertEquals(PAIRS, lines.size());
        assertEquals(String.valueOf(PAIRS), lines.get(lines.size() - 1));
    }

    @Test
    void statsCheckAndSegmentCountEveryFrame(@TempDir Path out) {
        Cli.Result stats = Cli.run("stats", "-T", "json", file.toString());
        assertEquals(0, stats.code(), stats.err());
        assertTrue(stats.out().contains("\"frames\":" + PAIRS) || stats.out().contains("\"frames\": " + PAIRS),
                stats.out().substring(0, Math.min(400, stats.out().length())));
        Cli.Result check = Cli.run("check", "-T", "json", file.toString());
        assertTrue(check.out().contains("\"frames\":" + PAIRS) || check.out().contains("\"frames\": " + PAIRS),
                check.out().substring(0, Math.min(400, check.out().length())));
        Cli.Result segment = Cli.run("segment", file.toString(), "-w", out.resolve("s.pcapng").toString());
        assertEquals(0, segment.code(), segment.err());
        assertTrue(segment.err().startsWith("segment: 200,000 frames in;"), segment.err());
    }
}
