package org.jumbocap.gui.app;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.application.Application;

/**
 * Entry point of the viewer. It does not extend {@link Application}: started from the class path, the
 * JavaFX launcher refuses a main class that does, so this one hands over to {@link JumbocapApp}. Like the
 * command line, every mistake and missing prerequisite is one line on standard error: 2 for a usage
 * error, 1 when there is no display to open.
 */
public final class Launcher {
    static final String DISPLAY_HINT = "run it in a desktop session or under xvfb-run";
    /** Held so the logger, and the level set on it, outlive this class's use of it. */
    private static final Logger JAVAFX_LOGGER = Logger.getLogger("javafx");

    private Launcher() {
    }

    public static void main(String[] args) {
        int code = prepare(List.of(args), System.getenv(), System.getProperty("os.name", ""), System.out, System.err);
        if (code >= 0) {
            System.exit(code);
        }
        // JavaFX warns on every start from the class path, the way the launcher script runs it
        JAVAFX_LOGGER.setLevel(Level.SEVERE);
        try {
            Application.launch(JumbocapApp.class, args);
        } catch (UnsupportedOperationException e) {
            if (e.getMessage() == null || !e.getMessage().contains("DISPLAY")) {
                throw e;
            }
            System.err.println("jumbocap gui: cannot open the display " + System.getenv("DISPLAY") + " ("
                    + e.getMessage() + "): " + DISPLAY_HINT);
            System.exit(1);
        }
    }

    /**
     * Everything before the window: options, help, the display.
     *
     * @return the exit code when the viewer must not start, or -1 to start it
     */
    static int prepare(List<String> args, Map<String, String> env, String osName, PrintStream out, PrintStream err) {
        LaunchOptions options;
        try {
            options = LaunchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("jumbocap gui: " + e.getMessage() + " (see 'jumbocap gui --help')");
            return 2;
        }
        if (options.help()) {
            out.println(LaunchOptions.usage());
            return 0;
        }
        if (options.version()) {
            LaunchOptions.versionLines().forEach(out::println);
            return 0;
        }
        String problem = displayProblem(env, osName);
        if (problem != null) {
            err.println("jumbocap gui: " + problem);
            return 1;
        }
        return -1;
    }

    /** Why no window can open, or null: on X11 systems JavaFX needs DISPLAY (Wayland sessions set it too, for XWayland). */
    static String displayProblem(Map<String, String> env, String osName) {
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows") || os.startsWith("mac")) {
            return null;
        }
        String display = env.get("DISPLAY");
        if (display == null || display.isBlank()) {
            return "no display (DISPLAY is not set): " + DISPLAY_HINT;
        }
        return null;
    }
}
