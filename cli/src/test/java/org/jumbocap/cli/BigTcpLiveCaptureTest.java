package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.jumbocap.cli.BigTcpVethPair.must;
import static org.jumbocap.cli.BigTcpVethPair.run;
import static org.jumbocap.cli.BigTcpVethPair.waitForStderr;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.jumbocap.capture.CaptureSource;
import org.jumbocap.capture.LiveFileWriter;
import org.jumbocap.capture.ReplayCaptureSource;
import org.jumbocap.capture.filter.ExtensionHeaderRewriter;
import org.jumbocap.capture.filter.LibpcapRun;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end, as root: two network namespaces joined by a veth pair with BIG TCP on, iperf3 pushing bulk
 * TCP over IPv6, and {@code jumbocap capture} running inside a namespace as a child JVM. Skipped (with the
 * reason) when not root, when namespaces cannot be made, or when iperf3 is missing.
 */
@Tag("root")
class BigTcpLiveCaptureTest {
    private static final int PORT = 5299;
    private static final String SERVER = "2001:db8:77::2";

    @TempDir
    Path dir;

    private final BigTcpVethPair pair = new BigTcpVethPair("jcl", "va", "vb");
    private final String nsA = pair.nsA;
    private final String nsB = pair.nsB;

    @Test
    void capturesBigTcpJumbogramsThroughTheRewrittenFilter() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root (network namespaces, capture)");
        assumeTrue(run("iperf3", "--version") == 0, "iperf3 is not installed");
        try {
            assumeTrue(pair.create(), "'ip netns add' failed: no network namespaces here");
            pair.connect("2001:db8:77::1", SERVER);
            Path rewrittenFile = dir.resolve("rewritten.pcapng");
            Path rawFile = dir.resolve("raw.pcap");
            Process server = pair.start(List.of("ip", "netns", "exec", nsB, "iperf3", "-s", "-1", "-p", "" + PORT), null);
            Path rewrittenOut = dir.resolve("rewritten.txt");
            Process rewritten = pair.startCapture(rewrittenOut, "-i", "va", "-f", "tcp port " + PORT, "-w",
                    rewrittenFile.toString(), "--duration", "5");
            Process raw = pair.startCapture(dir.resolve("raw.txt"), "-i", "va", "--raw-filter", "-f", "tcp port " + PORT,
                    "-w", rawFile.toString(), "--duration", "5", "-q");
            waitForStderr(dir.resolve("rewritten.txt.err"), "capturing on");
            waitForStderr(dir.resolve("raw.txt.err"), "capturing on");
            long t0 = System.nanoTime();
            assertEquals(0, run("ip", "netns", "exec", nsA, "iperf3", "-c", SERVER, "-p", "" + PORT, "-t", "2",
                    "-l", "1M"), "iperf3 client");
            server.waitFor(5, TimeUnit.SECONDS);
            assertTrue(rewritten.waitFor(15, TimeUnit.SECONDS), "--duration stops the capture");
            assertTrue(raw.waitFor(15, TimeUnit.SECONDS));
            assertTrue(System.nanoTime() - t0 < 12_000_000_000L);
            assertEquals(0, rewritten.exitValue(), Files.readString(dir.resolve("rewritten.txt.err")));
            assertEquals(0, raw.exitValue(), Files.readString(dir.resolve("raw.txt.err")));
            assertTrue(Files.readString(dir.resolve("rewritten.txt.err")).contains("duration reached"));

            List<FrameRecord> frames = LiveCaptureTest.readAll(rewrittenFile);
            List<FrameRecord> rawFrames = LiveCaptureTest.readAll(rawFile);
            long jumbo = frames.stream().filter(f -> f.originalLength() > 65535).count();
            assertTrue(jumbo > 0, "BIG TCP made jumbograms (" + frames.size() + " frames captured)");
            assertWhole(frames, "rewritten filter");
            assertWhole(rawFrames, "raw filter");
            assertTrue(!Files.readString(dir.resolve("rewritten.txt.err")).contains(" cut "),
                    Files.readString(dir.resolve("rewritten.txt.err")));
            // The file reads back frame for frame: one printed line per frame written.
            List<String> lines = Files.readAllLines(rewrittenOut);
            assertEquals(frames.size(), lines.size());

            // libpcap's own "tcp port" cannot see TCP behind a Hop-by-Hop header: which frames carry one is the
            // kernel's choice per super-packet (all of them on some kernels, none on newer ones, and a run here
            // had 1 of 16,687 without), so the file is checked frame by frame
            long hopByHopJumbo = frames.stream().filter(f -> f.originalLength() > 65535 && hasHopByHop(f)).count();
            long rawJumbo = rawFrames.stream().filter(f -> f.originalLength() > 65535).count();
            Set<Integer> all = new TreeSet<>();
            Set<Integer> withoutHopByHop = new TreeSet<>();
            for (int i = 1; i <= frames.size(); i++) {
                all.add(i);
                if (!hasHopByHop(frames.get(i - 1))) {
                    withoutHopByHop.add(i);
                }
            }
            String rewrittenText = new ExtensionHeaderRewriter().rewrite("tcp port " + PORT).text();
            assertEquals(all, LibpcapRun.matching(rewrittenFile, rewrittenText));
            Set<Integer> rawOnFile = LibpcapRun.matching(rewrittenFile, "tcp port " + PORT);
            System.out.println("BIG TCP over IPv6 on this kernel: " + hopByHopJumbo + " of " + jumbo
                    + " jumbograms with a Hop-by-Hop Jumbo Payload header (the others payload length 0 without one), of "
                    + frames.size() + " frames; the raw filter captured " + rawJumbo + " jumbograms live");
            assertEquals(withoutHopByHop, rawOnFile, "libpcap's own tcp port test sees every frame but those with Hop-by-Hop");
            // the raw filter live: never a frame with a Hop-by-Hop header. Checked on its own frames, not by count
            // against the other capture's: the two captures can each lose different frames, and a run here had
            // the one super-packet without the header in the raw capture only (4,416 of 4,416 with it in the other)
            long rawWithHopByHop = rawFrames.stream().filter(BigTcpLiveCaptureTest::hasHopByHop).count();
            assertEquals(0, rawWithHopByHop, "libpcap's own tcp port test cannot see behind Hop-by-Hop");
            if (hopByHopJumbo == 0) {
                assertTrue(rawJumbo > 0, "without Hop-by-Hop libpcap's own filter sees TCP");
            }

            ipv4BigTcp();
            immediateModeCutsAreExplained();
            aFullDiskStopsLibpcapsDumpWithAValidFile();

            // -c stops after that many frames, with the file complete.
            Path counted = dir.resolve("counted.pcap");
            Process byCount = pair.startCapture(dir.resolve("count.txt"), "-i", "va", "-c", "5", "-w", counted.toString(),
                    "-f", "tcp port " + PORT, "-B", "16");
            waitForStderr(dir.resolve("count.txt.err"), "capturing on");
            pair.start(List.of("ip", "netns", "exec", nsB, "iperf3", "-s", "-1", "-p", "" + PORT), null);
            Thread.sleep(300);
            run("ip", "netns", "exec", nsA, "iperf3", "-c", SERVER, "-p", "" + PORT, "-t", "1");
            assertTrue(byCount.waitFor(20, TimeUnit.SECONDS), "-c stops the capture");
            assertEquals(0, byCount.exitValue(), Files.readString(dir.resolve("count.txt.err")));
            assertEquals(5, LiveCaptureTest.readAll(counted).size());

            // The interface disappearing mid-capture stops it cleanly with a valid file.
            Path gone = dir.resolve("gone.pcapng");
            Process vanishing = pair.startCapture(dir.resolve("gone.txt"), "-i", "va", "-w", gone.toString(), "-B", "16",
                    "-q");
            waitForStderr(dir.resolve("gone.txt.err"), "capturing on");
            must("ip", "-n", nsA, "link", "del", "va");
            assertTrue(vanishing.waitFor(20, TimeUnit.SECONDS), "a vanished interface stops the capture");
            String goneErr = Files.readString(dir.resolve("gone.txt.err"));
            assertEquals(1, vanishing.exitValue(), goneErr);
            assertTrue(goneErr.contains("the interface went away"), goneErr);
            LiveCaptureTest.readAll(gone);
        } finally {
            pair.close();
        }
    }

    @Test
    void aFullDiskStopsTheCaptureAndKeepsAValidFile() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root (mounts a tiny tmpfs)");
        Path sample = Path.of("../samples/ipv6-bigtcp-veth.pcap");
        assumeTrue(Files.isRegularFile(sample), "sample not present");
        Path mount = Files.createDirectory(dir.resolve("small"));
        assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mount.toString()) == 0, "cannot mount tmpfs");
        try {
            Path out = mount.resolve("full.pcapng");
            LiveCapture.Result result;
            try (CaptureSource src = new ReplayCaptureSource(sample, CaptureSource.Options.defaults("x"), 0);
                 LiveFileWriter w = new LiveFileWriter(out, src.linkType(), src.snaplen())) {
                result = new LiveCapture(src, w, null, null, new java.io.PrintWriter(new java.io.StringWriter()), 0, 0,
                        null).run();
            }
            assertEquals(LiveCapture.StopReason.WRITE_FAILED, result.reason());
            assertTrue(result.error().contains("disk full"), result.error());
            assertTrue(result.written() > 0 && result.written() < result.frames());
            assertEquals(result.written(), LiveCaptureTest.readAll(out).size(), "the file reads to its end");
        } finally {
            run("umount", mount.toString());
        }
    }

    /**
     * {@code -q -w FILE.pcap} lets libpcap's {@code pcap_dump} write the file; when the disk fills, the
     * capture stops with jumbocap's one line, exit code 1, and the file cut back to its last whole frame.
     */
    private void aFullDiskStopsLibpcapsDumpWithAValidFile() throws Exception {
        Path mount = Files.createDirectory(dir.resolve("tiny"));
        if (run("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mount.toString()) != 0) {
            System.out.println("full-disk part skipped: cannot mount tmpfs");
            return;
        }
        try {
            Path file = mount.resolve("full.pcap");
            Process server = pair.start(List.of("ip", "netns", "exec", nsB, "iperf3", "-s", "-1", "-p", "" + PORT), null);
            Process capture = pair.startCapture(dir.resolve("full.txt"), "-i", "va", "--source", "libpcap", "-f",
                    "tcp port " + PORT, "-w", file.toString(), "--duration", "6", "-q", "-B", "16");
            waitForStderr(dir.resolve("full.txt.err"), "capturing on");
            String err = Files.readString(dir.resolve("full.txt.err"));
            assertTrue(err.contains("(pcap-nsec, by libpcap)"), err);
            run("ip", "netns", "exec", nsA, "iperf3", "-c", SERVER, "-p", "" + PORT, "-t", "1", "-l", "1M");
            server.waitFor(5, TimeUnit.SECONDS);
            assertTrue(capture.waitFor(20, TimeUnit.SECONDS), "a full disk stops the capture");
            err = Files.readString(dir.resolve("full.txt.err"));
            assertEquals(1, capture.exitValue(), err);
            assertTrue(err.contains(file + ": disk full; capture stopped, the file holds the "), err);
            assertTrue(err.contains("stopped (write failed)"), err);
            List<FrameRecord> frames = LiveCaptureTest.readAll(file);
            assertTrue(frames.size() > 0, "frames before the disk filled");
            assertTrue(err.contains("the file holds the " + frames.size() + " frames written before"), err);
            assertWhole(frames, "full disk");
        } finally {
            run("umount", mount.toString());
        }
    }

    /**
     * IPv4 BIG TCP (total length 0): libpcap's own port test reads the TCP header at the IHL offset and
     * needs no rewrite. Needs the netlink helper of samples/tools (iproute2 6.1 cannot set the IPv4 sizes).
     */
    private void ipv4BigTcp() throws Exception {
        Path helper = Path.of("../samples/tools/set-ipv4-bigtcp.py").toAbsolutePath();
        if (!Files.isRegularFile(helper) || run("ip", "netns", "exec", nsA, "python3", helper.toString(), "va", "185000") != 0
                || run("ip", "netns", "exec", nsB, "python3", helper.toString(), "vb", "185000") != 0) {
            System.out.println("IPv4 BIG TCP part skipped: cannot set gso_ipv4_max_size (" + helper + ")");
            return;
        }
        must("ip", "-n", nsA, "addr", "add", "198.51.100.1/24", "dev", "va");
        must("ip", "-n", nsB, "addr", "add", "198.51.100.2/24", "dev", "vb");
        Path file = dir.resolve("v4.pcap");
        Process server = pair.start(List.of("ip", "netns", "exec", nsB, "iperf3", "-s", "-1", "-p", "" + PORT), null);
        Process capture = pair.startCapture(dir.resolve("v4.txt"), "-i", "va", "--raw-filter", "-f", "tcp port " + PORT,
                "-w", file.toString(), "--duration", "4", "-q", "-B", "64");
        waitForStderr(dir.resolve("v4.txt.err"), "capturing on");
        assertEquals(0, run("ip", "netns", "exec", nsA, "iperf3", "-4", "-c", "198.51.100.2", "-p", "" + PORT, "-t",
                "2", "-l", "1M"), "iperf3 -4 client");
        server.waitFor(5, TimeUnit.SECONDS);
        assertTrue(capture.waitFor(15, TimeUnit.SECONDS));
        assertEquals(0, capture.exitValue(), Files.readString(dir.resolve("v4.txt.err")));
        List<FrameRecord> frames = LiveCaptureTest.readAll(file);
        long big = frames.stream().filter(f -> f.originalLength() > 65535).count();
        assertTrue(big > 0, "IPv4 BIG TCP super-packets captured by the filter as written (" + frames.size() + ")");
        assertTrue(frames.stream().filter(f -> f.originalLength() > 65535)
                .allMatch(f -> f.data()[16] == 0 && f.data()[17] == 0), "IPv4 total length 0");
        assertWhole(frames, "IPv4");
        Set<Integer> all = new TreeSet<>();
        for (int i = 1; i <= frames.size(); i++) {
            all.add(i);
        }
        assertEquals(all, LibpcapRun.matching(file, new ExtensionHeaderRewriter().rewrite("tcp port " + PORT).text()));
        System.out.println("IPv4 BIG TCP: " + big + " super-packets with total length 0 of " + frames.size()
                + " frames, all caught by libpcap's tcp port test as written");
    }

    /** Every frame no longer than the snaplen is kept whole: nothing in the capture path cuts super-packets. */
    private static void assertWhole(List<FrameRecord> frames, String what) {
        for (FrameRecord f : frames) {
            if (f.originalLength() <= CaptureSource.MAX_SNAPLEN) {
                assertEquals(f.originalLength(), f.capturedLength(), what + ": frame " + f.number() + " was cut");
            }
        }
    }

    /**
     * Asked for, immediate mode warns; where libpcap's ring then cuts super-packets (1.10 on Linux sizes its
     * slots from the MTU), the report says they were cut below the snaplen and how to keep them whole.
     */
    private void immediateModeCutsAreExplained() throws Exception {
        Path file = dir.resolve("immediate.pcap");
        Process server = pair.start(List.of("ip", "netns", "exec", nsB, "iperf3", "-s", "-1", "-p", "" + PORT), null);
        Process capture = pair.startCapture(dir.resolve("immediate.txt"), "-i", "va", "--source", "libpcap", "--immediate-mode", "-f",
                "tcp port " + PORT, "-w", file.toString(), "--duration", "3", "-q", "-B", "64");
        waitForStderr(dir.resolve("immediate.txt.err"), "capturing on");
        assertEquals(0, run("ip", "netns", "exec", nsA, "iperf3", "-c", SERVER, "-p", "" + PORT, "-t", "1", "-l", "1M"),
                "iperf3 client");
        server.waitFor(5, TimeUnit.SECONDS);
        assertTrue(capture.waitFor(15, TimeUnit.SECONDS));
        String err = Files.readString(dir.resolve("immediate.txt.err"));
        assertEquals(0, capture.exitValue(), err);
        assertTrue(err.contains("note: in immediate mode libpcap may cut frames longer than the interface's MTU"), err);
        List<FrameRecord> frames = LiveCaptureTest.readAll(file);
        long cutBelow = frames.stream().filter(f -> f.isCut() && f.capturedLength() < CaptureSource.MAX_SNAPLEN).count();
        if (cutBelow > 0) {
            assertTrue(err.contains(cutBelow + " frames (longest ") && err.contains("below the snaplen of "
                    + CaptureSource.MAX_SNAPLEN + " bytes: in immediate mode") && err.contains("without --immediate-mode"),
                    err);
            assertTrue(!err.contains("cut at the snaplen"), err);
        }
        System.out.println("immediate mode: " + cutBelow + " of " + frames.size() + " frames cut below the snaplen");
    }

    /** An IPv6 frame on Ethernet whose fixed header is followed by a Hop-by-Hop header (next header 0). */
    private static boolean hasHopByHop(FrameRecord f) {
        byte[] d = f.data();
        return f.capturedLength() > 20 && (d[12] & 0xFF) == 0x86 && (d[13] & 0xFF) == 0xDD && d[20] == 0;
    }
}
