package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capture whose file name holds terminal controls (ESC [2J clears the screen, an OSC 52 sequence writes
 * the clipboard) never has them printed raw: headers, reports and error lines show them escaped.
 */
class HostileNamesTest {
    private static final String HOSTILE = "x\u001b[2Jy\u001b]52;c;ZXZpbA==\u0007z";
    private static final String SHOWN = "x\\e[2Jy\\e]52;c;ZXZpbA==\\x07z";
    private static final Path SAMPLE = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");

    @TempDir
    static Path dir;
    static String good;
    static String cut;

    @BeforeAll
    static void files() throws IOException {
        Path g = dir.resolve(HOSTILE + ".pcap");
        Files.copy(SAMPLE, g);
        good = g.toString();
        FrameRecord victim = Cli.frames(SAMPLE).get(5);
        byte[] all = Files.readAllBytes(SAMPLE);
        Path c = dir.resolve(HOSTILE + "-cut.pcap");
        Files.write(c, Arrays.copyOf(all, (int) (victim.fileOffset() + 16 + victim.capturedLength() / 2)));
        cut = c.toString();
    }

    private static void assertClean(Cli.Result r, String what) {
        for (String text : List.of(r.out(), r.err())) {
            assertFalse(text.contains("\u001b"), what + ": ESC printed raw: " + text);
            assertFalse(text.contains("\u0007"), what + ": BEL printed raw: " + text);
        }
        assertTrue(r.out().contains(SHOWN) || r.err().contains(SHOWN), what + ": the name is shown escaped: " + r);
    }

    @Test
    void theFileHeaderOfReadIsEscaped() {
        Cli.Result r = Cli.run("read", "-c", "1", good, SAMPLE.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("# " + dir + "/" + SHOWN + ".pcap\n"), r.out());
        assertClean(r, "read");
    }

    @Test
    void statsAndCheckReportsAreEscaped() {
        assertClean(Cli.run("stats", good, SAMPLE.toString()), "stats");
        assertClean(Cli.run("check", good), "check");
    }

    @Test
    void errorLinesAreEscaped() {
        Cli.Result broken = Cli.run("read", cut);
        assertEquals(1, broken.code());
        assertEquals(1, broken.errLines().size(), broken.err());
        assertClean(broken, "read of a cut file");
        assertClean(Cli.run("stats", cut), "stats of a cut file");
        assertClean(Cli.run("check", cut), "check of a cut file");
        assertClean(Cli.run("export", "-w", dir.resolve("lake").toString(), cut), "export of a cut file");
        Cli.Result missing = Cli.run("read", dir.resolve(HOSTILE + "-missing.pcap").toString());
        assertEquals(1, missing.code());
        assertClean(missing, "a missing file");
        Cli.Result noDir = Cli.run("read", "-w", dir.resolve(HOSTILE + "/out.pcap").toString(), good);
        assertEquals(1, noDir.code());
        assertClean(noDir, "an output in a missing directory");
        Cli.Result usage = Cli.run("read", "--no-such-option" + HOSTILE, good);
        assertEquals(2, usage.code());
        assertClean(usage, "a usage error quoting an argument");
    }

    @Test
    void theSegmentSummaryIsEscaped() {
        Cli.Result r = Cli.run("segment", "-c", "3", good, "-w", dir.resolve(HOSTILE + "-out.pcap").toString());
        assertEquals(0, r.code(), r.err());
        assertClean(r, "segment");
    }
}
