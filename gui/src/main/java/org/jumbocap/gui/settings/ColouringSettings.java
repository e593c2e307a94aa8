package org.jumbocap.gui.settings;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.gui.model.ColouringRule;

/**
 * The packet list's colouring rules and whether they are on, in {@code colouring} beside the recent files
 * list. One rule per line as Wireshark's {@code colorfilters} file, {@code @name@filter@#fg@#bg}, a
 * disabled rule starting with {@code !}; a first line {@code colorize=off} turns colouring off. A missing or
 * unreadable file gives Wireshark's defaults; a line that does not parse is skipped. Failing to write never
 * stops the viewer: {@link #save} says whether it worked.
 */
public final class ColouringSettings {
    /** What was read: the rules in order and whether the list is coloured. */
    public record Stored(List<ColouringRule> rules, boolean colorize) {
        public Stored {
            rules = List.copyOf(rules);
        }
    }

    private static final String OFF = "colorize=off";
    private static final String ON = "colorize=on";
    private static final int MAX_BYTES = 1 << 20;

    private final Path file;

    public ColouringSettings(Path file) {
        this.file = file;
    }

    /** The settings file in the same folder as the recent files list. */
    public static ColouringSettings besides(RecentFiles recent) {
        return new ColouringSettings(recent.directory().resolve("colouring"));
    }

    public Path file() {
        return file;
    }

    public Stored load() {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_BYTES) {
                return new Stored(ColouringRule.defaults(), true);
            }
            boolean colorize = true;
            List<ColouringRule> rules = new ArrayList<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String l = line.strip();
                if (l.equals(OFF) || l.equals(ON)) {
                    colorize = l.equals(ON);
                    continue;
                }
                ColouringRule rule = parse(l);
                if (rule != null) {
                    rules.add(rule);
                }
            }
            return new Stored(rules, colorize);
        } catch (IOException | RuntimeException unreadable) {
            return new Stored(ColouringRule.defaults(), true);
        }
    }

    /** Writes the rules; false when the file could not be written. */
    public boolean save(List<ColouringRule> rules, boolean colorize) {
        List<String> lines = new ArrayList<>();
        lines.add(colorize ? ON : OFF);
        for (ColouringRule r : rules) {
            // '@' separates the parts and a line break ends a rule: neither may come from a name or filter
            lines.add((r.enabled() ? "" : "!") + "@" + clean(r.name()) + "@" + clean(r.filter()) + "@"
                    + r.foreground() + "@" + r.background());
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.write(file, lines, StandardCharsets.UTF_8);
            return true;
        } catch (IOException | RuntimeException unwritable) {
            return false;
        }
    }

    private static String clean(String s) {
        return s.replace('@', ' ').replace('\n', ' ').replace('\r', ' ');
    }

    private static ColouringRule parse(String line) {
        boolean enabled = !line.startsWith("!");
        String body = enabled ? line : line.substring(1);
        if (!body.startsWith("@")) {
            return null;
        }
        String[] parts = body.substring(1).split("@", -1);
        if (parts.length != 4) {
            return null;
        }
        try {
            return new ColouringRule(parts[0], parts[1], parts[2], parts[3], enabled);
        } catch (IllegalArgumentException bad) {
            return null;
        }
    }
}
