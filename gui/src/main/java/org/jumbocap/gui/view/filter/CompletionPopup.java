package org.jumbocap.gui.view.filter;

import java.util.List;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.Popup;
import org.jumbocap.gui.model.FilterCompletions;
import org.jumbocap.gui.model.FilterCompletions.Completion;

/**
 * The list of completions under the filter bar's text field, as Wireshark's: it follows the typing, Up and
 * Down choose, Tab or Enter put the entry in, Escape closes it. The text field keeps the keyboard focus, so
 * typing goes on while it shows.
 */
final class CompletionPopup {
    private static final int ROWS_SHOWN = 12;
    private static final double ROW_HEIGHT = 24;

    private final FilterBar bar;
    private final TextField editor;
    private final Popup popup = new Popup();
    private final ListView<Completion> list = new ListView<>();
    private boolean refreshQueued;
    /** Set while an entry is put in, so the change it makes does not count as typing. */
    private boolean applying;
    /** Closed by Escape until the text changes again. */
    private String dismissedFor;

    CompletionPopup(FilterBar bar, TextField editor) {
        this.bar = bar;
        this.editor = editor;
        list.setId("filter-completions");
        list.getStyleClass().add("filter-completions");
        list.setFixedCellSize(ROW_HEIGHT);
        list.setPrefWidth(620);
        list.setFocusTraversable(false);
        list.setCellFactory(l -> new CompletionCell());
        list.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && list.getSelectionModel().getSelectedItem() != null) {
                accept(list.getSelectionModel().getSelectedItem());
            }
        });
        popup.getContent().add(list);
        popup.setAutoHide(true);
        editor.textProperty().addListener((obs, old, now) -> refreshSoon());
        editor.caretPositionProperty().addListener((obs, old, now) -> refreshSoon());
        editor.focusedProperty().addListener((obs, old, focused) -> {
            if (!focused) {
                popup.hide();
            }
        });
    }

    ListView<Completion> list() {
        return list;
    }

    /** After the text field has moved its caret for the key typed. */
    private void refreshSoon() {
        if (!refreshQueued && !applying) {
            refreshQueued = true;
            Platform.runLater(() -> {
                refreshQueued = false;
                refresh();
            });
        }
    }

    private void refresh() {
        FilterCompletions completions = bar.completionsProperty().get();
        if (completions == null || !typingHere() || editor.getText() == null
                || editor.getText().equals(dismissedFor)) {
            popup.hide();
            return;
        }
        dismissedFor = null;
        List<Completion> entries = completions.at(editor.getText(), editor.getCaretPosition());
        if (entries.isEmpty()) {
            popup.hide();
            return;
        }
        list.getItems().setAll(entries);
        // nothing chosen until Down: Enter applies the filter as typed, as in Wireshark
        list.getSelectionModel().clearSelection();
        list.scrollTo(0);
        list.setPrefHeight(Math.min(entries.size(), ROWS_SHOWN) * ROW_HEIGHT + 2);
        if (!popup.isShowing() && editor.getScene() != null && editor.getScene().getWindow() != null) {
            Bounds at = editor.localToScreen(editor.getBoundsInLocal());
            if (at != null) {
                popup.show(editor, at.getMinX(), at.getMaxY());
            }
        }
    }

    /** True when the keys go to the text field (an editable combo box holds the focus for its text field). */
    private boolean typingHere() {
        if (editor.isFocused()) {
            return true;
        }
        javafx.scene.Node owner = editor.getScene() == null ? null : editor.getScene().getFocusOwner();
        for (javafx.scene.Node n = editor; n != null; n = n.getParent()) {
            if (n == owner) {
                return true;
            }
        }
        return false;
    }

    /** True for a key the list takes while it shows (Enter only once an entry is chosen). */
    boolean wants(KeyEvent e) {
        if (!popup.isShowing()) {
            return false;
        }
        return switch (e.getCode()) {
            case DOWN, UP, PAGE_DOWN, PAGE_UP, TAB, ESCAPE -> true;
            case ENTER -> list.getSelectionModel().getSelectedIndex() >= 0;
            default -> false;
        };
    }

    /** Handles a key pressed in the text field; true when it was the list's (Up, Down, Tab, Enter, Escape). */
    boolean handle(KeyEvent e) {
        if (!popup.isShowing()) {
            return false;
        }
        int at = list.getSelectionModel().getSelectedIndex();
        switch (e.getCode()) {
            case DOWN -> move(Math.min(list.getItems().size() - 1, at + 1));
            case UP -> move(Math.max(0, at - 1));
            case PAGE_DOWN -> move(Math.min(list.getItems().size() - 1, at + ROWS_SHOWN));
            case PAGE_UP -> move(Math.max(0, at - ROWS_SHOWN));
            case TAB -> accept(at >= 0 ? list.getItems().get(at) : list.getItems().get(0));
            case ENTER -> {
                if (at < 0) {
                    popup.hide();
                    return false;
                }
                accept(list.getItems().get(at));
            }
            case ESCAPE -> {
                dismissedFor = editor.getText();
                popup.hide();
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private void move(int index) {
        list.getSelectionModel().select(index);
        list.scrollTo(Math.max(0, index - ROWS_SHOWN / 2));
    }

    private void accept(Completion chosen) {
        FilterCompletions completions = bar.completionsProperty().get();
        String text = editor.getText();
        int caret = editor.getCaretPosition();
        applying = true;
        try {
            editor.setText(completions.apply(text, caret, chosen));
            editor.positionCaret(completions.caretAfter(text, caret, chosen));
        } finally {
            applying = false;
        }
        // what may follow: a field's operators, an operator's values (or nothing: the list closes)
        refresh();
    }

    /** Closes the list (Enter applies the filter as typed). */
    void hide() {
        popup.hide();
    }

    boolean isShowing() {
        return popup.isShowing();
    }

    /** An entry: what is put in, then its description in a quieter colour. */
    private static final class CompletionCell extends ListCell<Completion> {
        private final Label name = new Label();
        private final Label description = new Label();
        private final HBox box = new HBox(12, name, description);

        CompletionCell() {
            name.getStyleClass().add("completion-name");
            description.getStyleClass().add("completion-description");
            name.setMinWidth(Region.USE_PREF_SIZE);
            description.setMinWidth(0);
            HBox.setHgrow(description, Priority.ALWAYS);
        }

        @Override
        protected void updateItem(Completion item, boolean empty) {
            super.updateItem(item, empty);
            if (empty || item == null) {
                setGraphic(null);
                return;
            }
            name.setText(item.text());
            description.setText(item.description());
            setGraphic(box);
        }
    }
}
