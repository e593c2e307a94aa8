package org.jumbocap.buffer;

/**
 * Thrown by {@link FrameBuffer} when a read runs past the captured bytes. The dissection engine catches
 * it at the layer boundary and marks the frame truncated; it never escapes a dissection. It carries no
 * stack trace because a cut frame is ordinary input, not a bug.
 */
public final class TruncatedException extends RuntimeException {
    private final int offset;
    private final int length;

    public TruncatedException(int offset, int length) {
        super(null, null, false, false);
        this.offset = offset;
        this.length = length;
    }

    /** Frame offset of the read that failed. */
    public int offset() {
        return offset;
    }

    /** Number of bytes the read wanted. */
    public int length() {
        return length;
    }

    @Override
    public String getMessage() {
        return "read of " + length + " bytes at offset " + offset + " runs past the captured bytes";
    }
}
