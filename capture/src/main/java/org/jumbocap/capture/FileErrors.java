package org.jumbocap.capture;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import org.jumbocap.io.CaptureFormatException;

/**
 * One line saying why a capture file could not be read or written. The JDK's file exceptions carry the
 * file name as their message, so printing the message after the name says nothing; the reason is in the
 * exception's type or in {@link FileSystemException#getReason()}.
 */
public final class FileErrors {
    private FileErrors() {
    }

    /** Why {@code file} could not be opened or written: "no such directory /x", "permission denied", "disk full", ... */
    public static String reason(Path file, IOException e) {
        if (e instanceof NoSuchFileException) {
            Path parent = file.toAbsolutePath().getParent();
            return parent != null && !Files.isDirectory(parent) ? "no such directory " + parent : "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        String text = e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage();
        if (text == null || text.isBlank()) {
            return e.toString();
        }
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.contains("no space left")) {
            return "disk full";
        }
        // the operating system's own wording ("Is a directory", "Read-only file system"), in the lower case of jumbocap's messages
        return Character.toLowerCase(text.charAt(0)) + text.substring(1);
    }

    /** "FILE: reason" for a file that could not be read; the format errors of the reader already name the file. */
    public static String reading(Path file, IOException e) {
        if (e instanceof CaptureFormatException) {
            return e.getMessage();
        }
        return file + ": " + reason(file, e);
    }
}
