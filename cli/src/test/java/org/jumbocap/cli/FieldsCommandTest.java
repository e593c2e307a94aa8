package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class FieldsCommandTest {
    @Test
    void listsTheJumboFieldsWithTypes() {
        Cli.Result r = Cli.run("fields");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.outLines();
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("ipv6.opt.jumbo\tuint32\t")), "ipv6.opt.jumbo listed");
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("jumbo.kind\tstring\t")), "jumbo.kind listed");
        assertTrue(lines.stream().allMatch(l -> l.split("\t").length == 3), "name, type, description");
    }

    @Test
    void prefixNarrowsAndUnknownPrefixFails() {
        Cli.Result r = Cli.run("fields", "jumbo.");
        assertEquals(0, r.code());
        assertTrue(r.outLines().stream().allMatch(l -> l.startsWith("jumbo.")), r.out());
        assertTrue(r.outLines().size() >= 2);
        Cli.Result none = Cli.run("fields", "zzz.nothing");
        assertEquals(1, none.code());
        assertEquals(1, none.errLines().size());
    }
}
