package org.jumbocap.gui.live;

/**
 * Turns a capture filter as typed into the expression actually handed to libpcap (for example widening
 * {@code ip6 and tcp} so BIG TCP packets with a Hop-by-Hop header still match). The live capture dialog
 * shows the result before the capture starts.
 */
@FunctionalInterface
public interface CaptureFilterRewriter {
    /** @throws IllegalArgumentException with a one-line message when the expression does not parse */
    String rewrite(String expression);

    /** Hands the expression on unchanged. */
    CaptureFilterRewriter IDENTITY = expression -> expression;
}
