package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExitCodeTest {
    private static final Path SAMPLE = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");

    @Test
    void unknownOptionIsAUsageErrorOnOneLine() {
        Cli.Result r = Cli.run("read", "--no-such-option", SAMPLE.toString());
        assertEquals(2, r.code());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("jumbocap read: "), r.err());
        assertEquals("", r.out());
    }

    @Test
    void missingFileArgumentAndMissingCommandAreUsageErrors() {
        assertEquals(2, Cli.run("read").code());
        assertEquals(2, Cli.run().code());
        assertEquals(2, Cli.run("nonsense").code());
    }

    @Test
    void tcpdumpStyleMinusRReadsTheSameFramesAsAPlainFile() {
        Cli.Result plain = Cli.run("read", SAMPLE.toString());
        Cli.Result withR = Cli.run("read", "-r", SAMPLE.toString());
        assertEquals(0, withR.code(), withR.err());
        assertEquals(plain.out(), withR.out());
        Cli.Result stats = Cli.run("stats", "-r", SAMPLE.toString());
        assertEquals(0, stats.code(), stats.err());
    }

    @Test
    void minusROnTheRootCommandReadsAsReadDoes() {
        Cli.Result r = Cli.run("-r", SAMPLE.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(Cli.run("read", SAMPLE.toString()).out(), r.out());
    }

    @Test
    void aRootOptionOfNoCommandPointsAtRead() {
        Cli.Result r = Cli.run("-Y", "tcp", SAMPLE.toString());
        assertEquals(2, r.code());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("jumbocap read"), r.err());
    }

    @Test
    void everySubcommandAnswersVersion() {
        String version = Cli.run("--version").out();
        assertFalse(version.isBlank());
        for (String command : List.of("read", "stats", "fields", "capture", "interfaces", "filter", "completion")) {
            Cli.Result r = Cli.run(command, "--version");
            assertEquals(0, r.code(), command + ": " + r.err());
            assertEquals(version, r.out(), command);
        }
    }

    @Test
    void badOptionValuesAreUsageErrors() {
        assertEquals(2, Cli.run("read", "-t", "x", SAMPLE.toString()).code());
        assertEquals(2, Cli.run("read", "-T", "xml", SAMPLE.toString()).code());
        assertEquals(2, Cli.run("read", "-T", "fields", SAMPLE.toString()).code());
        Cli.Result unknownField = Cli.run("read", "-T", "fields", "-e", "tcp.srcprt", SAMPLE.toString());
        assertEquals(2, unknownField.code());
        assertTrue(unknownField.err().contains("tcp.srcport"), "suggests the near name: " + unknownField.err());
        assertEquals(2, Cli.run("read", "-T", "fields", "-e", "frame.len", "-E", "quote=x", SAMPLE.toString()).code());
    }

    @Test
    void missingFileIsOneLineAndExitOne() {
        Cli.Result r = Cli.run("read", "no/such/file.pcap");
        assertEquals(1, r.code());
        assertEquals(List.of("jumbocap: no/such/file.pcap: no such file"), r.errLines());
        assertEquals("", r.out());
    }

    @Test
    void brokenFilePrintsEveryGoodFrameThenOneLine(@TempDir Path dir) throws IOException {
        List<FrameRecord> frames = Cli.frames(SAMPLE);
        assertTrue(frames.size() > 30, "sample has frames");
        FrameRecord victim = frames.get(25);
        byte[] all = Files.readAllBytes(SAMPLE);
        long cut = victim.fileOffset() + 16 + victim.capturedLength() / 2;
        Path broken = dir.resolve("broken.pcap");
        Files.write(broken, Arrays.copyOf(all, (int) cut));

        Cli.Result r = Cli.run("read", broken.toString());
        assertEquals(1, r.code());
        assertEquals(25, r.outLines().size(), "frames 1-25 printed");
        assertEquals(1, r.errLines().size(), r.err());
        String line = r.errLines().get(0);
        assertTrue(line.startsWith("jumbocap: " + broken + ": record 26 at byte offset "), line);
        assertFalse(line.contains("Exception"), line);
    }

    @Test
    void versionAndHelpSucceed() {
        Cli.Result v = Cli.run("--version");
        assertEquals(0, v.code());
        assertTrue(v.out().matches("(?s)jumbocap \\d+\\.\\d+\\.\\d+.*"), v.out());
        for (String sub : List.of("read", "stats", "fields", "completion")) {
            Cli.Result h = Cli.run(sub, "--help");
            assertEquals(0, h.code(), sub);
            assertTrue(h.out().contains("Examples:"), sub + " help has examples");
        }
    }

    @Test
    void completionScriptNamesTheSubcommands() {
        Cli.Result r = Cli.run("completion");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("complete -F"), "a bash completion script");
        for (String word : List.of("read", "stats", "fields", "--display-filter", "--max-hex-bytes")) {
            assertTrue(r.out().contains(word), word);
        }
    }

    @Test
    void closedOutputEndsQuietlyWithZero() {
        OutputStream closesAfterALine = new OutputStream() {
            private int written;

            @Override
            public void write(int b) throws IOException {
                if (++written > 200) {
                    throw new IOException("Broken pipe");
                }
            }
        };
        PrintWriter out = new PrintWriter(new OutputStreamWriter(new GuardedOutputStream(closesAfterALine),
                StandardCharsets.UTF_8), true);
        StringWriter err = new StringWriter();
        int code = JumbocapCommand.execute(new String[] {"read", "-V", SAMPLE.toString()}, out, new PrintWriter(err), false);
        assertEquals(0, code);
        assertEquals("", err.toString());
    }
}
