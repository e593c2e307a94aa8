package org.jumbocap.cli.live.filter;

/** A capture filter the parser cannot read; {@link #position()} is the 0-based character offset. */
public final class FilterSyntaxException extends Exception {
    private final int position;

    public FilterSyntaxException(String message, int position) {
        super(message);
        this.position = position;
    }

    public int position() {
        return position;
    }

    /** The message followed by the source with a caret under the offending character. */
    public String describe(String source) {
        StringBuilder s = new StringBuilder(getMessage()).append(" at column ").append(position + 1).append('\n');
        s.append("  ").append(source).append('\n').append("  ");
        s.append(" ".repeat(Math.max(0, Math.min(position, source.length())))).append('^');
        return s.toString();
    }
}
