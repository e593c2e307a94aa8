package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.settings.RecentFiles;
import org.jumbocap.gui.settings.WindowSettings;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.view.PacketColumns;
import org.jumbocap.gui.view.PacketTable;
import org.jumbocap.gui.view.Theme;
import org.jumbocap.gui.view.WindowPlacement;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The main window's layout at the sizes it opens at: the Info column gets the width the other columns
 * leave and ends at the list's right edge (at 1360 px and at 1200 px), no address or super-packet length
 * is cut, a field applied as a column comes before Info on screen, titled by the field's description with
 * its name as tooltip, and the window's size, position and maximized state come back at the next start.
 */
@ExtendWith(ApplicationExtension.class)
class MainWindowLayoutGuiTest {
    static final Path LOSS = Path.of("..", "samples", "ipv6-bigtcp-loss.pcap");

    @TempDir
    static Path temp;

    private Stage stage;
    private CaptureViewModel model;
    private MainView view;
    private Path config;

    @Start
    void start(Stage stage) throws IOException {
        GuiTestSupport.assumeSample(LOSS);
        this.stage = stage;
        model = new CaptureViewModel(new CoreBackend());
        config = Files.createTempDirectory(temp, "jumbocap-gui-config");
        view = new MainView(model, new RecentFiles(config.resolve("recent")), null);
        stage.setScene(new Scene(view, 1360, 860));
        view.setTheme(Theme.LIGHT);
        stage.show();
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    @Test
    void infoTakesTheRestOfTheWidthAndNothingIsCut() {
        GuiTestSupport.openAndWait(view, model, LOSS);
        for (double width : new double[] {1360, 1200}) {
            onFx(() -> {
                stage.setWidth(width);
                return null;
            });
            waitUntil("the list is " + width + " px wide", () -> Math.abs(stage.getScene().getWidth() - width) < 2);
            waitUntil("rows drawn with their texts", () -> drawnCells("col-source").stream()
                    .anyMatch(c -> c.getText() != null && !c.getText().isEmpty()));
            double tableWidth = onFx(() -> view.table().getWidth());
            double right = onFx(() -> {
                view.table().applyCss();
                view.table().layout();
                double sum = 0;
                for (TableColumn<PacketRow, ?> c : view.table().getVisibleLeafColumns()) {
                    sum += c.getWidth();
                }
                return sum;
            });
            double info = onFx(() -> view.table().column("col-info").getWidth());
            // the columns end where the list's visible width does (a scroll bar's width from its edge)
            String widths = onFx(() -> view.table().getVisibleLeafColumns().stream()
                    .map(c -> c.getId() + "=" + c.getWidth()).toList().toString());
            assertTrue(right <= tableWidth, "columns end at " + right + " in a list " + tableWidth + " px wide: " + widths);
            assertTrue(right >= tableWidth - 40, "columns end at " + right + " in a list " + tableWidth + " px wide");
            assertTrue(info >= 240, "Info is " + info + " px at " + width);
            if (width == 1360) {
                // the fixed columns fit their texts, no more: Info was about 160 px wide at this width
                assertTrue(info > 400, "Info is " + info + " px at " + width);
            }
            for (String id : List.of("col-number", "col-source", "col-destination", "col-protocol", "col-length",
                    "col-jumbo", "col-tcp-analysis", "col-time")) {
                assertNull(onFx(() -> cutCell(id)), id + " at " + width + " px");
                assertNull(onFx(() -> cellOffItsHeader(id)), id + " at " + width + " px");
            }
        }
    }

    @Test
    void aFieldAppliedAsColumnIsOnScreenTitledByItsDescription() {
        GuiTestSupport.openAndWait(view, model, LOSS);
        TableColumn<PacketRow, ?> column = onFx(() -> view.columns().applyAsColumn("tcp.window_size"));
        List<String> order = onFx(() -> view.table().getColumns().stream().map(TableColumn::getId).toList());
        assertEquals(order.indexOf("col-info") - 1, order.indexOf(PacketColumns.FIELD_PREFIX + "tcp.window_size"),
                "inserted before Info: " + order);
        Label title = (Label) onFx(column::getGraphic);
        assertEquals(onFx(() -> model.backend().fieldLabel("tcp.window_size")), title.getText());
        assertFalse(title.getText().equals("tcp.window_size"), "the description, not the filter name");
        assertEquals("tcp.window_size", onFx(() -> title.getTooltip().getText()));
        waitUntil("the new column's header is drawn", () -> view.table().lookupAll(".column-header").stream()
                .anyMatch(n -> (PacketColumns.FIELD_PREFIX + "tcp.window_size").equals(n.getId())));
        Node header = onFx(() -> view.table().lookupAll(".column-header").stream()
                .filter(n -> (PacketColumns.FIELD_PREFIX + "tcp.window_size").equals(n.getId())).findFirst().orElseThrow());
        double headerRight = onFx(() -> header.localToScene(header.getBoundsInLocal()).getMaxX());
        double tableRight = onFx(() -> view.table().localToScene(view.table().getBoundsInLocal()).getMaxX());
        assertTrue(headerRight <= tableRight, "the column ends at " + headerRight + ", the list at " + tableRight);
    }

    @Test
    void theWindowsSizePositionAndMaximizedStateComeBack() {
        WindowSettings settings = new WindowSettings(config.resolve("window"));
        onFx(() -> {
            Stage first = new Stage();
            first.setScene(new Scene(new Label("first")));
            WindowPlacement placement = WindowPlacement.restore(first, settings, 1360, 860);
            first.show();
            first.setX(40);
            first.setY(30);
            first.setWidth(900);
            first.setHeight(600);
            placement.save();
            first.hide();
            return null;
        });
        WindowSettings.Placement saved = settings.load();
        assertEquals(new WindowSettings.Placement(40, 30, 900, 600, false, WindowSettings.DEFAULT_FONT_SIZE), saved);
        double[] restored = onFx(() -> {
            Stage next = new Stage();
            next.setScene(new Scene(new Label("next")));
            WindowPlacement.restore(next, settings, 1360, 860);
            return new double[] {next.getX(), next.getY(), next.getWidth(), next.getHeight()};
        });
        assertEquals(List.of(40.0, 30.0, 900.0, 600.0), List.of(restored[0], restored[1], restored[2], restored[3]));

        // maximized: the state is kept, with the bounds to return to
        onFx(() -> {
            Stage big = new Stage();
            big.setScene(new Scene(new Label("big")));
            WindowPlacement placement = WindowPlacement.restore(big, settings, 1360, 860);
            big.show();
            big.setMaximized(true);
            placement.save();
            big.hide();
            return null;
        });
        saved = settings.load();
        assertTrue(saved.maximized());
        assertEquals(900, saved.width(), 0.5);

        // a window left on a screen that is gone is not put off-screen
        settings.save(new WindowSettings.Placement(50_000, 40_000, 800, 600, false, 12));
        double x = onFx(() -> {
            Stage lost = new Stage();
            lost.setScene(new Scene(new Label("lost")));
            WindowPlacement.restore(lost, settings, 1360, 860);
            return Double.isNaN(lost.getX()) ? 0 : lost.getX();
        });
        assertTrue(x < 5000, "placed at " + x);

        // a damaged file gives the defaults
        onFx(() -> {
            Files.writeString(settings.file(), "width=wide\nheight=\u0000\n");
            return null;
        });
        assertFalse(settings.load().known());
    }

    private List<TableCell<?, ?>> drawnCells(String columnId) {
        return onFx(() -> view.table().lookupAll(".table-cell").stream()
                .filter(n -> n instanceof TableCell<?, ?> c && c.getTableColumn() != null
                        && columnId.equals(c.getTableColumn().getId()) && c.isVisible())
                .<TableCell<?, ?>>map(n -> (TableCell<?, ?>) n).toList());
    }

    /** A cell of the column drawn elsewhere than under the column's header, described; null when none is. */
    private String cellOffItsHeader(String columnId) {
        Node header = view.table().lookupAll(".column-header").stream().filter(n -> columnId.equals(n.getId()))
                .findFirst().orElseThrow();
        double left = header.localToScene(header.getBoundsInLocal()).getMinX();
        for (TableCell<?, ?> c : drawnCells(columnId)) {
            double at = c.localToScene(c.getBoundsInLocal()).getMinX();
            if (c.getIndex() >= 0 && c.getIndex() < view.table().getItems().size() && Math.abs(at - left) > 1.5) {
                return "row " + c.getIndex() + " drawn at x " + at + ", its header at " + left;
            }
        }
        return null;
    }

    /** A cell of the column whose text is drawn cut (with an ellipsis), described; null when none is. */
    private String cutCell(String columnId) {
        PacketTable table = view.table();
        table.applyCss();
        table.layout();
        for (TableCell<?, ?> c : drawnCells(columnId)) {
            if (c.getText() != null && !c.getText().isEmpty()) {
                javafx.scene.text.Text drawn = (javafx.scene.text.Text) c.lookup(".text");
                if (drawn == null || !c.getText().equals(drawn.getText())) {
                    return c.getText() + " drawn as " + (drawn == null ? null : drawn.getText()) + " in "
                            + c.getTableColumn().getWidth() + " px";
                }
            }
        }
        return null;
    }
}
