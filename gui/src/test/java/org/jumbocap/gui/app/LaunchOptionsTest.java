package org.jumbocap.gui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LaunchOptionsTest {
    @Test
    void readsFileAndOptionsInAnyOrder() {
        LaunchOptions o = LaunchOptions.parse(List.of("--select", "23", "x.pcap", "--theme", "dark", "--filter", "jumbo", "--statistics"));
        assertEquals(Path.of("x.pcap"), o.file());
        assertEquals(23, o.select());
        assertEquals("dark", o.theme());
        assertEquals("jumbo", o.filter());
        assertTrue(o.statistics());
    }

    @Test
    void noArgumentsOpensNothing() {
        LaunchOptions o = LaunchOptions.parse(List.of());
        assertNull(o.file());
        assertEquals(0, o.select());
        assertFalse(o.statistics());
    }

    @Test
    void rejectsUnknownOptionsMissingValuesBadValuesAndTwoFiles() {
        for (List<String> bad : List.of(List.of("--frobnicate"), List.of("--select"), List.of("a.pcap", "b.pcap"),
                List.of("--select", "x"), List.of("--select", "0"), List.of("--theme", "blue"), List.of("-x"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse(bad));
            assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        }
        assertEquals("Invalid value for option '--theme': expected light or dark, not 'blue'",
                assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse(List.of("--theme", "blue"))).getMessage());
        assertEquals("dark", LaunchOptions.parse(List.of("--theme", "Dark")).theme());
    }

    private record Outcome(int code, String out, String err) {
    }

    private static Outcome prepare(List<String> args, Map<String, String> env) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Launcher.prepare(args, env, "Linux", new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void helpPrintsTheUsageAndUsageErrorsAreOneLine() {
        Outcome help = prepare(List.of("--help"), Map.of());
        assertEquals(0, help.code());
        // picocli's usage, as the command line's: synopsis, description, one line per option
        assertTrue(help.out().startsWith("Usage: jumbocap gui [-hV] [--statistics] [--filter=EXPR] [--select=N]\n"
                + "                    [--theme=light|dark] [FILE]\n"), help.out());
        for (String option : List.of("--select=N", "--filter=EXPR", "--theme=light|dark", "--statistics", "-h, --help")) {
            assertTrue(help.out().contains("\n      " + option) || help.out().contains("\n  " + option), option);
        }
        assertEquals("", help.err());
        assertEquals(0, prepare(List.of("x.pcap", "-h"), Map.of("DISPLAY", ":0")).code());

        Outcome theme = prepare(List.of("--theme", "blue"), Map.of("DISPLAY", ":0"));
        assertEquals(2, theme.code());
        assertEquals("jumbocap gui: Invalid value for option '--theme': expected light or dark, not 'blue' "
                + "(see 'jumbocap gui --help')\n", theme.err());
    }

    /** As the README promises: every command, the viewer's included, answers --version, without a display. */
    @Test
    void versionPrintsTheVersionLinesWithoutADisplay() {
        for (String option : List.of("--version", "-V")) {
            Outcome v = prepare(List.of(option), Map.of());
            assertEquals(0, v.code(), v.err());
            assertTrue(v.out().matches("(?s)jumbocap \\S+ \\(commit \\S+\\)\nJava .*"), v.out());
            assertEquals("", v.err());
        }
    }

    @Test
    void withoutADisplayItSaysSoInOneLine() {
        Outcome none = prepare(List.of("x.pcap"), Map.of());
        assertEquals(1, none.code());
        assertEquals("jumbocap gui: no display (DISPLAY is not set): run it in a desktop session or under xvfb-run\n",
                none.err());
        assertEquals(-1, prepare(List.of("x.pcap"), Map.of("DISPLAY", ":0")).code(), "with a display the viewer starts");
        assertNull(Launcher.displayProblem(Map.of(), "Windows 11"));
    }

    /** The real entry point in a JVM of its own, as the launcher script starts it. */
    @Test
    void theLauncherWithoutADisplayExitsWithOneLine() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Launcher.class.getName());
        pb.environment().remove("DISPLAY");
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue(), err);
        assertEquals("jumbocap gui: no display (DISPLAY is not set): run it in a desktop session or under xvfb-run",
                err.strip());
    }
}
