package org.jumbocap.gui.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecentFilesTest {
    @TempDir
    Path dir;

    @Test
    void newestFirstWithoutDuplicatesAndBounded() {
        RecentFiles recent = new RecentFiles(dir.resolve("config").resolve("recent"));
        for (int i = 0; i < RecentFiles.MAX_ENTRIES + 3; i++) {
            recent.add(dir.resolve("f" + i + ".pcap"));
        }
        recent.add(dir.resolve("f5.pcap"));
        List<Path> list = new RecentFiles(dir.resolve("config").resolve("recent")).list();
        assertEquals(RecentFiles.MAX_ENTRIES, list.size());
        assertEquals(dir.resolve("f5.pcap").toAbsolutePath(), list.get(0));
        assertEquals(dir.resolve("f12.pcap").toAbsolutePath(), list.get(1));
        assertEquals(1, list.stream().filter(p -> p.endsWith("f5.pcap")).count());
    }

    @Test
    void unreadableListIsEmptyNotAnError() throws IOException {
        Path asDirectory = dir.resolve("recent");
        Files.createDirectories(asDirectory);
        assertEquals(List.of(), new RecentFiles(asDirectory).list());
        new RecentFiles(asDirectory).add(dir.resolve("x.pcap"));
    }
}
