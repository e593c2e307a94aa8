package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code read -w}, {@code segment -w} and {@code export -w} write under a temporary name beside the
 * target and rename it when complete: a full disk or a signal leaves the previous file (or none), never a
 * cut one, and no temporary file; two writers of one name leave one whole file.
 */
class OutputFilesTest {
    private static final Path SAMPLE = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");
    private static final byte[] PREVIOUS = "the previous file".getBytes(StandardCharsets.US_ASCII);

    private static List<String> leftovers(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".part")).toList();
        }
    }

    /** A small tmpfs (root only, as the live tests): the samples fill it. */
    private static Path smallDisk(Path dir, String size) throws Exception {
        Path mount = Files.createDirectories(dir.resolve("small"));
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", mount.toString())
                .redirectErrorStream(true).start();
        assumeTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "mounting a tmpfs needs root");
        return mount;
    }

    private static void unmount(Path mount) throws Exception {
        for (int i = 0; i < 20; i++) {
            Process p = new ProcessBuilder("umount", mount.toString()).redirectErrorStream(true).start();
            if (p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0) {
                return;
            }
            System.gc(); // a writer thread of the command may still be letting its file go
            Thread.sleep(250);
        }
        new ProcessBuilder("umount", "-l", mount.toString()).start().waitFor(10, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"read", "segment", "export"})
    void aFullDiskLeavesThePreviousFileAndNoPart(String command, @TempDir Path dir) throws Exception {
        boolean export = command.equals("export");
        Path disk = smallDisk(dir, export ? "16k" : "64k");
        try {
            String name = command.equals("export") ? "out.parquet" : "out.pcap";
            Path target = disk.resolve(name);
            Files.write(target, PREVIOUS);
            List<String> args = new ArrayList<>(List.of(command, "-w", target.toString()));
            // export's Parquet is compressed: every kernel sample (36 KB of Parquet) to fill 16 KB
            for (Path sample : export ? Cli.kernelSamples() : List.of(SAMPLE)) {
                args.add(sample.toString());
            }
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            assertEquals(1, r.code(), r.err());
            assertEquals(1, r.errLines().size(), r.err());
            assertTrue(r.err().contains("No space left on device"), r.err());
            assertTrue(r.err().contains("not written"), r.err());
            assertArrayEquals(PREVIOUS, Files.readAllBytes(target), "the previous file is left as it was");
            assertEquals(List.of(), leftovers(disk));
        } finally {
            unmount(disk);
        }
    }

    /** A target that is not a regular file (here a named pipe; /dev/null alike) is written in place, never replaced. */
    @ParameterizedTest
    @ValueSource(strings = {"read", "segment", "export"})
    void aPipeOrDeviceIsWrittenInPlace(String command, @TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("pipe");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Process reader = new ProcessBuilder("sh", "-c", "cat " + fifo + " | wc -c").start();
        Cli.Result r = Cli.run(command, "-w", fifo.toString(), SAMPLE.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(reader.waitFor(60, TimeUnit.SECONDS));
        long bytes = Long.parseLong(new String(reader.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim());
        assertTrue(bytes > 1000, "the reader got the output: " + bytes);
        assertFalse(Files.isRegularFile(fifo), "still a pipe");
        assertEquals(List.of(), leftovers(dir));
    }

    /** Inputs of several link types into one pcap: one line naming the first frame that does not fit, and no file. */
    @ParameterizedTest
    @ValueSource(strings = {"read", "segment"})
    void aSecondLinkTypeInAPcapIsOneLineAndNoFile(String command, @TempDir Path dir) {
        Path target = dir.resolve("mixed.pcap");
        Cli.Result r = Cli.run(command, "-w", target.toString(), SAMPLE.toString(),
                Cli.SAMPLES.resolve("ipv6-bigtcp-any-sll2.pcap").toString(), Cli.SAMPLES.resolve("ipv6-bigtcp-loopback.pcap").toString());
        assertEquals(1, r.code(), r.err());
        assertEquals(List.of("jumbocap: " + target + ": a pcap file holds one link type (EN10MB), but frame 1 is LINUX_SLL2: "
                + "write a .pcapng file instead; not written"), r.errLines());
        assertFalse(Files.exists(target));
        Cli.Result pcapng = Cli.run(command, "-w", dir.resolve("mixed.pcapng").toString(), SAMPLE.toString(),
                Cli.SAMPLES.resolve("ipv6-bigtcp-any-sll2.pcap").toString());
        assertEquals(0, pcapng.code(), pcapng.err());
    }

    @Test
    void twoWritersOfOneNameLeaveOneWholeFile(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("both.pcap");
        int frames = Cli.frames(SAMPLE).size();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Cli.Result>> runs = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Callable<Cli.Result> run = () -> Cli.run("read", "-w", target.toString(), SAMPLE.toString(), SAMPLE.toString());
                runs.add(pool.submit(run));
            }
            for (Future<Cli.Result> f : runs) {
                Cli.Result r = f.get(120, TimeUnit.SECONDS);
                assertEquals(0, r.code(), r.err());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(2 * frames, Cli.frames(target).size(), "one writer's whole file");
        assertEquals(List.of(), leftovers(dir));
    }

    /**
     * SIGTERM (143) or SIGINT (130) while a command writes from standard input that is still open: one line,
     * the target absent (or the previous file), no temporary file.
     */
    @ParameterizedTest
    @ValueSource(strings = {"read TERM", "segment TERM", "export TERM", "read INT", "export INT"})
    void aSignalLeavesNoCutFile(String commandAndSignal, @TempDir Path dir) throws Exception {
        String command = commandAndSignal.split(" ")[0];
        String signal = commandAndSignal.split(" ")[1];
        Path target = dir.resolve(command.equals("export") ? "out.parquet" : "out.pcap");
        boolean previous = command.equals("read");
        if (previous) {
            Files.write(target, PREVIOUS);
        }
        // env --default-signal: a build run in the background by a non-interactive shell ignores SIGINT, which a
        // child inherits and the JVM then leaves alone; the command is tested as a terminal starts it
        Process p = new ProcessBuilder("env", "--default-signal=INT,TERM",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "org.jumbocap.cli.Main", command, "-w", target.toString(), "-")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try (OutputStream in = p.getOutputStream()) {
            byte[] sample = Files.readAllBytes(SAMPLE);
            // the file header and most frames (the first batch of 512 is written); the input stays open,
            // so the command waits for the rest
            in.write(Arrays.copyOf(sample, sample.length - 1000));
            in.flush();
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (leftovers(dir).isEmpty() && System.nanoTime() < end) {
                Thread.sleep(50);
            }
            assertFalse(leftovers(dir).isEmpty(), "the command started writing its part");
            assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor());
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        } catch (IOException e) {
            // the command may close its input as it ends
        }
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(signal.equals("TERM") ? 143 : 130, p.exitValue(), err);
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("jumbocap: stopped before " + target + " was complete: not written"), err);
        assertEquals(List.of(), leftovers(dir));
        if (previous) {
            assertArrayEquals(PREVIOUS, Files.readAllBytes(target));
        } else {
            assertFalse(Files.exists(target));
        }
    }
}
