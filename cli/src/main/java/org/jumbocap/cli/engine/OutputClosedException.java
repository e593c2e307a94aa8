package org.jumbocap.cli.engine;

/** Standard output went away (the reader of a pipe, such as {@code head}, exited): stop quietly. */
public final class OutputClosedException extends RuntimeException {
    public OutputClosedException(Throwable cause) {
        super("output closed", cause, false, false);
    }
}
