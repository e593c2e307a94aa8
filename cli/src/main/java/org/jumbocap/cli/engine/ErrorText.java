package org.jumbocap.cli.engine;

import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import org.jumbocap.io.CaptureFormatException;

/** One line saying what went wrong with a file (the loops here and the export command). */
public final class ErrorText {
    private ErrorText() {
    }

    public static String of(String file, Exception e) {
        if (e instanceof CaptureFormatException || e instanceof UserException) {
            return e.getMessage();
        }
        if (e instanceof NoSuchFileException) {
            return file + ": no such file";
        }
        if (e instanceof AccessDeniedException) {
            return file + ": permission denied";
        }
        String message = e.getMessage();
        if (e instanceof java.io.IOException) {
            return file + ": " + (message != null ? message : e.toString());
        }
        return file + ": internal error: " + e + " (run with --debug for details)";
    }
}
