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
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ColorPicker;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableRow;
import javafx.scene.control.TextField;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.ColouringRule;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.settings.ColouringSettings;
import org.jumbocap.gui.settings.RecentFiles;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.view.PacketTable;
import org.jumbocap.gui.view.Theme;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Colouring rules on the kernel-made capture with real loss: every row's rule is the first enabled rule
 * whose filter {@code read -Y} selects that frame; an edit in the editor re-colours the list; an invalid
 * filter is shown red and refused; rules and View → Colorize Packet List survive a restart.
 */
@ExtendWith(ApplicationExtension.class)
class ColouringRulesGuiTest {
    static final Path LOSS = Path.of("..", "samples", "ipv6-bigtcp-loss.pcap");

    @TempDir
    static Path temp;

    private CaptureViewModel model;
    private MainView view;
    private Path config;

    @Start
    void start(Stage stage) throws IOException {
        GuiTestSupport.assumeSample(LOSS);
        config = Files.createTempDirectory(temp, "colouring-config");
        model = new CaptureViewModel(new CoreBackend());
        view = new MainView(model, new RecentFiles(config.resolve("recent")), null);
        stage.setScene(new Scene(view, 1280, 800));
        view.setTheme(Theme.LIGHT);
        stage.show();
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    /** Frame number to the first rule (in order, enabled only) whose filter {@code read -Y} passes it. */
    private static Map<Long, ColouringRule> oracle(List<ColouringRule> rules) {
        Map<Long, ColouringRule> first = new HashMap<>();
        for (ColouringRule rule : rules) {
            if (rule.enabled()) {
                for (long n : ReadFilterOracle.frames(LOSS, rule.filter())) {
                    first.putIfAbsent(n, rule);
                }
            }
        }
        return first;
    }

    private void openAndWaitForColours() {
        GuiTestSupport.openAndWait(view, model, LOSS);
        waitUntil("the rows are coloured", () -> onFx(() -> view.table().rowColoursProperty().get() != null));
    }

    /** Every row's rule against the oracle; returns the names of the rules in use. */
    private Set<String> assertEveryRowAsReadSelects(List<ColouringRule> rules) {
        Map<Long, ColouringRule> expected = oracle(rules);
        PacketTable table = view.table();
        List<String> wrong = new ArrayList<>();
        Set<String> used = new HashSet<>();
        int rows = onFx(() -> {
            for (PacketRow row : model.rows()) {
                ColouringRule ours = table.ruleOf(row);
                ColouringRule theirs = expected.get(row.number());
                if (!java.util.Objects.equals(ours, theirs) && wrong.size() < 10) {
                    wrong.add("frame " + row.number() + ": " + (ours == null ? "none" : ours.name()) + " but read -Y: "
                            + (theirs == null ? "none" : theirs.name()));
                }
                if (ours != null) {
                    used.add(ours.name());
                }
            }
            return model.rows().size();
        });
        assertEquals(992, rows);
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
        return used;
    }

    /** The drawn rows carry their rule's colours (the row's style), or none when no rule selects them. */
    private void assertDrawnRowsShowTheirRule() {
        int[] checked = {0};
        onFx(() -> {
            for (Node n : view.table().lookupAll(".table-row-cell")) {
                if (n instanceof TableRow<?> r && r.getItem() instanceof PacketRow row && !r.isSelected()) {
                    ColouringRule rule = view.table().ruleOf(row);
                    String style = r.getStyle() == null ? "" : r.getStyle();
                    if (rule == null) {
                        assertFalse(r.getStyleClass().contains("row-rule"), "frame " + row.number());
                    } else {
                        assertTrue(r.getStyleClass().contains("row-rule") && style.contains(rule.background())
                                && style.contains(rule.foreground()), "frame " + row.number() + " " + style);
                    }
                    checked[0]++;
                }
            }
            return null;
        });
        assertTrue(checked[0] > 5, checked[0] + " rows drawn");
    }

    @Test
    void everyRowHasTheFirstRuleReadSelects() {
        openAndWaitForColours();
        Set<String> used = assertEveryRowAsReadSelects(ColouringRule.defaults());
        // the sample has a lost segment (Bad TCP), super-packets, handshakes and plain segments
        assertTrue(used.containsAll(List.of("Bad TCP", "Jumbogram", "TCP SYN/FIN", "TCP")), used.toString());
        assertDrawnRowsShowTheirRule();
    }

    @Test
    void colorizeOffDrawsRowsPlainlyAndIsRemembered() throws IOException {
        openAndWaitForColours();
        CheckMenuItem colorize = (CheckMenuItem) menuItem("menu-colorize");
        // as a click on the item does (fire() alone leaves a CheckMenuItem as it is)
        onFx(() -> {
            colorize.setSelected(false);
            return null;
        });
        assertFalse(onFx(() -> view.table().colorizeProperty().get()));
        waitUntil("the rows are drawn plainly", () -> onFx(() -> {
            for (Node n : view.table().lookupAll(".table-row-cell")) {
                if (n.getStyleClass().contains("row-rule")) {
                    return false;
                }
            }
            return true;
        }));
        ColouringSettings.Stored stored = new ColouringSettings(config.resolve("colouring")).load();
        assertFalse(stored.colorize());
        // a restart: a new window over the same settings folder starts with colouring off
        CaptureViewModel second = new CaptureViewModel(new CoreBackend());
        MainView again = onFx(() -> new MainView(second, new RecentFiles(config.resolve("recent")), null));
        assertFalse(onFx(() -> again.table().colorizeProperty().get()));
        onFx(() -> {
            second.close();
            return null;
        });
    }

    @Test
    void anEditReColoursRefusesAnInvalidFilterAndSurvivesARestart() throws IOException {
        openAndWaitForColours();
        DialogPane pane = openEditor();
        @SuppressWarnings("unchecked")
        ListView<ColouringRule> list = (ListView<ColouringRule>) pane.lookup("#colouring-rules-list");
        TextField filter = (TextField) pane.lookup("#colouring-rule-filter");
        ColorPicker background = (ColorPicker) pane.lookup("#colouring-rule-bg");
        Button up = (Button) pane.lookup("#colouring-up");
        int tcp = onFx(() -> {
            for (int i = 0; i < list.getItems().size(); i++) {
                if (list.getItems().get(i).name().equals("TCP")) {
                    list.getSelectionModel().select(i);
                    return i;
                }
            }
            return -1;
        });
        assertTrue(tcp > 0);
        // TCP moves to the top: every TCP frame is then coloured by it, super-packets and Bad TCP too
        onFx(() -> {
            for (int i = 0; i < tcp; i++) {
                up.fire();
            }
            return null;
        });
        assertEquals("TCP", onFx(() -> list.getItems().get(0).name()));
        // an invalid filter: red, named, OK disabled, the rule keeps its filter
        onFx(() -> {
            filter.setText("tcp.port ==");
            return null;
        });
        assertTrue(onFx(filter::getStyle).contains("#f6b3b3"), "the filter field is red");
        assertTrue(onFx(() -> pane.lookupButton(ButtonType.OK).isDisable()));
        assertEquals("tcp", onFx(() -> list.getItems().get(0).filter()));
        assertTrue(onFx(() -> ((javafx.scene.control.Label) pane.lookup("#colouring-rule-problem")).getText())
                .startsWith("Filter not saved"));
        onFx(() -> {
            filter.setText("tcp");
            background.setValue(Color.web("#11aa33"));
            return null;
        });
        assertFalse(onFx(() -> String.valueOf(filter.getStyle())).contains("#f6b3b3"));
        assertFalse(onFx(() -> pane.lookupButton(ButtonType.OK).isDisable()));
        Object before = onFx(() -> view.table().rowColoursProperty().get());
        onFx(() -> {
            ((Button) pane.lookupButton(ButtonType.OK)).fire();
            return null;
        });
        List<ColouringRule> edited = onFx(() -> model.colouring().rulesProperty().get());
        assertEquals(new ColouringRule("TCP", "tcp", "#12272e", "#11aa33", true), edited.get(0));
        waitUntil("the list is coloured by the edited rules", () -> onFx(() -> {
            Object now = view.table().rowColoursProperty().get();
            return now != null && now != before;
        }));
        Set<String> used = assertEveryRowAsReadSelects(edited);
        assertFalse(used.contains("Jumbogram"), "TCP first takes the super-packets");
        assertDrawnRowsShowTheirRule();
        // the rules survive a restart: a new window over the same settings folder reads them back
        CaptureViewModel second = new CaptureViewModel(new CoreBackend());
        onFx(() -> new MainView(second, new RecentFiles(config.resolve("recent")), null));
        assertEquals(edited, onFx(() -> second.colouring().rulesProperty().get()));
        onFx(() -> {
            second.close();
            return null;
        });
    }

    private MenuItem menuItem(String id) {
        return onFx(() -> {
            MenuBar bar = (MenuBar) view.lookup(".menu-bar");
            for (javafx.scene.control.Menu m : bar.getMenus()) {
                for (MenuItem i : m.getItems()) {
                    if (id.equals(i.getId())) {
                        return i;
                    }
                }
            }
            throw new AssertionError("no menu item " + id);
        });
    }

    /** Opens View → Coloring Rules (its dialog waits in a nested loop) and returns its pane. */
    private DialogPane openEditor() {
        MenuItem item = menuItem("menu-colouring-rules");
        Platform.runLater(item::fire);
        DialogPane[] pane = new DialogPane[1];
        waitUntil("the editor shows", () -> onFx(() -> {
            for (Window w : Window.getWindows()) {
                if (w.isShowing() && w.getScene() != null && w.getScene().getRoot() instanceof DialogPane p
                        && "colouring-rules-dialog".equals(p.getId())) {
                    pane[0] = p;
                    return true;
                }
            }
            return false;
        }));
        return pane[0];
    }
}
