package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code capture --segment} live, as root: a veth pair between two namespaces with BIG TCP on, iperf3 over
 * IPv6, and a capture that writes what it captures segmented. The file holds every frame the summary says
 * was written, none longer than the 1500-byte MTU and its Ethernet header, none a jumbogram, and no checksum
 * wrong or left for the NIC. Skipped (with the reason) when not root, without namespaces or iperf3.
 */
@Tag("root")
class LiveSegmentCaptureTest {
    private static final int PORT = 5298;
    private static final String SERVER = "2001:db8:78::2";

    @TempDir
    Path dir;

    private final String nsA = "segment-a-" + ProcessHandle.current().pid();
    private final String nsB = "segment-b-" + ProcessHandle.current().pid();
    private final List<Process> started = new ArrayList<>();

    @Test
    void capturedSuperPacketsAreWrittenAsWireSegments() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root (network namespaces, capture)");
        assumeTrue(run("iperf3", "--version") == 0, "iperf3 is not installed");
        try {
            assumeTrue(run("ip", "netns", "add", nsA) == 0 && run("ip", "netns", "add", nsB) == 0,
                    "'ip netns add' failed: no network namespaces here");
            setUpPair();
            Path segmentedFile = dir.resolve("segmented.pcap");
            start(List.of("ip", "netns", "exec", nsB, "iperf3", "-s", "-1", "-p", "" + PORT), null);
            Process segmented = startCapture(dir.resolve("segmented.txt"), "-i", "segva", "-q", "-f", "tcp port " + PORT,
                    "--segment", "-w", segmentedFile.toString(), "--duration", "4");
            waitForStderr(dir.resolve("segmented.txt.err"), "capturing on");
            assertEquals(0, run("ip", "netns", "exec", nsA, "iperf3", "-c", SERVER, "-p", "" + PORT, "-t", "1",
                    "-l", "1M"), "iperf3 client");
            assertTrue(segmented.waitFor(20, TimeUnit.SECONDS), "--duration stops the capture");
            String err = Files.readString(dir.resolve("segmented.txt.err"));
            assertEquals(0, segmented.exitValue(), err);
            Matcher m = Pattern.compile("segment: ([\\d,]+) frames in; ([\\d,]+) super-packets split into ([\\d,]+) segments;"
                    + ".* ([\\d,]+) frames \\(").matcher(err);
            assertTrue(m.find(), err);
            assertTrue(number(m.group(2)) > 0, "BIG TCP made super-packets, and they were split: " + err);

            // frames the kernel dropped are missing from the file, but every frame written is a wire segment
            List<FrameRecord> written = LiveCaptureTest.readAll(segmentedFile);
            assertEquals(number(m.group(4)), written.size(), err);
            FrameDissector dissector = new FrameDissector();
            FrameSummary s = new FrameSummary();
            for (FrameRecord f : written) {
                assertTrue(f.originalLength() <= 1514 && !f.isCut(), "frame " + f.number() + ": " + f.originalLength());
                dissector.summarize(f, s, true);
                assertEquals(null, s.jumboKind, "frame " + f.number());
                for (int i = 0; i < s.expertCount; i++) {
                    String id = s.experts[i].id();
                    assertTrue(!id.contains("checksum.bad") && !id.contains("checksum.offloaded"), "frame " + f.number() + ": " + id);
                }
            }
        } finally {
            for (Process p : started) {
                p.destroyForcibly();
            }
            run("ip", "netns", "del", nsA);
            run("ip", "netns", "del", nsB);
        }
    }

    private static long number(String withCommas) {
        return Long.parseLong(withCommas.replace(",", ""));
    }

    private void setUpPair() throws Exception {
        for (String ns : List.of(nsA, nsB)) {
            must("ip", "netns", "exec", ns, "sysctl", "-qw", "net.ipv6.conf.all.accept_dad=0",
                    "net.ipv6.conf.default.accept_dad=0");
            must("ip", "-n", ns, "link", "set", "lo", "up");
        }
        must("ip", "link", "add", "segva", "netns", nsA, "type", "veth", "peer", "name", "segvb", "netns", nsB);
        must("ip", "-n", nsA, "addr", "add", "2001:db8:78::1/64", "dev", "segva", "nodad");
        must("ip", "-n", nsB, "addr", "add", SERVER + "/64", "dev", "segvb", "nodad");
        for (String[] nd : new String[][] {{nsA, "segva"}, {nsB, "segvb"}}) {
            must("ip", "-n", nd[0], "link", "set", "dev", nd[1], "gso_max_size", "185000", "gro_max_size", "185000");
            must("ip", "-n", nd[0], "link", "set", "dev", nd[1], "up");
        }
    }

    private Process startCapture(Path stdout, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", nsA,
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "org.jumbocap.cli.Main", "capture"));
        cmd.addAll(List.of(args));
        return start(cmd, stdout);
    }

    private Process start(List<String> cmd, Path stdout) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (stdout != null) {
            pb.redirectOutput(stdout.toFile()).redirectError(Path.of(stdout + ".err").toFile());
        } else {
            pb.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        }
        Process p = pb.start();
        started.add(p);
        return p;
    }

    private static void waitForStderr(Path err, String text) throws Exception {
        long deadline = System.nanoTime() + 15_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (Files.exists(err) && Files.readString(err, StandardCharsets.UTF_8).contains(text)) {
                Thread.sleep(300);
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("capture did not start: " + (Files.exists(err) ? Files.readString(err) : "no output"));
    }

    private static void must(String... cmd) throws Exception {
        assertEquals(0, run(cmd), String.join(" ", cmd));
    }

    private static int run(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return -1;
            }
            return p.exitValue();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
