package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.live.CaptureCommand;
import org.jumbocap.gui.live.LiveInterface;
import org.jumbocap.gui.live.ProcessCaptureProvider;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * As root: the viewer captures BIG TCP super-packets longer than libpcap's 262,144 bytes whole. Two network
 * namespaces joined by a veth pair with gso_max_size and gro_max_size 524,280; the viewer's capture process
 * runs in the sender's namespace (the capture command {@code ip netns exec NS java ... CaptureMain}), bulk
 * TCP flows for half a second, and the rows the viewer lists, read back from its store, include frames
 * over 262,144 bytes, none cut. tshark, reading the viewer's file, gives the frames it reads the same
 * length; tshark 4.0 stops at the first frame over 262,144 bytes, which the test checks it says. Skipped
 * when not root or without namespaces or python3.
 */
@Tag("root")
@ExtendWith(ApplicationExtension.class)
class BigTcpLiveCaptureGuiTest {
    private static final Path BULK_TCP = Path.of("../capture/src/test/resources/afpacket/bulk-tcp.py");
    private static final int PORT = 5317;
    private static final String CLIENT = "2001:db8:7a::1";
    private static final String SERVER = "2001:db8:7a::2";
    private static final long LIBPCAP_MAX = 262_144;

    @TempDir
    Path temp;

    private final String nsA = "jcgui-a-" + ProcessHandle.current().pid();
    private final String nsB = "jcgui-b-" + ProcessHandle.current().pid();
    private final List<Process> started = new ArrayList<>();
    private CaptureViewModel model;
    private MainView view;

    @Start
    void start(Stage stage) throws IOException {
        model = new CaptureViewModel(new CoreBackend());
        view = GuiTestSupport.showMainWindow(stage, model, temp);
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
        System.clearProperty(CaptureCommand.PROPERTY);
        for (Process p : started) {
            p.destroyForcibly();
        }
        run("ip", "netns", "del", nsA);
        run("ip", "netns", "del", nsB);
    }

    @Test
    void superPacketsOverLibpcapsLimitArriveWholeInTheViewersStore() throws Exception {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "needs root (network namespaces, capture)");
        Assumptions.assumeTrue(run("python3", "--version") == 0, "python3 is not installed");
        Assumptions.assumeTrue(run("ip", "netns", "add", nsA) == 0 && run("ip", "netns", "add", nsB) == 0,
                "'ip netns add' failed: no network namespaces here");
        must("ip", "link", "add", "jcgva", "netns", nsA, "type", "veth", "peer", "name", "jcgvb", "netns", nsB);
        for (String[] side : new String[][] {{nsA, "jcgva", CLIENT}, {nsB, "jcgvb", SERVER}}) {
            must("ip", "-n", side[0], "link", "set", "dev", side[1], "gso_max_size", "524280", "gro_max_size", "524280");
            must("ip", "-n", side[0], "addr", "add", side[2] + "/64", "dev", side[1], "nodad");
            must("ip", "-n", side[0], "link", "set", "dev", side[1], "up");
            must("ip", "-n", side[0], "link", "set", "dev", "lo", "up");
        }
        Path serverErr = temp.resolve("server.err");
        started.add(new ProcessBuilder("ip", "netns", "exec", nsB, "python3", BULK_TCP.toString(), "server", "" + PORT)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(serverErr.toFile()).start());
        waitForText(serverErr, "listening");

        // the viewer's own path, its capture process started in the sender's namespace
        System.setProperty(CaptureCommand.PROPERTY, String.join(" ", "ip", "netns", "exec", nsA,
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), CaptureCommand.MAIN_CLASS));
        Assumptions.assumeFalse(System.getProperty("java.class.path").contains(" "), "a class path with spaces");
        LiveInterface veth = new LiveInterface("jcgva", "veth, BIG TCP", 524280, 524280, 65536, 65536);
        onFx(() -> {
            model.startLive(new ProcessCaptureProvider(), veth, "", 524288);
            return null;
        });
        Path file = onFx(() -> model.liveFileProperty().get());
        // the capture is under way once a warm-up datagram is listed
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (onFx(() -> model.frameCountProperty().get()) == 0 && System.nanoTime() < deadline) {
            run("ip", "netns", "exec", nsA, "python3", "-c", "import socket\n"
                    + "socket.socket(socket.AF_INET6, socket.SOCK_DGRAM).sendto(b'warm-up', ('" + SERVER + "', 9))");
            Thread.sleep(200);
        }
        assertTrue(onFx(() -> model.frameCountProperty().get()) > 0, "the viewer lists the warm-up datagrams");
        try {
            assertEquals(0, run("ip", "netns", "exec", nsA, "python3", BULK_TCP.toString(), "client", SERVER, "" + PORT,
                    "0.5"), "bulk TCP");
        } finally {
            onFx(() -> {
                model.requestStopLive();
                return null;
            });
        }
        waitUntil("the viewer's capture ends", () -> !model.liveRunningProperty().get() && !model.isBusy());
        assertNull(onFx(() -> model.liveFailureProperty().get()), "a stop asked for is no failure");

        int rows = onFx(() -> model.rows().size());
        List<Long> lengths = new ArrayList<>();
        long over = 0;
        long largest = 0;
        for (int i = 0; i < rows; i++) {
            PacketRow row = model.rows().get(i);
            lengths.add(row.length());
            if (row.length() > LIBPCAP_MAX) {
                FrameRecord frame = model.frameStore().read(row);
                assertEquals(row.length(), frame.capturedLength(), "frame " + row.number() + " was cut");
                assertEquals(row.length(), frame.bytes().length, "frame " + row.number() + " read back whole");
                over++;
                largest = Math.max(largest, row.length());
            }
        }
        System.out.println("viewer on a BIG TCP veth: " + rows + " rows, " + over + " over 262,144 bytes, largest "
                + largest);
        assertTrue(over > 0, "frames over 262,144 bytes among " + rows + " rows");

        if (run("tshark", "--version") == 0) {
            Path tsharkErr = temp.resolve("tshark.err");
            Process tshark = new ProcessBuilder("tshark", "-r", file.toString(), "-T", "fields", "-e", "frame.len", "-e",
                    "frame.cap_len").redirectError(tsharkErr.toFile()).start();
            List<String> fields = new String(tshark.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).lines().toList();
            assertTrue(tshark.waitFor(60, TimeUnit.SECONDS));
            int firstOver = lengths.indexOf(lengths.stream().filter(l -> l > LIBPCAP_MAX).findFirst().orElseThrow());
            if (fields.size() < rows) {
                // tshark (4.0) stops at the first frame over its 262,144-byte limit, which jumbocap reads whole:
                // and calls the file "damaged or corrupt": "(pcapng: cap_len 524170 is larger than 262144)"
                String why = Files.readString(tsharkErr);
                assertEquals(firstOver, fields.size(), "tshark stops at frame " + (firstOver + 1) + ": " + why);
                assertTrue(why.contains("cap_len " + lengths.get(firstOver) + " is larger than 262144"), why);
            }
            for (int i = 0; i < fields.size(); i++) {
                assertEquals(lengths.get(i) + "\t" + lengths.get(i), fields.get(i), "frame " + (i + 1) + " for tshark");
            }
        }
    }

    private static void waitForText(Path file, String text) throws Exception {
        for (int i = 0; i < 300; i++) {
            if (Files.exists(file) && Files.readString(file).contains(text)) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no '" + text + "' in " + file);
    }

    private static void must(String... cmd) {
        assertEquals(0, run(cmd), String.join(" ", cmd));
    }

    private static int run(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
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
