package org.jumbocap.gui.live;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The capture program the viewer runs, as Wireshark runs dumpcap: the viewer never opens a device itself.
 * Chosen in this order: the system property or environment variable {@code jumbocap.capture.command}
 * (words separated by spaces; {@code JUMBOCAP_CAPTURE_COMMAND} in the environment), the packaged launcher
 * {@value #PACKAGED} (the only program the package gives the capture capabilities), else this JVM's
 * {@code java} with the viewer's class path running {@value #MAIN_CLASS} (a development tree, where the
 * command line's jar sits beside the viewer's). The gui module does not depend on the command line's
 * classes: it names the class only.
 */
public final class CaptureCommand {
    public static final String PROPERTY = "jumbocap.capture.command";
    public static final String ENVIRONMENT = "JUMBOCAP_CAPTURE_COMMAND";
    public static final String PACKAGED = "/usr/lib/jumbocap/bin/jumbocap-capture";
    public static final String MAIN_CLASS = "org.jumbocap.cli.CaptureMain";

    private CaptureCommand() {
    }

    /** The words that start {@code jumbocap capture}; the capture's options follow them. */
    public static List<String> prefix() {
        String configured = System.getProperty(PROPERTY);
        if (configured == null || configured.isBlank()) {
            configured = System.getenv(ENVIRONMENT);
        }
        if (configured != null && !configured.isBlank()) {
            return new ArrayList<>(Arrays.asList(configured.strip().split("\\s+")));
        }
        if (Files.isExecutable(Path.of(PACKAGED))) {
            return new ArrayList<>(List.of(PACKAGED));
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return new ArrayList<>(List.of(java.toString(), "-cp", System.getProperty("java.class.path"), MAIN_CLASS));
    }
}
