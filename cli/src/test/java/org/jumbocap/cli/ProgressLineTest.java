package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The progress line of stats, segment, check, export and read -w: drawn on standard error under a pseudo-terminal
 * ({@code script -qc}, as a user's terminal), never when standard error is a pipe, and silenced by
 * --no-progress and by read's -q. The input is the veth sample's frames six times over (21 MiB, over the
 * 16 MiB from which a line is drawn); the first line comes at the 64th frame, whatever the machine's speed.
 */
class ProgressLineTest {
    @TempDir
    static Path dir;
    private static Path large;

    /** "\rjumbocap: 3.5 MiB of 21.0 MiB (16%), 64 frames, ..." */
    private static final Pattern LINE = Pattern.compile("\rjumbocap: [0-9.]+ MiB of 21\\.0 MiB \\(\\d+%\\), [0-9,]+ frames, ");

    @BeforeAll
    static void largeCapture() throws IOException {
        byte[] sample = Files.readAllBytes(Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap"));
        byte[] records = Arrays.copyOfRange(sample, 24, sample.length);
        large = dir.resolve("large.pcap");
        try (var out = Files.newOutputStream(large)) {
            out.write(sample);
            for (int i = 0; i < 5; i++) {
                out.write(records);
            }
        }
        assertTrue(Files.size(large) >= 16L << 20);
    }

    private static List<String> command(String... args) {
        List<String> c = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "org.jumbocap.cli.Main"));
        c.addAll(List.of(args));
        return c;
    }

    /** Standard output and error together, as a terminal shows them, through script(1)'s pseudo-terminal. */
    private static String underTerminal(String... args) throws Exception {
        assumeTrue(new ProcessBuilder("script", "--version").start().waitFor() == 0, "script(1) is installed");
        String line = String.join(" ", command(args).stream().map(a -> "'" + a.replace("'", "'\\''") + "'").toList());
        Process p = new ProcessBuilder("script", "-qec", line, "/dev/null").redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return new String(out, StandardCharsets.UTF_8);
    }

    @Test
    void drawnOnATerminalForEachLongCommand() throws Exception {
        String segmented = dir.resolve("segmented.pcap").toString();
        String written = dir.resolve("written.pcap").toString();
        for (String[] args : List.of(new String[] {"stats", large.toString()}, new String[] {"check", large.toString()},
                new String[] {"segment", "-w", segmented, large.toString()},
                new String[] {"read", "-w", written, large.toString()},
                new String[] {"export", "-w", dir.resolve("frames.parquet").toString(), large.toString()})) {
            String seen = underTerminal(args);
            assertTrue(LINE.matcher(seen).find(), String.join(" ", args) + ": " + seen.substring(0, Math.min(400, seen.length())));
            // the last line: every byte, then the line ends
            assertTrue(seen.contains("21.0 MiB of 21.0 MiB (100%), 264 frames, "), String.join(" ", args));
        }
    }

    @Test
    void silencedByNoProgressAndQuiet() throws Exception {
        String written = dir.resolve("quiet.pcap").toString();
        assertFalse(underTerminal("stats", "--no-progress", large.toString()).contains("\rjumbocap: "));
        assertFalse(underTerminal("check", "--no-progress", large.toString()).contains("\rjumbocap: "));
        assertFalse(underTerminal("export", "--no-progress", "-w", dir.resolve("quiet.parquet").toString(), large.toString())
                .contains("\rjumbocap: "));
        assertFalse(underTerminal("read", "-q", "-w", written, large.toString()).contains("\rjumbocap: "));
        assertTrue(Files.size(Path.of(written)) > 16L << 20);
    }

    @Test
    void neverIntoAPipe() throws Exception {
        for (List<String> args : List.of(List.of("stats", large.toString()),
                List.of("export", "-w", dir.resolve("piped.parquet").toString(), large.toString()))) {
            Process p = new ProcessBuilder(command(args.toArray(String[]::new))).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), args.toString());
            assertEquals("", err, args.toString());
        }
    }
}
