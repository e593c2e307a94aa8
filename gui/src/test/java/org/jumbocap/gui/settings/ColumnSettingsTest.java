package org.jumbocap.gui.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ColumnSettingsTest {
    @TempDir
    Path dir;

    @Test
    void aSavedLayoutLoadsBackBesideTheRecentFiles() {
        ColumnSettings settings = ColumnSettings.besides(new RecentFiles(dir.resolve("recent")));
        assertEquals(dir.resolve("columns"), settings.file());
        List<ColumnSettings.Column> columns = List.of(new ColumnSettings.Column("col-length", 91, true),
                new ColumnSettings.Column("field:ip.ttl", 120, false), new ColumnSettings.Column("col-number", 84, true));
        settings.save(new ColumnSettings.Layout(columns, "EPOCH"));
        assertEquals(new ColumnSettings.Layout(columns, "EPOCH"), settings.load());
    }

    @Test
    void aMissingOrDamagedFileGivesTheDefaults() throws IOException {
        ColumnSettings settings = new ColumnSettings(dir.resolve("columns"));
        assertTrue(settings.load().columns().isEmpty());
        Files.writeString(dir.resolve("columns"), "order=col-time\ncol-time.width=wide\n");
        assertTrue(settings.load().columns().isEmpty());
        assertNull(settings.load().timeFormat());
        Files.write(dir.resolve("columns"), new byte[1 << 17]);
        assertTrue(settings.load().columns().isEmpty(), "an oversized file is not read");
    }
}
