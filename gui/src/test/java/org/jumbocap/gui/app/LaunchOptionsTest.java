package org.jumbocap.gui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class LaunchOptionsTest {
    @Test
    void readsFileAndOptionsInAnyOrder() {
        LaunchOptions o = LaunchOptions.parse(List.of("--select", "23", "x.pcap", "--theme", "dark", "--filter", "jumbo", "--statistics"));
        assertEquals(Path.of("x.pcap"), o.file());
        assertEquals(23, o.select());
        assertEquals("dark", o.theme());
        assertEquals("jumbo", o.filter());
        assertTrue(o.statistics());
    }

    @Test
    void noArgumentsOpensNothing() {
        LaunchOptions o = LaunchOptions.parse(List.of());
        assertNull(o.file());
        assertEquals(0, o.select());
        assertFalse(o.statistics());
    }

    @Test
    void rejectsUnknownOptionsMissingValuesAndTwoFiles() {
        assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse(List.of("--frobnicate")));
        assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse(List.of("--select")));
        assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse(List.of("a.pcap", "b.pcap")));
        assertThrows(NumberFormatException.class, () -> LaunchOptions.parse(List.of("--select", "x")));
    }
}
