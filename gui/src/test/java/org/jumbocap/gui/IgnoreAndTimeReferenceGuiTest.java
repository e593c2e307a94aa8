package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableRow;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CaptureBackend.SaveFormat;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.model.RowList;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.view.PacketTable;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.render.TimeFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Edit → Ignore Packet (Ctrl+D) and Set Time Reference (Ctrl+T), and the packet list's context menu
 * offering them beside Mark, on the kernel-made loss sample: ignored frames leave the list, the filter's
 * result ({@code read -Y} less them) and what is saved; the Time column shows *REF* and counts from it.
 */
@ExtendWith(ApplicationExtension.class)
class IgnoreAndTimeReferenceGuiTest {
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

    private List<Long> listed() {
        return onFx(() -> {
            RowList rows = model.shownRowsProperty().get();
            List<Long> out = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                out.add(rows.frameIndex(i) + 1L);
            }
            return out;
        });
    }

    private static List<Long> without(List<Long> numbers, Long... gone) {
        List<Long> out = new ArrayList<>(numbers);
        out.removeAll(List.of(gone));
        return out;
    }

    private TableRow<?> rowAt(int index) {
        return view.table().lookupAll(".table-row-cell").stream().map(n -> (TableRow<?>) n)
                .filter(r -> r.getIndex() == index && r.getItem() != null).findFirst().orElseThrow();
    }

    private MenuItem rowMenuItem(TableRow<?> row, String id) {
        onFx(() -> {
            row.getContextMenu().show(row, javafx.geometry.Side.BOTTOM, 20, 0);
            return null;
        });
        waitUntil("the row's menu", () -> row.getContextMenu().isShowing());
        return onFx(() -> row.getContextMenu().getItems().stream().filter(i -> id.equals(i.getId())).findFirst().orElseThrow());
    }

    @Test
    void theRowsMenuOffersMarkIgnoreAndTimeReference(FxRobot robot) {
        GuiTestSupport.openAndWait(view, model, LOSS);
        TableRow<?> second = onFx(() -> rowAt(1));
        ContextMenu menu = onFx(second::getContextMenu);
        List<String> ids = onFx(() -> menu.getItems().stream().map(MenuItem::getId).toList());
        assertTrue(ids.subList(0, 3).equals(List.of("menu-row-mark", "menu-row-ignore", "menu-row-time-reference")), ids.toString());

        MenuItem ignore = rowMenuItem(second, "menu-row-ignore");
        assertEquals("Ignore Packet", onFx(ignore::getText));
        robot.clickOn(onFx(() -> robot.lookup("#menu-row-ignore").<Node>query()));
        waitUntil("frame 2 ignored", () -> listed().size() == model.rows().size() - 1);
        assertFalse(listed().contains(2L));

        TableRow<?> fourth = onFx(() -> rowAt(3));
        long fourthNumber = onFx(() -> ((PacketRow) fourth.getItem()).number());
        MenuItem reference = rowMenuItem(fourth, "menu-row-time-reference");
        assertEquals("Set Time Reference", onFx(reference::getText));
        robot.clickOn(onFx(() -> robot.lookup("#menu-row-time-reference").<Node>query()));
        waitUntil("frame " + fourthNumber + " is a reference", () -> view.timeReferences().countProperty().get() == 1);
        assertEquals("Unset Time Reference", onFx(() -> rowMenuItem(rowAt(3), "menu-row-time-reference").getText()));
        onFx(() -> {
            rowAt(3).getContextMenu().hide();
            return null;
        });
    }

    @Test
    void ignoredFramesLeaveTheListTheFilterAndTheSave(FxRobot robot) throws IOException {
        GuiTestSupport.openAndWait(view, model, LOSS);
        List<Long> every = ReadFilterOracle.frames(LOSS, "");
        robot.clickOn(onFx(() -> (Node) view.table()));
        onFx(() -> view.goToFrame(3));
        robot.press(KeyCode.CONTROL, KeyCode.D).release(KeyCode.D, KeyCode.CONTROL);
        waitUntil("frame 3 ignored", () -> !listed().contains(3L));
        onFx(() -> view.goToFrame(75));
        robot.press(KeyCode.CONTROL, KeyCode.D).release(KeyCode.D, KeyCode.CONTROL);
        waitUntil("frame 75 ignored", () -> !listed().contains(75L));
        assertEquals(without(every, 3L, 75L), listed());
        Label counts = onFx(() -> (Label) view.lookup("#frame-counts"));
        assertTrue(onFx(counts::getText).endsWith("Ignored: 2"), onFx(counts::getText));
        assertTrue(model.statusProperty().get().contains("2 ignored"), model.statusProperty().get());

        // a filter's result leaves them out too: read -Y less the ignored frames
        onFx(() -> view.filterBar().apply("tcp.analysis.flags || ipv6.opt.jumbo"));
        List<Long> want = without(ReadFilterOracle.frames(LOSS, "tcp.analysis.flags || ipv6.opt.jumbo"), 3L, 75L);
        waitUntil("filtered", () -> !model.isBusy() && listed().equals(want));
        assertTrue(ReadFilterOracle.frames(LOSS, "tcp.analysis.flags || ipv6.opt.jumbo").contains(75L),
                "the filter selects an ignored frame, which is not listed");

        Path saved = temp.resolve("without-ignored.pcap");
        onFx(() -> {
            model.saveShown(saved, SaveFormat.PCAP, error -> { });
            return null;
        });
        waitUntil("saved", () -> !model.isBusy() && Files.isRegularFile(saved));
        assertEquals(want.size(), count(saved));

        // Unignore All brings them back under the same filter
        onFx(() -> {
            model.unignoreAll();
            return null;
        });
        List<Long> back = ReadFilterOracle.frames(LOSS, "tcp.analysis.flags || ipv6.opt.jumbo");
        waitUntil("listed again", () -> !model.isBusy() && listed().equals(back));
        assertFalse(onFx(counts::getText).contains("Ignored"));
    }

    @Test
    void theTimeColumnCountsFromTheLastReference(FxRobot robot) throws IOException {
        GuiTestSupport.openAndWait(view, model, LOSS);
        List<Long> times = timestamps(LOSS);
        robot.clickOn(onFx(() -> (Node) view.table()));
        onFx(() -> view.goToFrame(5));
        robot.press(KeyCode.CONTROL, KeyCode.T).release(KeyCode.T, KeyCode.CONTROL);
        waitUntil("frame 5 is a reference", () -> view.timeReferences().countProperty().get() == 1);
        PacketTable table = view.table();
        assertEquals(PacketTable.REFERENCE_TEXT, onFx(() -> table.timeText(model.row(5), 4)));
        assertEquals(TimeFormat.seconds(times.get(8) - times.get(4), 6), onFx(() -> table.timeText(model.row(9), 8)));
        assertEquals(TimeFormat.seconds(times.get(3) - times.get(0), 6), onFx(() -> table.timeText(model.row(4), 3)),
                "before the reference, from the first frame");
        // a second reference: later frames count from it
        onFx(() -> view.goToFrame(7));
        robot.press(KeyCode.CONTROL, KeyCode.T).release(KeyCode.T, KeyCode.CONTROL);
        waitUntil("two references", () -> view.timeReferences().countProperty().get() == 2);
        assertEquals(TimeFormat.seconds(times.get(8) - times.get(6), 6), onFx(() -> table.timeText(model.row(9), 8)));
        assertEquals(TimeFormat.seconds(times.get(5) - times.get(4), 6), onFx(() -> table.timeText(model.row(6), 5)));
        // drawn so in the list
        waitUntil("*REF* drawn", () -> view.table().lookupAll(".table-cell").stream()
                .anyMatch(c -> c instanceof javafx.scene.control.Labeled l && PacketTable.REFERENCE_TEXT.equals(l.getText())));
        // Ctrl+T on a reference unsets it
        robot.press(KeyCode.CONTROL, KeyCode.T).release(KeyCode.T, KeyCode.CONTROL);
        waitUntil("one reference", () -> view.timeReferences().countProperty().get() == 1);
        assertEquals(TimeFormat.seconds(times.get(8) - times.get(4), 6), onFx(() -> table.timeText(model.row(9), 8)));
    }

    private static List<Long> timestamps(Path file) throws IOException {
        List<Long> out = new ArrayList<>();
        try (CaptureReader reader = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            while (reader.next(rec)) {
                out.add(rec.timestampNanos());
            }
        }
        return out;
    }

    private static int count(Path file) throws IOException {
        return timestamps(file).size();
    }
}
