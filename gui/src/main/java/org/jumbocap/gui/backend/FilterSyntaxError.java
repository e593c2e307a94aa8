package org.jumbocap.gui.backend;

/** A display filter that does not compile; {@link #column()} is the 0-based position of the fault. */
public final class FilterSyntaxError extends Exception {
    private final int column;

    public FilterSyntaxError(String message, int column) {
        super(message);
        this.column = column;
    }

    public int column() {
        return column;
    }
}
