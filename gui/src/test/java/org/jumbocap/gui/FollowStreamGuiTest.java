package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableRow;
import javafx.stage.Stage;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.follow.TcpFollow;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.FollowLines;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.gui.viewmodel.FollowStreamViewModel;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Follow TCP Stream in the viewer gives the data {@code jumbocap follow} gives (the core's TcpFollow fed
 * by the whole conversation pass, byte-identical to tshark's -z follow,tcp,raw by the command's own
 * tests), from the row's context menu and the Analyze menu; both sides coloured apart, the three formats,
 * Save as, and Filter to This Stream.
 */
@ExtendWith(ApplicationExtension.class)
class FollowStreamGuiTest {
    static final Path LOSS = Path.of("..", "samples", "ipv6-bigtcp-loss.pcap");

    @TempDir
    static Path temp;

    private CaptureViewModel model;
    private MainView view;

    @Start
    void start(Stage stage) throws IOException {
        GuiTestSupport.assumeSample(LOSS);
        model = new CaptureViewModel(new CoreBackend());
        view = GuiTestSupport.showMainWindow(stage, model, temp);
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    /** What `jumbocap follow tcp N` gathers. */
    private static TcpFollow reference(Path file, long stream) throws IOException {
        FramePipeline p = new FramePipeline(new FrameDissector(), null, false, new TcpConversations());
        TcpFollow follow = new TcpFollow(stream);
        try (CaptureReader reader = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            long first = Long.MIN_VALUE;
            long previous = 0;
            while (reader.next(rec)) {
                if (first == Long.MIN_VALUE) {
                    first = rec.timestampNanos();
                    previous = first;
                }
                p.accept(rec, first, previous);
                follow.observe(p.summary(), p.tcpAnalysis(), p.frame());
                previous = rec.timestampNanos();
            }
        }
        return follow;
    }

    private TableRow<?> rowNode(int index) {
        for (Node n : view.table().lookupAll(".table-row-cell")) {
            if (n instanceof TableRow<?> r && r.getIndex() == index && r.getItem() != null) {
                return r;
            }
        }
        return null;
    }

    private FollowStreamViewModel followed() {
        waitUntil("the follow window is open", () -> view.followView() != null && view.followView().stage().isShowing());
        FollowStreamViewModel f = onFx(() -> view.followView().model());
        waitUntil("the stream is followed", () -> !f.busyProperty().get() && f.followedProperty().get() != null);
        return f;
    }

    private static void assertSameData(TcpFollow want, TcpFollow got) {
        assertEquals(want.client(), got.client());
        assertEquals(want.server(), got.server());
        assertEquals(want.chunks().size(), got.chunks().size(), "chunks");
        for (int i = 0; i < want.chunks().size(); i++) {
            TcpFollow.Chunk w = want.chunks().get(i);
            TcpFollow.Chunk g = got.chunks().get(i);
            assertEquals(w.fromServer(), g.fromServer(), "side of chunk " + i);
            assertEquals(w.frame(), g.frame(), "frame of chunk " + i);
            assertArrayEquals(w.data(), g.data(), "data of chunk " + i);
        }
    }

    @Test
    void followFromTheRowMenuGivesTheFollowCommandsDataInEveryFormat() throws IOException {
        GuiTestSupport.openAndWait(view, model, LOSS);
        PacketRow row = onFx(() -> model.rows().stream().filter(r -> r.tcpStream() == 0).findFirst().orElseThrow());
        onFx(() -> view.table().reveal(row));
        int index = onFx(() -> view.table().getItems().indexOf(row));
        waitUntil("the row is drawn", () -> rowNode(index) != null);
        ContextMenu menu = onFx(() -> rowNode(index).getContextMenu());
        onFx(() -> {
            menu.getItems().stream().filter(i -> "menu-follow-tcp".equals(i.getId())).findFirst().orElseThrow().fire();
            return null;
        });
        FollowStreamViewModel f = followed();
        TcpFollow want = reference(LOSS, 0);
        assertFalse(want.chunks().isEmpty(), "stream 0 carries data");
        assertSameData(want, onFx(() -> f.followedProperty().get()));
        assertTrue(onFx(() -> view.followView().stage().getTitle()).contains("tcp.stream eq 0"));

        long[] bytes = FollowLines.bytesPerSide(want);
        assertTrue(bytes[0] > 0 && bytes[1] > 0, "both sides sent data: " + bytes[0] + " / " + bytes[1]);
        List<FollowLines.Line> ascii = onFx(() -> List.copyOf(f.lines()));
        assertTrue(ascii.stream().anyMatch(FollowLines.Line::fromServer) && ascii.stream().anyMatch(l -> !l.fromServer()),
                "both sides listed");
        // the cells carry each side's colour class
        waitUntil("cells drawn", () -> !view.followView().stage().getScene().getRoot().lookupAll(".follow-client").isEmpty());

        ComboBox<FollowLines.Format> format = onFx(() -> (ComboBox<FollowLines.Format>)
                view.followView().stage().getScene().getRoot().lookup("#follow-format"));
        onFx(() -> {
            format.setValue(FollowLines.Format.HEX);
            return null;
        });
        long hexLines = want.chunks().stream().mapToLong(c -> (c.data().length + 15) / 16).sum();
        assertEquals(hexLines, (long) onFx(() -> f.lines().size()));
        String firstHex = onFx(() -> f.lines().get(0).text());
        byte[] d = want.chunks().get(0).data();
        assertTrue(firstHex.startsWith(String.format("00000000  %02x %02x", d[0] & 0xFF, d[1] & 0xFF)), firstHex);

        onFx(() -> {
            format.setValue(FollowLines.Format.RAW);
            return null;
        });
        StringBuilder hex = new StringBuilder();
        for (TcpFollow.Chunk c : want.chunks()) {
            for (byte b : c.data()) {
                hex.append(String.format("%02x", b & 0xFF));
            }
        }
        assertEquals(hex.toString(), onFx(() -> String.join("", f.lines().stream().map(FollowLines.Line::text).toList())));

        Path saved = temp.resolve("stream-0.bin");
        String[] outcome = {"pending"};
        onFx(() -> {
            f.save(saved, error -> outcome[0] = error);
            return null;
        });
        waitUntil("saved", () -> outcome[0] == null);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (TcpFollow.Chunk c : want.chunks()) {
            all.writeBytes(c.data());
        }
        assertArrayEquals(all.toByteArray(), Files.readAllBytes(saved));
    }

    @Test
    void analyzeMenuFollowsTheSelectedRowAndFiltersToItsStream() throws IOException {
        GuiTestSupport.openAndWait(view, model, LOSS);
        PacketRow row = onFx(() -> model.rows().stream().filter(r -> r.tcpStream() == 1).findFirst().orElseThrow());
        onFx(() -> view.table().reveal(row));
        waitUntil("selected", () -> row.equals(model.selectedRowProperty().get()));
        MenuItem follow = onFx(() -> {
            MenuBar bar = (MenuBar) view.lookup("#menu-bar");
            List<MenuItem> items = new ArrayList<>();
            for (Menu m : bar.getMenus()) {
                items.addAll(m.getItems());
            }
            return items.stream().filter(i -> "menu-analyze-follow-tcp".equals(i.getId())).findFirst().orElseThrow();
        });
        assertFalse(onFx(follow::isDisable));
        onFx(() -> {
            follow.fire();
            return null;
        });
        FollowStreamViewModel f = followed();
        assertSameData(reference(LOSS, 1), onFx(() -> f.followedProperty().get()));

        Button filter = onFx(() -> (Button) view.followView().stage().getScene().getRoot().lookup("#follow-filter"));
        onFx(() -> {
            filter.fire();
            return null;
        });
        waitUntil("the stream filter ran", () -> model.appliedFilterProperty().get().equals("tcp.stream == 1") && !model.isBusy());
        assertEquals("tcp.stream == 1", onFx(() -> view.filterBar().getText()));
        List<Long> shown = onFx(() -> model.shownRows().stream().map(PacketRow::number).toList());
        List<Long> want = onFx(() -> model.rows().stream().filter(r -> r.tcpStream() == 1).map(PacketRow::number).toList());
        assertFalse(shown.isEmpty());
        assertEquals(want, shown);
        assertNotNull(view.followView());
    }
}
