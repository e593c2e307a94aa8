package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.SAMPLE;
import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableRow;
import javafx.scene.control.TreeCell;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CaptureBackend.SaveFormat;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.ExpertSummary;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.settings.RecentFiles;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.view.StatisticsView;
import org.jumbocap.gui.view.Theme;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.tree.FieldNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Statistics, saving, go-to, context-menu filters and themes on a kernel-made sample, headless. */
@ExtendWith(ApplicationExtension.class)
class AnalysisGuiTest {
    @TempDir
    static Path temp;

    private CaptureViewModel model;
    private MainView view;
    private Path recentFile;

    @Start
    void start(Stage stage) throws IOException {
        GuiTestSupport.assumeSample(SAMPLE);
        model = new CaptureViewModel(new CoreBackend());
        recentFile = Files.createTempDirectory(temp, "jumbocap-gui-config").resolve("recent");
        view = new MainView(model, new RecentFiles(recentFile), null);
        stage.setScene(new Scene(view, 1280, 800));
        view.setTheme(Theme.LIGHT);
        stage.show();
        view.open(SAMPLE);
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    private void waitIdle() {
        waitUntil("the task ended", () -> !model.isBusy());
    }

    private void applyAndWait(String filter) {
        assertTrue(onFx(() -> view.filterBar().apply(filter)), filter);
        waitIdle();
    }

    private static List<FrameRecord> read(Path file) throws IOException {
        List<FrameRecord> out = new ArrayList<>();
        FrameRecord r = new FrameRecord();
        try (CaptureReader reader = CaptureFiles.open(file)) {
            while (reader.next(r)) {
                out.add(r.copy());
            }
        }
        return out;
    }

    @Test
    void savesTheShownFramesAsPcapAndPcapng() throws IOException {
        waitIdle();
        applyAndWait("jumbo");
        List<PacketRow> shown = onFx(() -> List.copyOf(model.shownRows()));
        assertTrue(shown.size() > 0 && shown.size() < onFx(() -> model.rows().size()));
        List<FrameRecord> original = read(SAMPLE);
        for (SaveFormat format : SaveFormat.values()) {
            Path out = temp.resolve("shown." + format.label());
            String[] error = {"pending"};
            onFx(() -> {
                model.saveShown(out, format, e -> error[0] = e);
                return null;
            });
            waitUntil("saved", () -> error[0] == null || !"pending".equals(error[0]));
            assertEquals(null, error[0]);
            List<FrameRecord> saved = read(out);
            assertEquals(shown.size(), saved.size(), format.label());
            for (int i = 0; i < saved.size(); i++) {
                FrameRecord expected = original.get((int) shown.get(i).number() - 1);
                assertArrayEquals(expected.bytes(), saved.get(i).bytes(), "frame " + shown.get(i).number());
                assertEquals(expected.timestampNanos() / 1000, saved.get(i).timestampNanos() / 1000);
            }
            try (CaptureReader reader = CaptureFiles.open(out)) {
                assertEquals(format == SaveFormat.PCAPNG ? "pcapng" : "pcap", reader.formatName().replace("-nsec", ""));
            }
        }
    }

    @Test
    void statisticsWindowCountsTheShownFramesAndExpertRowsFilter(FxRobot robot) throws IOException {
        waitIdle();
        waitUntil("expert analysis", () -> model.expertSummaryProperty().get() != null);
        StatisticsView[] stats = new StatisticsView[1];
        onFx(() -> {
            view.showStatistics();
            return null;
        });
        Node histogramNode = onFx(() -> robot.lookup("#size-histogram").query());
        assertNotNull(histogramNode);
        javafx.scene.chart.BarChart<?, ?> histogram = (javafx.scene.chart.BarChart<?, ?>) histogramNode;
        waitUntil("the histogram is filled", () -> !histogram.getData().isEmpty());
        long counted = onFx(() -> ((XYChart.Series<?, ?>) histogram.getData().get(0)).getData().stream()
                .mapToLong(d -> ((Number) d.getYValue()).longValue()).sum());
        assertEquals((long) onFx(() -> model.shownRows().size()), counted);
        long jumboCounted = onFx(() -> ((XYChart.Series<?, ?>) histogram.getData().get(1)).getData().stream()
                .mapToLong(d -> ((Number) d.getYValue()).longValue()).sum());
        assertEquals(onFx(() -> model.rows().stream().filter(PacketRow::isJumbo).count()), jumboCounted);
        javafx.scene.chart.NumberAxis counts = (javafx.scene.chart.NumberAxis) histogram.getYAxis();
        long tallest = onFx(() -> ((XYChart.Series<?, ?>) histogram.getData().get(0)).getData().stream()
                .mapToLong(d -> ((Number) d.getYValue()).longValue()).max().orElseThrow());
        double unit = onFx(counts::getTickUnit);
        assertTrue(unit >= 1 && unit == Math.rint(unit), "whole-frame ticks, not " + unit);
        assertTrue(onFx(counts::getUpperBound) > tallest, "the tallest bar fits under the axis");
        Node marker = onFx(() -> histogram.lookup(".limit-marker"));
        assertTrue(onFx(marker::isVisible), "the 64 KiB marker is drawn");

        javafx.scene.control.TableView<?> flows = (javafx.scene.control.TableView<?>) onFx(() -> robot.lookup("#flow-table").query());
        assertFalse(onFx(() -> flows.getItems().isEmpty()));

        ExpertSummary summary = onFx(() -> model.expertSummaryProperty().get());
        assertFalse(summary.isEmpty(), "the sample has expert items (jumbo notes at least)");
        ExpertSummary.Entry jumboNote = summary.entries().stream()
                .filter(e -> e.id().startsWith("ipv6.jumbo")).findFirst().orElseThrow();
        javafx.scene.control.TableView<?> experts = (javafx.scene.control.TableView<?>) onFx(() -> robot.lookup("#expert-table").query());
        waitUntil("the expert table is filled", () -> !experts.getItems().isEmpty());
        int index = onFx(() -> {
            for (int i = 0; i < experts.getItems().size(); i++) {
                if (((ExpertSummary.Entry) experts.getItems().get(i)).id().equals(jumboNote.id())) {
                    return i;
                }
            }
            return -1;
        });
        assertTrue(index >= 0);
        onFx(() -> {
            javafx.scene.control.TabPane tabs = (javafx.scene.control.TabPane) robot.lookup("#statistics-tabs").query();
            tabs.getSelectionModel().select(3);
            return null;
        });
        waitUntil("the expert row is drawn", () -> tableRow(experts, index) != null);
        robot.doubleClickOn(onFx(() -> (Node) tableRow(experts, index)));
        waitUntil("the expert filter ran", () -> !model.isBusy()
                && model.appliedFilterProperty().get().equals(jumboNote.filter()));
        List<Long> listed = onFx(() -> model.shownRows().stream().map(PacketRow::number).toList());
        assertEquals(framesCarrying(jumboNote.id()), listed);
        assertEquals(jumboNote.firstFrame(), listed.get(0));
    }

    @Test
    void statisticsOfAFilteredViewCountOnlyTheShownFrames(FxRobot robot) {
        waitIdle();
        applyAndWait("tcp.len > 65535");
        long shown = onFx(() -> (long) model.shownRows().size());
        long total = onFx(() -> (long) model.rows().size());
        assertTrue(shown > 0 && shown < total, shown + " of " + total);
        onFx(() -> {
            view.showStatistics();
            return null;
        });
        javafx.scene.chart.BarChart<?, ?> histogram = (javafx.scene.chart.BarChart<?, ?>) onFx(() -> robot.lookup("#size-histogram").query());
        waitUntil("the histogram is filled", () -> !histogram.getData().isEmpty());
        List<Long> counts = onFx(() -> ((XYChart.Series<?, ?>) histogram.getData().get(0)).getData().stream()
                .map(d -> ((Number) d.getYValue()).longValue()).toList());
        assertEquals(shown, counts.stream().mapToLong(Long::longValue).sum());
        assertEquals(0L, counts.get(0) + counts.get(1) + counts.get(2), "no frame of 64 KiB or less is shown");
        String summary = onFx(() -> ((javafx.scene.control.Label) robot.lookup("#statistics-summary").query()).getText());
        assertTrue(summary.startsWith(String.format(java.util.Locale.ROOT, "%,d frames shown", shown)), summary);
        javafx.scene.control.TableView<?> experts = (javafx.scene.control.TableView<?>) onFx(() -> robot.lookup("#expert-table").query());
        long jumboNotes = onFx(() -> experts.getItems().stream().map(e -> (ExpertSummary.Entry) e)
                .filter(e -> e.id().equals("ipv6.jumbo.hbh")).mapToLong(ExpertSummary.Entry::occurrences).sum());
        assertEquals(shown, jumboNotes, "every shown super-packet of this IPv6 sample carries one Jumbo Payload note");
    }

    /** Frames of the sample whose dissection carries an expert item with this id, found independently. */
    private static List<Long> framesCarrying(String expertId) throws IOException {
        List<Long> out = new ArrayList<>();
        org.jumbocap.dissect.FrameDissector dissector = new org.jumbocap.dissect.FrameDissector();
        for (FrameRecord r : read(SAMPLE)) {
            if (dissector.dissect(r).experts().stream().anyMatch(e -> e.id().equals(expertId))) {
                out.add(r.number());
            }
        }
        return out;
    }

    private static TableRow<?> tableRow(javafx.scene.control.TableView<?> table, int index) {
        for (Node n : table.lookupAll(".table-row-cell")) {
            if (n instanceof TableRow<?> r && r.getIndex() == index && !r.isEmpty()) {
                return r;
            }
        }
        return null;
    }

    @Test
    void fieldContextMenuAppliesItsValueAsFilter(FxRobot robot) throws IOException {
        waitIdle();
        PacketRow jumbo = onFx(() -> model.rows().stream().filter(PacketRow::isJumbo).findFirst().orElseThrow());
        onFx(() -> view.table().reveal(jumbo));
        waitUntil("detail", () -> model.detailProperty().get() != null && model.detailProperty().get().row().equals(jumbo));
        FieldNode option = onFx(() -> model.detailProperty().get().tree().find("ipv6.opt.jumbo"));
        onFx(() -> {
            view.tree().reveal(option);
            return null;
        });
        waitUntil("the option's cell", () -> treeCell(option) != null);
        ContextMenu menu = onFx(() -> treeCell(option).getContextMenu());
        MenuItem apply = menu.getItems().get(0);
        assertEquals("Apply as Filter: ipv6.opt.jumbo == " + option.longValue(), apply.getText());
        onFx(() -> {
            apply.fire();
            return null;
        });
        waitUntil("filtered", () -> !model.isBusy() && model.appliedFilterProperty().get().startsWith("ipv6.opt.jumbo"));
        TsharkOracle tshark = TsharkOracle.forSample(SAMPLE);
        assertEquals(tshark.count("ipv6.opt.jumbo", v -> v == option.longValue()), (long) onFx(() -> model.shownRows().size()));

        MenuItem prepare = menu.getItems().get(1);
        onFx(() -> {
            view.filterBar().setText("");
            prepare.fire();
            return null;
        });
        assertEquals("ipv6.opt.jumbo == " + option.longValue(), onFx(() -> view.filterBar().getText()));
    }

    private TreeCell<?> treeCell(FieldNode node) {
        for (Node n : view.tree().lookupAll(".tree-cell")) {
            if (n instanceof TreeCell<?> c && c.getItem() == node) {
                return c;
            }
        }
        return null;
    }

    @Test
    void goToFrameSelectsItOnlyWhenShown() {
        waitIdle();
        long last = onFx(() -> (long) model.rows().size());
        assertTrue(onFx(() -> view.goToFrame(last)));
        assertEquals(last, onFx(() -> view.table().getSelectionModel().getSelectedItem().number()));
        waitUntil("detail", () -> model.detailProperty().get() != null && model.detailProperty().get().row().number() == last);
        assertFalse(onFx(() -> view.goToFrame(last + 1)));
        applyAndWait("jumbo");
        long ordinary = onFx(() -> model.rows().stream().filter(r -> !r.isJumbo()).findFirst().orElseThrow().number());
        assertFalse(onFx(() -> view.goToFrame(ordinary)), "a filtered-out frame cannot be selected");
    }

    @Test
    void keyboardShortcutsFocusTheFilterAndGoToAFrame(FxRobot robot) {
        waitIdle();
        long target = onFx(() -> model.rows().size() - 3L);
        robot.clickOn(onFx(() -> (Node) view.table()));
        robot.press(KeyCode.CONTROL, KeyCode.SLASH).release(KeyCode.SLASH, KeyCode.CONTROL);
        // an editable combo box keeps the focus itself and forwards it to its text field
        waitUntil("the filter text has the focus", () -> view.getScene().getFocusOwner() == robot.lookup("#display-filter").query()
                || view.getScene().getFocusOwner() == robot.lookup("#display-filter-text").query());
        robot.write("jumbo");
        waitUntil("typing reaches the filter", () -> view.filterBar().getText().equals("jumbo"));
        robot.press(KeyCode.CONTROL, KeyCode.G).release(KeyCode.G, KeyCode.CONTROL);
        waitUntil("the go-to dialog", () -> robot.lookup(".dialog-pane .text-field").tryQuery().isPresent());
        robot.clickOn(".dialog-pane .text-field").write(Long.toString(target)).type(KeyCode.ENTER);
        waitUntil("frame " + target + " selected", () -> view.table().getSelectionModel().getSelectedItem() != null
                && view.table().getSelectionModel().getSelectedItem().number() == target);
    }

    @Test
    void recentListRemembersTheOpenedFileAndThemesSwitch() throws IOException {
        waitIdle();
        assertEquals(SAMPLE.toAbsolutePath().normalize().toString(), Files.readAllLines(recentFile).get(0));
        onFx(() -> {
            view.setTheme(Theme.DARK);
            return null;
        });
        assertTrue(onFx(() -> view.getScene().getStylesheets().stream().anyMatch(s -> s.endsWith("dark.css"))));
        onFx(() -> {
            view.setTheme(Theme.LIGHT);
            return null;
        });
        assertTrue(onFx(() -> view.getScene().getStylesheets().stream().anyMatch(s -> s.endsWith("light.css"))));
    }
}
