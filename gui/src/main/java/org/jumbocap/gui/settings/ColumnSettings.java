package org.jumbocap.gui.settings;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The packet list's columns as the user left them: order, widths, which are hidden, the fields applied
 * as columns, and the time display format. One small properties file, {@code columns}, beside the recent
 * files list. Failing to read or write it never stops the viewer: the defaults are used.
 */
public final class ColumnSettings {
    /**
     * One column.
     *
     * @param id      the column's id ({@code col-time}; {@code field:ip.ttl} for a field applied as column)
     * @param width   width in pixels
     * @param visible false when hidden
     */
    public record Column(String id, double width, boolean visible) {
    }

    /** The saved layout; an empty column list when nothing was saved. */
    public record Layout(List<Column> columns, String timeFormat) {
    }

    private final Path file;

    public ColumnSettings(Path file) {
        this.file = file;
    }

    /** The settings file in the same folder as the recent files list. */
    public static ColumnSettings besides(RecentFiles recent) {
        return new ColumnSettings(recent.directory().resolve("columns"));
    }

    public Path file() {
        return file;
    }

    public Layout load() {
        List<Column> columns = new ArrayList<>();
        Properties p = new Properties();
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > 1 << 16) {
                return new Layout(columns, null);
            }
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                p.load(in);
            }
            String order = p.getProperty("order", "");
            for (String id : order.split(",")) {
                if (id.isBlank()) {
                    continue;
                }
                String key = id.strip();
                double width = Double.parseDouble(p.getProperty(key + ".width", "100"));
                boolean visible = !"false".equals(p.getProperty(key + ".visible", "true"));
                columns.add(new Column(key, Math.max(10, Math.min(width, 4000)), visible));
            }
        } catch (IOException | RuntimeException unreadable) {
            return new Layout(List.of(), null);
        }
        return new Layout(columns, p.getProperty("time.format"));
    }

    public void save(Layout layout) {
        Properties p = new Properties();
        StringBuilder order = new StringBuilder();
        for (Column c : layout.columns()) {
            order.append(order.length() == 0 ? "" : ",").append(c.id());
            p.setProperty(c.id() + ".width", Long.toString(Math.round(c.width())));
            p.setProperty(c.id() + ".visible", Boolean.toString(c.visible()));
        }
        p.setProperty("order", order.toString());
        if (layout.timeFormat() != null) {
            p.setProperty("time.format", layout.timeFormat());
        }
        try {
            Files.createDirectories(file.getParent());
            try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                p.store(out, "jumbocap packet list columns");
            }
        } catch (IOException | RuntimeException unwritable) {
            // the layout is a convenience; the defaults come back next time
        }
    }
}
