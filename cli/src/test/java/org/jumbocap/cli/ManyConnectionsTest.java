package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jumbocap.fuzz.ManyConnections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stats} over many one-frame TCP connections: the conversations held are capped (--max-flows),
 * the evicted ones counted in the report, the listing bounded (--top, --all), and a million of them fit
 * a 64 MB heap; a heap too small is one line naming the setting, never a stack trace.
 */
class ManyConnectionsTest {
    @TempDir
    static Path dir;

    private static Path capture(int connections) throws IOException {
        Path file = dir.resolve(connections + ".pcap");
        if (!Files.exists(file)) {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
                ManyConnections.write(out, connections);
            }
        }
        return file;
    }

    @Test
    void theCapEvictsAndTheReportSaysSo() throws IOException {
        Path file = capture(5_000);
        Cli.Result text = Cli.run("stats", "--max-flows", "1000", file.toString());
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("the 50 largest of "), text.out());
        assertTrue(text.out().contains("evicted at the cap of 1,000 held at once (--max-flows): "), text.out());
        assertTrue(text.outLines().size() < 400, "bounded: " + text.outLines().size() + " lines");

        String json = Cli.run("stats", "-T", "json", "--max-flows", "1000", file.toString()).out();
        long held = number(json, "\"count\":");
        long evicted = number(json, "\"evicted\":");
        assertEquals(5_000, held + evicted, json.substring(0, 600));
        assertTrue(held <= 1000 && held > 800, "held " + held);
        assertEquals(5_000, held + evicted);
        assertEquals(50, number(json, "\"listed\":"));

        Cli.Result all = Cli.run("stats", "--max-flows", "1000", "--all", file.toString());
        assertTrue(all.outLines().size() > 2 * held, "--all lists every conversation held");
        Cli.Result uncapped = Cli.run("stats", "-T", "json", "--max-flows", "10000", "--all", file.toString());
        assertEquals(5_000, number(uncapped.out(), "\"count\":"));
        assertEquals(0, number(uncapped.out(), "\"evicted\":"));
    }

    @Test
    void readFollowsAtMostMaxFlowsConversationsAndSaysSo() throws IOException {
        Path file = capture(5_000);
        Cli.Result r = Cli.run("read", "--max-flows", "1000", "-T", "fields", "-e", "tcp.stream", file.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(5_000, r.outLines().size());
        assertEquals("4999", r.outLines().get(4_999), "stream numbers go on");
        assertEquals(java.util.List.of("jumbocap: note: more than 1000 TCP conversations were open at once (--max-flows); "
                + "4000 least recently seen ones were forgotten, and their later frames start new streams"), r.errLines());
    }

    private static long number(String json, String name) {
        int at = json.indexOf(name) + name.length();
        int end = at;
        while (Character.isDigit(json.charAt(end))) {
            end++;
        }
        return Long.parseLong(json.substring(at, end));
    }

    private static Process jumbocap(String heap, String... args) throws IOException {
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), heap, "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), "org.jumbocap.cli.Main"));
        cmd.addAll(java.util.List.of(args));
        return new ProcessBuilder(cmd).redirectOutput(dir.resolve("out.txt").toFile()).start();
    }

    @Test
    void aMillionConnectionsFitA64MegabyteHeap() throws Exception {
        Path file = capture(1_000_000);
        Process p = jumbocap("-Xmx64m", "stats", file.toString());
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), err);
        String out = Files.readString(dir.resolve("out.txt"));
        assertTrue(out.contains("Frames:") || out.contains("Frames "), out);
        assertTrue(out.contains("evicted at the cap of 20,000"), out);
        assertTrue(out.lines().count() < 400, "bounded report");
    }

    @Test
    void runningOutOfHeapIsOneLineNamingTheSetting() throws Exception {
        Path file = capture(1_000_000);
        Process p = jumbocap("-Xmx32m", "stats", "--max-flows", "1000000", file.toString());
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue(), err);
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("jumbocap: out of memory"), err);
        assertTrue(err.contains("-Xmx") && err.contains("--max-flows"), err);
    }
}
