package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.SAMPLE;
import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.view.LogCountAxis;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.view.StatisticsView;
import org.jumbocap.gui.view.Theme;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.pcap.PcapWriter;
import org.jumbocap.stats.FlowStats;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * What a Wireshark user reaches for first, each once found broken: keys of the filter bar and the packet
 * list, the history drop-down, the statistics window's labels and numbers, the log-scale histogram, dark
 * theme contrast, and the small things (plurals, separators, the hex pane's scrolling, context menus).
 */
@ExtendWith(ApplicationExtension.class)
class FirstMinutesGuiTest {
    @TempDir
    static Path temp;

    private CaptureViewModel model;
    private MainView view;

    @Start
    void start(Stage stage) throws IOException {
        GuiTestSupport.assumeSample(SAMPLE);
        model = new CaptureViewModel(new CoreBackend());
        view = GuiTestSupport.showMainWindow(stage, model, temp);
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    private void applyAndWait(String filter) {
        assertTrue(onFx(() -> view.filterBar().apply(filter)), filter);
        waitUntil("the filter ran", () -> !model.isBusy());
    }

    private long jumboFrames() {
        return onFx(() -> model.rows().stream().filter(PacketRow::isJumbo).count());
    }

    @Test
    void enterAppliesTheTypedFilterAndEscapeClearsTheText(FxRobot robot) {
        GuiTestSupport.openAndWait(view, model, SAMPLE);
        long all = onFx(() -> (long) model.shownRows().size());
        robot.clickOn("#display-filter-text").write("jumbo");
        robot.type(KeyCode.ENTER);
        waitUntil("Enter applied the filter", () -> model.appliedFilterProperty().get().equals("jumbo") && !model.isBusy());
        assertEquals(jumboFrames(), (long) onFx(() -> model.shownRows().size()));
        assertTrue(jumboFrames() < all);

        robot.type(KeyCode.ESCAPE);
        waitUntil("Escape cleared the text", () -> view.filterBar().getText().isEmpty());
        assertEquals("", onFx(() -> ((ComboBox<?>) robot.lookup("#display-filter").query()).getEditor().getText()));
    }

    @Test
    void aFilterPickedFromTheHistoryStaysInTheTextBox(FxRobot robot) {
        GuiTestSupport.openAndWait(view, model, SAMPLE);
        applyAndWait("tcp.len > 65535");
        applyAndWait("jumbo");
        ComboBox<?> combo = onFx(() -> (ComboBox<?>) robot.lookup("#display-filter").query());
        onFx(() -> {
            combo.show();
            return null;
        });
        waitUntil("the drop-down is open", () -> robot.lookup(".combo-box-popup .list-cell").queryAll().stream()
                .anyMatch(n -> "tcp.len > 65535".equals(((ListCell<?>) n).getText())));
        // what the drop-down's skin does on a click on the cell, with the popup still open: select that item.
        // Done this way the pick happens while the popup shows, as a click does on a loaded machine when the
        // popup closes late; the viewer once re-applied its filter without end then (applying moves the pick
        // to the head of the history, which picked again while the popup showed)
        ListCell<?> older = onFx(() -> (ListCell<?>) robot.lookup(".combo-box-popup .list-cell").queryAll().stream()
                .filter(n -> "tcp.len > 65535".equals(((ListCell<?>) n).getText())).findFirst().orElseThrow());
        onFx(() -> {
            combo.getSelectionModel().select(older.getIndex());
            return null;
        });

        waitUntil("the picked filter is applied", () -> model.appliedFilterProperty().get().equals("tcp.len > 65535")
                && !model.isBusy());
        waitUntil("its text stays", () -> "tcp.len > 65535".equals(combo.getEditor().getText()));
        assertEquals("tcp.len > 65535", onFx(() -> view.filterBar().getText()));
    }

    @Test
    void aFilterAppliedWhenTheFileIsReadApplies() {
        // as `jumbocap gui --filter F FILE` does: open, and apply the filter once the model is idle; the
        // busy flag drops inside the reading task's own state change, where the filter once waited for
        // that task to end, for ever
        onFx(() -> {
            view.open(SAMPLE);
            view.whenIdle(m -> view.filterBar().apply("jumbo"));
            return null;
        });
        waitUntil("the filter is applied", () -> "jumbo".equals(model.appliedFilterProperty().get()) && !model.isBusy());
        long jumbo = onFx(() -> model.rows().stream().filter(PacketRow::isJumbo).count());
        assertTrue(jumbo > 0);
        assertEquals(jumbo, (long) onFx(() -> model.shownRows().size()));
    }

    @Test
    void ctrlHomeAndCtrlEndSelectTheFirstAndLastFrame(FxRobot robot) {
        GuiTestSupport.openAndWait(view, model, SAMPLE);
        int last = onFx(() -> view.table().getItems().size() - 1);
        // select frame 6 and give the list the keyboard, as a click on its row does (a robot click aims at a
        // row node that, on a loaded machine, the list may not have laid out yet)
        onFx(() -> {
            view.table().reveal(model.rows().get(5));
            view.table().getSelectionModel().clearAndSelect(5);
            view.table().requestFocus();
            return null;
        });
        waitUntil("the list has the keyboard", () -> onFx(() -> view.table().isFocused()));
        waitUntil("frame 6 selected", () -> model.selectedRowProperty().get() != null
                && model.selectedRowProperty().get().number() == 6);
        robot.press(KeyCode.CONTROL, KeyCode.END).release(KeyCode.END, KeyCode.CONTROL);
        waitUntil("Ctrl+End selects the last frame", () -> model.selectedRowProperty().get() != null
                && model.selectedRowProperty().get().number() == last + 1);
        waitUntil("and the tree shows it", () -> model.detailProperty().get() != null
                && model.detailProperty().get().tree().find("frame.number").longValue() == last + 1);
        robot.press(KeyCode.CONTROL, KeyCode.HOME).release(KeyCode.HOME, KeyCode.CONTROL);
        waitUntil("Ctrl+Home selects the first frame", () -> model.selectedRowProperty().get() != null
                && model.selectedRowProperty().get().number() == 1);
    }

    @Test
    void statisticsNameBothKindsOfSuperPacketGroupTheirNumbersAndFollowTheFilter(FxRobot robot) {
        GuiTestSupport.openAndWait(view, model, SAMPLE);
        waitUntil("expert analysis", () -> model.expertSummaryProperty().get() != null);
        StatisticsView stats = onFx(() -> {
            view.showStatistics();
            return view.statisticsView();
        });
        TableView<FlowStats> flows = stats.flowTable();
        waitUntil("the flows are listed", () -> !flows.getItems().isEmpty());
        Label summary = onFx(() -> (Label) robot.lookup("#statistics-summary").query());
        String text = onFx(summary::getText);
        long tcpUdp = onFx(() -> flows.getItems().stream().filter(f -> f.key().protocolName().matches("tcp|udp")).count());
        long other = onFx(() -> (long) flows.getItems().size()) - tcpUdp;
        assertTrue(other > 0, "the sample has ICMPv6 directions");
        assertTrue(text.contains(flows.getItems().size() + " directions (" + tcpUdp + " TCP/UDP, " + other + " other)"), text);
        assertTrue(text.contains("Jumbograms / BIG TCP: " + jumboFrames()), text);
        long gso = onFx(() -> flows.getItems().stream().mapToLong(FlowStats::superPackets).sum());
        assertTrue(text.contains("GSO/GRO super-packets: " + String.format(Locale.ROOT, "%,d", gso)), text);
        List<String> headers = onFx(() -> flows.getColumns().stream()
                .map(c -> c.getGraphic() instanceof Label l ? l.getText() : c.getText()).toList());
        assertTrue(headers.contains("Jumbograms / BIG TCP") && headers.contains("GSO/GRO super-packets"), headers.toString());

        onFx(() -> {
            robot.lookup("#statistics-tabs").queryAs(javafx.scene.control.TabPane.class).getSelectionModel().select(2);
            return null;
        });
        FlowStats biggest = onFx(() -> flows.getItems().get(0));
        assertTrue(biggest.bytes() >= 1000);
        waitUntil("the flow rows are drawn", () -> bytesCell(flows) != null);
        TableCell<?, ?> bytes = onFx(() -> bytesCell(flows));
        assertEquals(String.format(Locale.ROOT, "%,d", biggest.bytes()), onFx(bytes::getText));
        assertEquals(Pos.CENTER_RIGHT, onFx(bytes::getAlignment));

        applyAndWait("tcp.len > 65535");
        long shown = onFx(() -> (long) model.shownRows().size());
        waitUntil("the statistics follow the new filter", () -> summary.getText()
                .startsWith(String.format(Locale.ROOT, "%,d frames shown", shown)));
        applyAndWait("");
        long all = onFx(() -> (long) model.rows().size());
        waitUntil("and its clearing", () -> summary.getText().startsWith(String.format(Locale.ROOT, "%,d frames shown", all)));
    }

    @Test
    void aHistogramSpanningOrdersOfMagnitudeDrawsOnALogScale(FxRobot robot) throws IOException {
        Path mixed = temp.resolve("many-small-two-jumbo.pcap");
        FrameRecord small = null;
        FrameRecord jumbo = null;
        int linkType;
        try (CaptureReader reader = CaptureFiles.open(SAMPLE)) {
            linkType = reader.linkType();
            FrameRecord r = new FrameRecord();
            while (reader.next(r) && (small == null || jumbo == null)) {
                if (r.originalLength() < 100 && small == null) {
                    small = r.copy();
                } else if (r.originalLength() > 65535 && jumbo == null) {
                    jumbo = r.copy();
                }
            }
        }
        try (OutputStream out = Files.newOutputStream(mixed); PcapWriter w = new PcapWriter(out, linkType, 262144, false)) {
            for (int i = 0; i < 500; i++) {
                w.write(small);
            }
            w.write(jumbo);
            w.write(jumbo);
        }
        GuiTestSupport.openAndWait(view, model, mixed);
        StatisticsView stats = onFx(() -> {
            view.showStatistics();
            return view.statisticsView();
        });
        waitUntil("the histogram is filled", () -> !stats.shownHistogram().getData().isEmpty()
                && stats.logScaleToggle().isSelected());
        assertTrue(onFx(() -> stats.shownHistogram().getYAxis() instanceof LogCountAxis), "500 to 2: log scale by default");
        waitUntil("the bars are drawn", () -> bar(stats, 0, 500) != null && bar(stats, 0, 2) != null);
        double tallest = onFx(() -> bar(stats, 0, 500).getBoundsInParent().getHeight());
        double twoFrames = onFx(() -> bar(stats, 0, 2).getBoundsInParent().getHeight());
        assertTrue(twoFrames > tallest / 10, "two super-packets beside 500 frames stay visible: " + twoFrames + " of " + tallest);

        onFx(() -> {
            stats.logScaleToggle().setSelected(false);
            return null;
        });
        assertFalse(onFx(() -> stats.shownHistogram().getYAxis() instanceof LogCountAxis), "the linear scale on request");
    }

    @Test
    void darkThemeKeepsThePlaceholderAndTheHexHighlightReadable() {
        GuiTestSupport.openAndWait(view, model, SAMPLE);
        onFx(() -> {
            view.setTheme(Theme.DARK);
            view.applyCss();
            view.layout();
            return null;
        });
        javafx.scene.control.TextField editor = onFx(() -> ((ComboBox<?>) view.lookup("#display-filter")).getEditor());
        Text prompt = onFx(() -> editor.lookupAll(".text").stream().filter(n -> n instanceof Text t
                && editor.getPromptText().equals(t.getText())).map(n -> (Text) n).findFirst().orElseThrow());
        Color background = onFx(() -> background(editor));
        double promptContrast = contrast((Color) onFx(prompt::getFill), background);
        assertTrue(promptContrast >= 4.5, "placeholder contrast " + promptContrast);

        PacketRow jumbo = onFx(() -> model.rows().stream().filter(PacketRow::isJumbo).findFirst().orElseThrow());
        onFx(() -> view.table().reveal(jumbo));
        waitUntil("the detail is loaded", () -> model.detailProperty().get() != null
                && model.detailProperty().get().row().equals(jumbo));
        onFx(() -> {
            view.hex().highlight(0, 4);
            return null;
        });
        waitUntil("the highlight is drawn", () -> view.hex().lookupAll(".hex-highlight").stream().anyMatch(Node::isVisible));
        Rectangle mark = onFx(() -> (Rectangle) view.hex().lookupAll(".hex-highlight").stream().filter(Node::isVisible)
                .findFirst().orElseThrow());
        Text hexText = onFx(() -> (Text) view.hex().lookup(".hex-text"));
        Color highlight = (Color) onFx(mark::getFill);
        Color paneBackground = onFx(() -> background((javafx.scene.layout.Region) view.hex().lookup(".hex-line-cell")));
        double textOnHighlight = contrast((Color) onFx(hexText::getFill), highlight);
        double highlightOnPane = contrast(highlight, paneBackground);
        assertTrue(textOnHighlight >= 4.5, "hex text on its highlight " + textOnHighlight);
        assertTrue(highlightOnPane >= 3, "highlight against the pane " + highlightOnPane);
    }

    @Test
    void smallThingsPluralsSeparatorsAndTheStatusAfterClear(FxRobot robot) throws IOException {
        Path one = temp.resolve("one-frame.pcap");
        try (CaptureReader reader = CaptureFiles.open(SAMPLE);
             OutputStream out = Files.newOutputStream(one); PcapWriter w = new PcapWriter(out, reader.linkType(), 262144, false)) {
            FrameRecord r = new FrameRecord();
            reader.next(r);
            w.write(r);
        }
        GuiTestSupport.openAndWait(view, model, one);
        String status = onFx(() -> model.statusProperty().get());
        assertTrue(status.startsWith("1 frame (pcap), 0 jumbograms"), status);

        GuiTestSupport.openAndWait(view, model, SAMPLE);
        String whole = onFx(() -> model.statusProperty().get());
        assertTrue(whole.contains(jumboFrames() + " jumbograms / BIG TCP super-packets"), whole);
        applyAndWait("jumbo");
        onFx(() -> {
            view.filterBar().clear();
            return null;
        });
        waitUntil("cleared", () -> model.appliedFilterProperty().get().isEmpty() && !model.isBusy());
        assertEquals(whole, onFx(() -> model.statusProperty().get()), "Clear brings back the whole file's status");

        PacketRow jumbo = onFx(() -> model.rows().stream().filter(PacketRow::isJumbo).findFirst().orElseThrow());
        onFx(() -> view.table().reveal(jumbo));
        waitUntil("the jumbo row is drawn", () -> rowNode(view.table().getItems().indexOf(jumbo)) != null);
        TableRow<?> row = onFx(() -> rowNode(view.table().getItems().indexOf(jumbo)));
        String length = onFx(() -> cell(row, "col-length").getText());
        assertEquals(String.format(Locale.ROOT, "%,d", jumbo.length()), length);

        // a seven-digit frame number keeps clear of the column's edges
        TableCell<?, ?> number = onFx(() -> cell(row, "col-number"));
        double needed = onFx(() -> {
            Text probe = new Text("1500000");
            probe.setFont(number.getFont());
            return probe.getLayoutBounds().getWidth();
        });
        assertTrue(onFx(() -> number.getPadding().getRight()) >= 4, "right padding of the number cell");
        assertTrue(onFx(() -> number.getWidth() - number.getPadding().getLeft() - number.getPadding().getRight()) >= needed,
                "room for 7 digits");
    }

    @Test
    void clickingAByteInTheHexPaneDoesNotScrollIt(FxRobot robot) {
        GuiTestSupport.openAndWait(view, model, SAMPLE);
        PacketRow biggest = onFx(() -> model.rows().stream().max(java.util.Comparator.comparingLong(PacketRow::capturedLength))
                .orElseThrow());
        onFx(() -> view.table().reveal(biggest));
        waitUntil("the detail is loaded", () -> model.detailProperty().get() != null
                && model.detailProperty().get().row().equals(biggest));
        onFx(() -> {
            ((javafx.scene.control.ListView<?>) view.hex().lookup(".hex-lines")).scrollTo(200);
            return null;
        });
        waitUntil("scrolled", () -> view.hex().firstVisibleLine() == 200);
        for (int step = 0; step < 3; step++) {
            int top = onFx(() -> view.hex().firstVisibleLine());
            int line = top + 4 + step;
            ListCell<?> cell = onFx(() -> hexCell(line));
            assertNotNull(cell, "line " + line + " is drawn");
            Node text = onFx(() -> cell.lookup(".hex-text"));
            javafx.geometry.Bounds b = onFx(() -> text.localToScreen(text.getBoundsInLocal()));
            robot.clickOn(b.getMinX() + b.getWidth() * 0.3, b.getMinY() + b.getHeight() / 2, MouseButton.PRIMARY);
            waitUntil("the clicked byte's field is highlighted", () -> view.hex().getHighlightStart() >= 0
                    && view.hex().getHighlightStart() / 16 <= line);
            assertEquals(top, (int) onFx(() -> view.hex().firstVisibleLine()), "the pane stays where it was");
        }
    }

    @Test
    void packetListAndHexPaneHaveContextMenusThatCopy() {
        GuiTestSupport.openAndWait(view, model, SAMPLE);
        PacketRow jumbo = onFx(() -> model.rows().stream().filter(PacketRow::isJumbo).findFirst().orElseThrow());
        onFx(() -> view.table().reveal(jumbo));
        waitUntil("the detail is loaded", () -> model.detailProperty().get() != null
                && model.detailProperty().get().row().equals(jumbo));
        int index = onFx(() -> view.table().getItems().indexOf(jumbo));
        waitUntil("the row is drawn", () -> rowNode(index) != null);
        ContextMenu rowMenu = onFx(() -> rowNode(index).getContextMenu());
        assertNotNull(rowMenu, "the packet list has a context menu");
        fire(rowMenu, "Copy Summary Line");
        String line = onFx(() -> Clipboard.getSystemClipboard().getString());
        assertTrue(line.startsWith(jumbo.number() + "\t"), line);
        assertTrue(line.contains(jumbo.info()) && line.contains(String.format(Locale.ROOT, "%,d", jumbo.realLength())), line);
        fire(rowMenu, "Apply Conversation Filter");
        waitUntil("the conversation filter ran", () -> model.appliedFilterProperty().get().startsWith("ipv6.addr == ")
                && !model.isBusy());
        assertTrue(onFx(() -> model.shownRows().stream().allMatch(r -> r.protocol().equals("TCP"))));
        assertTrue(onFx(() -> model.shownRows().contains(jumbo)));

        onFx(() -> {
            view.hex().highlight(14, 4);
            return null;
        });
        ContextMenu hexMenu = onFx(() -> ((javafx.scene.control.Control) view.hex().lookup(".hex-lines")).getContextMenu());
        assertNotNull(hexMenu, "the hex pane has a context menu");
        fire(hexMenu, "Copy Bytes as Hex Stream");
        byte[] bytes = onFx(() -> model.detailProperty().get().frame().bytes());
        String expected = String.format("%02x%02x%02x%02x", bytes[14], bytes[15], bytes[16], bytes[17]);
        assertEquals(expected, onFx(() -> Clipboard.getSystemClipboard().getString()));
        fire(hexMenu, "Copy Bytes as Hex + ASCII Dump");
        String dump = onFx(() -> Clipboard.getSystemClipboard().getString());
        // as `read -x` writes it: four-digit offset, the bytes outside the highlight left blank
        String offset = bytes.length > 0xFFFF ? "000000" : "0000";
        assertEquals(offset + "  " + " ".repeat(3 * 14 + 1) + String.format("%02x %02x ", bytes[14], bytes[15]),
                dump.substring(0, offset.length() + 51), dump);
    }

    // ---- helpers ---------------------------------------------------------------------------------

    private static void fire(ContextMenu menu, String label) {
        onFx(() -> {
            List<String> labels = new ArrayList<>();
            for (MenuItem item : menu.getItems()) {
                labels.add(item.getText());
                if (label.equals(item.getText())) {
                    item.fire();
                    return null;
                }
            }
            throw new AssertionError("no item '" + label + "' in " + labels);
        });
    }

    /** The drawn bar of a series whose value is {@code count}, or null. */
    private static Node bar(StatisticsView stats, int series, long count) {
        for (XYChart.Data<String, Number> d : stats.shownHistogram().getData().get(series).getData()) {
            if (d.getYValue().longValue() == count && d.getNode() != null && d.getNode().getBoundsInParent().getHeight() > 0) {
                return d.getNode();
            }
        }
        if (series == 0 && count == 2) {
            return bar(stats, 1, 2);
        }
        return null;
    }

    private TableRow<?> rowNode(int index) {
        for (Node n : view.table().lookupAll(".table-row-cell")) {
            if (n instanceof TableRow<?> r && r.getIndex() == index && !r.isEmpty() && r.isVisible()) {
                return r;
            }
        }
        return null;
    }

    private static TableCell<?, ?> cell(TableRow<?> row, String columnId) {
        for (Node n : row.lookupAll(".table-cell")) {
            if (n instanceof TableCell<?, ?> c && c.getTableColumn() != null && columnId.equals(c.getTableColumn().getId())) {
                return c;
            }
        }
        throw new AssertionError("no cell " + columnId);
    }

    private static TableCell<?, ?> bytesCell(TableView<?> flows) {
        for (Node n : flows.lookupAll(".table-cell")) {
            if (n instanceof TableCell<?, ?> c && c.getIndex() == 0 && c.getTableColumn() != null
                    && "col-bytes".equals(c.getTableColumn().getId()) && c.getText() != null) {
                return c;
            }
        }
        return null;
    }

    private ListCell<?> hexCell(int line) {
        for (Node n : view.hex().lookupAll(".hex-line-cell")) {
            if (n instanceof ListCell<?> c && !c.isEmpty() && c.getIndex() == line && c.isVisible()) {
                return c;
            }
        }
        return null;
    }

    private static Color background(javafx.scene.layout.Region region) {
        List<javafx.scene.layout.BackgroundFill> fills = region.getBackground().getFills();
        Paint p = fills.get(fills.size() - 1).getFill();
        if (p instanceof javafx.scene.paint.LinearGradient g) {
            // modena's inner backgrounds are near-flat gradients: their last stop is the colour under the text
            return g.getStops().get(g.getStops().size() - 1).getColor();
        }
        return (Color) p;
    }

    /** WCAG 2 contrast ratio of two colours. */
    private static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    private static double linear(double v) {
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }
}
