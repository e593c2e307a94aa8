package org.jumbocap.gui.view;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ColorPicker;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.stage.Window;
import org.jumbocap.displayfilter.FilterSyntaxException;
import org.jumbocap.gui.model.ColouringRule;
import org.jumbocap.render.SafeText;

/**
 * View → Coloring Rules: the packet list's rules in the order they are tried, each drawn in its own
 * colours, with add, remove, move up/down, enable/disable, and the selected rule's name, filter and
 * colours to edit. A filter that does not compile is shown red with the reason and is not taken into the
 * rule; OK stays disabled while one is.
 */
public final class ColouringRulesDialog extends Dialog<List<ColouringRule>> {
    private static final String INVALID = "-fx-control-inner-background: #f6b3b3;";

    private final ObservableList<ColouringRule> rules;
    private final ListView<ColouringRule> list;
    private final TextField name = new TextField();
    private final TextField filter = new TextField();
    private final ColorPicker foreground = new ColorPicker();
    private final ColorPicker background = new ColorPicker();
    private final CheckBox enabled = new CheckBox("Enabled");
    private final Label problem = new Label();
    private final Function<String, FilterSyntaxException> validator;
    private boolean showing;

    /** @param validator null when a filter compiles, else why not */
    public ColouringRulesDialog(Window owner, List<ColouringRule> current, Function<String, FilterSyntaxException> validator) {
        this.validator = validator;
        initOwner(owner);
        setTitle("Coloring Rules");
        setResizable(true);
        rules = FXCollections.observableArrayList(current);
        list = new ListView<>(rules);
        list.setId("colouring-rules-list");
        list.setPrefSize(620, 300);
        list.setCellFactory(v -> new RuleCell());

        name.setId("colouring-rule-name");
        filter.setId("colouring-rule-filter");
        foreground.setId("colouring-rule-fg");
        background.setId("colouring-rule-bg");
        enabled.setId("colouring-rule-enabled");
        problem.setId("colouring-rule-problem");
        problem.setWrapText(true);

        Button add = button("Add", "colouring-add", () -> {
            rules.add(0, new ColouringRule("New rule", "frame", "#000000", "#ffffff", true));
            list.getSelectionModel().select(0);
        });
        Button remove = button("Remove", "colouring-remove", () -> {
            int i = list.getSelectionModel().getSelectedIndex();
            if (i >= 0) {
                rules.remove(i);
            }
        });
        Button up = button("Move Up", "colouring-up", () -> move(-1));
        Button down = button("Move Down", "colouring-down", () -> move(1));
        Button reset = button("Defaults", "colouring-defaults", () -> rules.setAll(ColouringRule.defaults()));
        HBox buttons = new HBox(6, add, remove, up, down, reset);

        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(6);
        form.addRow(0, new Label("Name"), name);
        form.addRow(1, new Label("Filter"), filter);
        form.addRow(2, new Label("Foreground"), foreground);
        form.addRow(3, new Label("Background"), background);
        form.addRow(4, new Label(""), enabled);
        GridPane.setHgrow(filter, Priority.ALWAYS);
        VBox content = new VBox(8, new Label("First matching enabled rule colours a row."), list, buttons, form, problem);
        content.setPadding(new Insets(10));
        VBox.setVgrow(list, Priority.ALWAYS);
        getDialogPane().setContent(content);
        getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        getDialogPane().setId("colouring-rules-dialog");

        list.getSelectionModel().selectedIndexProperty().addListener((obs, old, now) -> show(now.intValue()));
        name.textProperty().addListener((obs, old, now) -> edit());
        filter.textProperty().addListener((obs, old, now) -> edit());
        foreground.valueProperty().addListener((obs, old, now) -> edit());
        background.valueProperty().addListener((obs, old, now) -> edit());
        enabled.selectedProperty().addListener((obs, old, now) -> edit());
        setResultConverter(button -> button == ButtonType.OK ? List.copyOf(rules) : null);
        if (!rules.isEmpty()) {
            list.getSelectionModel().select(0);
        } else {
            show(-1);
        }
    }

    /** Shows the dialog and waits; the edited rules, or empty when cancelled. */
    public Optional<List<ColouringRule>> ask() {
        return showAndWait();
    }

    private Button button(String text, String id, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.setOnAction(e -> action.run());
        return b;
    }

    private void move(int by) {
        int i = list.getSelectionModel().getSelectedIndex();
        int j = i + by;
        if (i < 0 || j < 0 || j >= rules.size()) {
            return;
        }
        ColouringRule r = rules.remove(i);
        rules.add(j, r);
        list.getSelectionModel().select(j);
    }

    /** Fills the form from rule {@code i}. */
    private void show(int i) {
        showing = true;
        try {
            boolean any = i >= 0 && i < rules.size();
            for (javafx.scene.Node n : List.of(name, filter, foreground, background, enabled)) {
                n.setDisable(!any);
            }
            if (any) {
                ColouringRule r = rules.get(i);
                name.setText(r.name());
                filter.setText(r.filter());
                foreground.setValue(Color.web(r.foreground()));
                background.setValue(Color.web(r.background()));
                enabled.setSelected(r.enabled());
            }
            markValid(null);
        } finally {
            showing = false;
        }
    }

    /** Takes the form into the selected rule, unless its filter does not compile. */
    private void edit() {
        int i = list.getSelectionModel().getSelectedIndex();
        if (showing || i < 0 || i >= rules.size()) {
            return;
        }
        String text = filter.getText() == null ? "" : filter.getText().strip();
        FilterSyntaxException invalid = text.isEmpty() ? null : validator.apply(text);
        String bad = text.isEmpty() ? "a rule needs a filter" : invalid == null ? null : invalid.getMessage();
        markValid(bad);
        if (bad != null) {
            return;
        }
        rules.set(i, new ColouringRule(name.getText(), text, hex(foreground.getValue()), hex(background.getValue()),
                enabled.isSelected()));
        list.getSelectionModel().select(i);
    }

    private void markValid(String bad) {
        filter.setStyle(bad == null ? null : INVALID);
        problem.setText(bad == null ? "" : SafeText.of("Filter not saved: " + bad));
        javafx.scene.Node ok = getDialogPane().lookupButton(ButtonType.OK);
        if (ok != null) {
            ok.setDisable(bad != null);
        }
    }

    static String hex(Color c) {
        return String.format(java.util.Locale.ROOT, "#%02x%02x%02x", Math.round(c.getRed() * 255),
                Math.round(c.getGreen() * 255), Math.round(c.getBlue() * 255));
    }

    /** A rule in its own colours, struck through when disabled. */
    private static final class RuleCell extends ListCell<ColouringRule> {
        @Override
        protected void updateItem(ColouringRule r, boolean empty) {
            super.updateItem(r, empty);
            if (empty || r == null) {
                setText(null);
                setStyle(null);
                return;
            }
            setText((r.enabled() ? "" : "(off) ") + r.name() + "    " + r.filter());
            setStyle("-fx-background-color: " + r.background() + "; -fx-text-fill: " + r.foreground() + ";"
                    + (isSelected() ? " -fx-border-color: -fx-focus-color; -fx-border-width: 2;" : "")
                    + (r.enabled() ? "" : " -fx-opacity: 0.55;"));
        }
    }
}
