package org.jumbocap.gui.settings;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The recently opened captures, newest first, one path per line in {@code ~/.config/jumbocap/recent}
 * (the folder can be moved with {@code -Djumbocap.config.dir=...}). Failing to read or write the list
 * never stops the viewer.
 */
public final class RecentFiles {
    public static final int MAX_ENTRIES = 10;

    private final Path file;

    public RecentFiles(Path file) {
        this.file = file;
    }

    /** The folder of the list, where the viewer's other settings live too. */
    public Path directory() {
        Path parent = file.toAbsolutePath().getParent();
        return parent == null ? Path.of(".") : parent;
    }

    public static RecentFiles standard() {
        String dir = System.getProperty("jumbocap.config.dir");
        Path base = dir != null ? Path.of(dir) : Path.of(System.getProperty("user.home"), ".config", "jumbocap");
        return new RecentFiles(base.resolve("recent"));
    }

    public List<Path> list() {
        List<Path> out = new ArrayList<>();
        try {
            if (Files.isRegularFile(file) && Files.size(file) < 1 << 16) {
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    if (!line.isBlank() && out.size() < MAX_ENTRIES) {
                        out.add(Path.of(line.strip()));
                    }
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            return out;
        }
        return out;
    }

    /** Moves a file to the top of the list and saves the list. */
    public List<Path> add(Path opened) {
        Path absolute = opened.toAbsolutePath().normalize();
        List<Path> entries = list();
        entries.remove(absolute);
        entries.add(0, absolute);
        while (entries.size() > MAX_ENTRIES) {
            entries.remove(entries.size() - 1);
        }
        try {
            Files.createDirectories(file.getParent());
            List<String> lines = new ArrayList<>();
            for (Path p : entries) {
                lines.add(p.toString());
            }
            Files.write(file, lines, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException unwritable) {
            // the list is a convenience; the file still opens
        }
        return entries;
    }
}
