package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableRow;
import javafx.scene.input.KeyCode;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.stage.Stage;
import org.jumbocap.expert.Severity;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Details a Wireshark user trips on: a selected warning row stays visible when the list lacks the focus,
 * a right click on a column header does not sort (it opens the column's menu), Escape closes the Follow and
 * Statistics windows.
 */
@ExtendWith(ApplicationExtension.class)
class WindowDetailsGuiTest {
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

    @BeforeEach
    void openSample() {
        GuiTestSupport.openAndWait(view, model, LOSS);
        waitUntil("the expert pass coloured the rows", () -> model.expertSummaryProperty().get() != null);
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    private static double luminance(Paint paint) {
        Color c = (Color) paint;
        return 0.2126 * c.getRed() + 0.7152 * c.getGreen() + 0.0722 * c.getBlue();
    }

    /** The row's own background (its last fill) and its Info cell's text colour. */
    private Paint[] colours(long number) {
        return onFx(() -> {
            view.table().applyCss();
            view.table().layout();
            for (Node n : view.table().lookupAll(".table-row-cell")) {
                if (n instanceof TableRow<?> r && r.getItem() instanceof PacketRow row && row.number() == number) {
                    var fills = r.getBackground().getFills();
                    Paint background = fills.get(fills.size() - 1).getFill();
                    Labeled cell = (Labeled) r.lookup("#col-info");
                    return new Paint[] {background, cell.getTextFill()};
                }
            }
            throw new AssertionError("row " + number + " is not shown");
        });
    }

    @Test
    void aSelectedWarningRowStaysVisibleWithoutTheFocus(FxRobot robot) {
        long warn = onFx(() -> model.shownRows().stream().filter(r -> r.worstExpert() == Severity.WARN)
                .mapToLong(PacketRow::number).findFirst().orElseThrow());
        assertTrue(onFx(() -> view.goToFrame(warn)));
        robot.clickOn(onFx(() -> (Node) view.hex()));
        waitUntil("the list lost the focus", () -> !view.table().isFocused());
        Paint[] selected = colours(warn);
        double contrast = Math.abs(luminance(selected[0]) - luminance(selected[1]));
        assertTrue(contrast > 0.35, "text " + selected[1] + " on " + selected[0] + " reads (contrast " + contrast + ")");
        onFx(() -> {
            view.table().getSelectionModel().clearSelection();
            return null;
        });
        Paint[] plain = colours(warn);
        assertFalse(plain[0].equals(selected[0]), "the selection shows on the warning row: " + plain[0] + " vs " + selected[0]
                );
    }

    @Test
    void aRightClickOnAColumnHeaderDoesNotSort(FxRobot robot) {
        Node header = onFx(() -> view.table().lookupAll(".column-header").stream()
                .filter(n -> n instanceof javafx.scene.control.skin.TableColumnHeader h && h.getTableColumn() != null
                        && "col-length".equals(h.getTableColumn().getId()))
                .findFirst().orElse(null));
        assertNotNull(header);
        robot.rightClickOn(header);
        // (the menu itself opens on the platform's context-menu request, which the headless robot does not make)
        robot.type(KeyCode.ESCAPE);
        assertTrue(onFx(() -> view.table().getSortOrder().isEmpty()), "no sort: " + onFx(() -> view.table().getSortOrder()));
        GuiTestSupport.waitUntil("idle", () -> !model.isBusy());
        assertEquals(1L, (long) onFx(() -> model.shownRows().get(0).number()), "still in frame order");
    }

    @Test
    void escapeClosesTheFollowAndStatisticsWindows(FxRobot robot) {
        onFx(() -> {
            view.showStatistics();
            return null;
        });
        Stage stats = onFx(() -> view.statisticsView().stage());
        waitUntil("statistics shown", stats::isShowing);
        robot.targetWindow(stats);
        robot.clickOn(onFx(() -> (Node) view.statisticsView().expertTable()));
        robot.type(KeyCode.ESCAPE);
        waitUntil("Escape closed the statistics window", () -> !stats.isShowing());

        PacketRow tcp = onFx(() -> model.shownRows().stream().filter(r -> r.tcpStream() >= 0).findFirst().orElseThrow());
        onFx(() -> {
            view.followStream(tcp);
            return null;
        });
        Stage follow = onFx(() -> view.followView().stage());
        waitUntil("follow shown", follow::isShowing);
        robot.targetWindow(follow);
        robot.clickOn(onFx(() -> (Node) follow.getScene().getRoot()));
        robot.type(KeyCode.ESCAPE);
        waitUntil("Escape closed the follow window", () -> !follow.isShowing());
    }

    @Test
    void theTimeColumnShowsWholeTimesInEveryFormat() {
        GuiTestSupport.openAndWait(view, model, Path.of("..", "samples", "ipv6-bigtcp-veth-nsec.pcap"));
        int checked = 0;
        assertTrue(onFx(() -> view.table().lookupAll(".table-cell").stream().anyMatch(n -> n instanceof javafx.scene.control.TableCell<?, ?> c
                && c.getTableColumn() == view.table().column("col-time") && c.getText() != null)), "time cells are shown");
        for (org.jumbocap.gui.model.TimeFormat format : org.jumbocap.gui.model.TimeFormat.values()) {
            onFx(() -> {
                view.table().timeFormatProperty().set(format);
                return null;
            });
            String cut = onFx(() -> {
                view.table().applyCss();
                view.table().layout();
                double width = view.table().column("col-time").getWidth();
                for (Node n : view.table().lookupAll(".table-cell")) {
                    if (n instanceof javafx.scene.control.TableCell<?, ?> c && c.getTableColumn() == view.table().column("col-time")
                            && c.getText() != null && !c.getText().isEmpty()) {
                        // what the cell draws: its text, or the text cut with an ellipsis
                        javafx.scene.text.Text drawn = (javafx.scene.text.Text) c.lookup(".text");
                        if (drawn == null || !c.getText().equals(drawn.getText())) {
                            return c.getText() + " drawn as " + (drawn == null ? null : drawn.getText()) + " in " + width + " px";
                        }
                    }
                }
                return null;
            });
            assertEquals(null, cut, format.name());
            checked++;
        }
        assertEquals(org.jumbocap.gui.model.TimeFormat.values().length, checked);
    }
}
