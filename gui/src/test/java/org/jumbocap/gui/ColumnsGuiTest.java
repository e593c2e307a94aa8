package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.SAMPLE;
import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TreeCell;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.model.TimeFormat;
import org.jumbocap.gui.settings.RecentFiles;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.view.PacketColumns;
import org.jumbocap.gui.view.Theme;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.tree.FieldNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The packet list's columns: the time display formats (Ctrl+Alt+1..5) against {@code read -t}, a tree
 * field applied as a column against tshark's value of the field, and the layout (order, widths, hidden
 * columns, field columns, time format) kept in the settings folder for the next start.
 */
@ExtendWith(ApplicationExtension.class)
class ColumnsGuiTest {
    @TempDir
    static Path temp;

    private CaptureViewModel model;
    private MainView view;
    private Path config;

    @Start
    void start(Stage stage) throws IOException {
        GuiTestSupport.assumeSample(SAMPLE);
        model = new CaptureViewModel(new CoreBackend());
        config = Files.createTempDirectory(temp, "jumbocap-gui-config");
        view = new MainView(model, new RecentFiles(config.resolve("recent")), null);
        stage.setScene(new Scene(view, 1280, 800));
        view.setTheme(Theme.LIGHT);
        stage.show();
    }

    @BeforeEach
    void openSample() {
        onFx(() -> {
            view.open(SAMPLE);
            return null;
        });
        waitUntil("the file is read", () -> !model.isBusy() && model.hasFrames());
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    /**
     * The time of each frame as {@code read -t LETTER [-Y FILTER]} prints it, by frame number - 1, from the
     * output committed under samples/expected/read/.
     */
    private static List<String> cliTimes(String letter, String filter) throws IOException {
        String name = "times-" + letter + (filter == null ? "" : "-" + filter) + ".txt";
        List<String> out = new ArrayList<>();
        for (String line : FindMarkExportGuiTest.committedRead(name).split("\n")) {
            String[] t = line.strip().split(" ");
            out.add(letter.startsWith("a") ? t[1] + " " + t[2] : t[1]);
        }
        return out;
    }

    private List<String> shownTimes() {
        return onFx(() -> {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < view.table().getItems().size(); i++) {
                out.add(view.table().timeText(view.table().getItems().get(i), i));
            }
            return out;
        });
    }

    private String drawnTimeOfFirstRow(FxRobot robot) {
        return onFx(() -> robot.lookup(".table-cell").queryAll().stream()
                .map(n -> (TableCell<?, ?>) n)
                .filter(c -> c.getTableColumn() != null && "col-time".equals(c.getTableColumn().getId()) && c.getIndex() == 0)
                .map(TableCell::getText).findFirst().orElse(null));
    }

