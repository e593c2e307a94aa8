package org.jumbocap.capture.filter;

/**
 * A capture filter the parser cannot read. {@link #column()} is 1-based, as the user counts and as the
 * display filter's exception says it; the parser works in 0-based offsets and passes one here.
 */
public final class CaptureFilterSyntaxException extends Exception {
    private final int column;
    private final boolean beyondLimits;

    /** @param offset 0-based offset of the fault in the filter text */
    public CaptureFilterSyntaxException(String message, int offset) {
        this(message, offset, false);
    }

    CaptureFilterSyntaxException(String message, int offset, boolean beyondLimits) {
        super(message);
        this.column = offset + 1;
        this.beyondLimits = beyondLimits;
    }

    /** True when the filter nests deeper or has more tests than the parser follows: no other reading of it can help. */
    public boolean exceedsLimits() {
        return beyondLimits;
    }

    /** 1-based column of the fault (one past the end for an unexpected end). */
    public int column() {
        return column;
    }
}
