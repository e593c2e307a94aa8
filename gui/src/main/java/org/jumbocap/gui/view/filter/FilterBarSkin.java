package org.jumbocap.gui.view.filter;

import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SkinBase;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * An editable combo box (the history is its dropdown) coloured green or red as the filter validates, an
 * Apply and a Clear button, and the error with its column beside them.
 */
public class FilterBarSkin extends SkinBase<FilterBar> {
    private static final double COMBO_PREF_WIDTH = 320;
    private static final double COMBO_MIN_WIDTH = 160;
    private static final double ERROR_MAX_WIDTH = 560;
    private final ComboBox<String> combo = new ComboBox<>();
    private final Label error = new Label();
    private boolean syncing;
    private final CompletionPopup completion;

    public FilterBarSkin(FilterBar bar) {
        super(bar);
        combo.setEditable(true);
        combo.setId("display-filter");
        combo.setPromptText("Display filter, e.g.  jumbo  or  tcp.len > 65535");
        combo.setItems(bar.getHistory());
        combo.setMaxWidth(Double.MAX_VALUE);
        // the combo takes the room left over: its own preferred width (from the prompt and the longest
        // filter in the history) would otherwise squeeze the labels beside it down to "..."
        combo.setPrefWidth(COMBO_PREF_WIDTH);
        combo.setMinWidth(COMBO_MIN_WIDTH);
        combo.getStyleClass().add("filter-combo");
        HBox.setHgrow(combo, Priority.ALWAYS);
        TextField editor = combo.getEditor();
        editor.setId("display-filter-text");

        editor.textProperty().addListener((obs, old, now) -> {
            if (!syncing) {
                syncing = true;
                bar.setText(now);
                syncing = false;
            }
        });
        bar.textProperty().addListener((obs, old, now) -> {
            if (!syncing && !now.equals(editor.getText())) {
                syncing = true;
                editor.setText(now);
                editor.positionCaret(now.length());
                syncing = false;
            }
        });
        combo.valueProperty().addListener((obs, old, picked) -> {
            if (picked != null && !syncing && combo.isShowing()) {
                // the pick ends the drop-down now: applying moves the pick to the head of the history, and a
                // reordered list that still showed would pick again, without end
                combo.hide();
                // after the combo box has finished its own commit of the picked item
                javafx.application.Platform.runLater(() -> bar.apply(picked));
            }
        });
        completion = new CompletionPopup(bar, editor);
        // A filter, not a handler: the combo box's behaviour consumes Enter and Escape in the editor
        // before handlers set on it run.
        combo.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (completion.wants(e)) {
                // the combo box holds the focus and its skin passes most keys on to its text field as a
                // copy, which comes through here again: the list acts on the key the combo box got, once
                e.consume();
                boolean copy = e.getTarget() == editor && editor.getScene() != null
                        && editor.getScene().getFocusOwner() != editor;
                if (!copy) {
                    completion.handle(e);
                }
            } else if (e.getCode() == KeyCode.ENTER) {
                e.consume();
                completion.hide();
                if (combo.isShowing()) {
                    combo.hide();
                }
                if (!bar.apply()) {
                    // point at the fault
                    editor.positionCaret(Math.min(editor.getLength(), Math.max(0, bar.errorColumnProperty().get())));
                }
            } else if (e.getCode() == KeyCode.ESCAPE && !combo.isShowing()) {
                e.consume();
                bar.setText("");
            }
        });

        Button apply = new Button("Apply");
        apply.setId("filter-apply");
        apply.setOnAction(e -> bar.apply());
        apply.disableProperty().bind(bar.validityProperty().isEqualTo(FilterBar.Validity.INVALID));
        Button clear = new Button("Clear");
        clear.setId("filter-clear");
        clear.setOnAction(e -> bar.clear());

        error.setId("filter-error");
        error.getStyleClass().add("filter-error");
        error.textProperty().bind(bar.errorProperty());
        // the error gives way first on a narrow window (its tooltip keeps the whole text)
        error.setMinWidth(0);
        error.setMaxWidth(ERROR_MAX_WIDTH);
        error.setTooltip(new Tooltip());
        error.getTooltip().textProperty().bind(bar.errorProperty());
        error.visibleProperty().bind(bar.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());

        bar.validityProperty().addListener((obs, old, validity) -> styleFor(validity));
        styleFor(bar.getValidity());

        Label caption = new Label("Filter:");
        caption.setId("filter-caption");
        for (javafx.scene.layout.Region fixed : new javafx.scene.layout.Region[] {caption, apply, clear}) {
            fixed.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        HBox box = new HBox(6, caption, combo, apply, clear, error);
        box.setAlignment(Pos.CENTER_LEFT);
        box.getStyleClass().add("filter-bar-box");
        getChildren().add(box);
    }

    private void styleFor(FilterBar.Validity validity) {
        TextField editor = combo.getEditor();
        editor.getStyleClass().removeAll("filter-valid", "filter-invalid");
        combo.getStyleClass().removeAll("filter-valid", "filter-invalid");
        if (validity == FilterBar.Validity.VALID) {
            editor.getStyleClass().add("filter-valid");
            combo.getStyleClass().add("filter-valid");
        } else if (validity == FilterBar.Validity.INVALID) {
            editor.getStyleClass().add("filter-invalid");
            combo.getStyleClass().add("filter-invalid");
        }
    }

    /** The completion list under the text field, for tests. */
    public javafx.scene.control.ListView<org.jumbocap.gui.model.FilterCompletions.Completion> completionList() {
        return completion.list();
    }

    /** Puts the keyboard focus in the text field (Ctrl+F). */
    public void focusEditor() {
        combo.getEditor().requestFocus();
        combo.getEditor().selectAll();
    }
}
