package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Standard output that cannot be written: a full device ({@code /dev/full}) or a closed stream is one line
 * and exit status 1 for every command and format; a reader that goes away (a broken pipe) is quiet, 0.
 * Through {@link Main#run}, as the launcher runs a command, on real file descriptors.
 */
class StandardOutputFailureTest {
    private static final String SAMPLE = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString();
    private static final String PCAPNG = Cli.SAMPLES.resolve("ipv4-bigtcp-veth.pcapng").toString();
    private static final String FULL = "jumbocap: standard output: No space left on device";

    /** Every command that writes to standard output, in each of its formats, and the help and version texts. */
    static Stream<List<String>> commands() {
        List<List<String>> c = new ArrayList<>(List.of(
                List.of("read", SAMPLE),
                List.of("read", "-V", "-x", SAMPLE),
                List.of("read", "-T", "json", SAMPLE),
                List.of("read", "-T", "ndjson", PCAPNG),
                List.of("read", "-T", "fields", "-E", "header=y", "-e", "frame.number", SAMPLE),
                List.of("read", "-c", "1", SAMPLE),
                List.of("read", "-w", "-", SAMPLE),
                List.of("read", "-w", "-", "-c", "1", PCAPNG),
                List.of("segment", "-w", "-", SAMPLE),
                List.of("stats", SAMPLE),
                List.of("stats", "-T", "json", SAMPLE),
                List.of("check", SAMPLE),
                List.of("check", "-T", "json", SAMPLE),
                List.of("follow", "tcp", "0", SAMPLE),
                List.of("follow", "tcp", "0", "-T", "hex", SAMPLE),
                List.of("fields"),
                List.of("fields", "ipv6."),
                List.of("completion"),
                List.of("--help"),
                List.of("--version")));
        for (String sub : List.of("read", "stats", "fields", "segment", "follow", "capture", "interfaces", "filter",
                "check", "completion", "export")) {
            c.add(List.of(sub, "--help"));
            c.add(List.of(sub, "--version"));
        }
        return c.stream();
    }

    private record Run(int code, String err) {
    }

    private static Run run(OutputStream stdout, List<String> args) {
        StringWriter err = new StringWriter();
        int code = Main.run(args.toArray(String[]::new), stdout, new PrintWriter(err), false);
        return new Run(code, err.toString());
    }

    @ParameterizedTest
    @MethodSource("commands")
    void aFullDeviceIsOneLineAndExitOne(List<String> args) throws IOException {
        try (FileOutputStream full = new FileOutputStream("/dev/full")) {
            Run r = run(full, args);
            assertEquals(FULL + "\n", r.err(), args.toString());
            assertEquals(1, r.code(), args.toString());
        }
    }

    @Test
    void aClosedOutputIsOneLineAndExitOne(@TempDir Path dir) throws IOException {
        FileOutputStream closed = new FileOutputStream(dir.resolve("out").toFile());
        closed.close();
        for (List<String> args : List.of(List.of("read", SAMPLE), List.of("read", "-w", "-", SAMPLE), List.of("--help"))) {
            Run r = run(closed, args);
            assertEquals(1, r.code(), args.toString());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().startsWith("jumbocap: standard output: "), r.err());
        }
    }

    /** A reader that takes a few bytes and exits ({@code head -c}), on a named pipe: writes after it get EPIPE. */
    @ParameterizedTest
    @MethodSource("pipeCommands")
    void aReaderThatGoesAwayIsQuietAndExitZero(List<String> args, @TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("pipe");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Process head = new ProcessBuilder("sh", "-c", "head -c 100 " + fifo + " > /dev/null").start();
        try (FileOutputStream pipe = new FileOutputStream(fifo.toFile())) {
            Run r = run(pipe, args);
            assertEquals("", r.err(), args.toString());
            assertEquals(0, r.code(), args.toString());
        } finally {
            assertTrue(head.waitFor(30, TimeUnit.SECONDS));
        }
    }

    static Stream<List<String>> pipeCommands() {
        return Stream.of(List.of("read", "-V", SAMPLE), List.of("read", "-w", "-", SAMPLE),
                List.of("segment", "-w", "-", SAMPLE), List.of("read", "-T", "json", SAMPLE));
    }

    @Test
    void exportToStandardOutputIsRefusedAndCreatesNoFileNamedMinus(@TempDir Path dir) throws IOException {
        Cli.Result r = Cli.run("export", "-w", "-", SAMPLE);
        assertEquals(2, r.code());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("name a file"), r.err());
        assertFalse(Files.exists(Path.of("-")), "no file named -");
    }
}
