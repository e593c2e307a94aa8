package org.jumbocap.gui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.junit.jupiter.api.Test;

/**
 * The capture process does not outlive the viewer that started it: a viewer ({@link ViewerStandIn}, in a
 * JVM of its own) starts it on a replay paced to last hours, is killed with SIGKILL, which runs none of its
 * code, and the capture process then ends by itself, its file closed whole. Without the pipe it watches
 * ({@code --stop-when-stdin-closes}) it would replay on, and this test would wait out its bound and fail.
 */
class CaptureEndsWithTheViewerTest {
    private static final Path SAMPLE = Path.of("../samples/ipv6-bigtcp-veth.pcap").toAbsolutePath();

    @Test
    void theCaptureProcessEndsWhenTheViewerIsKilled() throws Exception {
        // 44 frames over 0.68 s, at 1/100,000 of real time: about 19 hours of replay
        Process viewer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), ViewerStandIn.class.getName(), SAMPLE.toString(), "0.00001")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        ProcessHandle capture = null;
        Path file = null;
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(viewer.getInputStream()));
            String first = lines.readLine();
            assertTrue(first != null && first.startsWith("file: "), "the stand-in's first line: " + first);
            file = Path.of(first.substring("file: ".length()));
            assertEquals("following", lines.readLine(), "the viewer follows the capture's first frame");
            List<ProcessHandle> children = viewer.toHandle().children().toList();
            assertEquals(1, children.size(), "the viewer runs one capture process: " + children);
            capture = children.get(0);
            assertTrue(capture.info().commandLine().orElse("").contains("--stop-when-stdin-closes"),
                    capture.info().commandLine().orElse(""));

            viewer.destroyForcibly();
            assertTrue(viewer.waitFor(60, TimeUnit.SECONDS), "SIGKILL ends the viewer");
            // a bound, not a measure of speed: the capture stops as on Ctrl-C, a JVM's shutdown included
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (capture.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertFalse(capture.isAlive(), "the capture process outlived the viewer: " + capture.info());
            // it stopped as asked, not killed: the file it wrote reads whole, the frames replayed so far
            int frames = 0;
            try (CaptureReader reader = CaptureFiles.open(file)) {
                FrameRecord rec = new FrameRecord();
                while (reader.next(rec)) {
                    frames++;
                }
            }
            assertTrue(frames >= 1 && frames < 44, "frames in " + file + ": " + frames);
        } finally {
            viewer.destroyForcibly();
            if (capture != null) {
                capture.destroyForcibly();
            }
            if (file != null) {
                Files.deleteIfExists(file);
                Files.deleteIfExists(file.getParent());
            }
        }
    }
}
