package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.SAMPLE;
import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ListCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.settings.RecentFiles;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.view.Theme;
import org.jumbocap.gui.view.filter.FilterBar;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.pcap.PcapWriter;
import org.jumbocap.tree.FieldNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The viewer window end to end on kernel-made BIG TCP captures, headless. */
@ExtendWith(ApplicationExtension.class)
class ViewerGuiTest {
    @TempDir
    static Path temp;

    private CaptureViewModel model;
    private MainView view;
    private FakeLiveProvider live;

    @Start
    void start(Stage stage) throws IOException {
        GuiTestSupport.assumeSample(SAMPLE);
        model = new CaptureViewModel(new CoreBackend());
        live = new FakeLiveProvider(GuiTestSupport.IPV4_SAMPLE);
        Path config = Files.createTempDirectory(temp, "jumbocap-gui-config");
        view = new MainView(model, new RecentFiles(config.resolve("recent")), live);
        Scene scene = new Scene(view, 1280, 800);
        stage.setScene(scene);
        view.setTheme(Theme.LIGHT);
        stage.show();
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    private void openAndWait(Path file) {
        onFx(() -> {
            view.open(file);
            return null;
        });
        waitUntil("the file is read", () -> !model.isBusy());
    }

    private void applyAndWait(String filter) {
        boolean applied = onFx(() -> view.filterBar().apply(filter));
        assertTrue(applied, "filter should compile: " + filter);
        waitUntil("the filter ran", () -> !model.isBusy());
    }

    private static int framesIn(Path file) throws IOException {
        int n = 0;
        FrameRecord r = new FrameRecord();
        try (CaptureReader reader = CaptureFiles.open(file)) {
            while (reader.next(r)) {
                n++;
            }
        }
        return n;
    }

    @Test
    void listsEveryFrameOfTheSampleAndMarksSuperPackets() throws IOException {
        TsharkOracle tshark = TsharkOracle.forSample(SAMPLE);
        openAndWait(SAMPLE);
        assertEquals(tshark.frames(), onFx(() -> model.rows().size()));
        assertEquals(tshark.frames(), onFx(() -> view.table().getItems().size()));
        long bigFrames = tshark.count("frame.len", len -> len > 65535 + 14);
        assertTrue(bigFrames > 0, "the sample holds BIG TCP super-packets");
        List<PacketRow> jumbo = onFx(() -> model.rows().stream().filter(PacketRow::isJumbo).collect(Collectors.toList()));
        assertEquals(tshark.count("ipv6.opt.jumbo", v -> v > 0), jumbo.size());
        for (PacketRow r : jumbo) {
            assertEquals(r.length() - 14 - 40, r.realLength(), "real payload length of frame " + r.number());
        }

        PacketRow firstJumbo = jumbo.get(0);
        onFx(() -> view.table().reveal(firstJumbo));
        waitUntil("the jumbo row is drawn", () -> rowNode(firstJumbo) != null);
        TableRow<?> drawn = onFx(() -> rowNode(firstJumbo));
        assertTrue(drawn.getStyleClass().contains("row-jumbo"), "super-packet rows carry the jumbo style");
        String jumboCell = onFx(() -> cellText(drawn, "col-jumbo"));
        assertTrue(jumboCell.startsWith("ipv6-hbh"), jumboCell);
        assertTrue(jumboCell.replace(",", "").contains(Long.toString(firstJumbo.realLength())), jumboCell);
        // the cell's tooltip says the real length; a cell that never showed a super-packet has none
        String tooltip = onFx(() -> {
            javafx.scene.control.Tooltip t = cell(drawn, "col-jumbo").getTooltip();
            return t == null ? null : t.getText();
        });
        assertEquals("Real layer-3 payload length " + firstJumbo.realLength() + " bytes (ipv6-hbh); the IP header's own"
                + " length field says 0", tooltip);
        PacketRow ordinary = onFx(() -> model.rows().get(0));
        assertFalse(ordinary.isJumbo(), "frame 1 is an ordinary frame");
        onFx(() -> view.table().reveal(ordinary));
        waitUntil("frame 1 is drawn", () -> rowNode(ordinary) != null);
        assertNull(onFx(() -> cell(rowNode(ordinary), "col-jumbo").getTooltip()), "no tooltip on an ordinary frame's cell");
    }

    @Test
    void displayFilterKeepsOnlyMatchingFrames() throws IOException {
        TsharkOracle tshark = TsharkOracle.forSample(SAMPLE);
        openAndWait(SAMPLE);
        applyAndWait("tcp.len > 65535");
        long expected = tshark.count("tcp.len", len -> len > 65535);
        assertTrue(expected > 0 && expected < tshark.frames());
        assertEquals(expected, (long) onFx(() -> view.table().getItems().size()));
        assertTrue(onFx(() -> view.table().getItems().stream().allMatch(PacketRow::isJumbo)));

        applyAndWait("jumbo");
        assertEquals(tshark.count("ipv6.opt.jumbo", v -> v > 0), (long) onFx(() -> view.table().getItems().size()));

        applyAndWait("");
        assertEquals(tshark.frames(), onFx(() -> view.table().getItems().size()));
        assertEquals(List.of("jumbo", "tcp.len > 65535"), onFx(() -> List.copyOf(view.filterBar().getHistory())));
    }

    @Test
    void filterBarValidatesWhileTyping(FxRobot robot) {
        robot.clickOn("#display-filter-text").write("tcp.len >");
        waitUntil("validation", () -> view.filterBar().getValidity() == FilterBar.Validity.INVALID);
        assertTrue(onFx(() -> robot.lookup("#display-filter-text").query().getStyleClass().contains("filter-invalid")));
        String error = onFx(() -> view.filterBar().errorProperty().get());
        assertTrue(error.startsWith("Column "), error);
        assertTrue(onFx(() -> robot.lookup("#filter-apply").query().isDisabled()));
        robot.write(" 65535");
        waitUntil("validation", () -> view.filterBar().getValidity() == FilterBar.Validity.VALID);
        assertTrue(onFx(() -> robot.lookup("#display-filter-text").query().getStyleClass().contains("filter-valid")));
        assertEquals("", onFx(() -> view.filterBar().errorProperty().get()));
    }

    /** A rejected filter, as 'jumbocap gui --filter' gives one, leaves every label of the bar readable. */
    @Test
    void anErrorInTheFilterBarShortensNoLabel() {
        openAndWait(SAMPLE);
        assertFalse(onFx(() -> view.filterBar().apply("tcp.port ==")));
        waitUntil("the error is shown", () -> !view.filterBar().errorProperty().get().isEmpty());
        String error = onFx(() -> view.filterBar().errorProperty().get());
        assertTrue(error.startsWith("Column 12: "), error);
        List<String> shown = onFx(() -> {
            view.filterBar().applyCss();
            view.filterBar().layout();
            List<String> texts = new java.util.ArrayList<>();
            List<javafx.scene.Node> controls = new java.util.ArrayList<>(view.filterBar().lookupAll(".label"));
            controls.addAll(view.filterBar().lookupAll(".button"));
            controls.sort(java.util.Comparator.comparingDouble(n -> n.localToScene(0, 0).getX()));
            for (javafx.scene.Node n : controls) {
                if (n instanceof javafx.scene.control.Labeled labeled && labeled.isVisible()) {
                    for (javafx.scene.Node child : labeled.getChildrenUnmodifiable()) {
                        if (child instanceof javafx.scene.text.Text drawn) {
                            // the text a Labeled draws: cut to "..." when it did not fit
                            texts.add(drawn.getText());
                        }
                    }
                }
            }
            return texts;
        });
        assertEquals(List.of("Filter:", "Apply", "Clear", error), shown);
    }

    @Test
    void selectingAJumbogramShowsTheJumboNodeAndHexHighlightFollowsTheTree(FxRobot robot) {
        openAndWait(SAMPLE);
        PacketRow jumbo = onFx(() -> model.rows().stream().filter(PacketRow::isJumbo).findFirst().orElseThrow());
        onFx(() -> view.table().reveal(jumbo));
        waitUntil("the detail is loaded", () -> model.detailProperty().get() != null
                && model.detailProperty().get().row().equals(jumbo));

        FieldNode jumboLayer = onFx(() -> model.detailProperty().get().tree().find("jumbo"));
        assertNotNull(jumboLayer, "the tree has the jumbo verdict");
        assertNotNull(onFx(() -> view.tree().itemOf(jumboLayer)), "the jumbo node is shown in the tree");
        assertEquals(jumbo.capturedLength(), onFx(() -> view.hex().getData().length()));

        FieldNode option = onFx(() -> model.detailProperty().get().tree().find("ipv6.opt.jumbo"));
        assertNotNull(option);
        assertTrue(option.length() > 0);
        onFx(() -> {
            view.tree().reveal(option);
            return null;
        });
        waitUntil("the highlight moves", () -> view.hex().getHighlightStart() == option.offset());
        assertEquals(option.length(), onFx(() -> view.hex().getHighlightLength()));

        // Click the one-byte hop limit in the hex pane: its field, not a neighbour, gets selected.
        FieldNode source = onFx(() -> model.detailProperty().get().tree().find("ipv6.hlim"));
        assertEquals(1, source.length());
        int line = source.offset() / 16;
        int column = source.offset() % 16;
        onFx(() -> {
            view.hex().highlight(source.offset(), 1);
            return null;
        });
        // under load the hex list lays the line out some pulses after the highlight scrolled it in: click
        // only once the line is drawn, laid out and stays where it is
        Bounds b = settledHexText(line);
        double charWidth = b.getWidth() / 76;
        int textColumn = 10 + 3 * column + (column >= 8 ? 1 : 0);
        robot.clickOn(b.getMinX() + (textColumn + 0.5) * charWidth, b.getMinY() + b.getHeight() / 2, MouseButton.PRIMARY);
        waitUntil("the clicked byte's field is selected", () -> view.tree().selectedField() != null
                && view.tree().selectedField().offset() <= source.offset()
                && source.offset() < view.tree().selectedField().offset() + view.tree().selectedField().length());
        FieldNode picked = onFx(() -> view.tree().selectedField());
        assertEquals(onFx(() -> model.detailProperty().get().tree().fieldAt(source.offset())), picked);
        assertEquals(picked.offset(), onFx(() -> view.hex().getHighlightStart()));
        assertEquals(picked.length(), onFx(() -> view.hex().getHighlightLength()));
    }

    @Test
    void pcapngFramesAreReadBackByOffsetForTheirDetail() throws IOException {
        Path pcapng = SAMPLE.resolveSibling("ipv6-bigtcp-veth.pcapng");
        GuiTestSupport.assumeSample(pcapng);
        TsharkOracle tshark = TsharkOracle.forSample(pcapng);
        openAndWait(pcapng);
        assertEquals(tshark.frames(), onFx(() -> model.rows().size()));
        PacketRow last = onFx(() -> model.rows().stream().filter(PacketRow::isJumbo).reduce((a, b) -> b).orElseThrow());
        onFx(() -> view.table().reveal(last));
        waitUntil("the detail is loaded", () -> model.detailProperty().get() != null
                && model.detailProperty().get().row().equals(last));
        FieldNode number = onFx(() -> model.detailProperty().get().tree().find("frame.number"));
        assertEquals(last.number(), number.longValue());
        assertEquals(last.capturedLength(), onFx(() -> model.detailProperty().get().frame().capturedLength()));
        assertNotNull(onFx(() -> model.detailProperty().get().tree().find("jumbo")));
    }

    @Test
    void gzipCompressedCapturesListAndShowDetailWithoutSeeking() throws IOException {
        Path gz = temp.resolve("veth.pcap.gz");
        try (OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(SAMPLE, out);
        }
        openAndWait(gz);
        assertEquals(TsharkOracle.forSample(SAMPLE).frames(), onFx(() -> model.rows().size()));
        PacketRow jumbo = onFx(() -> model.rows().stream().filter(PacketRow::isJumbo).reduce((a, b) -> b).orElseThrow());
        onFx(() -> view.table().reveal(jumbo));
        waitUntil("the detail is loaded", () -> model.detailProperty().get() != null
                && model.detailProperty().get().row().equals(jumbo));
        assertEquals(jumbo.number(), onFx(() -> model.detailProperty().get().tree().find("frame.number").longValue()));
    }

    @Test
    void hexPaneOfASuperPacketIsVirtualised() {
        openAndWait(SAMPLE);
        PacketRow biggest = onFx(() -> model.rows().stream().max(java.util.Comparator.comparingLong(PacketRow::capturedLength)).orElseThrow());
        assertTrue(biggest.capturedLength() > 65536);
        onFx(() -> view.table().reveal(biggest));
        waitUntil("the detail is loaded", () -> model.detailProperty().get() != null
                && model.detailProperty().get().row().equals(biggest));
        int lines = (biggest.capturedLength() + 15) / 16;
        int drawn = onFx(() -> view.hex().lookupAll(".hex-line-cell").size());
        assertTrue(drawn > 0 && drawn < 200, "only visible lines are nodes: " + drawn + " of " + lines);
        onFx(() -> {
            view.hex().highlight(biggest.capturedLength() - 4, 4);
            return null;
        });
        waitUntil("the last line is drawn", () -> hexCell(lines - 1) != null);
    }

    @Test
    void sortingByLengthOrdersTheRows(FxRobot robot) {
        openAndWait(SAMPLE);
        robot.clickOn(onFx(() -> (Node) view.table().lookup("#col-length")));
        waitUntil("sorted", () -> !view.table().getSortOrder().isEmpty());
        assertSortedByLength(TableColumn.SortType.ASCENDING);
        robot.clickOn(onFx(() -> (Node) view.table().lookup("#col-length")));
        waitUntil("sorted descending", () -> view.table().getSortOrder().get(0).getSortType() == TableColumn.SortType.DESCENDING);
        assertSortedByLength(TableColumn.SortType.DESCENDING);
        long max = onFx(() -> model.rows().stream().mapToLong(PacketRow::length).max().orElseThrow());
        assertEquals(max, onFx(() -> view.table().getItems().get(0).length()));
    }

    private void assertSortedByLength(TableColumn.SortType type) {
        List<Long> lengths = onFx(() -> view.table().getItems().stream().map(PacketRow::length).collect(Collectors.toList()));
        assertEquals(onFx(() -> model.rows().size()), lengths.size());
        for (int i = 1; i < lengths.size(); i++) {
            int c = Long.compare(lengths.get(i - 1), lengths.get(i));
            assertTrue(type == TableColumn.SortType.ASCENDING ? c <= 0 : c >= 0, "order at " + i + ": " + lengths);
        }
        assertFalse(lengths.get(0).equals(lengths.get(lengths.size() - 1)));
    }

    @Test
    void brokenFileShowsTheErrorAndListsTheGoodFrames() throws IOException {
        int good = 9;
        Path broken = temp.resolve("cut-last-record.pcap");
        try (CaptureReader reader = CaptureFiles.open(SAMPLE);
             OutputStream out = Files.newOutputStream(broken);
             PcapWriter writer = new PcapWriter(out, reader.linkType(), 262144, false)) {
            FrameRecord r = new FrameRecord();
            for (int i = 0; i < good + 1 && reader.next(r); i++) {
                writer.write(r);
            }
        }
        long size = Files.size(broken);
        try (var ch = java.nio.channels.FileChannel.open(broken, java.nio.file.StandardOpenOption.WRITE)) {
            ch.truncate(size - 5);
        }
        openAndWait(broken);
        waitUntil("the error dialog", () -> view.lastError() != null && view.lastError().isShowing());
        String message = onFx(() -> view.lastError().getContentText());
        assertTrue(message.contains("cut-last-record.pcap"), message);
        assertTrue(message.contains("record " + (good + 1)), message);
        assertEquals(good, onFx(() -> model.rows().size()));
        assertEquals(good, onFx(() -> view.table().getItems().size()));
        assertEquals(good, framesInUntilFault(broken));
        onFx(() -> {
            view.lastError().close();
            return null;
        });
    }

    private static int framesInUntilFault(Path file) throws IOException {
        int n = 0;
        FrameRecord r = new FrameRecord();
        try (CaptureReader reader = CaptureFiles.open(file)) {
            while (reader.next(r)) {
                n++;
            }
        } catch (org.jumbocap.io.CaptureFormatException expected) {
            return n;
        }
        throw new AssertionError("the cut file should fail");
    }

    @Test
    void liveCaptureStreamsRowsInBatches(FxRobot robot) throws IOException {
        int frames = framesIn(GuiTestSupport.IPV4_SAMPLE);
        onFx(() -> {
            view.showLiveCapture();
            return null;
        });
        waitUntil("the interfaces are listed", () -> robot.lookup("#live-interface").tryQuery().isPresent()
                && ((javafx.scene.control.ComboBox<?>) robot.lookup("#live-interface").query()).getValue() != null);
        assertEquals(FakeLiveProvider.VETH, onFx(() -> ((javafx.scene.control.ComboBox<?>) robot.lookup("#live-interface").query()).getValue()),
                "the BIG TCP interface is preselected");
        String settings = onFx(() -> ((javafx.scene.control.Label) robot.lookup("#live-settings").query()).getText());
        assertTrue(settings.contains("gso_max_size 185000") && settings.contains("BIG TCP on"), settings);
        robot.clickOn("#live-filter").write("tcp port 5201");
        waitUntil("the rewrite is shown", () -> ((javafx.scene.control.Label) robot.lookup("#live-rewritten").query())
                .getText().contains("ip6[6] == 0"));
        robot.clickOn("#live-start");
        waitUntil("rows stream in", () -> model.rows().size() > 0);
        waitUntil("every frame arrived", () -> model.rows().size() == frames);
        onFx(() -> {
            model.stopLive();
            return null;
        });
        assertEquals(List.of("(tcp port 5201) or (ip6 and ip6[6] == 0)"), live.openedFilters);
        assertEquals(frames, onFx(() -> model.liveReceivedProperty().get()));
        assertEquals(frames, onFx(() -> view.table().getItems().size()));
        Set<Long> numbers = onFx(() -> model.rows().stream().map(PacketRow::number).collect(Collectors.toSet()));
        assertEquals(frames, numbers.size());
        assertTrue(onFx(() -> model.rows().stream().anyMatch(PacketRow::isJumbo)), "IPv4 BIG TCP rows are recognised live");

        PacketRow jumbo = onFx(() -> model.rows().stream().filter(PacketRow::isJumbo).findFirst().orElseThrow());
        onFx(() -> view.table().reveal(jumbo));
        waitUntil("the live frame's detail", () -> model.detailProperty().get() != null
                && model.detailProperty().get().tree().find("jumbo") != null);
    }

    @Test
    void aLiveCaptureThatEndsByItselfStopsAndSaysWhy() throws IOException {
        int frames = framesIn(GuiTestSupport.IPV4_SAMPLE);
        live.endWith = "veth-a: the interface went away (Network is down)";
        onFx(() -> {
            model.startLive(live, FakeLiveProvider.VETH, "", 262144);
            return null;
        });
        waitUntil("the capture notices its end", () -> !model.liveRunningProperty().get());
        assertEquals(frames, onFx(() -> model.rows().size()), "the frames captured before stay listed");
        String status = onFx(() -> model.statusProperty().get());
        assertTrue(status.contains("the interface went away"), status);
    }

    // ---- lookups ---------------------------------------------------------------------------------

    private TableRow<?> rowNode(PacketRow row) {
        for (Node n : view.table().lookupAll(".table-row-cell")) {
            if (n instanceof TableRow<?> r && row.equals(r.getItem())) {
                return r;
            }
        }
        return null;
    }

    private static javafx.scene.control.TableCell<?, ?> cell(TableRow<?> row, String columnId) {
        for (Node n : row.lookupAll(".table-cell")) {
            if (n instanceof javafx.scene.control.TableCell<?, ?> c && c.getTableColumn() != null
                    && columnId.equals(c.getTableColumn().getId())) {
                return c;
            }
        }
        throw new AssertionError("no " + columnId + " cell in the row");
    }

    private static String cellText(TableRow<?> row, String columnId) {
        for (Node n : row.lookupAll(".table-cell")) {
            if (n instanceof javafx.scene.control.TableCell<?, ?> c && c.getTableColumn() != null
                    && columnId.equals(c.getTableColumn().getId())) {
                return c.getText() == null ? "" : c.getText();
            }
        }
        return "";
    }

    /** The screen bounds of a hex line's text once the line is drawn and two pulses leave it in place. */
    private Bounds settledHexText(int line) {
        Bounds[] last = {null};
        waitUntil("hex line " + line + " is drawn and settled", () -> {
            ListCell<?> cell = hexCell(line);
            Node text = cell == null ? null : cell.lookup(".hex-text");
            Bounds now = text == null ? null : text.localToScreen(text.getBoundsInLocal());
            boolean settled = now != null && now.getWidth() > 0 && now.equals(last[0]);
            last[0] = now;
            return settled;
        });
        return last[0];
    }

    private ListCell<?> hexCell(int line) {
        for (Node n : view.hex().lookupAll(".hex-line-cell")) {
            if (n instanceof ListCell<?> c && !c.isEmpty() && c.getIndex() == line && c.isVisible()) {
                return c;
            }
        }
        return null;
    }

}
