package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.SAMPLE;
import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javafx.scene.control.TableColumn;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.model.RowText;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The packet list sorts by its text columns too (Source, Destination, Info), and a filter or a sort keeps
 * the selected frame selected while the new list shows it.
 */
@ExtendWith(ApplicationExtension.class)
class PacketListOrderGuiTest {
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

    private List<String> shownTexts(Function<RowText, String> part) {
        int n = onFx(() -> model.shownRows().size());
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int at = i;
            waitUntil("texts of shown row " + at, () -> model.shownRows().get(at).text() != null);
            out.add(onFx(() -> part.apply(model.shownRows().get(at).text())));
        }
        return out;
    }

    private void sortBy(FxRobot robot, String columnId, TableColumn.SortType type) {
        onFx(() -> {
            TableColumn<PacketRow, ?> c = view.table().column(columnId);
            c.setSortType(type);
            view.table().getSortOrder().setAll(List.of(c));
            return null;
        });
        waitUntil("sorted by " + columnId, () -> model.order() != null && model.order().column().equals(columnId)
                && model.order().descending() == (type == TableColumn.SortType.DESCENDING) && !model.isBusy());
    }

    @Test
    void sourceDestinationAndInfoSortAsShown(FxRobot robot) {
        GuiTestSupport.openAndWait(view, model, SAMPLE);
        for (String id : List.of("col-source", "col-destination", "col-info")) {
            Function<RowText, String> part = id.equals("col-source") ? RowText::source
                    : id.equals("col-destination") ? RowText::destination : RowText::info;
            assertTrue(onFx(() -> view.table().column(id).isSortable()), id + " sortable");
            sortBy(robot, id, TableColumn.SortType.ASCENDING);
            List<String> shown = shownTexts(part);
            List<String> sorted = new ArrayList<>(shown);
            sorted.sort(null);
            assertEquals(sorted, shown, id + " ascending");
            assertTrue(new java.util.HashSet<>(shown).size() > 1, id + " has different values");
            sortBy(robot, id, TableColumn.SortType.DESCENDING);
            List<String> down = shownTexts(part);
            sorted.sort(java.util.Comparator.reverseOrder());
            assertEquals(sorted, down, id + " descending");
        }
    }

    @Test
    void filterAndSortKeepTheSelectedFrameWhileItIsShown(FxRobot robot) throws Exception {
        GuiTestSupport.openAndWait(view, model, SAMPLE);
        PacketRow jumbo = onFx(() -> model.rows().stream().filter(PacketRow::isJumbo).skip(2).findFirst().orElseThrow());
        onFx(() -> view.table().reveal(jumbo));
        waitUntil("selected", () -> jumbo.equals(model.selectedRowProperty().get()) && model.detailProperty().get() != null);

        // the detail must not blink away: no change of the selection to nothing while the lists change
        List<Object> cleared = new ArrayList<>();
        onFx(() -> {
            model.selectedRowProperty().addListener((obs, old, now) -> {
                if (now == null) {
                    cleared.add(old);
                }
            });
            model.detailProperty().addListener((obs, old, now) -> {
                if (now == null) {
                    cleared.add(old);
                }
            });
            return null;
        });
        onFx(() -> {
            model.applyFilter("jumbo");
            return null;
        });
        waitUntil("filtered", () -> !model.isBusy() && model.appliedFilterProperty().get().equals("jumbo"));
        assertTrue(onFx(() -> model.shownRows().size() < model.rows().size()));
        assertEquals(jumbo, onFx(() -> model.selectedRowProperty().get()), "selection kept by the filter");
        assertEquals(jumbo, onFx(() -> view.table().getSelectionModel().getSelectedItem()));

        sortBy(robot, "col-length", TableColumn.SortType.DESCENDING);
        assertEquals(jumbo, onFx(() -> model.selectedRowProperty().get()), "selection kept by the sort");
        assertEquals(jumbo, onFx(() -> view.table().getSelectionModel().getSelectedItem()));
        assertEquals(jumbo.number(), (long) onFx(() -> model.detailProperty().get().row().number()));
        assertEquals(List.of(), onFx(() -> List.copyOf(cleared)), "selection or detail cleared by the filter or the sort");

        onFx(() -> {
            model.applyFilter("!jumbo");
            return null;
        });
        waitUntil("filtered again", () -> !model.isBusy() && model.appliedFilterProperty().get().equals("!jumbo"));
        assertNull(onFx(() -> model.selectedRowProperty().get()), "a frame no longer shown is not selected");
    }
}
