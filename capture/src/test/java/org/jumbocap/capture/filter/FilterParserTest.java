package org.jumbocap.capture.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jumbocap.capture.filter.CaptureFilterNode.And;
import org.jumbocap.capture.filter.CaptureFilterNode.Or;
import org.jumbocap.capture.filter.CaptureFilterNode.Primitive;
import org.jumbocap.capture.filter.CaptureFilterNode.Relation;
import org.jumbocap.capture.filter.CaptureFilterNode.Verbatim;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class FilterParserTest {
    @ParameterizedTest
    @ValueSource(strings = {"tcp port 443", "udp and host 2001:db8::2", "tcp[tcpflags] & tcp-syn != 0",
            "portrange 1-100", "src port 80", "dst host 10.0.0.1 and not src net 10.0.0.0/8",
            "ip6 and icmp6", "vlan 100 and tcp", "len > 65535", "ip6[6 : 1] = 0",
            "tcp[((tcp[12 : 1] & 0xf0) >> 2) : 4] = 0x47455420", "ether host aa:bb:cc:dd:ee:ff",
            "ip6 proto \\tcp", "tcp src or dst port 80", "not (tcp or udp)", "ip6 protochain 6",
            "ether broadcast or ip multicast", "greater 1000", "host fe80::1 or host ::ffff:192.0.2.1"})
    void printsWhatItParses(String filter) throws Exception {
        CaptureFilterNode tree = FilterParser.parse(filter);
        String printed = FilterPrinter.print(tree);
        assertEquals(tree, FilterParser.parse(printed), printed);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "a or b and c;(a or b) and c",
            "tcp or udp and port 53;(tcp or udp) and port 53",
            "tcp && port 80 || !udp;(tcp and port 80) or not udp",
            "port 80 or 443;port 80 or port 443",
            "tcp dst port 80 or 443 and not 8080;(tcp dst port 80 or tcp dst port 443) and not tcp dst port 8080",
            "host a and (b);host a and b",
            "tcp[13]&2!=0;tcp[13] & 2 != 0",
            "1 + 2 * 3 = len;1 + 2 * 3 = len",
            "(1 + 2) * 3 = len;(1 + 2) * 3 = len",
            "10 - (4 - 3) = len;10 - (4 - 3) = len",
            "ip6[6:1]==0;ip6[6 : 1] == 0"})
    void followsLibpcapPrecedenceAndImpliedQualifiers(String in, String expected) throws Exception {
        assertEquals(expected, FilterPrinter.print(FilterParser.parse(in)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ip[0] | 1 ^ 3 = 0", "ip[0] ^ 1 | 3 = 0", "ip[0] & 1 ^ 3 + 1 = 0", "-ip[0] ^ 2 = 0",
            "ip[0] - 1 - 1 = 0", "ip[0] / 2 * 3 = 1", "ip[0] << 1 + 1 = 4", "ip[2 : 2] - (ip[0] & 0xf) * 4 > 100",
            "tcp port 80 or 443 and not src host 10.0.0.1", "not tcp or udp and port 53",
            "tcp[tcpflags] & (tcp-syn | tcp-ack) = tcp-syn", "icmp6[icmp6type] = icmp6-echo or len <= 128"})
    void thePrintedFormCompilesToTheSameProgram(String filter) throws Exception {
        String printed = FilterPrinter.print(FilterParser.parse(filter));
        assertEquals(BpfCompiler.disassemble(BpfCompiler.compile(filter, 1, 262144)),
                BpfCompiler.disassemble(BpfCompiler.compile(printed, 1, 262144)), printed);
    }

    @Test
    void buildsTypedNodes() throws Exception {
        CaptureFilterNode t = FilterParser.parse("tcp src port 5201 and tcp[13] & 2 != 0 and vlan 7");
        And outer = assertInstanceOf(And.class, t);
        assertInstanceOf(Verbatim.class, outer.right());
        And inner = assertInstanceOf(And.class, outer.left());
        assertEquals(new Primitive("tcp", "src", "port", "5201"), inner.left());
        assertInstanceOf(Relation.class, inner.right());
        assertInstanceOf(Or.class, FilterParser.parse("src or dst host x or y"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"tcp port|9", "host 10.0.0.1 and (port 22 or|30", "tcp[13 & 2 != 0|4",
            "(tcp|5", "port 80 )|9", "tcp and|8", "#|1", "''|1"})
    void reportsTheOneBasedColumnWhereItFails(String filter, int column) {
        CaptureFilterSyntaxException e = assertThrows(CaptureFilterSyntaxException.class, () -> FilterParser.parse(filter));
        assertEquals(column, e.column(), e.getMessage());
    }

    /** Each way of nesting: parentheses in the expression and in arithmetic, not, unary minus, ^. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"|(|tcp|)", "|'not '|tcp|", "'port 1 or '|'not '|2|", "'ip[0] = '|(|1|)",
            "'ip[0] = '|-|1|", "'ip[0] = '|'1 ^ '|1|"})
    void refusesFiltersNestedTooDeepWithTheColumnInsteadOfOverflowingTheStack(String prefix, String level, String core,
                                                                              String close) throws Exception {
        String filter = (prefix == null ? "" : prefix) + level.repeat(1000) + core
                + (close == null ? "" : close.repeat(1000));
        CaptureFilterSyntaxException e = assertThrows(CaptureFilterSyntaxException.class, () -> FilterParser.parse(filter));
        assertTrue(e.exceedsLimits(), e.getMessage());
        assertEquals("nested more than " + FilterParser.MAX_NESTING + " levels deep", e.getMessage());
        // the column is inside the nesting, about where the levels allowed end
        int levelStart = (prefix == null ? 0 : prefix.length());
        int allowedEnd = levelStart + level.length() * FilterParser.MAX_NESTING;
        int offset = e.column() - 1;
        assertTrue(Math.abs(offset - allowedEnd) <= 2 * level.length(), offset + " vs " + allowedEnd);

        String allowed = (prefix == null ? "" : prefix) + level.repeat(150) + core
                + (close == null ? "" : close.repeat(150));
        FilterParser.parse(allowed);
    }

    /** The limit is the documented one: 199 and 200 levels parse, 201 are refused, whichever way they nest. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"|(|tcp port 1|)", "|'not '|tcp|", "'port 1 or '|'not '|2|",
            "'ip[0] = '|(|1|)", "'ip[0] = '|-|1|", "'ip[0] = '|'1 ^ '|1|", "|ip[|0|]", "'tcp and '|(|'not udp'|)"})
    void acceptsExactlyTwoHundredLevels(String prefix, String level, String core, String close) throws Exception {
        for (int levels : new int[] {199, FilterParser.MAX_NESTING, FilterParser.MAX_NESTING + 1}) {
            String filter = (prefix == null ? "" : prefix) + level.repeat(levels) + core
                    + (close == null ? "" : close.repeat(levels)) + (level.equals("ip[") ? " = 1" : "");
            // loads: the outermost brackets are no level, each load inside another is
            int depth = level.equals("ip[") ? levels - 1 : levels;
            if (core.equals("'not udp'") || core.equals("not udp")) {
                depth++;
            }
            if (depth <= FilterParser.MAX_NESTING) {
                FilterParser.parse(filter);
            } else {
                CaptureFilterSyntaxException e = assertThrows(CaptureFilterSyntaxException.class, () -> FilterParser.parse(filter),
                        levels + " levels");
                assertTrue(e.exceedsLimits(), e.getMessage());
            }
        }
    }

    @Test
    void refusesMoreTestsThanTheRewriterFollows() throws Exception {
        StringBuilder chain = new StringBuilder("port 1");
        for (int i = 2; i <= FilterParser.MAX_TESTS; i++) {
            chain.append(i % 2 == 0 ? " or port " : " or ").append(i);
        }
        FilterParser.parse(chain.toString());
        new ExtensionHeaderRewriter().rewrite(chain.toString());
        for (String extra : new String[] {" or port 5", " or 5", " and tcp[13] = 2"}) {
            String longer = chain + extra;
            CaptureFilterSyntaxException e = assertThrows(CaptureFilterSyntaxException.class, () -> FilterParser.parse(longer));
            assertTrue(e.exceedsLimits(), e.getMessage());
            assertEquals("more than " + FilterParser.MAX_TESTS + " tests in one filter", e.getMessage());
            assertTrue(e.column() - 1 > chain.length(), e.column() + " points into the test beyond the limit");
        }
    }
}
