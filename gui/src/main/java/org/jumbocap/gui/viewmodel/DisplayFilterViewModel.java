package org.jumbocap.gui.viewmodel;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.jumbocap.displayfilter.FilterSyntaxException;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.backend.CaptureBackend.ViewerFilter;

/**
 * The display filter: checking a text, the one last asked for (the bar's), and the one in force (whose
 * frames the list shows). They differ only while the asked-for one is being run over the frames, or waits
 * for a read or a save to end; running it is the capture view model's, which knows the source.
 */
public final class DisplayFilterViewModel {
    private final CaptureBackend backend;
    private final ReadOnlyStringWrapper applied = new ReadOnlyStringWrapper("");
    private ViewerFilter filter;
    private final ReadOnlyStringWrapper wantedText = new ReadOnlyStringWrapper("");
    private ViewerFilter wanted;

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
    ViewerFilter compile(String stripped) throws FilterSyntaxException {
        return stripped.isEmpty() ? null : backend.compileFilter(stripped);
    }

    /** The compiled filter in force, or null. */
    ViewerFilter inForce() {
        return filter;
    }

    void setInForce(String text, ViewerFilter compiled) {
        filter = compiled;
        applied.set(text);
    }

    /** The filter last asked for (null: none), which the list is to show. */
    ViewerFilter wanted() {
        return wanted;
    }

    String wantedText() {
        return wantedText.get();
    }

    /** The text of the filter last asked for (empty for none). */
    public ReadOnlyStringProperty wantedFilterProperty() {
        return wantedText.getReadOnlyProperty();
    }

    void want(String text, ViewerFilter compiled) {
        wanted = compiled;
        wantedText.set(text);
    }

    /** True when the filter in force is the one last asked for. */
    boolean wantedInForce() {
        return wanted == filter && wantedText.get().equals(applied.get());
    }

    /** " — filter: X" for the status line, or empty. */
    String statusSuffix() {
        return applied.get().isEmpty() ? "" : " \u2014 filter: " + applied.get();
    }
}
