package org.jumbocap.cli.engine;

/**
 * A problem the user can fix (a missing file, a broken capture): reported as one line and exit code 1,
 * without a stack trace.
 */
public class UserException extends RuntimeException {
    public UserException(String message) {
        super(message);
    }

    public UserException(String message, Throwable cause) {
        super(message, cause);
    }
}
