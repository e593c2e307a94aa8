package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code capture --raw}, the capture-only mode, over a replayed sample: {@code -w -} streams pcapng that
 * {@code tshark -r -} reads, and the ring buffers ({@code -C}/{@code -W}, {@code -b}) write complete files,
 * named as dumpcap names them, that {@code jumbocap read} and tshark read.
 */
class RawCaptureTest {
    private static final Path SAMPLE = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");

    @TempDir
    Path dir;

    @Test
    void rawToStandardOutputIsPcapngThatTsharkReadsFromAPipe() throws Exception {
        assumeTrue(Files.isRegularFile(SAMPLE), "sample not present");
        List<FrameRecord> original = Cli.frames(SAMPLE);
        Path copy = dir.resolve("stdout.pcapng");
        Process alone = jumbocap(List.of("--replay", SAMPLE.toString(), "--raw", "-w", "-"))
                .redirectOutput(copy.toFile()).redirectError(dir.resolve("alone.err").toFile()).start();
        assertTrue(alone.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, alone.exitValue(), Files.readString(dir.resolve("alone.err")));
        byte[] head = Files.readAllBytes(copy);
        assertEquals(0x0A0D0D0A, java.nio.ByteBuffer.wrap(head).getInt(), "a pcapng section header block first");
        List<FrameRecord> back = Cli.frames(copy);
        assertEquals(original.size(), back.size());
        for (int i = 0; i < back.size(); i++) {
            assertArrayEquals(original.get(i).bytes(), back.get(i).bytes(), "frame " + (i + 1));
            assertEquals(original.get(i).originalLength(), back.get(i).originalLength());
        }
        String err = Files.readString(dir.resolve("alone.err"));
        assertTrue(err.contains(original.size() + " frames written to standard output"), err);

        assumeTrue(BigTcpVethPair.run("tshark", "--version") == 0, "tshark is not installed");
        List<Process> pipeline = ProcessBuilder.startPipeline(List.of(
                jumbocap(List.of("--replay", SAMPLE.toString(), "--raw", "-w", "-"))
                        .redirectError(ProcessBuilder.Redirect.DISCARD),
                new ProcessBuilder("tshark", "-r", "-", "-T", "fields", "-e", "frame.len")
                        .redirectError(ProcessBuilder.Redirect.DISCARD)));
        Process tshark = pipeline.get(1);
        List<String> lengths = new String(tshark.getInputStream().readAllBytes()).lines().toList();
        assertTrue(tshark.waitFor(60, TimeUnit.SECONDS));
        assertEquals(original.size(), lengths.size(), "tshark -r - read every frame");
        for (int i = 0; i < lengths.size(); i++) {
            assertEquals(original.get(i).originalLength(), Long.parseLong(lengths.get(i)), "frame " + (i + 1));
        }
    }

