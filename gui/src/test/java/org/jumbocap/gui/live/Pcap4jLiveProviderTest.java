package org.jumbocap.gui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jumbocap.capture.CaptureException;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The real libpcap provider on the loopback interface: needs root (or capture capabilities) and libpcap. */
class Pcap4jLiveProviderTest {
    private final Pcap4jLiveProvider provider = new Pcap4jLiveProvider();

    private static boolean root() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return line.split("\\s+")[2].equals("0");
                }
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return false;
    }

    private List<LiveInterface> interfacesOrSkip() throws IOException {
        try {
            return provider.interfaces();
        } catch (CaptureException e) {
            Assumptions.assumeTrue(e.kind() != CaptureException.Kind.LIBPCAP_MISSING, "libpcap is not installed: " + e.getMessage());
            throw e;
        }
    }

    private static LiveInterface loopback(List<LiveInterface> interfaces) {
        return interfaces.stream().filter(i -> i.name().equals("lo")).findFirst().orElse(null);
    }

    /** lo's gso_max_size as the text form of {@code ip -d link show lo} prints it, or -1. */
    private static long kernelGsoMaxSize() throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder("ip", "-d", "link", "show", "lo").redirectErrorStream(true).start();
        } catch (IOException e) {
            return -1;
        }
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\bgso_max_size (\\d+)").matcher(text);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    @Test
    void listsLoopbackWithTheKernelsGsoSize() throws Exception {
        LiveInterface lo = loopback(interfacesOrSkip());
        Assumptions.assumeTrue(lo != null, "libpcap lists no 'lo' interface here");
        long expected = kernelGsoMaxSize();
        Assumptions.assumeTrue(expected > 0, "'ip -d link show lo' prints no gso_max_size here");
        assertEquals(expected, lo.gsoMaxSize());
        assertTrue(lo.settingsText().contains("gso_max_size " + expected), lo.settingsText());
    }

    @Test
    void theViewerFindsTheProviderThroughItsServiceRegistration() {
        // the viewer captures through the capture process; this provider lists its interfaces
        assertInstanceOf(ProcessCaptureProvider.class, LiveCaptureProvider.discover());
    }

    @Test
    void rewriterWidensIpv6AndReportsLibpcapErrors() throws IOException {
        LiveInterface lo = loopback(interfacesOrSkip());
        Assumptions.assumeTrue(lo != null, "libpcap lists no 'lo' interface here");
        CaptureFilterRewriter rewriter = provider.rewriter(lo);
        assertEquals("", rewriter.rewrite(""));
        String widened = rewriter.rewrite("ip6 and tcp port 5201");
        assertNotEquals("ip6 and tcp port 5201", widened, "BIG TCP's Hop-by-Hop header must not hide TCP from the filter");
        assertTrue(widened.contains("5201"), widened);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> rewriter.rewrite("tcp port"));
        assertTrue(e.getMessage().contains("tcp port"), e.getMessage());
    }

    @Test
    void loopbackDatagramsStreamIntoTheSinkAndStopReturns() throws Exception {
        Assumptions.assumeTrue(root(), "capturing on lo needs root: run the tests as root to exercise libpcap");
        LiveInterface lo = loopback(interfacesOrSkip());
        Assumptions.assumeTrue(lo != null, "libpcap lists no 'lo' interface here");
        int count = 5;
        try (DatagramSocket receiver = new DatagramSocket(0, InetAddress.getLoopbackAddress());
             DatagramSocket sender = new DatagramSocket()) {
            int port = receiver.getLocalPort();
            String filter = provider.rewriter(lo).rewrite("udp dst port " + port);
            List<FrameRecord> captured = new CopyOnWriteArrayList<>();
            LiveSource source = provider.open(lo, filter, 262144);
            try {
                source.start(frame -> captured.add(frame.copy()));
                long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                int sent = 0;
                // the capture thread may need a moment to reach libpcap's read: resend until all are seen
                while (captured.size() < count && System.nanoTime() < deadline) {
                    byte[] payload = ("jumbocap-live-" + sent++).getBytes(StandardCharsets.US_ASCII);
                    sender.send(new DatagramPacket(payload, payload.length, InetAddress.getLoopbackAddress(), port));
                    Thread.sleep(50);
                }
                assertTrue(captured.size() >= count, "captured " + captured.size() + " of the datagrams sent");
            } finally {
                assertTimeoutPreemptively(Duration.ofSeconds(5), source::stop, "stop() must break libpcap's read");
            }
            int afterStop = captured.size();
            sender.send(new DatagramPacket(new byte[] {1}, 1, InetAddress.getLoopbackAddress(), port));
            Thread.sleep(200);
            assertEquals(afterStop, captured.size(), "no frames after stop()");
            assertEquals(afterStop, source.received(), "the received counter counts the frames handed over");
            assertEquals(0, source.dropped());
            assertEquals(null, source.failure());

            FrameDissector dissector = new FrameDissector();
            for (int i = 0; i < count; i++) {
                FrameRecord frame = captured.get(i);
                FrameTree tree = dissector.dissect(frame, captured.get(0).timestampNanos(), frame.timestampNanos());
                FieldNode dstPort = tree.find("udp.dstport");
                assertTrue(dstPort != null && dstPort.longValue() == port, "frame " + i + " is a datagram to the test's port");
                String payload = "jumbocap-live-" + i;
                assertEquals(14 + 20 + 8 + payload.length(), frame.originalLength(), "frame " + i + " length");
                String tail = new String(frame.bytes(), frame.capturedLength() - payload.length(), payload.length(),
                        StandardCharsets.US_ASCII);
                assertEquals(payload, tail);
                assertFalse(frame.isCut());
            }
        }
    }
}
