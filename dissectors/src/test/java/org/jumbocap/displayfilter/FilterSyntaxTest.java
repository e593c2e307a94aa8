package org.jumbocap.displayfilter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Lexing, parsing and type checking: what compiles, and where and why what does not. */
class FilterSyntaxTest {

    private static FilterSyntaxException error(String filter) {
        return assertThrows(FilterSyntaxException.class, () -> TestTrees.compile(filter), filter);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "", "   ", "tcp", "jumbo", "ipv6.opt.jumbo", "!tcp", "not udp", "tcp && udp", "tcp and udp or ip",
            "tcp.port == 80", "tcp.port eq 80", "tcp.port != 80", "tcp.port ne 0x50", "tcp.port < 1024",
            "tcp.port lt 1", "tcp.port <= 1", "tcp.port le 1", "tcp.port > 1", "tcp.port gt 1", "tcp.port >= 1",
            "tcp.port ge 1", "tcp.port === 80", "tcp.port !== 80", "tcp.port ~= 80", "tcp.port all_eq 1",
            "tcp.port any_ne 1", "tcp.port in {80 443 8000..8080}", "tcp.port in {80, 443, 8000..8080}",
            "tcp.port not in {80}", "tcp.flags.syn == 1", "tcp.flags.syn == true", "tcp.flags.syn == False",
            "ip.addr == 198.51.100.0/24", "ip.src == 10.0.0.1", "ipv6.addr == 2001:db8::/32",
            "ipv6.addr == ::1", "ipv6.addr == ::ffff:10.0.0.1", "ipv6.src == fe80::1:2:3:4",
            "eth.addr == aa:bb:cc:dd:ee:ff", "eth.src == aa-bb-cc-dd-ee-ff", "jumbo.kind == \"ipv6-hbh\"",
            "jumbo.kind == ipv6-hbh", "jumbo.kind contains \"hbh\"", "jumbo.kind matches \"^ipv6-\"",
            "jumbo.kind ~ \"zero\"", "frame.protocols contains \"tcp\"", "data.data contains 5a:5a",
            "data.data contains \"ZZ\"", "frame.time_relative > 0.5", "frame.time_relative in {0.1..0.2}",
            "ip.proto == tcp", "ip.proto == \"UDP\"", "expert", "expert.id == \"frame.cut_by_snaplen\"",
            "expert.severity >= warn", "expert.severity == \"note\"", "expert.group == jumbo",
            "expert.message contains \"snaplen\"", "((tcp))", "tcp ^^ udp", "tcp xor udp", "test.offset == -5",
            "test.big == 18446744073709551615", "vxlan.vni == 0xffffff", "TCP.port == 80 AND tcp"})
    void compiles(String filter) {
        if (filter.startsWith("TCP.port")) {
            // keywords ignore case, field names do not
            assertThrows(FilterSyntaxException.class, () -> TestTrees.compile(filter));
            return;
        }
        CompiledFilter f = TestTrees.compile(filter);
        assertEquals(filter, f.text());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            // filter | column | message fragment
            "tcp.prot == 80 | 1 | did you mean 'tcp.port'?",
            "tcp.port == ip.src | 13 | cannot compare tcp.port (uint16) with ip.src (an IPv4 address)",
            "tcp && jumbo.knd == \"x\" | 8 | did you mean 'jumbo.kind'?",
            "frobnicate | 1 | unknown field 'frobnicate'",
            "expert.sevrity == warn | 1 | did you mean 'expert.severity'?",
            "tcp.port = 80 | 10 | use == to compare",
            "tcp.port == | 12 | expected a value",
            "tcp.port == 80 && | 18 | unexpected end of filter",
            "(tcp.port == 80 | 1 | '(' is not closed",
            "tcp) | 4 | ')' without a matching '('",
            "tcp udp | 5 | expected 'and', 'or'",
            "tcp && && udp | 8 | unexpected '&&'",
            "tcp.port == 70000 | 13 | out of range for tcp.port (uint16: 0..65535)",
            "tcp.port == -1 | 13 | out of range",
            "tcp.port == http | 13 | 'http' is not a valid uint16",
            "tcp.port in {} | 14 | empty set",
            "tcp.port in {80 | 13 | '{' is not closed",
            "tcp.port in 80 | 13 | expected '{'",
            "tcp.port in {90..80} | 14 | empty range",
            "jumbo.kind == \"ipv6-hbh | 15 | string is not closed",
            "ip.addr == 2001:db8::1 | 12 | use ipv6.addr",
            "ipv6.addr == 10.0.0.1 | 14 | use ip.addr",
            "ip.addr == 10.0.0.300 | 12 | is not an IPv4 address",
            "ip.addr == 10.0.0.0/33 | 21 | bad prefix length '33'",
            "ip.addr > 10.0.0.0/8 | 11 | can only be compared with == or !=",
            "ipv6.addr == 2001:db8::1::2 | 14 | is not an IPv6 address",
            "eth.addr == aa:bb:cc | 13 | is not a MAC address",
            "80 == tcp.port | 1 | '80' is not a field name",
            "tcp == 1 | 5 | is a protocol",
            "tcp in {1} | 1 | cannot be in a set",
            "tcp.port contains 80 | 19 | 'contains' needs a string or bytes field",
            "tcp.port matches \"8\" | 18 | 'matches' needs a string field",
            "jumbo.kind matches \"(\" | 20 | bad regular expression",
            "jumbo.kind in {a..b} | 16 | ranges (a..b) need a number field",
            "tcp.flags.syn == 2 | 18 | out of range",
            "expert.severity == \"bogus\" | 20 | one of chat, note, warn, error",
            "frame.time == 1 | 15 | not supported",
            "tcp.port @ 1 | 10 | unexpected character '@'",
            "tcp.port & http | 12 | 'http' is not a valid uint16",
            "\"x\" | 1 | a string cannot stand alone",
            "frame.time_relative > abc | 23 | is not a number",
            "! | 2 | unexpected end of filter"})
    void reportsColumnAndMessage(String filter, int column, String fragment) {
        FilterSyntaxException e = error(filter);
        assertEquals(column, e.column(), e.getMessage());
        assertTrue(e.detail().contains(fragment), "'" + e.detail() + "' should contain '" + fragment + "'");
        assertTrue(e.getMessage().startsWith("column " + column + ": "));
    }

    @Test
    void aLoneBarIsNotAnOperator() {
        FilterSyntaxException e = error("tcp.port | 1");
        assertEquals(10, e.column());
        assertTrue(e.detail().contains("use || for 'or'"), e.detail());
    }

    @Test
    void caretLinePointsAtTheColumn() {
        FilterSyntaxException e = error("tcp && tcp.prot == 80");
        assertEquals("tcp && tcp.prot == 80\n       ^\nunknown field 'tcp.prot': did you mean 'tcp.port'?", e.caretLine());
    }

    @Test
    void hugeFiltersAreRefusedNotOverflowed() {
        String deep = "(".repeat(100_000) + "tcp" + ")".repeat(100_000);
        FilterSyntaxException e = error(deep);
        assertEquals(Parser.MAX_NESTING + 1, e.column());
        assertTrue(error("!".repeat(100_000) + "tcp").detail().contains("nested more than"));
        String longChain = String.join(" && ", java.util.Collections.nCopies(50_000, "tcp"));
        assertTrue(error(longChain).detail().contains("tests in one filter"));
        String allowed = "(".repeat(Parser.MAX_NESTING) + "tcp" + ")".repeat(Parser.MAX_NESTING) + " && "
                + String.join(" || ", java.util.Collections.nCopies(Parser.MAX_TESTS - 1, "tcp.port == 1"));
        assertFalse(TestTrees.compile(allowed).matches(TestTrees.frame(60)));
    }

    @Test
    void noSuggestionWhenNothingIsNear() {
        FilterSyntaxException e = error("zzzzzzzzzzzz.qqqq");
        assertFalse(e.detail().contains("did you mean"), e.detail());
    }

    @Test
    void fastPathCapabilityFollowsTheFieldsRead() {
        for (String fast : List.of("", "tcp.port == 5201", "jumbo && ipv6", "ip.addr == 10.0.0.0/8 || udp",
                "jumbo.kind == \"ipv6-zero-length\"", "tcp.flags.syn == 1 && tcp.len > 0", "frame.len > 65535",
                "not tcp.port in {80 443}", "tcp.seq_raw == 1")) {
            assertTrue(TestTrees.compile(fast).canUseFastPath(), fast);
        }
        for (String slow : List.of("eth.addr == aa:bb:cc:dd:ee:ff", "tcp && expert", "ipv6.opt.jumbo",
                "frame.protocols contains \"tcp\"", "tcp.port == 80 || vxlan.vni == 5")) {
            CompiledFilter f = TestTrees.compile(slow);
            assertFalse(f.canUseFastPath(), slow);
            assertThrows(IllegalStateException.class, () -> f.matches(new org.jumbocap.dissect.FrameSummary()));
        }
    }

    @Test
    void fieldsAreListedOnceInOrderOfUse() {
        assertEquals(List.of("tcp.port", "jumbo", "expert.id"),
                TestTrees.compile("tcp.port == 1 && (jumbo || tcp.port == 2) && expert.id == x").fields());
    }

    @Test
    void standardRegistryKnowsTheDissectorsFieldsAndTheExpertFields() {
        for (String f : List.of("ipv6.opt.jumbo", "jumbo", "tcp", "jumbo.kind == \"ipv6-hbh\"", "ip.addr == 198.51.100.0/24",
                "ipv6.addr == 2001:db8::/32", "tcp.port in {80 443 8000..8080}", "expert.severity >= warn",
                "expert.group == jumbo", "expert.message contains \"x\"", "udp.port == 4789")) {
            DisplayFilter.compile(f);
        }
        FilterSyntaxException e = assertThrows(FilterSyntaxException.class, () -> DisplayFilter.compile("ipv6.opt.jumb"));
        assertTrue(e.detail().contains("did you mean 'ipv6.opt.jumbo'?"), e.detail());
        assertTrue(DisplayFilter.fields().contains("expert.id"));
    }
}
