package org.jumbocap.displayfilter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** An error line quotes the part of the filter around the column, never a 100 KB filter whole. */
class FilterErrorExcerptTest {
    @Test
    void aShortFilterIsQuotedWhole() {
        FilterSyntaxException e = assertThrows(FilterSyntaxException.class, () -> DisplayFilter.compile("tcp.prot == 1"));
        assertEquals("tcp.prot == 1", e.excerpt());
    }

    @Test
    void aLongFilterIsQuotedAroundTheColumn() {
        StringBuilder f = new StringBuilder();
        for (int i = 0; i < 600; i++) {
            f.append("tcp.port == ").append(i).append(" || ");
        }
        int at = f.length();
        f.append("tcp.prot == 1");
        for (int i = 0; i < 600; i++) {
            f.append(" || udp.port == ").append(i);
        }
        FilterSyntaxException e = assertThrows(FilterSyntaxException.class, () -> DisplayFilter.compile(f.toString()));
        assertEquals(at + 1, e.column());
        String quoted = e.excerpt();
        assertTrue(f.length() > 20_000);
        assertTrue(quoted.length() <= 2 * FilterSyntaxException.EXCERPT_SIDE + 6, quoted);
        assertTrue(quoted.startsWith("...") && quoted.endsWith("..."), quoted);
        assertTrue(quoted.contains("tcp.prot == 1"), quoted);
        assertEquals(f.substring(at - FilterSyntaxException.EXCERPT_SIDE, at + FilterSyntaxException.EXCERPT_SIDE),
                quoted.substring(3, quoted.length() - 3));
    }

    @Test
    void anErrorAtTheEndKeepsTheEnd() {
        String f = "tcp.port == 1 || ".repeat(50) + "tcp.port ==";
        FilterSyntaxException e = assertThrows(FilterSyntaxException.class, () -> DisplayFilter.compile(f));
        assertTrue(e.excerpt().startsWith("...") && e.excerpt().endsWith("tcp.port =="), e.excerpt());
    }
}
