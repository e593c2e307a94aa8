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

    private final BigTcpVethPair pair = new BigTcpVethPair("segment", "segva", "segvb");
    private final String nsA = pair.nsA;
    private final String nsB = pair.nsB;

    @Test
    void capturedSuperPacketsAreWrittenAsWireSegments() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root (network namespaces, capture)");
        assumeTrue(run("iperf3", "--version") == 0, "iperf3 is not installed");
        try {
            assumeTrue(pair.create(), "'ip netns add' failed: no network namespaces here");
            pair.connect("2001:db8:78::1", SERVER);
            Path segmentedFile = dir.resolve("segmented.pcap");
            pair.start(List.of("ip", "netns", "exec", nsB, "iperf3", "-s", "-1", "-p", "" + PORT), null);
            Process segmented = pair.startCapture(dir.resolve("segmented.txt"), "-i", "segva", "-q", "-f", "tcp port " + PORT,
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
            pair.close();
        }
    }

    private static long number(String withCommas) {
        return Long.parseLong(withCommas.replace(",", ""));
    }
}
