package org.jumbocap.cli.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.files.CaptureFiles;

/** Opens the capture a command-line argument names; {@code -} is standard input. */
public final class Captures {
    /** The argument that means standard input. */
    public static final String STDIN = "-";

    private Captures() {
    }

    public static CaptureReader open(String argument) throws IOException {
        if (STDIN.equals(argument)) {
            return CaptureFiles.open(System.in, "(standard input)");
        }
        Path path = Path.of(argument);
        if (!Files.exists(path)) {
            throw new NoSuchFileException(argument);
        }
        if (Files.isDirectory(path)) {
            throw new UserException(argument + ": is a directory");
        }
        return CaptureFiles.open(path);
    }
}
