package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Node;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.live.CaptureCommand;
import org.jumbocap.gui.live.LiveInterface;
import org.jumbocap.gui.live.ProcessCaptureProvider;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.CaptureWriter;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.files.CaptureWriters;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The viewer's live capture through the capture process, as Wireshark's through dumpcap, driven with no
 * root by a replayed source: {@code jumbocap capture --replay FILE --raw -w TEMP} runs as its own process
 * (this JVM's java, the test class path, {@code org.jumbocap.cli.CaptureMain}), and the viewer follows
 * the file it writes. Rows appear while the file grows, the list ends as the replayed file's frames, the
 * heap grows with the rows and not with the bytes, and Quit and Close ask before the temporary file goes.
 */
@ExtendWith(ApplicationExtension.class)
class LiveProcessCaptureGuiTest {
    /** The sample's 44 frames (21 BIG TCP super-packets), this many times over: about 88 MB. */
    private static final int REPEATS = 24;
    /** Time between replayed frames: the replay lasts about {@code 44 * REPEATS * 3 ms} = 3.2 s
     * of capture time, 6.4 s at half speed. */
    private static final long GAP_NANOS = 3_000_000L;

    @TempDir
    static Path temp;
    private static Path replay;
    private static List<FrameRecord> expected;
    private static long expectedBytes;

    private CaptureViewModel model;
    private MainView view;

    @BeforeAll
    static void makeReplayFile() throws IOException {
        GuiTestSupport.assumeSample(GuiTestSupport.SAMPLE);
        List<FrameRecord> sample = new ArrayList<>();
        try (CaptureReader reader = CaptureFiles.open(GuiTestSupport.SAMPLE)) {
            FrameRecord rec = new FrameRecord();
            while (reader.next(rec)) {
                sample.add(rec.copy());
            }
        }
        replay = temp.resolve("replayed.pcapng");
        expected = new ArrayList<>();
        long t = sample.get(0).timestampNanos();
        try (CaptureWriter writer = CaptureWriters.create(replay, sample.get(0).linkType(), 524288, true)) {
            for (int r = 0; r < REPEATS; r++) {
                for (FrameRecord f : sample) {
                    t += GAP_NANOS;
                    byte[] bytes = f.bytes();
                    writer.write(t, bytes, 0, f.capturedLength(), f.originalLength());
                    expected.add(new FrameRecord(expected.size() + 1L, t, f.linkType(), bytes, f.originalLength()));
                    expectedBytes += f.capturedLength();
                }
            }
        }
    }

    @Start
    void start(Stage stage) throws IOException {
        model = new CaptureViewModel(new CoreBackend());
        view = GuiTestSupport.showMainWindow(stage, model, temp);
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    private Path startReplay(double speed, String filter) throws Exception {
        ProcessCaptureProvider provider = ProcessCaptureProvider.replaying(replay, speed);
        LiveInterface itf = provider.interfaces().get(0);
        return onFx(() -> {
            model.startLive(provider, itf, filter, 524288);
            return model.liveFileProperty().get();
        });
    }

    private static long usedHeapAfterGc() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    @Test
    void rowsFollowTheGrowingFileAndEndAsTheReplayedFrames() throws Exception {
        Path file = startReplay(0.5, "");
        assertNotNull(file, "the capture writes a temporary file");
        assertTrue(file.startsWith(Path.of(System.getProperty("java.io.tmpdir"))), file.toString());
        int total = expected.size();

        // rows appear while the capture process still writes
        waitUntil("the first rows", () -> model.frameCountProperty().get() > 0);
        int early = onFx(() -> model.frameCountProperty().get());
        assertTrue(onFx(() -> model.liveRunningProperty().get()), "still capturing when rows appear");
        assertTrue(early < total, "rows appear before the capture ends: " + early + " of " + total);

        // heap after the first tenth of the frames and at the end: it grows with the rows listed between
        // the two, not with their bytes (each frame's bytes stay in the file)
        waitUntil("a tenth of the frames", () -> model.frameCountProperty().get() >= total / 10);
        long heapEarly = usedHeapAfterGc();
        int rowsEarly = onFx(() -> model.frameCountProperty().get());
        waitUntil("the capture ends", () -> !model.liveRunningProperty().get() && !model.isBusy());
        long heapAtEnd = usedHeapAfterGc();
        long listedBytes = 0;
        for (int i = rowsEarly; i < total; i++) {
            listedBytes += expected.get(i).capturedLength();
        }
        long grew = heapAtEnd - heapEarly;
        System.out.println("live capture heap: " + grew + " bytes more for " + (total - rowsEarly) + " frames, "
                + listedBytes + " bytes, listed");
        assertTrue(listedBytes > 40_000_000L, listedBytes + " bytes listed after the first heap reading");
        assertTrue(grew < listedBytes / 5, "the heap grew by " + grew + " bytes while frames of " + listedBytes
                + " bytes were listed: it must hold rows, not frames");

        // the list is the replayed file's frames, read again from the capture's file
        assertEquals(total, onFx(() -> model.rows().size()));
        for (int i = 0; i < total; i++) {
            PacketRow row = model.rows().get(i);
            FrameRecord want = expected.get(i);
            assertEquals(i + 1L, row.number());
            assertEquals(want.timestampNanos(), row.timestampNanos(), "time of frame " + (i + 1));
            assertEquals(want.originalLength(), row.length(), "length of frame " + (i + 1));
            if (i % 97 == 0 || i == total - 1) {
                FrameRecord got = model.frameStore().read(row);
                assertArrayEquals(want.bytes(), got.bytes(), "bytes of frame " + (i + 1));
            }
        }
        assertTrue(model.hasUnsavedCapture());
        // the process's own counters, and why it stopped
        assertEquals(total, onFx(() -> model.liveReceivedProperty().get()));
        assertEquals(0, onFx(() -> model.liveDroppedProperty().get()));
        assertTrue(onFx(() -> model.statusProperty().get()).contains("end of input"), onFx(() -> model.statusProperty().get()));
    }

    @Test
    void quitAsksAndDiscardRemovesTheTemporaryFile(FxRobot robot) throws Exception {
        Path file = startReplay(0, "");
        waitUntil("the capture ends", () -> !model.liveRunningProperty().get() && !model.isBusy());
        assertEquals(expected.size(), onFx(() -> model.rows().size()));
        AtomicInteger quits = new AtomicInteger();
        onFx(() -> {
            view.setQuitAction(quits::incrementAndGet);
            view.requestQuit();
            return null;
        });
        waitUntil("the unsaved-capture question", () -> dialog() != null);
        assertEquals(0, quits.get(), "Quit waits for the answer");
        robot.clickOn("Discard");
        waitUntil("quit", () -> quits.get() == 1);
        assertFalse(Files.exists(file), "the temporary file is removed");
        assertFalse(Files.exists(file.getParent()), "and its directory");
        assertFalse(model.hasUnsavedCapture());
    }

    @Test
    void closeAsksAndSaveKeepsACopyThatReadsBackIdentical(FxRobot robot) throws Exception {
        Path file = startReplay(0, "");
        waitUntil("the capture ends", () -> !model.liveRunningProperty().get() && !model.isBusy());
        Path saved = temp.resolve("saved-capture.pcapng");
        onFx(() -> {
            view.setCaptureSaveTarget(() -> saved);
            // opening another file closes the capture
            view.open(GuiTestSupport.IPV4_SAMPLE);
            return null;
        });
        waitUntil("the unsaved-capture question", () -> dialog() != null);
        robot.clickOn("Save\u2026");
        waitUntil("the other file is open", () -> !model.isBusy() && model.hasFrames()
                && model.titleProperty().get().contains(GuiTestSupport.IPV4_SAMPLE.getFileName().toString()));
        assertTrue(Files.isRegularFile(saved));
        assertFalse(Files.exists(file), "the temporary file goes once saved and closed");
        List<FrameRecord> back = new ArrayList<>();
        try (CaptureReader reader = CaptureFiles.open(saved)) {
            FrameRecord rec = new FrameRecord();
            while (reader.next(rec)) {
                back.add(rec.copy());
            }
        }
        assertEquals(expected.size(), back.size());
        for (int i = 0; i < back.size(); i++) {
            assertEquals(expected.get(i).timestampNanos(), back.get(i).timestampNanos());
            assertArrayEquals(expected.get(i).bytes(), back.get(i).bytes(), "frame " + (i + 1));
        }
    }

    @Test
    void anErrorOfTheCaptureProcessIsOneLine() throws Exception {
        startReplay(0, "tcp port");
        waitUntil("the capture fails", () -> model.liveFailureProperty().get() != null);
        String failure = onFx(() -> model.liveFailureProperty().get());
        assertFalse(failure.contains("\n"), failure);
        assertTrue(failure.toLowerCase(java.util.Locale.ROOT).contains("filter"), failure);
        assertTrue(onFx(() -> model.statusProperty().get()).contains(failure));
    }

    /**
     * As root: a real capture on {@code lo} through the viewer's path (the capture process, its growing
     * file, the file-backed store) lists the same datagrams as {@code jumbocap capture -w} run beside it
     * on the same traffic. Skipped when not root.
     */
    @Test
    void aRealCaptureListsWhatTheCommandLineWritesBesideIt() throws Exception {
        Assumptions.assumeTrue(root(), "capturing on lo needs root");
        ProcessCaptureProvider provider = new ProcessCaptureProvider();
        List<LiveInterface> interfaces;
        try {
            interfaces = provider.interfaces();
        } catch (IOException e) {
            Assumptions.abort("no interface list here: " + e.getMessage());
            return;
        }
        LiveInterface lo = interfaces.stream().filter(i -> i.name().equals("lo")).findFirst().orElse(null);
        Assumptions.assumeTrue(lo != null, "libpcap lists no 'lo' interface here");
        Path reference = temp.resolve("reference.pcapng");
        try (DatagramSocket receiver = new DatagramSocket(0, InetAddress.getLoopbackAddress());
             DatagramSocket sender = new DatagramSocket()) {
            int port = receiver.getLocalPort();
            String filter = provider.rewriter(lo).rewrite("udp dst port " + port);
            onFx(() -> {
                model.startLive(provider, lo, filter, 262144);
                return null;
            });
            Path javaBinary = Path.of(System.getProperty("java.home"), "bin", "java");
            Process commandLine = new ProcessBuilder(javaBinary.toString(), "-cp", System.getProperty("java.class.path"),
                    CaptureCommand.MAIN_CLASS, "-i", "lo", "-U", "--raw", "-w", reference.toString(), "-s", "262144",
                    "-f", "udp dst port " + port).redirectErrorStream(true).redirectOutput(temp.resolve("reference.log").toFile()).start();
            try {
                // both capture once they see a warm-up datagram
                long deadline = System.nanoTime() + 30_000_000_000L;
                while ((onFx(() -> model.frameCountProperty().get()) == 0 || framesIn(reference).isEmpty())
                        && System.nanoTime() < deadline) {
                    send(sender, port, "warm-up");
                    Thread.sleep(100);
                }
                for (int i = 0; i < 200; i++) {
                    send(sender, port, "data-" + i);
                    Thread.sleep(2);
                }
                Thread.sleep(500);
            } finally {
                // Stop as the button asks it: the UI thread does not wait for the process
                onFx(() -> {
                    model.requestStopLive();
                    return null;
                });
                commandLine.destroy();
                commandLine.waitFor(20, java.util.concurrent.TimeUnit.SECONDS);
            }
            waitUntil("the viewer's capture ends", () -> !model.liveRunningProperty().get() && !model.isBusy());
            assertEquals(null, onFx(() -> model.liveFailureProperty().get()), "a stop asked for is no failure");
            List<String> viewer = new ArrayList<>();
            for (int i = 0; i < onFx(() -> model.rows().size()); i++) {
                PacketRow row = model.rows().get(i);
                String payload = payload(model.frameStore().read(row));
                if (payload.startsWith("data-")) {
                    viewer.add(payload);
                }
            }
            List<String> commandLineFrames = new ArrayList<>();
            for (FrameRecord f : framesIn(reference)) {
                String payload = payload(f);
                if (payload.startsWith("data-")) {
                    commandLineFrames.add(payload);
                }
            }
            assertEquals(200, commandLineFrames.size(), "jumbocap capture -w saw every datagram");
            assertEquals(commandLineFrames, viewer, "the viewer lists what the command line wrote");
        }
    }

    private static void send(DatagramSocket sender, int port, String text) throws IOException {
        byte[] payload = text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        sender.send(new DatagramPacket(payload, payload.length, InetAddress.getLoopbackAddress(), port));
    }

    /** The UDP payload of a loopback frame (Ethernet, IPv4 without options, UDP) as text. */
    private static String payload(FrameRecord f) {
        int at = 14 + 20 + 8;
        return f.capturedLength() <= at ? "" : new String(f.bytes(), at, f.capturedLength() - at,
                java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** The whole frames of a capture file that may still be written. */
    private static List<FrameRecord> framesIn(Path file) {
        List<FrameRecord> frames = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return frames;
        }
        try (CaptureReader reader = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            while (reader.next(rec)) {
                frames.add(rec.copy());
            }
        } catch (IOException | RuntimeException stillWritten) {
            // a block the writer has not finished: the frames before it count
        }
        return frames;
    }

    private static boolean root() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return line.split("\\s+")[2].equals("0");
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    /** The unsaved-capture question, when it shows. */
    private static Node dialog() {
        for (Window w : Window.getWindows()) {
            if (w.isShowing() && w.getScene() != null) {
                Node n = w.getScene().lookup("#unsaved-capture-dialog");
                if (n != null) {
                    return n;
                }
            }
        }
        return null;
    }
}
