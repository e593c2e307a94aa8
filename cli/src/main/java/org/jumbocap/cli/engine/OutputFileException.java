package org.jumbocap.cli.engine;

/**
 * The output file cannot be written (a full disk, no permission, a frame of a link type a pcap file cannot
 * hold): the command ends with this one line and exit status 1 instead of going on with the next input.
 */
public final class OutputFileException extends UserException {
    public OutputFileException(String message) {
        super(message);
    }

    public OutputFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
