package org.jumbocap.displayfilter;

/**
 * A display filter that does not lex, parse or type-check. Carries the 1-based column of the offending
 * text so front ends can point at it: {@link #caretLine()} renders the filter with a {@code ^} below.
 */
public final class FilterSyntaxException extends IllegalArgumentException {
    private final String filter;
    private final int column;
    private final String detail;

    /**
     * @param filter the whole filter text
     * @param column 1-based column of the problem (may be one past the end for "unexpected end")
     * @param detail what is wrong, without the position
     */
    public FilterSyntaxException(String filter, int column, String detail) {
        super("column " + column + ": " + detail);
        this.filter = filter;
        this.column = column;
        this.detail = detail;
    }

    /** 1-based column of the problem. */
    public int column() {
        return column;
    }

    /** The message without the position. */
    public String detail() {
        return detail;
    }

    public String filter() {
        return filter;
    }

    /** Characters of the filter kept on each side of the column by {@link #excerpt()}. */
    public static final int EXCERPT_SIDE = 40;

    /**
     * The filter as an error line quotes it: whole when short, else the {@value #EXCERPT_SIDE} characters
     * on each side of the column with {@code ...} where text was left out, so a 100 KB filter still gives
     * one readable line.
     */
    public String excerpt() {
        int at = Math.max(0, Math.min(filter.length(), column - 1));
        int from = Math.max(0, at - EXCERPT_SIDE);
        int to = Math.min(filter.length(), at + EXCERPT_SIDE);
        if (from <= 3) {
            from = 0;
        }
        if (to >= filter.length() - 3) {
            to = filter.length();
        }
        return (from > 0 ? "..." : "") + filter.substring(from, to) + (to < filter.length() ? "..." : "");
    }

    /** The filter, a line with {@code ^} under the column, and the message, as the CLI prints it. */
    public String caretLine() {
        return filter + "\n" + " ".repeat(Math.max(0, column - 1)) + "^\n" + detail;
    }
}
