package org.jumbocap.cli.engine;

import java.io.IOException;

/**
 * A write to standard output failed. When the reader of a pipe went away (such as {@code head} after its
 * lines: a broken pipe) the command stops quietly with exit status 0; any other failure (a full disk,
 * {@code /dev/full}, a closed descriptor) is one line, {@code jumbocap: standard output: REASON}, and exit
 * status 1, so a cut output is never taken for a whole one.
 */
public final class OutputClosedException extends RuntimeException {
    private final boolean readerGone;
    private volatile boolean reported;

    private OutputClosedException(String reason, boolean readerGone, Throwable cause) {
        super(reason, cause, false, false);
        this.readerGone = readerGone;
    }

    /** The failure of a write to standard output, from the exception the stream threw. */
    public static OutputClosedException of(IOException e) {
        String reason = e.getMessage() != null ? e.getMessage() : e.toString();
        return new OutputClosedException(reason, isBrokenPipe(e), e);
    }

    /** True when the write failed because the reading end of a pipe or socket was closed (EPIPE). */
    public static boolean isBrokenPipe(IOException e) {
        String m = e.getMessage();
        return m != null && (m.contains("Broken pipe") || m.contains("pipe is being closed")
                || m.contains("Connection reset by peer"));
    }

    /** True when the reader went away: stop quietly, exit status 0. */
    public boolean readerGone() {
        return readerGone;
    }

    /** The one line to print when the reader did not go away (no "jumbocap: " prefix). */
    public String line() {
        return "standard output: " + getMessage();
    }

    /** Marks the failure said; false when it already was (say it once). */
    public synchronized boolean markReported() {
        if (reported) {
            return false;
        }
        reported = true;
        return true;
    }

    /** The exit status: 0 when the reader went away, else 1. */
    public int exitCode() {
        return readerGone ? 0 : 1;
    }
}
