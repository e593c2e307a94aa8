package org.jumbocap.gui.view;

import java.util.LinkedHashMap;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import javafx.util.StringConverter;
import org.jumbocap.gui.model.TimeFormat;
import org.jumbocap.gui.settings.WindowSettings;

/**
 * Edit → Preferences: in one window what the menus and the column headers already change, each kept where
 * it always was (beside the recent files): the appearance (font size of the packet list, details and
 * bytes, as View → Zoom; the colour theme), the packet list's columns shown and its time format, and
 * whether the colouring rules colour it (the rules themselves have their own editor, opened from here).
 */
public final class PreferencesDialog extends Dialog<PreferencesDialog.Preferences> {
    /** What the window edits. {@code columns}: each column's title and whether it is shown, in list order. */
    public record Preferences(double fontSize, Theme theme, TimeFormat timeFormat, boolean colorize,
                              Map<String, Boolean> columns) {
    }

    private final Spinner<Double> fontSize;
    private final ChoiceBox<Theme> theme = new ChoiceBox<>();
    private final ChoiceBox<TimeFormat> timeFormat = new ChoiceBox<>();
    private final CheckBox colorize = new CheckBox("Colorize the packet list by the coloring rules");
    private final Map<String, CheckBox> columns = new LinkedHashMap<>();

    /** @param editRules opens the coloring rules editor (View → Coloring Rules) */
    public PreferencesDialog(Window owner, Preferences current, Runnable editRules) {
        if (owner != null) {
            initOwner(owner);
        }
        setTitle("Preferences");
        setResizable(true);
        getDialogPane().setId("preferences-dialog");

        fontSize = new Spinner<>(new SpinnerValueFactory.DoubleSpinnerValueFactory(WindowSettings.MIN_FONT_SIZE,
                WindowSettings.MAX_FONT_SIZE, current.fontSize(), Zoom.STEP));
        fontSize.setId("preferences-font-size");
        fontSize.setEditable(true);
        theme.getItems().setAll(Theme.values());
        theme.setValue(current.theme());
        theme.setId("preferences-theme");
        theme.setConverter(new StringConverter<>() {
            @Override
            public String toString(Theme t) {
                return t == null ? "" : t == Theme.DARK ? "Dark" : "Light";
            }

            @Override
            public Theme fromString(String s) {
                return Theme.parse(s);
            }
        });
        timeFormat.getItems().setAll(TimeFormat.values());
        timeFormat.setValue(current.timeFormat());
        timeFormat.setId("preferences-time-format");
        timeFormat.setConverter(new StringConverter<>() {
            @Override
            public String toString(TimeFormat f) {
                return f == null ? "" : f.label();
            }

            @Override
            public TimeFormat fromString(String s) {
                return null;
            }
        });
        colorize.setSelected(current.colorize());
        colorize.setId("preferences-colorize");

        GridPane appearance = grid();
        appearance.addRow(0, new Label("Font size (points)"), fontSize);
        appearance.addRow(1, new Label("Theme"), theme);

        GridPane list = grid();
        list.addRow(0, new Label("Time display format"), timeFormat);
        VBox shown = new VBox(4);
        current.columns().forEach((title, visible) -> {
            CheckBox box = new CheckBox(title);
            box.setSelected(visible);
            box.setId("preferences-column-" + title.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-"));
            columns.put(title, box);
            shown.getChildren().add(box);
        });
        list.addRow(1, new Label("Columns shown"), shown);

        javafx.scene.control.Button rules = new javafx.scene.control.Button("Edit Coloring Rules\u2026");
        rules.setId("preferences-edit-rules");
        rules.setOnAction(e -> editRules.run());
        VBox colouring = new VBox(10, colorize, rules);
        colouring.setPadding(new Insets(12));

        TabPane tabs = new TabPane(new Tab("Appearance", appearance), new Tab("Packet List", list),
                new Tab("Coloring", colouring));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setPrefSize(520, 380);
        getDialogPane().setContent(tabs);
        getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        setResultConverter(button -> button == ButtonType.OK ? edited() : null);
    }

    private static GridPane grid() {
        GridPane grid = new GridPane();
        grid.setHgap(14);
        grid.setVgap(10);
        grid.setPadding(new Insets(12));
        return grid;
    }

    /** What the controls say now. */
    public Preferences edited() {
        Map<String, Boolean> shown = new LinkedHashMap<>();
        columns.forEach((title, box) -> shown.put(title, box.isSelected()));
        // a size typed but not yet committed by Enter counts too
        double size = fontSize.getValue();
        try {
            size = Zoom.clamp(Double.parseDouble(fontSize.getEditor().getText().strip()));
        } catch (NumberFormatException notANumber) {
            // the spinner's own value stands
        }
        return new Preferences(size, theme.getValue(), timeFormat.getValue(), colorize.isSelected(), shown);
    }

    public Spinner<Double> fontSize() {
        return fontSize;
    }

    public ChoiceBox<Theme> theme() {
        return theme;
    }

    public ChoiceBox<TimeFormat> timeFormat() {
        return timeFormat;
    }

    public CheckBox colorize() {
        return colorize;
    }

    public CheckBox column(String title) {
        return columns.get(title);
    }
}
