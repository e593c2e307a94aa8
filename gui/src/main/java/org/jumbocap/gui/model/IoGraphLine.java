package org.jumbocap.gui.model;

/**
 * One line of the I/O graph as the user set it: a display filter (empty: every frame), a colour as CSS
 * hex ({@code #1f77b4}) and whether it is drawn.
 */
public record IoGraphLine(String filter, String colour, boolean enabled) {
    /** Colours of new lines, in order (matplotlib's first ones, distinct on light and dark backgrounds). */
    public static final java.util.List<String> PALETTE = java.util.List.of("#1f77b4", "#d62728", "#2ca02c", "#9467bd",
            "#ff7f0e", "#8c564b", "#e377c2", "#17becf");

    public IoGraphLine {
        filter = filter == null ? "" : filter.trim();
    }
}
