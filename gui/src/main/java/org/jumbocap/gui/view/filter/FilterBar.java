package org.jumbocap.gui.view.filter;

import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.control.Control;
import javafx.scene.control.Skin;
import org.jumbocap.displayfilter.FilterSyntaxException;

/**
 * The display-filter bar: the text being typed, its validation state (checked on every change by the
 * validator), the history of applied filters, and the apply action.
 */
public class FilterBar extends Control {
    /** What the typed text is: nothing, a filter that compiles, or one that does not. */
    public enum Validity { EMPTY, VALID, INVALID }

    public static final int HISTORY_SIZE = 30;

    private final StringProperty text = new SimpleStringProperty(this, "text", "");
    private final ReadOnlyObjectWrapper<Validity> validity = new ReadOnlyObjectWrapper<>(this, "validity", Validity.EMPTY);
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ReadOnlyObjectWrapper<Integer> errorColumn = new ReadOnlyObjectWrapper<>(this, "errorColumn", -1);
    private final ObjectProperty<Function<String, FilterSyntaxException>> validator =
            new SimpleObjectProperty<>(this, "validator", s -> null);
    private final ObjectProperty<Consumer<String>> onApply = new SimpleObjectProperty<>(this, "onApply", s -> { });
    private final ObservableList<String> history = FXCollections.observableArrayList();

    public FilterBar() {
        getStyleClass().add("filter-bar");
        text.addListener((obs, old, now) -> validate());
        validator.addListener((obs, old, now) -> validate());
    }

    private final ObjectProperty<org.jumbocap.gui.model.FilterCompletions> completions =
            new SimpleObjectProperty<>(this, "completions");

    /** What the bar offers as the user types (null: nothing). */
    public ObjectProperty<org.jumbocap.gui.model.FilterCompletions> completionsProperty() {
        return completions;
    }

    public StringProperty textProperty() {
        return text;
    }

    public String getText() {
        return text.get();
    }

    public void setText(String value) {
        text.set(value == null ? "" : value);
    }

    public ReadOnlyObjectProperty<Validity> validityProperty() {
        return validity.getReadOnlyProperty();
    }

    public Validity getValidity() {
        return validity.get();
    }

    /** The compile error of the typed text, with its column, or empty. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** 0-based column of the error in the text, or -1. */
    public ReadOnlyObjectProperty<Integer> errorColumnProperty() {
        return errorColumn.getReadOnlyProperty();
    }

    public ObjectProperty<Function<String, FilterSyntaxException>> validatorProperty() {
        return validator;
    }

    public void setValidator(Function<String, FilterSyntaxException> check) {
        validator.set(check);
    }

    public ObjectProperty<Consumer<String>> onApplyProperty() {
        return onApply;
    }

    public void setOnApply(Consumer<String> action) {
        onApply.set(action);
    }

    /** Filters applied before, newest first. */
    public ObservableList<String> getHistory() {
        return history;
    }

    /** Applies the typed text when it compiles (empty clears the filter); records it in the history. */
    public boolean apply() {
        validate();
        if (validity.get() == Validity.INVALID) {
            return false;
        }
        String value = getText().strip();
        if (!value.isEmpty() && (history.isEmpty() || !history.get(0).equals(value))) {
            history.remove(value);
            history.add(0, value);
            if (history.size() > HISTORY_SIZE) {
                history.remove(HISTORY_SIZE, history.size());
            }
            // reordering the drop-down's items clears its picked value, and with it the editor's text
            setText(value);
        }
        onApply.get().accept(value);
        return true;
    }

    /** Sets the text and applies it. */
    public boolean apply(String filter) {
        setText(filter);
        return apply();
    }

    /** Clears the text and applies the empty filter. */
    public void clear() {
        apply("");
    }

    private void validate() {
        String value = getText() == null ? "" : getText();
        if (value.isBlank()) {
            validity.set(Validity.EMPTY);
            error.set("");
            errorColumn.set(-1);
            return;
        }
        FilterSyntaxException e = validator.get().apply(value.strip());
        if (e == null) {
            validity.set(Validity.VALID);
            error.set("");
            errorColumn.set(-1);
        } else {
            int leading = value.length() - value.stripLeading().length();
            // the exception's column is 1-based in the stripped text; the property is an index into the text
            errorColumn.set(Math.max(0, e.column() - 1) + leading);
            error.set("Column " + (errorColumn.get() + 1) + ": " + e.detail());
            validity.set(Validity.INVALID);
        }
    }

    /** Moves the keyboard focus into the text (Ctrl+F). */
    public void focusEditor() {
        if (getSkin() instanceof FilterBarSkin skin) {
            skin.focusEditor();
        } else {
            requestFocus();
        }
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new FilterBarSkin(this);
    }
}
