package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TreeItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.settings.RecentFiles;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.view.Theme;
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
 * The details tree's Expand All (Ctrl+Right), Collapse All (Ctrl+Left), Expand and Collapse Subtrees
 * (Shift+Right, Shift+Left), and zoom (Ctrl+=, Ctrl+-, Ctrl+0) of the packet list, details and bytes, whose
 * size comes back at the next start.
 */
@ExtendWith(ApplicationExtension.class)
class ZoomAndTreeGuiTest {
    static final Path LOSS = Path.of("..", "samples", "ipv6-bigtcp-loss.pcap");

    @TempDir
    static Path temp;

    private CaptureViewModel model;
    private MainView view;
    private Path config;

    @Start
    void start(Stage stage) throws IOException {
        GuiTestSupport.assumeSample(LOSS);
        model = new CaptureViewModel(new CoreBackend());
        config = Files.createTempDirectory(temp, "jumbocap-gui-config");
        view = new MainView(model, new RecentFiles(config.resolve("recent")), null);
        stage.setScene(new Scene(view, 1280, 800));
        view.setTheme(Theme.LIGHT);
        stage.show();
    }

    @BeforeEach
    void openSample() {
        GuiTestSupport.openAndWait(view, model, LOSS);
        onFx(() -> view.goToFrame(3));
        waitUntil("frame 3's tree", () -> model.detailProperty().get() != null && view.tree().getExpandedItemCount() > 3);
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    @Test
    void expandAndCollapseAllAndSubtreesWithWiresharksKeys(FxRobot robot) {
        robot.clickOn(view.tree());
        int all = onFx(() -> allItems(view.tree().getRoot()).size() - 1);
        int layers = onFx(() -> view.tree().getRoot().getChildren().size());
        assertTrue(onFx(() -> view.tree().getExpandedItemCount()) < all, "some items start collapsed");

        robot.press(KeyCode.CONTROL, KeyCode.RIGHT).release(KeyCode.RIGHT, KeyCode.CONTROL);
        waitUntil("every item shown", () -> view.tree().getExpandedItemCount() == all);

        robot.press(KeyCode.CONTROL, KeyCode.LEFT).release(KeyCode.LEFT, KeyCode.CONTROL);
        waitUntil("only the layers shown", () -> view.tree().getExpandedItemCount() == layers);

        // the IPv6 layer and everything under it, nothing else
        TreeItem<Object> ipv6Layer = onFx(() -> view.tree().getRoot().getChildren().stream()
                .filter(i -> i.getValue() instanceof org.jumbocap.tree.FieldNode n && n.name().equals("ipv6"))
                .findFirst().orElseThrow(() -> new AssertionError("layers: " + view.tree().getRoot().getChildren().stream()
                        .map(i -> String.valueOf(i.getValue() instanceof org.jumbocap.tree.FieldNode n ? n.name() : i.getValue()))
                        .toList())));
        onFx(() -> {
            view.tree().getSelectionModel().select(ipv6Layer);
            return null;
        });
        int underIpv6 = onFx(() -> allItems(ipv6Layer).size() - 1);
        assertTrue(underIpv6 > 5, "the IPv6 layer has " + underIpv6 + " items");
        robot.press(KeyCode.SHIFT, KeyCode.RIGHT).release(KeyCode.RIGHT, KeyCode.SHIFT);
        waitUntil("the IPv6 subtree shown", () -> view.tree().getExpandedItemCount() == layers + underIpv6);
        assertTrue(onFx(() -> allItems(ipv6Layer).stream().allMatch(i -> i.isLeaf() || i.isExpanded())));

        robot.press(KeyCode.SHIFT, KeyCode.LEFT).release(KeyCode.LEFT, KeyCode.SHIFT);
        waitUntil("the IPv6 subtree closed", () -> view.tree().getExpandedItemCount() == layers);
        onFx(() -> {
            view.tree().expandAll();
            return null;
        });
        assertTrue(onFx(() -> !ipv6Layer.getChildren().isEmpty() && ipv6Layer.getChildren().stream().anyMatch(TreeItem::isExpanded)),
                "subtrees closed by Shift+Left open again with Expand All");
    }

    @Test
    void zoomChangesThePanesTextAndIsKept(FxRobot robot) {
        double rowHeight = onFx(() -> view.table().getFixedCellSize());
        double textSize = onFx(this::drawnTableFontSize);
        double hexText = onFx(this::hexFontSize);
        robot.clickOn(view.table());
        robot.press(KeyCode.CONTROL, KeyCode.EQUALS).release(KeyCode.EQUALS, KeyCode.CONTROL);
        robot.press(KeyCode.CONTROL, KeyCode.EQUALS).release(KeyCode.EQUALS, KeyCode.CONTROL);
        waitUntil("two steps larger", () -> view.fontSize() == 14);
        waitUntil("the list's text is drawn larger", () -> drawnTableFontSize() > textSize);
        assertTrue(onFx(() -> view.table().getFixedCellSize()) > rowHeight);
        assertTrue(onFx(() -> view.tree().getFixedCellSize()) > rowHeight);
        waitUntil("the bytes are drawn larger", () -> hexFontSize() > hexText);

        robot.press(KeyCode.CONTROL, KeyCode.MINUS).release(KeyCode.MINUS, KeyCode.CONTROL);
        waitUntil("one step back", () -> view.fontSize() == 13);
        MainView next = onFx(() -> new MainView(new CaptureViewModel(new CoreBackend()),
                new RecentFiles(config.resolve("recent")), null));
        assertEquals(13, onFx(next::fontSize), "kept for the next start");
        assertTrue(onFx(() -> next.table().getFixedCellSize()) > rowHeight);

        robot.press(KeyCode.CONTROL, KeyCode.DIGIT0).release(KeyCode.DIGIT0, KeyCode.CONTROL);
        waitUntil("normal size", () -> view.fontSize() == 12);
        waitUntil("the list's text as before", () -> Math.abs(drawnTableFontSize() - textSize) < 0.01);
        assertEquals(rowHeight, onFx(() -> view.table().getFixedCellSize()));
    }

    private double hexFontSize() {
        view.hex().applyCss();
        return view.hex().lookupAll(".hex-text").stream()
                .mapToDouble(n -> ((javafx.scene.text.Text) n).getFont().getSize()).max().orElse(0);
    }

    private double drawnTableFontSize() {
        view.table().applyCss();
        return view.table().lookupAll(".table-cell").stream()
                .filter(n -> n instanceof TableCell<?, ?> c && c.getText() != null && !c.getText().isEmpty())
                .mapToDouble(n -> ((TableCell<?, ?>) n).getFont().getSize()).max().orElse(0);
    }

    private static List<TreeItem<Object>> allItems(TreeItem<Object> top) {
        List<TreeItem<Object>> out = new ArrayList<>();
        java.util.ArrayDeque<TreeItem<Object>> todo = new java.util.ArrayDeque<>();
        todo.push(top);
        while (!todo.isEmpty()) {
            TreeItem<Object> next = todo.pop();
            out.add(next);
            next.getChildren().forEach(todo::push);
        }
        return out;
    }
}
