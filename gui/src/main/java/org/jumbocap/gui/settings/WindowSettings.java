package org.jumbocap.gui.settings;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The main window as the user left it: its size, position and maximized state, the font size of the
 * packet list, details and bytes (View → Zoom), and the colour theme chosen in Preferences. One small
 * properties file, {@code window}, beside the recent files list. Failing to read or write it never stops the viewer: the defaults are used.
 */
public final class WindowSettings {
    /** The font size the panes start with, and Ctrl+0 returns to. */
    public static final double DEFAULT_FONT_SIZE = 12;
    public static final double MIN_FONT_SIZE = 7;
    public static final double MAX_FONT_SIZE = 32;

    /**
     * Where the window was: its bounds when not maximized (to return to), whether it was maximized, and the
     * panes' font size. {@code width <= 0} when nothing was saved.
     */
    public record Placement(double x, double y, double width, double height, boolean maximized, double fontSize) {
        public boolean known() {
            return width > 0 && height > 0;
        }
    }

    private final Path file;

    public WindowSettings(Path file) {
        this.file = file;
    }

    /** The settings file in the same folder as the recent files list. */
    public static WindowSettings besides(RecentFiles recent) {
        return new WindowSettings(recent.directory().resolve("window"));
    }

    public Path file() {
        return file;
    }

    public Placement load() {
        Properties p = new Properties();
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > 1 << 16) {
                return unknown();
            }
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                p.load(in);
            }
            double width = number(p, "width", 0, 0, 100_000);
            double height = number(p, "height", 0, 0, 100_000);
            return new Placement(number(p, "x", 0, -100_000, 100_000), number(p, "y", 0, -100_000, 100_000),
                    width, height, "true".equals(p.getProperty("maximized")),
                    number(p, "font.size", DEFAULT_FONT_SIZE, MIN_FONT_SIZE, MAX_FONT_SIZE));
        } catch (IOException | RuntimeException unreadable) {
            return unknown();
        }
    }

    private static Placement unknown() {
        return new Placement(0, 0, 0, 0, false, DEFAULT_FONT_SIZE);
    }

    /** A saved number kept within bounds; the default when absent or not a number. */
    private static double number(Properties p, String key, double otherwise, double min, double max) {
        String text = p.getProperty(key);
        if (text == null) {
            return otherwise;
        }
        try {
            double v = Double.parseDouble(text.strip());
            return Double.isFinite(v) ? Math.max(min, Math.min(max, v)) : otherwise;
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    public void save(Placement placement) {
        // the theme chosen in Preferences stays as it is
        Properties p = stored();
        p.setProperty("x", Long.toString(Math.round(placement.x())));
        p.setProperty("y", Long.toString(Math.round(placement.y())));
        p.setProperty("width", Long.toString(Math.round(placement.width())));
        p.setProperty("height", Long.toString(Math.round(placement.height())));
        p.setProperty("maximized", Boolean.toString(placement.maximized()));
        p.setProperty("font.size", Double.toString(placement.fontSize()));
        try {
            Files.createDirectories(file.getParent());
            try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                p.store(out, "jumbocap main window");
            }
        } catch (IOException | RuntimeException unwritable) {
            // the placement is a convenience; the defaults come back next time
        }
    }

    /** The colour theme chosen in Preferences ("light", "dark"), or null when none was. */
    public String theme() {
        String theme = stored().getProperty("theme");
        return "light".equals(theme) || "dark".equals(theme) ? theme : null;
    }

    /** Keeps the colour theme ("light" or "dark") beside the placement; false when it cannot be written. */
    public boolean saveTheme(String theme) {
        Properties p = stored();
        p.setProperty("theme", theme);
        try {
            Files.createDirectories(file.getParent());
            try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                p.store(out, "jumbocap main window");
            }
            return true;
        } catch (IOException | RuntimeException unwritable) {
            return false;
        }
    }

    /** What the file holds now (nothing when it is missing, too long or unreadable). */
    private Properties stored() {
        Properties p = new Properties();
        try {
            if (Files.isRegularFile(file) && Files.size(file) <= 1 << 16) {
                try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                    p.load(in);
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            return new Properties();
        }
        return p;
    }
}
