package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.jumbocap.displayfilter.DisplayFilter;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.FilterCompletions;
import org.jumbocap.gui.model.FilterCompletions.Completion;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.view.filter.FilterBar;
import org.jumbocap.gui.view.filter.FilterBarSkin;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Display filter completion: field names by prefix with their descriptions from the core's registry,
 * protocols first, the operators after a field, named values after an operator; in the bar Tab puts an
 * entry in, Down then Enter the one chosen, Escape closes the list and keeps the text, and Enter with no
 * entry chosen applies the filter as typed.
 */
@ExtendWith(ApplicationExtension.class)
class FilterCompletionGuiTest {
    @TempDir
    static Path temp;

    private CaptureViewModel model;
    private MainView view;
    private final FilterCompletions completions = new FilterCompletions(DisplayFilter.fields());

    @Start
    void start(Stage stage) throws IOException {
        model = new CaptureViewModel(new CoreBackend());
        view = GuiTestSupport.showMainWindow(stage, model, temp);
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    @Test
    void namesOperatorsAndValuesFromTheFieldRegistry() {
        List<Completion> names = completions.at("ipv6.pl", 7);
        assertEquals("ipv6.plen", names.get(0).text());
        assertEquals(DisplayFilter.fields().find("ipv6.plen").orElseThrow().description(), names.get(0).description());
        assertTrue(names.stream().allMatch(c -> c.text().startsWith("ipv6.pl") && c.from() == 0));

        List<Completion> tcp = completions.at("udp && tc", 9);
        assertEquals("tcp", tcp.get(0).text(), "the protocol before its fields");
        assertEquals(7, tcp.get(0).from());
        assertTrue(tcp.stream().anyMatch(c -> c.text().equals("tcp.analysis.retransmission")));
        assertTrue(tcp.size() <= FilterCompletions.MAX_ENTRIES);

        List<String> operators = completions.at("tcp.port ", 9).stream().map(Completion::text).toList();
        assertEquals(List.of("==", "!=", ">", "<", ">=", "<=", "contains", "matches", "in"), operators);
        assertEquals(List.of("contains"), completions.at("tcp.port con", 12).stream().map(Completion::text).toList());

        List<Completion> values = completions.at("arp.opcode == ", 14);
        assertEquals("1", values.get(0).text());
        assertEquals(DisplayFilter.fields().find("arp.opcode").orElseThrow().valueNames().get(1L), values.get(0).description());
        assertTrue(completions.at("ipv6.plen == ", 13).isEmpty(), "no value names: nothing offered");
        assertTrue(completions.at("", 0).isEmpty());
        assertTrue(completions.at("tcp.port == 8", 13).isEmpty());

        // putting an entry in: a protocol bare (a dot may follow), a field and an operator with a space
        assertEquals("udp && tcp", completions.apply("udp && tc", 9, tcp.get(0)));
        assertEquals("ipv6.plen ", completions.apply("ipv6.pl", 7, names.get(0)));
        assertEquals("tcp.port == ", completions.apply("tcp.port ", 9, completions.at("tcp.port ", 9).get(0)));
    }

    @Test
    void tabDownEnterAndEscapeInTheBar(FxRobot robot) {
        robot.clickOn("#display-filter-text");
        robot.write("ipv6.pl");
        waitUntil("the list shows", () -> list().getScene() != null && list().getScene().getWindow() != null
                && list().getScene().getWindow().isShowing() && !list().getItems().isEmpty());
        assertEquals("ipv6.plen", onFx(() -> list().getItems().get(0).text()));
        robot.type(KeyCode.TAB);
        await(robot, "the field put in", () -> view.filterBar().getText().equals("ipv6.plen "));
        await(robot, "its operators offered", () -> list().getScene().getWindow().isShowing()
                && list().getItems().stream().anyMatch(c -> c.text().equals("==")));
        robot.type(KeyCode.DOWN).type(KeyCode.DOWN).type(KeyCode.ENTER);
        await(robot, "the second operator put in", () -> view.filterBar().getText().equals("ipv6.plen != "));
        robot.write("0");
        waitUntil("a valid filter is green", () -> view.filterBar().getValidity() == FilterBar.Validity.VALID);
        assertTrue(onFx(() -> robot.lookup("#display-filter-text").query().getStyleClass().contains("filter-valid")));

        // Escape closes the list and keeps the text; Escape again clears the bar as before
        robot.eraseText(14).write("tc");
        waitUntil("the list shows", () -> list().getScene().getWindow().isShowing());
        robot.type(KeyCode.ESCAPE);
        waitUntil("the list is closed", () -> !list().getScene().getWindow().isShowing());
        assertEquals("tc", onFx(() -> view.filterBar().getText()));
        assertEquals(FilterBar.Validity.INVALID, onFx(() -> view.filterBar().getValidity()), "tc is no field: red");

        // Enter with nothing chosen applies what is typed
        robot.write("p");
        waitUntil("the list shows", () -> list().getScene().getWindow().isShowing());
        robot.type(KeyCode.ENTER);
        waitUntil("tcp applied", () -> "tcp".equals(model.wantedFilterProperty().get()));
        assertFalse(onFx(() -> list().getScene().getWindow().isShowing()));
    }

    /** Waits as waitUntil does; a timeout tells the bar's text, caret, the list and the focus. */
    private void await(FxRobot robot, String what, java.util.function.BooleanSupplier condition) {
        try {
            waitUntil(what, condition);
        } catch (AssertionError e) {
            throw new AssertionError(onFx(() -> what + ": text '" + view.filterBar().getText() + "' caret "
                    + ((javafx.scene.control.TextField) robot.lookup("#display-filter-text").query()).getCaretPosition()
                    + " showing " + list().getScene().getWindow().isShowing() + " items " + list().getItems()
                    + " focus " + view.getScene().getFocusOwner()), e);
        }
    }

    private ListView<Completion> list() {
        return onFx(() -> ((FilterBarSkin) view.filterBar().getSkin()).completionList());
    }
}
