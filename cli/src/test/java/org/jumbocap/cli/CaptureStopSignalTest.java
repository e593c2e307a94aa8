package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGINT and SIGTERM end a capture as they end tcpdump's: the capture stops, its file is closed whole, the
 * summary is printed and the exit status is 0 (the JVM's own handling would exit 130 or 143).
 */
class CaptureStopSignalTest {
    private static final Path SAMPLE = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"INT", "TERM"})
    void aSignalEndsTheCaptureWithItsSummaryAndStatusZero(String signal) throws Exception {
        Path file = dir.resolve("stopped.pcapng");
        Path err = dir.resolve("err.txt");
        // replayed at a tenth of its speed, the 44 frames take minutes: the signal comes in the middle
        // env --default-signal: a build started in the background by a non-interactive shell runs with SIGINT
        // ignored, which a child inherits and the JVM then leaves alone; the capture is tested as a terminal starts it
        Process p = new ProcessBuilder("env", "--default-signal=INT,TERM",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "org.jumbocap.cli.Main", "capture",
                "--replay", SAMPLE.toString(), "--replay-speed", "0.001", "-q", "-w", file.toString())
                .redirectErrorStream(false).redirectError(err.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(err).contains("capturing on") && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        Thread.sleep(500); // the first frames are in the file
        new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the capture ended");
        String text = Files.readString(err);
        assertEquals(0, p.exitValue(), text);
        assertTrue(text.contains("stopped (interrupted)"), text);
        List<FrameRecord> frames = Cli.frames(file);
        assertTrue(text.contains(frames.size() + " frames written to " + file), "the summary counts the file's frames: " + text);
        assertTrue(frames.size() < 44, "stopped before the end: " + frames.size());
    }
}