    @Test
    void ringBuffersWriteCompleteFilesNamedAsDumpcapDoes() throws Exception {
        assumeTrue(Files.isRegularFile(SAMPLE), "sample not present");
        List<FrameRecord> original = Cli.frames(SAMPLE);

        // every file kept: together the capture, in order
        Path all = Files.createDirectory(dir.resolve("all"));
        Cli.Result whole = Cli.run("capture", "--replay", SAMPLE.toString(), "--raw", "-w", all.resolve("ring.pcapng").toString(),
                "-C", "1");
        assertEquals(0, whole.code(), whole.err());
        List<Path> files = list(all);
        assertTrue(files.size() >= 3, "a 3.6 MB capture in 1 MB files: " + files);
        List<FrameRecord> joined = new ArrayList<>();
        for (Path f : files) {
            assertTrue(f.getFileName().toString().matches("ring_\\d{5}_\\d{14}\\.pcapng"), f.toString());
            Cli.Result read = Cli.run("read", f.toString());
            assertEquals(0, read.code(), f + ": " + read.err());
            assertEquals(Cli.frames(f).size(), read.outLines().size(), "jumbocap read reads every frame of " + f);
            joined.addAll(Cli.frames(f));
            assertTsharkReads(f, Cli.frames(f).size());
        }
        assertEquals(original.size(), joined.size());
        for (int i = 0; i < joined.size(); i++) {
            assertArrayEquals(original.get(i).bytes(), joined.get(i).bytes(), "frame " + (i + 1));
        }
        assertTrue(whole.err().contains(original.size() + " frames written to " + files.size() + " files: "), whole.err());

        // tcpdump's -C/-W and dumpcap's -b keep the same newest files
        for (List<String> ring : List.of(List.of("-C", "1", "-W", "2"), List.of("-b", "filesize:1000,files:2"),
                List.of("-b", "filesize:1000", "-b", "files:2"))) {
            Path kept = Files.createDirectory(dir.resolve("kept" + ring.size() + ring.get(0)));
            List<String> args = new ArrayList<>(List.of("capture", "--replay", SAMPLE.toString(), "-q", "-w",
                    kept.resolve("ring.pcapng").toString()));
            args.addAll(ring);
            Cli.Result r = Cli.run(args.toArray(new String[0]));
            assertEquals(0, r.code(), r.err());
            List<Path> newest = list(kept);
            assertEquals(2, newest.size(), ring + ": " + newest);
            assertEquals(files.size(), Integer.parseInt(newest.get(1).getFileName().toString().substring(5, 10)), ring.toString());
            assertTrue(r.err().contains("of which the newest 2 are kept"), r.err());
            long tail = Cli.frames(newest.get(0)).size() + Cli.frames(newest.get(1)).size();
            List<FrameRecord> last = Cli.frames(newest.get(1));
            assertArrayEquals(original.get(original.size() - 1).bytes(), last.get(last.size() - 1).bytes());
            assertTrue(tail > 0 && tail < original.size(), ring + ": " + tail);
        }
    }

    @Test
    void optionsThatCannotGoTogetherAreRefused() {
        String sample = SAMPLE.toString();
        for (String[] bad : new String[][] {
                {"--replay", sample, "--raw"},
                {"--replay", sample, "--raw", "-w", "x.pcapng", "-Y", "tcp"},
                {"--replay", sample, "-w", "-"},
                {"--replay", sample, "--raw", "-w", "-", "-C", "1"},
                {"--replay", sample, "-q", "-w", "x.pcapng", "-W", "3"},
                {"--replay", sample, "-q", "-w", "x.pcapng", "-C", "1", "-b", "filesize:10"},
                {"--replay", sample, "-q", "-w", "x.pcapng", "-b", "packets:10"},
                {"--replay", sample, "-q", "-w", "x.pcapng", "-C", "0"},
                {"--replay", sample, "-q", "--segment", "-w", "x.pcap", "-G", "5"}}) {
            List<String> args = new ArrayList<>(List.of("capture"));
            args.addAll(List.of(bad));
            Cli.Result r = Cli.run(args.toArray(new String[0]));
            assertEquals(2, r.code(), String.join(" ", bad) + ": " + r.err());
            assertTrue(r.errLines().size() >= 1 && r.err().startsWith("jumbocap capture: ") || r.err().contains("capture"),
                    String.join(" ", bad) + ": " + r.err());
        }
    }

    private static void assertTsharkReads(Path file, int frames) throws Exception {
        if (BigTcpVethPair.run("tshark", "--version") != 0) {
            return;
        }
        Process p = new ProcessBuilder("tshark", "-r", file.toString(), "-T", "fields", "-e", "frame.number")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        long lines = new String(p.getInputStream().readAllBytes()).lines().count();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), "tshark reads " + file);
        assertEquals(frames, lines, "tshark reads every frame of " + file);
    }

    private static ProcessBuilder jumbocap(List<String> captureArgs) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "org.jumbocap.cli.Main", "capture"));
        cmd.addAll(captureArgs);
        return new ProcessBuilder(cmd);
    }

    private static List<Path> list(Path directory) throws Exception {
        try (Stream<Path> s = Files.list(directory)) {
            return s.sorted().toList();
        }
    }
}
