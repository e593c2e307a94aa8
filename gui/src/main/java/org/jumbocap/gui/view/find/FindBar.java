package org.jumbocap.gui.view.find;

import java.util.function.IntSupplier;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import org.jumbocap.gui.model.FindQuery;
import org.jumbocap.gui.viewmodel.FindViewModel;

/**
 * Wireshark's find bar, under the display-filter bar: what to look for (display filter, hex value,
 * string), where a string is looked for (packet bytes, Info column), the text, Find / Previous, and the
 * outcome. Enter finds the next match, Shift+Enter the previous one, Escape closes the bar. Hidden
 * until Ctrl+F.
 */
public final class FindBar extends HBox {
    private final FindViewModel model;
    private final IntSupplier selectedPosition;
    private final java.util.function.IntConsumer select;
    private final ComboBox<FindQuery.Kind> kind = new ComboBox<>();
    private final ComboBox<FindQuery.Scope> scope = new ComboBox<>();
    private final CheckBox caseSensitive = new CheckBox("Case sensitive");
    private final TextField text = new TextField();
    private final Label outcome = new Label();
    private Runnable onClose = () -> { };

    /**
     * @param selectedPosition the position of the selected row in the shown rows, or -1
     * @param select           selects and shows the row at a position
     */
    public FindBar(FindViewModel model, IntSupplier selectedPosition, java.util.function.IntConsumer select) {
        super(6);
        this.model = model;
        this.selectedPosition = selectedPosition;
        this.select = select;
        setId("find-bar");
        getStyleClass().add("find-bar");
        setAlignment(Pos.CENTER_LEFT);
        managedProperty().bind(visibleProperty());
        setVisible(false);

        kind.getItems().setAll(FindQuery.Kind.values());
        kind.setValue(FindQuery.Kind.DISPLAY_FILTER);
        kind.setId("find-kind");
        scope.getItems().setAll(FindQuery.Scope.values());
        scope.setValue(FindQuery.Scope.BYTES);
        scope.setId("find-scope");
        caseSensitive.setId("find-case");
        // where and how a string is looked for mean nothing for the other kinds
        scope.visibleProperty().bind(kind.valueProperty().isEqualTo(FindQuery.Kind.STRING));
        scope.managedProperty().bind(scope.visibleProperty());
        caseSensitive.visibleProperty().bind(scope.visibleProperty());
        caseSensitive.managedProperty().bind(scope.visibleProperty());
        text.setId("find-text");
        text.setPromptText("Find a frame by display filter, hex bytes (de ad be ef) or string");
        HBox.setHgrow(text, Priority.ALWAYS);
        Button next = new Button("Find");
        next.setId("find-next");
        next.setOnAction(e -> find(true));
        Button previous = new Button("Previous");
        previous.setId("find-previous");
        previous.setOnAction(e -> find(false));
        Button close = new Button("\u2715");
        close.setId("find-close");
        close.setOnAction(e -> close());
        outcome.setId("find-status");
        outcome.textProperty().bind(model.messageProperty());
        outcome.setMinWidth(0);
        text.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                find(!e.isShiftDown());
                e.consume();
            } else if (e.getCode() == KeyCode.ESCAPE) {
                close();
                e.consume();
            }
        });
        getChildren().addAll(new Label("Find:"), kind, scope, caseSensitive, text, next, previous, outcome, close);
    }

    /** Shows the bar and puts the cursor in its text. */
    public void open() {
        setVisible(true);
        text.requestFocus();
        text.selectAll();
    }

    public void close() {
        model.cancel();
        setVisible(false);
        onClose.run();
    }

    /** Called when the bar closes, so the list can take the focus back. */
    public void setOnClose(Runnable action) {
        onClose = action;
    }

    /** Looks for the next ({@code forward}) or previous match after the selected row. */
    public void find(boolean forward) {
        model.find(query(), selectedPosition.getAsInt(), forward, select);
    }

    /** The query the bar's controls describe. */
    public FindQuery query() {
        return new FindQuery(kind.getValue(), scope.getValue(), text.getText(), caseSensitive.isSelected());
    }

    /** Sets what to look for, as a user would in the bar. */
    public void setQuery(FindQuery query) {
        kind.setValue(query.kind());
        scope.setValue(query.scope());
        caseSensitive.setSelected(query.caseSensitive());
        text.setText(query.text());
    }
}
