package org.jumbocap.capture.filter;

/** A capture filter the parser cannot read; {@link #position()} is the 0-based character offset. */
public final class CaptureFilterSyntaxException extends Exception {
    private final int position;
    private final boolean beyondLimits;

    public CaptureFilterSyntaxException(String message, int position) {
        this(message, position, false);
    }

    CaptureFilterSyntaxException(String message, int position, boolean beyondLimits) {
        super(message);
        this.position = position;
        this.beyondLimits = beyondLimits;
    }

    /** True when the filter nests deeper or has more tests than the parser follows: no other reading of it can help. */
    public boolean exceedsLimits() {
        return beyondLimits;
    }

    public int position() {
        return position;
    }
}
