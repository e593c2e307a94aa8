package org.jumbocap.render;

/**
 * Where a frame came from and the times it is shown against.
 *
 * @param file          the capture as the user named it
 * @param firstNanos    timestamp of the file's first frame
 * @param previousNanos timestamp of the frame read before it (itself for the first)
 * @param nanoPrecision the file keeps nanoseconds, so times print with nine decimals instead of six
 */
public record FrameContext(String file, long firstNanos, long previousNanos, boolean nanoPrecision) {
}
