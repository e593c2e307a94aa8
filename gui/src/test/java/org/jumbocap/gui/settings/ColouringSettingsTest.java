package org.jumbocap.gui.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jumbocap.gui.model.ColouringRule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ColouringSettingsTest {
    @TempDir
    Path dir;

    @Test
    void aMissingFileGivesTheDefaultsColoured() {
        ColouringSettings.Stored s = new ColouringSettings(dir.resolve("colouring")).load();
        assertEquals(ColouringRule.defaults(), s.rules());
        assertTrue(s.colorize());
    }

    @Test
    void rulesOrderDisabledAndTheToggleRoundTrip() {
        ColouringSettings settings = new ColouringSettings(dir.resolve("sub").resolve("colouring"));
        List<ColouringRule> rules = List.of(
                new ColouringRule("UDP", "udp", "#000000", "#daeeff", false),
                new ColouringRule("a@b", "tcp.len > 1000", "#ffffff", "#123456", true));
        assertTrue(settings.save(rules, false));
        ColouringSettings.Stored back = settings.load();
        assertFalse(back.colorize());
        assertEquals(List.of(rules.get(0), new ColouringRule("a b", "tcp.len > 1000", "#ffffff", "#123456", true)),
                back.rules());
    }

    @Test
    void malformedLinesAreSkipped() throws IOException {
        Path file = dir.resolve("colouring");
        Files.writeString(file, "colorize=on\n@only@three@#000000\n@bad colour@tcp@#00000g@#ffffff\n"
                + "garbage\n!@Off@udp@#010203@#a0b0c0\n", StandardCharsets.UTF_8);
        ColouringSettings.Stored back = new ColouringSettings(file).load();
        assertTrue(back.colorize());
        assertEquals(List.of(new ColouringRule("Off", "udp", "#010203", "#a0b0c0", false)), back.rules());
    }

    @Test
    void anUnwritableFolderSaysSo() throws IOException {
        Path blocker = dir.resolve("file");
        Files.writeString(blocker, "x");
        assertFalse(new ColouringSettings(blocker.resolve("colouring")).save(ColouringRule.defaults(), true));
    }
}
