package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Which subcommands {@link JumbocapCommand#execute} builds for a command line: the one it names, none for
 * the version alone, all of them when the root itself answers (its help lists them; an unknown word is
 * matched against them) or for completion (its script lists them).
 */
class SubcommandSelectionTest {
    @Test
    void aNamedSubcommandIsTheOnlyOneBuilt() {
        CommandLine full = JumbocapCommand.create(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), false);
        for (String name : full.getSubcommands().keySet()) {
            if (!name.equals("completion")) {
                assertEquals(name, JumbocapCommand.needed(new String[] {name}), name);
                assertEquals(name, JumbocapCommand.needed(new String[] {name, "--help"}), name);
                assertEquals(name, JumbocapCommand.needed(new String[] {"--no-color", "--debug", name, "x"}), name);
            }
        }
        assertEquals("read", JumbocapCommand.needed(new String[] {"read", "stats", "capture"}));
    }

    @Test
    void theVersionAloneNeedsNone() {
        assertEquals("", JumbocapCommand.needed(new String[] {"--version"}));
        assertEquals("", JumbocapCommand.needed(new String[] {"-V"}));
    }

    @Test
    void everyOtherLineNeedsThemAll() {
        for (String[] line : new String[][] {{}, {"--help"}, {"-h"}, {"completion"}, {"--no-color", "completion"},
            {"--version", "read"}, {"-V", "x.pcap"}, {"--debug", "--version"}, {"bogus"}, {"Read", "x.pcap"}, {"--no-color"},
            {"-r", "x.pcap"}, {"--bogus", "read"}}) {
            assertNull(JumbocapCommand.needed(line), String.join(" ", line));
        }
    }
}
