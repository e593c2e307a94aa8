package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code segment}, {@code read -w} and {@code capture --segment} as a user runs them. */
class SegmentCommandTest {
    private static final Path SAMPLE = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");

    @TempDir
    Path dir;

    @Test
    void summaryOnStandardErrorSaysWhatWasSplitAndByWhichRule() {
        Path out = dir.resolve("out.pcapng");
        Cli.Result r = Cli.run("segment", SAMPLE.toString(), "-w", out.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("segment: 44 frames in; 21 super-packets split into 2,565 segments; 23 frames copied"),
                r.err());
        assertTrue(r.err().contains("tcp [2001:db8:1::1]:42790 -> [2001:db8:1::2]:5201: flow MSS, 1,428 bytes per segment: "
                + "21 super-packets -> 2,565 segments"), r.err());
        assertEquals(2588, Cli.frames(out).size());
    }

    @Test
    void mtuAndMssSizeFlowsWhoseSynsWereNotCaptured() {
        // -Y drops the handshakes, so the flow's MSS is unknown
        Path out = dir.resolve("out.pcap");
        Cli.Result byMtu = Cli.run("segment", "-Y", "tcp.flags.syn == 0", "--mtu", "9000", SAMPLE.toString(), "-w", out.toString());
        assertEquals(0, byMtu.code(), byMtu.err());
        assertTrue(byMtu.err().contains("--mtu, 8,928 bytes per segment"), byMtu.err());
        Cli.Result byMss = Cli.run("segment", "-Y", "tcp.flags.syn == 0", "--mss", "4000", SAMPLE.toString(), "-w", out.toString());
        assertTrue(byMss.err().contains("--mss, 3,988 bytes per segment"), byMss.err());
    }

    @Test
    void usageErrors() {
        assertEquals(2, Cli.run("segment", SAMPLE.toString()).code(), "-w is required");
        Cli.Result same = Cli.run("segment", SAMPLE.toString(), "-w", SAMPLE.toString());
        assertEquals(2, same.code());
        assertTrue(same.err().contains("is also an input file"), same.err());
        assertEquals(2, Cli.run("segment", "--mtu", "20", SAMPLE.toString(), "-w", dir.resolve("x.pcap").toString()).code());
        assertEquals(2, Cli.run("read", "-w", SAMPLE.toString(), SAMPLE.toString()).code());
    }

    @Test
    void aBrokenFileKeepsEveryGoodFrameBeforeItAndExitsOne() throws IOException {
        byte[] whole = Files.readAllBytes(SAMPLE);
        Path cut = dir.resolve("cut.pcap");
        Files.write(cut, Arrays.copyOf(whole, whole.length - 1000));
        Path out = dir.resolve("out.pcap");
        Cli.Result r = Cli.run("segment", cut.toString(), "-w", out.toString());
        assertEquals(1, r.code());
        assertTrue(r.err().contains("cut.pcap: record 44 at byte offset"), r.err());
        assertTrue(r.err().contains("segment: 43 frames in"), r.err());
        Path whole2 = dir.resolve("whole.pcap");
        assertEquals(0, Cli.run("segment", SAMPLE.toString(), "-w", whole2.toString()).code());
        List<FrameRecord> all = Cli.frames(whole2);
        List<FrameRecord> kept = Cli.frames(out);
        assertEquals(2588 - 129, kept.size(), "all but the segments of the last frame, a super-packet of 129");
        for (int i = 0; i < kept.size(); i++) {
            assertArrayEquals(all.get(i).bytes(), kept.get(i).bytes());
        }
    }

    @Test
    void aFailedWriteIsOneLineAndExitStatusOne() {
        assumeTrue(Files.isWritable(Path.of("/dev/full")), "/dev/full to fill");
        for (String[] args : List.of(new String[] {"segment", SAMPLE.toString(), "-w", "/dev/full"},
                new String[] {"read", "-w", "/dev/full", SAMPLE.toString()},
                new String[] {"segment", SAMPLE.toString(), "-w", dir.resolve("no/such/dir.pcap").toString()})) {
            Cli.Result r = Cli.run(args);
            assertEquals(1, r.code(), String.join(" ", args));
            assertEquals(1, r.errLines().size(), r.err());
            assertTrue(r.err().contains(": cannot write ("), r.err());
        }
    }

    @Test
    void readWriteSavesTheFramesThatPassUnchanged() {
        Path out = dir.resolve("jumbo.pcapng");
        Cli.Result r = Cli.run("read", "-Y", "jumbo", "-w", out.toString(), SAMPLE.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.out(), "nothing printed with -w, as tshark");
        List<FrameRecord> written = Cli.frames(out);
        List<FrameRecord> jumbos = Cli.frames(SAMPLE).stream().filter(f -> f.originalLength() > 65535).toList();
        assertEquals(jumbos.size(), written.size());
        for (int i = 0; i < jumbos.size(); i++) {
            assertArrayEquals(jumbos.get(i).bytes(), written.get(i).bytes());
            assertEquals(jumbos.get(i).timestampNanos(), written.get(i).timestampNanos());
        }
    }

    @Test
    void captureSegmentWritesWhatSegmentWrites() {
        Path live = dir.resolve("live.pcap");
        Cli.Result c = Cli.run("capture", "--replay", SAMPLE.toString(), "--segment", "-q", "-w", live.toString());
        assertEquals(0, c.code(), c.err());
        assertTrue(c.err().contains("jumbocap capture: segment: 44 frames in; 21 super-packets split"), c.err());
        Path file = dir.resolve("file.pcap");
        assertEquals(0, Cli.run("segment", SAMPLE.toString(), "-w", file.toString()).code());
        List<FrameRecord> a = Cli.frames(live);
        List<FrameRecord> b = Cli.frames(file);
        assertEquals(b.size(), a.size());
        for (int i = 0; i < a.size(); i++) {
            assertArrayEquals(b.get(i).bytes(), a.get(i).bytes(), "frame " + (i + 1));
        }
        assertEquals(2, Cli.run("capture", "--replay", SAMPLE.toString(), "--segment").code(), "--segment needs -w");
    }
}