    @Test
    void ctrlAltDigitsSwitchTheTimeFormatAndEachReadsAsReadTPrintsIt(FxRobot robot) throws IOException {
        robot.clickOn(onFx(() -> (Node) view.table()));
        robot.press(KeyCode.CONTROL, KeyCode.ALT, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.ALT, KeyCode.CONTROL);
        waitUntil("date and time of day", () -> view.table().timeFormatProperty().get() == TimeFormat.DATE_AND_TIME);
        List<String> absolute = cliTimes("a", null);
        assertEquals(absolute, shownTimes());
        waitUntil("the cell draws it", () -> absolute.get(0).equals(drawnTimeOfFirstRow(robot)));

        robot.press(KeyCode.CONTROL, KeyCode.ALT, KeyCode.DIGIT2).release(KeyCode.DIGIT2, KeyCode.ALT, KeyCode.CONTROL);
        waitUntil("time of day", () -> view.table().timeFormatProperty().get() == TimeFormat.TIME_OF_DAY);
        assertEquals(absolute.stream().map(t -> t.substring(11)).toList(), shownTimes());

        robot.press(KeyCode.CONTROL, KeyCode.ALT, KeyCode.DIGIT3).release(KeyCode.DIGIT3, KeyCode.ALT, KeyCode.CONTROL);
        waitUntil("epoch", () -> view.table().timeFormatProperty().get() == TimeFormat.EPOCH);
        assertEquals(cliTimes("e", null), shownTimes());

        robot.press(KeyCode.CONTROL, KeyCode.ALT, KeyCode.DIGIT4).release(KeyCode.DIGIT4, KeyCode.ALT, KeyCode.CONTROL);
        waitUntil("relative", () -> view.table().timeFormatProperty().get() == TimeFormat.RELATIVE);
        assertEquals(cliTimes("r", null), shownTimes());

        // delta from the previous shown frame: with a filter, not `read -t d` (previous read) but the
        // difference of the relative times of neighbouring shown rows
        robot.press(KeyCode.CONTROL, KeyCode.ALT, KeyCode.DIGIT5).release(KeyCode.DIGIT5, KeyCode.ALT, KeyCode.CONTROL);
        waitUntil("delta shown", () -> view.table().timeFormatProperty().get() == TimeFormat.DELTA_SHOWN);
        assertEquals(cliTimes("d", null), shownTimes(), "unfiltered, the previous shown frame is the previous read");
        assertTrue(onFx(() -> view.filterBar().apply("icmpv6")));
        waitUntil("the filter ran", () -> !model.isBusy());
        List<String> relative = cliTimes("r", "icmpv6");
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < relative.size(); i++) {
            BigDecimal now = new BigDecimal(relative.get(i));
            expected.add(i == 0 ? "0.000000" : now.subtract(new BigDecimal(relative.get(i - 1))).toPlainString());
        }
        assertEquals(expected, shownTimes());
        assertEquals(cliTimes("d", "icmpv6"), expected, "read -t d is the delta from the previous frame printed");
    }

    @Test
    void aFileThatKeepsNanosecondsShowsNineDecimalsAsReadDoes(FxRobot robot) throws IOException {
        Path nsec = Path.of("..", "samples", "ipv6-bigtcp-veth-nsec.pcap");
        GuiTestSupport.assumeSample(nsec);
        onFx(() -> {
            view.open(nsec);
            return null;
        });
        waitUntil("the nanosecond file is read", () -> !model.isBusy() && model.hasFrames()
                && model.frameStore().nanoPrecision());
        robot.clickOn(onFx(() -> (Node) view.table()));
        robot.press(KeyCode.CONTROL, KeyCode.ALT, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.ALT, KeyCode.CONTROL);
        waitUntil("date and time of day", () -> view.table().timeFormatProperty().get() == TimeFormat.DATE_AND_TIME);
        List<String> read = cliTimes("a-nsec", null);
        assertTrue(read.get(0).matches(".*\\.\\d{9}"), "read prints nine decimals: " + read.get(0));
        assertEquals(read, shownTimes());
    }

    @Test
    void applyAsColumnOnATreeFieldShowsItsValueOnEveryRowAsTsharkReadsIt(FxRobot robot) throws IOException {
        TsharkOracle tshark = TsharkOracle.forSample(SAMPLE);
        onFx(() -> view.goToFrame(1));
        waitUntil("frame 1's tree", () -> model.detailProperty().get() != null && view.tree().getExpandedItemCount() > 3);
        FieldNode plen = onFx(() -> model.detailProperty().get().tree().find("ipv6.plen"));
        assertNotNull(plen);
        onFx(() -> {
            view.tree().reveal(plen);
            return null;
        });
        TreeCell<?> cell = onFx(() -> robot.lookup(".tree-cell").queryAll().stream().map(n -> (TreeCell<?>) n)
                .filter(c -> c.getItem() == plen).findFirst().orElseThrow());
        ContextMenu menu = onFx(cell::getContextMenu);
        MenuItem apply = menu.getItems().stream().filter(i -> "Apply as Column".equals(i.getText())).findFirst().orElseThrow();
        onFx(() -> {
            apply.fire();
            return null;
        });
        TableColumn<PacketRow, ?> column = onFx(() -> view.table().column(PacketColumns.FIELD_PREFIX + "ipv6.plen"));
        assertEquals("Payload Length", PacketColumns.title(column), "titled by the field's label, as in Wireshark");
        int rows = onFx(() -> view.table().getItems().size());
        // a value is made when its row is drawn or asked for, off the UI thread
        waitUntil("every row's value", () -> {
            for (int i = 0; i < rows; i++) {
                if (view.columns().valueOf("ipv6.plen", view.table().getItems().get(i)).isEmpty()) {
                    return false;
                }
            }
            return true;
        });
        for (int i = 0; i < rows; i++) {
            int at = i;
            PacketRow row = onFx(() -> view.table().getItems().get(at));
            assertEquals(tshark.value(row.number(), "ipv6.plen"), onFx(() -> view.columns().valueOf("ipv6.plen", row)),
                    "frame " + row.number());
        }
        waitUntil("the cells draw the values", () -> robot.lookup(".table-cell").queryAll().stream()
                .map(n -> (TableCell<?, ?>) n)
                .anyMatch(c -> c.getTableColumn() == column && c.getIndex() == 0 && "56".equals(c.getText())));
    }

    @Test
    void hiddenColumnsWidthsOrderFieldColumnsAndTheTimeFormatComeBackAtTheNextStart(FxRobot robot) {
        TableColumn<PacketRow, ?> protocol = onFx(() -> view.table().column("col-protocol"));
        // the header's context menu lists every column with a check mark
        ContextMenu header = onFx(protocol::getContextMenu);
        onFx(() -> {
            header.show(view.table(), 100, 100);
            return null;
        });
        assertTrue(onFx(() -> header.getItems().stream().filter(i -> "show-col-protocol".equals(i.getId())).findFirst()
                .map(i -> ((javafx.scene.control.CheckMenuItem) i).isSelected()).orElseThrow()));
        Node item = onFx(() -> robot.lookup(".context-menu .menu-item").queryAll().stream()
                .filter(n -> "show-col-protocol".equals(n.getId())).findFirst().orElseThrow());
        robot.clickOn(item);
        waitUntil("the Protocol column is hidden", () -> !protocol.isVisible());
        onFx(() -> {
            TableColumn<PacketRow, ?> stream = view.table().column("col-tcp-stream");
            view.table().resizeColumn(stream, 77);
            TableColumn<PacketRow, ?> length = view.table().column("col-length");
            view.table().getColumns().remove(length);
            view.table().getColumns().add(0, length);
            view.columns().applyAsColumn("tcp.window_size");
            view.table().timeFormatProperty().set(TimeFormat.EPOCH);
            return null;
        });
        List<String> order = onFx(() -> view.table().getColumns().stream().map(TableColumn::getId).toList());
        double streamWidth = onFx(() -> view.table().column("col-tcp-stream").getWidth());
        Path saved = config.resolve("columns");
        waitUntil("the layout is saved", () -> {
            try {
                return Files.isRegularFile(saved) && Files.readString(saved).contains("time.format=EPOCH");
            } catch (IOException e) {
                return false;
            }
        });

        MainView next = onFx(() -> new MainView(new CaptureViewModel(new CoreBackend()),
                new RecentFiles(config.resolve("recent")), null));
        assertEquals(order, onFx(() -> next.table().getColumns().stream().map(TableColumn::getId).toList()));
        assertEquals("col-length", order.get(0));
        assertTrue(order.contains(PacketColumns.FIELD_PREFIX + "tcp.window_size"));
        String file = onFx(() -> Files.readString(saved));
        assertFalse(onFx(() -> next.table().column("col-protocol").isVisible()), file);
        assertTrue(onFx(() -> next.table().column("col-time").isVisible()));
        assertEquals(streamWidth, onFx(() -> next.table().column("col-tcp-stream").getPrefWidth()), 1.0);
        assertEquals(TimeFormat.EPOCH, onFx(() -> next.table().timeFormatProperty().get()));

        // a settings file from elsewhere, or a damaged one, gives the default layout
        MainView fresh = onFx(() -> new MainView(new CaptureViewModel(new CoreBackend()),
                new RecentFiles(temp.resolve("no-such-dir").resolve("recent")), null));
        assertTrue(onFx(() -> fresh.table().column("col-protocol").isVisible()));
        assertEquals("col-number", onFx(() -> fresh.table().getColumns().get(0).getId()));
    }
}
