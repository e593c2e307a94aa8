package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.CaptureProperties;
import org.jumbocap.gui.view.CapturePropertiesView;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Capture File Properties on what a pcapng says beyond its frames: the interfaces' comments and drop
 * counts (Interface Statistics Blocks), and the kernel's per-frame facts, as {@code jumbocap stats} prints
 * them ("Recorded by the kernel").
 */
@ExtendWith(ApplicationExtension.class)
class CapturePropertiesKernelGuiTest {
    private static final Path VETH_PCAPNG = Path.of("..", "samples", "ipv6-bigtcp-veth.pcapng");
    private static final Path QUIC_UDPSEG = Path.of("..", "samples", "quic-veth-udpseg.pcapng");
    private static final Path KERNEL_FACTS = Path.of("..", "samples", "crafted", "kernel-facts.pcapng");

    @TempDir
    static Path temp;

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
    }

    private CaptureProperties properties(Path file) {
        GuiTestSupport.openAndWait(view, model, file);
        CapturePropertiesView window = onFx(() -> {
            view.showCaptureProperties();
            return view.capturePropertiesView();
        });
        waitUntil("counted", () -> window.properties() != null);
        return window.properties();
    }

    /**
     * The kernel-made veth capture with a comment added to its interface (one with an escape character,
     * which must not reach the window raw) and the statistics block a capture writes at its end.
     */
    @Test
    void interfaceCommentsAndDropCountsAreShown() throws Exception {
        Path file = temp.resolve("veth-with-isb.pcapng");
        Files.write(file, withCommentAndStatistics(Files.readAllBytes(VETH_PCAPNG), "veth0 of ns a\u001b[31m, BIG TCP 185 KB",
                44, 7, 3));
        CaptureProperties p = properties(file);
        assertEquals("veth0 of ns a\\e[31m, BIG TCP 185 KB", p.value("Interface 0", "Comment"));
        assertEquals("44", p.value("Interface 0", "Received"));
        assertEquals("7", p.value("Interface 0", "Dropped by the interface"));
        assertEquals("3", p.value("Interface 0", "Dropped by the OS"));
        assertNull(p.value("Interface 0", "Accepted by the capture filter"), "a counter the block lacks is not made up");
        // every frame is still read: the block after the frames is no frame
        assertEquals("44", p.value("Statistics", "Frames"));

        // the sample as it is has neither
        CaptureProperties plain = properties(VETH_PCAPNG);
        assertNull(plain.value("Interface 0", "Comment"));
        assertNull(plain.value("Interface 0", "Dropped by the interface"));
        assertTrue(plain.rows().stream().noneMatch(r -> r.section().equals(CaptureProperties.RECORDED)),
                "a file without the kernel's facts has no such section");
    }

    /** What {@code jumbocap stats} prints under "Recorded by the kernel" for the same files (StatsCommandTest). */
    @Test
    void kernelFactsAreCountedAsStatsCountsThem() {
        CaptureProperties crafted = properties(KERNEL_FACTS);
        String r = CaptureProperties.RECORDED;
        assertEquals("3 frames, 3 super-packets, 154,222 bytes", crafted.value(r, "Direction outbound"));
        assertEquals("2 frames, 1 super-packets, 70,094 bytes", crafted.value(r, "Direction inbound"));
        assertEquals("3 super-packets \u2192 149 segments at their gso_size", crafted.value(r, "TCP GSO"));
        assertEquals("1 super-packets \u2192 12 datagrams at their gso_size", crafted.value(r, "UDP GSO"));

        // kernel-made: three outbound frames on a veth, two of them UDP GSO super-packets (tshark: the flags' direction)
        CaptureProperties quic = properties(QUIC_UDPSEG);
        assertEquals("3 frames, 2 super-packets, 8,868 bytes", quic.value(r, "Direction outbound"));
        assertEquals("2 super-packets \u2192 9 datagrams at their gso_size", quic.value(r, "UDP GSO"));
        assertNull(quic.value(r, "TCP GSO"));
        assertFalse(quic.value(r, "gso_type").isEmpty());
        assertTrue(quic.value(r, "gso_type").contains("udp_l4 2"), quic.value(r, "gso_type"));
    }

    /**
     * The pcapng's blocks with an opt_comment put first among its interface description's options, and an
     * Interface Statistics Block (ifrecv, ifdrop, osdrop) appended, in the file's byte order (little-endian
     * here, as the kernel-made samples are).
     */
    static byte[] withCommentAndStatistics(byte[] pcapng, String comment, long received, long dropped, long osDropped) {
        ByteBuffer in = ByteBuffer.wrap(pcapng).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0x1A2B3C4D, in.getInt(8), "a little-endian section");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (at < pcapng.length) {
            int type = in.getInt(at);
            int length = in.getInt(at + 4);
            if (type == 1) {
                byte[] text = comment.getBytes(StandardCharsets.UTF_8);
                int padded = (text.length + 3) & ~3;
                ByteBuffer idb = ByteBuffer.allocate(length + 4 + padded).order(ByteOrder.LITTLE_ENDIAN);
                idb.putInt(1).putInt(length + 4 + padded);
                idb.put(pcapng, at + 8, 8);
                idb.putShort((short) 1).putShort((short) text.length).put(text).put(new byte[padded - text.length]);
                idb.put(pcapng, at + 16, length - 20);
                idb.putInt(length + 4 + padded);
                out.writeBytes(idb.array());
            } else {
                out.write(pcapng, at, length);
            }
            at += length;
        }
        ByteBuffer isb = ByteBuffer.allocate(20 + 3 * 12 + 4 + 4).order(ByteOrder.LITTLE_ENDIAN);
        int isbLength = isb.capacity();
        isb.putInt(5).putInt(isbLength).putInt(0).putInt(0).putInt(0);
        isb.putShort((short) 4).putShort((short) 8).putLong(received);
        isb.putShort((short) 5).putShort((short) 8).putLong(dropped);
        isb.putShort((short) 7).putShort((short) 8).putLong(osDropped);
        isb.putInt(0).putInt(isbLength);
        out.writeBytes(isb.array());
        return out.toByteArray();
    }

    /** The hand-made blocks are what Wireshark reads too: capinfos counts the statistics entry. */
    @Test
    void wiresharkReadsTheMadeFile() throws Exception {
        Path capinfos = Path.of("/usr/bin/capinfos");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(capinfos));
        Path file = temp.resolve("veth-isb-check.pcapng");
        Files.write(file, withCommentAndStatistics(Files.readAllBytes(VETH_PCAPNG), "comment", 44, 7, 3));
        Process p = new ProcessBuilder(capinfos.toString(), file.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        List<String> lines = out.lines().map(String::strip).toList();
        assertTrue(lines.contains("Number of stat entries = 1"), out);
        assertTrue(lines.contains("Number of packets = 44"), out);
    }
}
