package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableRow;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The packet list's context menu marks and unmarks the row clicked, saying which it will do. */
@ExtendWith(ApplicationExtension.class)
class PacketListMenuGuiTest {
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

    @Test
    void markAndUnmarkFromTheRowsMenu(FxRobot robot) {
        GuiTestSupport.openAndWait(view, model, LOSS);
        TableRow<?> third = onFx(() -> rowAt(2));
        PacketRow row = (PacketRow) onFx(third::getItem);

        MenuItem mark = openMenuAndFind(robot, third);
        assertEquals("Mark Packet", onFx(mark::getText));
        robot.clickOn(onFx(() -> robot.lookup("#menu-row-mark").<Node>query()));
        waitUntil("frame " + row.number() + " marked", () -> view.marks().isMarked(row));
        waitUntil("drawn as marked", () -> drawnMarked(row));

        TableRow<?> again = onFx(() -> rowAt(2));
        MenuItem unmark = openMenuAndFind(robot, again);
        assertEquals("Unmark Packet", onFx(unmark::getText));
        robot.clickOn(onFx(() -> robot.lookup("#menu-row-mark").<Node>query()));
        waitUntil("unmarked", () -> !view.marks().isMarked(row));
        waitUntil("drawn unmarked", () -> !drawnMarked(row));
        assertTrue(onFx(() -> view.marks().countProperty().get() == 0));
    }

    @Test
    void colorizePacketListOffDrawsRowsPlainly() {
        GuiTestSupport.openAndWait(view, model, LOSS);
        waitUntil("the expert pass coloured the rows", () -> model.expertSummaryProperty().get() != null);
        onFx(() -> view.goToFrame(75));
        waitUntil("super-packet rows drawn coloured", () -> drawnWith("row-jumbo"));
        javafx.scene.control.CheckMenuItem colorize = onFx(() -> (javafx.scene.control.CheckMenuItem) view.lookupAll(".menu-bar")
                .stream().findFirst().map(bar -> ((javafx.scene.control.MenuBar) bar).getMenus().stream()
                        .flatMap(m -> m.getItems().stream()).filter(i -> "menu-colorize".equals(i.getId()))
                        .findFirst().orElseThrow()).orElseThrow());
        assertTrue(onFx(colorize::isSelected), "on by default");
        // as a click on the menu item toggles it (fire() alone does not toggle a check item)
        onFx(() -> {
            colorize.setSelected(false);
            return null;
        });
        waitUntil("rows drawn plainly", () -> !drawnWith("row-jumbo") && !drawnWith("row-expert-warn")
                && !drawnWith("row-expert-error"));
        onFx(() -> {
            colorize.setSelected(true);
            return null;
        });
        waitUntil("coloured again", () -> drawnWith("row-jumbo"));
    }

    private boolean drawnWith(String styleClass) {
        return view.table().lookupAll(".table-row-cell").stream()
                .anyMatch(r -> ((TableRow<?>) r).getItem() != null && r.getStyleClass().contains(styleClass));
    }

    private TableRow<?> rowAt(int index) {
        return view.table().lookupAll(".table-row-cell").stream().map(n -> (TableRow<?>) n)
                .filter(r -> r.getIndex() == index && r.getItem() != null).findFirst().orElseThrow();
    }

    /** True when the row drawn for the frame has the marked style. */
    private boolean drawnMarked(PacketRow frame) {
        return view.table().lookupAll(".table-row-cell").stream().map(n -> (TableRow<?>) n)
                .anyMatch(r -> frame.equals(r.getItem()) && r.getStyleClass().contains("row-marked"));
    }

    private static MenuItem openMenuAndFind(FxRobot robot, TableRow<?> row) {
        // as a right click on the row shows it (the headless robot's click does not reach a row's menu)
        onFx(() -> {
            row.getContextMenu().show(row, javafx.geometry.Side.BOTTOM, 20, 0);
            return null;
        });
        waitUntil("the row's menu", () -> row.getContextMenu() != null && row.getContextMenu().isShowing());
        return onFx(() -> row.getContextMenu().getItems().stream().filter(i -> "menu-row-mark".equals(i.getId()))
                .findFirst().orElseThrow());
    }
}
