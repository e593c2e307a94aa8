package org.jumbocap.cli.engine;

import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.render.SafeText;

/**
 * One line saying what went wrong with a file (the loops here and the export command), with every
 * control character of a file name or a message from outside made visible ({@link SafeText}).
 */
public final class ErrorText {
    private ErrorText() {
    }

    /** A line of text from outside (a file name, a message quoting one), safe for a terminal. */
    public static String clean(String text) {
        return SafeText.of(text);
    }

    public static String of(String file, Exception e) {
        return clean(raw(file, e));
    }

    private static String raw(String file, Exception e) {
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
