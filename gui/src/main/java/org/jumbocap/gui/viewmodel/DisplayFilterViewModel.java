package org.jumbocap.gui.viewmodel;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.jumbocap.displayfilter.FilterSyntaxException;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.backend.CaptureBackend.CompiledFilter;

/**
 * The display filter: checking a text, the one in force, and one asked for while a file was still being
 * read (applied when reading ends). Running it over the frames is the capture view model's, which knows
 * the source.
 */
public final class DisplayFilterViewModel {
    private final CaptureBackend backend;
    private final ReadOnlyStringWrapper applied = new ReadOnlyStringWrapper("");
    private CompiledFilter filter;
    private String pending;

    DisplayFilterViewModel(CaptureBackend backend) {
        this.backend = backend;
    }

    /** The text of the filter in force, empty for none. */
    public ReadOnlyStringProperty appliedFilterProperty() {
        return applied.getReadOnlyProperty();
    }

    /** Checks a display filter without applying it; null when it compiles. */
    public FilterSyntaxException validate(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            backend.compileFilter(text.strip());
            return null;
        } catch (FilterSyntaxException e) {
            return e;
        }
    }

    /** Compiles a filter text; null for an empty one. */
    CompiledFilter compile(String stripped) throws FilterSyntaxException {
        return stripped.isEmpty() ? null : backend.compileFilter(stripped);
    }

    /** The compiled filter in force, or null. */
    CompiledFilter inForce() {
        return filter;
    }

    void setInForce(String text, CompiledFilter compiled) {
        filter = compiled;
        applied.set(text);
    }

    void setPending(String text) {
        pending = text;
    }

    /** The filter asked for while reading, once (then forgotten), or null. */
    String takePending() {
        String text = pending;
        pending = null;
        return text;
    }

    /** " — filter: X" for the status line, or empty. */
    String statusSuffix() {
        return applied.get().isEmpty() ? "" : " \u2014 filter: " + applied.get();
    }
}
