package org.jumbocap.gui.view;

import java.util.EnumMap;
import java.util.Map;
import javafx.geometry.HPos;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import org.jumbocap.gui.model.PacketRange;
import org.jumbocap.gui.model.PacketRange.Choice;
import org.jumbocap.gui.model.PacketRange.Kind;
import org.jumbocap.render.SafeText;

/**
 * The Packet Range box of Save As and Export Packet Dissections, as Wireshark's: All packets, Selected
 * packet only, Marked packets only, First to last marked, Range ("1-10,15"), each with how many frames it
 * writes counted over the captured frames and over the displayed ones; Captured or Displayed chooses
 * which. A range that does not parse says why and disables OK.
 */
public final class PacketRangeDialog extends Dialog<Choice> {
    private final PacketRange range;
    private final ToggleGroup kinds = new ToggleGroup();
    private final ToggleGroup basis = new ToggleGroup();
    private final RadioButton captured = new RadioButton("Captured");
    private final RadioButton displayed = new RadioButton("Displayed");
    private final TextField rangeText = new TextField();
    private final Label problem = new Label();
    private final Map<Kind, RadioButton> buttons = new EnumMap<>(Kind.class);
    private final Map<Kind, Label[]> counts = new EnumMap<>(Kind.class);

    /** @param displayedFirst true when a display filter is in force: Displayed is chosen to begin with */
    public PacketRangeDialog(Window owner, String title, PacketRange range, boolean displayedFirst) {
        this.range = range;
        if (owner != null) {
            initOwner(owner);
        }
        setTitle(title);
        setHeaderText(title + ": Packet Range");
        getDialogPane().setId("packet-range-dialog");
        GridPane grid = new GridPane();
        grid.setHgap(14);
        grid.setVgap(6);
        grid.setPadding(new Insets(10));
        captured.setId("range-captured");
        displayed.setId("range-displayed");
        captured.setToggleGroup(basis);
        displayed.setToggleGroup(basis);
        (displayedFirst ? displayed : captured).setSelected(true);
        grid.add(captured, 1, 0);
        grid.add(displayed, 2, 0);
        int row = 1;
        for (Kind kind : Kind.values()) {
            RadioButton button = new RadioButton(kind.label());
            button.setId("range-" + kind.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
            button.setToggleGroup(kinds);
            button.setUserData(kind);
            button.setDisable(!range.offers(kind));
            buttons.put(kind, button);
            Label inCaptured = countLabel(kind, "captured");
            Label inDisplayed = countLabel(kind, "displayed");
            counts.put(kind, new Label[] {inCaptured, inDisplayed});
            Node first = button;
            if (kind == Kind.RANGE) {
                rangeText.setId("range-text");
                rangeText.setPromptText("1-10,15");
                rangeText.setPrefColumnCount(14);
                GridPane both = new GridPane();
                both.setHgap(6);
                both.add(button, 0, 0);
                both.add(rangeText, 1, 0);
                first = both;
            }
            grid.add(first, 0, row);
            grid.add(inCaptured, 1, row);
            grid.add(inDisplayed, 2, row);
            row++;
        }
        problem.setId("range-problem");
        problem.setStyle("-fx-text-fill: #b00020;");
        grid.add(problem, 0, row, 3, 1);
        buttons.get(Kind.ALL).setSelected(true);
        getDialogPane().setContent(grid);
        getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);

        kinds.selectedToggleProperty().addListener((obs, old, now) -> update());
        basis.selectedToggleProperty().addListener((obs, old, now) -> update());
        rangeText.textProperty().addListener((obs, old, now) -> {
            if (!now.isBlank()) {
                buttons.get(Kind.RANGE).setSelected(true);
            }
            update();
        });
        update();
        setResultConverter(button -> button == ButtonType.OK ? choice() : null);
    }

    private static Label countLabel(Kind kind, String basis) {
        Label label = new Label();
        label.setId("range-count-" + kind.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-') + "-" + basis);
        GridPane.setHalignment(label, HPos.RIGHT);
        return label;
    }

    /** What the controls say now. */
    public Choice choice() {
        Kind kind = kinds.getSelectedToggle() == null ? Kind.ALL : (Kind) kinds.getSelectedToggle().getUserData();
        return new Choice(kind, displayed.isSelected(), rangeText.getText());
    }

    private void update() {
        for (Kind kind : Kind.values()) {
            Label[] both = counts.get(kind);
            both[0].setText(text(range.count(new Choice(kind, false, rangeText.getText()))));
            both[1].setText(text(range.count(new Choice(kind, true, rangeText.getText()))));
        }
        Choice now = choice();
        String why = null;
        if (now.kind() == Kind.RANGE) {
            try {
                PacketRange.parse(now.range(), range.frameCount());
            } catch (IllegalArgumentException e) {
                why = SafeText.of(e.getMessage());
            }
        }
        problem.setText(why == null ? "" : why);
        Node ok = getDialogPane().lookupButton(ButtonType.OK);
        if (ok != null) {
            ok.setDisable(why != null || range.count(now) <= 0);
        }
    }

    private static String text(int count) {
        return count < 0 ? "\u2014" : PacketRange.grouped(count);
    }

    public TextField rangeText() {
        return rangeText;
    }

    public RadioButton button(Kind kind) {
        return buttons.get(kind);
    }

    public RadioButton capturedButton() {
        return captured;
    }

    public RadioButton displayedButton() {
        return displayed;
    }

    /** The count shown for a kind, over the displayed frames or every captured one. */
    public String countText(Kind kind, boolean overDisplayed) {
        return counts.get(kind)[overDisplayed ? 1 : 0].getText();
    }
}
