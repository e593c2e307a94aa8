package org.jumbocap.capture.filter;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jumbocap.capture.filter.CaptureFilterNode.And;
import org.jumbocap.capture.filter.CaptureFilterNode.Arith;
import org.jumbocap.capture.filter.CaptureFilterNode.Binary;
import org.jumbocap.capture.filter.CaptureFilterNode.Len;
import org.jumbocap.capture.filter.CaptureFilterNode.Load;
import org.jumbocap.capture.filter.CaptureFilterNode.Negate;
import org.jumbocap.capture.filter.CaptureFilterNode.Not;
import org.jumbocap.capture.filter.CaptureFilterNode.Num;
import org.jumbocap.capture.filter.CaptureFilterNode.Or;
import org.jumbocap.capture.filter.CaptureFilterNode.Primitive;
import org.jumbocap.capture.filter.CaptureFilterNode.Relation;
import org.jumbocap.capture.filter.CaptureFilterNode.Verbatim;
import org.jumbocap.capture.filter.FilterToken.Kind;

/**
 * Parses libpcap's filter language (pcap-filter(7)) into a {@link CaptureFilterNode} tree. Follows libpcap's
 * rules where they matter for rewriting: {@code and} and {@code or} have equal precedence and associate
 * left to right, {@code not} binds tightest, and a bare identifier after {@code and}/{@code or} takes
 * the qualifiers of the primitive before it ({@code port 80 or 443} is {@code port 80 or port 443}).
 * Primitives whose meaning jumbocap does not need are kept verbatim.
 */
public final class FilterParser {
    static final Set<String> PROTO_QUALIFIERS = Set.of("ether", "fddi", "tr", "wlan", "ip", "ip6", "arp", "rarp",
            "decnet", "tcp", "udp", "sctp", "icmp", "icmp6", "igmp", "igrp", "pim", "vrrp", "carp", "ah", "esp",
            "link", "ppp", "slip", "radio", "iso", "esis", "isis", "clnp", "atalk", "aarp", "lat", "sca", "moprc",
            "mopdl", "stp", "ipx", "netbeui", "l1", "l2", "iih", "lsp", "snp", "csnp", "psnp");
    static final Set<String> DIRECTIONS = Set.of("src", "dst", "ra", "ta", "addr1", "addr2", "addr3", "addr4");
    static final Set<String> TYPES = Set.of("host", "net", "port", "portrange", "gateway", "proto", "protochain");
    /** Words that begin some other primitive, so they are never a bare identifier. */
    static final Set<String> OTHER_KEYWORDS = Set.of("vlan", "mpls", "pppoed", "pppoes", "geneve", "less", "greater",
            "broadcast", "multicast", "inbound", "outbound", "ifindex", "ifname", "on", "rnr", "rulenum", "reason",
            "rset", "ruleset", "srnr", "subrulenum", "action", "llc", "type", "subtype", "dir", "len", "mask",
            "fisu", "lssu", "msu", "sio", "opc", "dpc", "sls", "hfisu", "hlssu", "hmsu", "hsio", "hopc", "hdpc",
            "hsls", "atmfield", "metac", "bcc", "sc", "ilmic", "oamf4ec", "oamf4sc", "oam", "oamf4", "connectmsg",
            "metaconnect", "vpi", "vci", "lane", "le");
    /** libpcap's named constants usable in arithmetic. */
    static final Set<String> NAMED_CONSTANTS = Set.of("tcpflags", "tcp-fin", "tcp-syn", "tcp-rst", "tcp-push",
            "tcp-ack", "tcp-urg", "tcp-ece", "tcp-cwr", "icmptype", "icmpcode", "icmp-echoreply", "icmp-unreach",
            "icmp-sourcequench", "icmp-redirect", "icmp-echo", "icmp-routeradvert", "icmp-routersolicit",
            "icmp-timxceed", "icmp-paramprob", "icmp-tstamp", "icmp-tstampreply", "icmp-ireq", "icmp-ireqreply",
            "icmp-maskreq", "icmp-maskreply", "icmp6type", "icmp6code", "icmp6-destinationunreach",
            "icmp6-packettoobig", "icmp6-timeexceeded", "icmp6-parameterproblem", "icmp6-echo", "icmp6-echoreply",
            "icmp6-multicastlistenerquery", "icmp6-multicastlistenerreportv1", "icmp6-multicastlistenerdone",
            "icmp6-routersolicit", "icmp6-routeradvert", "icmp6-neighborsolicit", "icmp6-neighboradvert",
            "icmp6-redirect", "icmp6-routerrenum", "icmp6-nodeinformationquery",
            "icmp6-nodeinformationresponse", "icmp6-ineighbordiscoverysolicit",
            "icmp6-ineighbordiscoveryadvert", "icmp6-multicastlistenerreportv2", "icmp6-homeagentdiscoveryrequest",
            "icmp6-homeagentdiscoveryreply", "icmp6-mobileprefixsolicit", "icmp6-mobileprefixadvert",
            "icmp6-certpathsolicit", "icmp6-certpathadvert", "icmp6-multicastrouteradvert",
            "icmp6-multicastroutersolicit", "icmp6-multicastrouterterm");

    /** Nesting (parentheses, not, unary minus, ^) beyond which a filter is refused: keeps the recursive parser, rewriter and printer far from the stack's limit, as display filters do. */
    public static final int MAX_NESTING = 200;
    /** Tests (primitives and relations) beyond which a filter is refused: and/or chains make trees as deep as they are long. */
    public static final int MAX_TESTS = 1000;

    private final String source;
    private final List<FilterToken> tokens;
    private int pos;
    private int nesting;
    private int openLoads;
    private int tests;
    private Primitive lastQualified;

    private FilterParser(String source, List<FilterToken> tokens) {
        this.source = source;
        this.tokens = tokens;
    }

    /** Parses a whole filter; an empty filter is an error (callers treat "no filter" separately). */
    public static CaptureFilterNode parse(String source) throws CaptureFilterSyntaxException {
        FilterParser p = new FilterParser(source, FilterLexer.tokenize(source));
        if (p.peek().is(Kind.EOF)) {
            throw new CaptureFilterSyntaxException("empty filter", 0);
        }
        CaptureFilterNode node = p.expression();
        if (!p.peek().is(Kind.EOF)) {
            throw p.error("unexpected '" + p.peek().text() + "'");
        }
        return node;
    }

    private FilterToken peek() {
        return tokens.get(pos);
    }

    private FilterToken peek(int ahead) {
        return tokens.get(Math.min(pos + ahead, tokens.size() - 1));
    }

    private FilterToken next() {
        FilterToken t = tokens.get(pos);
        if (!t.is(Kind.EOF)) {
            pos++;
        }
        return t;
    }

    private CaptureFilterSyntaxException error(String message) {
        return new CaptureFilterSyntaxException(message, peek().start());
    }

    private CaptureFilterNode expression() throws CaptureFilterSyntaxException {
        CaptureFilterNode left = unary();
        while (peek().is(Kind.AND) || peek().is(Kind.OR)) {
            boolean and = next().is(Kind.AND);
            CaptureFilterNode right = operandAfterConnective();
            left = and ? new And(left, right) : new Or(left, right);
        }
        return left;
    }

    /** An operand after and/or, where a bare identifier inherits the previous qualifiers. */
    private CaptureFilterNode operandAfterConnective() throws CaptureFilterSyntaxException {
        int nots = 0;
        while (peek(nots).is(Kind.NOT)) {
            nots++;
        }
        FilterToken candidate = peek(nots);
        if (lastQualified != null && lastQualified.type() != null && isBareIdentifier(candidate)
                && isBoundary(peek(nots + 1))) {
            if (nesting + nots > MAX_NESTING) {
                throw new CaptureFilterSyntaxException("nested more than " + MAX_NESTING + " levels deep",
                        peek(MAX_NESTING - nesting).start(), true);
            }
            if (++tests > MAX_TESTS) {
                throw new CaptureFilterSyntaxException("more than " + MAX_TESTS + " tests in one filter", candidate.start(), true);
            }
            pos += nots + 1;
            CaptureFilterNode node = new Primitive(lastQualified.proto(), lastQualified.dir(), lastQualified.type(),
                    candidate.text());
            for (int i = 0; i < nots; i++) {
                node = new Not(node);
            }
            return node;
        }
        return unary();
    }

    private static boolean isBareIdentifier(FilterToken t) {
        if (t.is(Kind.ESCAPED)) {
            return true;
        }
        if (!t.is(Kind.WORD)) {
            return false;
        }
        String w = t.text().toLowerCase(Locale.ROOT);
        return !PROTO_QUALIFIERS.contains(w) && !DIRECTIONS.contains(w) && !TYPES.contains(w)
                && !OTHER_KEYWORDS.contains(w);
    }

    private static boolean isBoundary(FilterToken t) {
        return t.is(Kind.AND) || t.is(Kind.OR) || t.is(Kind.RPAREN) || t.is(Kind.EOF);
    }

    private CaptureFilterNode unary() throws CaptureFilterSyntaxException {
        if (!peek().is(Kind.NOT)) {
            return term();
        }
        enter();
        try {
            next();
            return new Not(operandAfterConnective());
        } finally {
            nesting--;
        }
    }

    /**
     * One level deeper: a parenthesis, {@code not}, unary minus, {@code ^} or a load inside a load. Only these
     * count, so a primitive inside 200 parentheses is 200 levels deep, as the limit is documented.
     */
    private void enter() throws CaptureFilterSyntaxException {
        if (++nesting > MAX_NESTING) {
            throw new CaptureFilterSyntaxException("nested more than " + MAX_NESTING + " levels deep", peek().start(),
                    true);
        }
    }

    private CaptureFilterNode term() throws CaptureFilterSyntaxException {
        if (!peek().is(Kind.LPAREN) && ++tests > MAX_TESTS) {
            throw new CaptureFilterSyntaxException("more than " + MAX_TESTS + " tests in one filter", peek().start(), true);
        }
        int save = pos;
        Relation relation = tryRelation();
        if (relation != null) {
            return relation;
        }
        pos = save;
        if (peek().is(Kind.LPAREN)) {
            enter();
            try {
                next();
                CaptureFilterNode inner = expression();
                if (!peek().is(Kind.RPAREN)) {
                    throw error("expected ')'");
                }
                next();
                return inner;
            } finally {
                nesting--;
            }
        }
        return primitive();
    }

    private Relation tryRelation() throws CaptureFilterSyntaxException {
        try {
            Arith left = arith(0);
            if (!peek().is(Kind.RELOP)) {
                return null;
            }
            String op = next().text();
            Arith right = arith(0);
            return new Relation(left, op, right);
        } catch (CaptureFilterSyntaxException e) {
            if (e.exceedsLimits()) {
                throw e;
            }
            return null;
        }
    }

    private Arith arith(int level) throws CaptureFilterSyntaxException {
        if (level == CaptureFilterNode.ARITH_LEVELS.size()) {
            return arithPrimary();
        }
        Arith left = arith(level + 1);
        while (peek().is(Kind.ARITH) && CaptureFilterNode.ARITH_LEVELS.get(level).contains(peek().text())) {
            String op = next().text();
            left = new Binary(left, op, arith(level + 1));
        }
        return left;
    }

    /**
     * A primary, and a following {@code ^} with everything after it: libpcap's grammar gives {@code ^} no
     * precedence, so its parser always shifts on it; {@code a + b ^ c + d} is {@code a + (b ^ (c + d))}.
     */
    private Arith arithPrimary() throws CaptureFilterSyntaxException {
        Arith primary = arithOperand();
        if (!peek().is(Kind.ARITH) || !peek().text().equals("^")) {
            return primary;
        }
        enter();
        try {
            next();
            return new Binary(primary, "^", arith(0));
        } finally {
            nesting--;
        }
    }

    private Arith arithOperand() throws CaptureFilterSyntaxException {
        FilterToken t = peek();
        if (t.is(Kind.ARITH) && t.text().equals("-")) {
            enter();
            try {
                next();
                return new Negate(arithPrimary());
            } finally {
                nesting--;
            }
        }
        if (t.is(Kind.LPAREN)) {
            enter();
            try {
                next();
                Arith inner = arith(0);
                if (!peek().is(Kind.RPAREN)) {
                    throw error("expected ')'");
                }
                next();
                return inner;
            } finally {
                nesting--;
            }
        }
        if (t.is(Kind.WORD)) {
            String w = t.text().toLowerCase(Locale.ROOT);
            if (peek(1).is(Kind.LBRACK)) {
                return load(w);
            }
            if (w.equals("len")) {
                next();
                return new Len();
            }
            if (isNumber(w) || NAMED_CONSTANTS.contains(w)) {
                next();
                return new Num(t.text());
            }
        }
        throw error("expected a number, 'len' or a load");
    }

    private Arith load(String w) throws CaptureFilterSyntaxException {
        // a load inside a load's offset is a level; the outermost brackets of ip[0] are not
        boolean nested = openLoads > 0;
        if (nested) {
            enter();
        }
        openLoads++;
        try {
            next();
            next();
            Arith offset = arith(0);
            int size = 0;
            if (peek().is(Kind.COLON)) {
                next();
                FilterToken s = next();
                if (!s.is(Kind.WORD) || !(s.text().equals("1") || s.text().equals("2") || s.text().equals("4"))) {
                    throw new CaptureFilterSyntaxException("load size must be 1, 2 or 4", s.start());
                }
                size = Integer.parseInt(s.text());
            }
            if (!peek().is(Kind.RBRACK)) {
                throw error("expected ']'");
            }
            next();
            return new Load(w, offset, size);
        } finally {
            openLoads--;
            if (nested) {
                nesting--;
            }
        }
    }

    static boolean isNumber(String w) {
        return w.matches("0[xX][0-9a-fA-F]+|[0-9]+");
    }

    private CaptureFilterNode primitive() throws CaptureFilterSyntaxException {
        int start = pos;
        String proto = null;
        String dir = null;
        String type = null;
        FilterToken t = peek();
        if (t.is(Kind.WORD) && PROTO_QUALIFIERS.contains(lower(t))) {
            proto = lower(next());
        }
        t = peek();
        if (t.is(Kind.WORD) && DIRECTIONS.contains(lower(t))) {
            dir = lower(next());
            if ((dir.equals("src") || dir.equals("dst")) && (peek().is(Kind.AND) || peek().is(Kind.OR))
                    && peek(1).is(Kind.WORD) && (lower(peek(1)).equals("src") || lower(peek(1)).equals("dst"))
                    && !lower(peek(1)).equals(dir)) {
                String connective = peek().is(Kind.AND) ? "and" : "or";
                next();
                dir = "src " + connective + " dst";
                next();
            }
        }
        t = peek();
        if (t.is(Kind.WORD) && TYPES.contains(lower(t))) {
            type = lower(next());
        }
        if (proto == null && dir == null && type == null) {
            return verbatim(start);
        }
        if (isBoundary(peek())) {
            if (type != null || dir != null) {
                throw error("expected a value after '" + tokens.get(pos - 1).text() + "'");
            }
            Primitive p = new Primitive(proto, null, null, null);
            return p;
        }
        if (type == null && dir == null) {
            // "ip multicast", "ether broadcast", "ip6 2001:db8::1": not a form the rewriter needs.
            pos = start;
            return verbatim(start);
        }
        int valueStart = peek().start();
        int valueEnd = valueStart;
        while (!isBoundary(peek())) {
            if (!isVerbatimToken(peek())) {
                throw error("unexpected '" + peek().text() + "'");
            }
            valueEnd = next().end();
        }
        Primitive p = new Primitive(proto, dir, type, source.substring(valueStart, valueEnd));
        lastQualified = p;
        return p;
    }

    /** A primitive kept as written: every token up to the next and/or/closing parenthesis. */
    private CaptureFilterNode verbatim(int startToken) throws CaptureFilterSyntaxException {
        pos = startToken;
        if (isBoundary(peek())) {
            throw error(peek().is(Kind.EOF) ? "filter ends early" : "unexpected '" + peek().text() + "'");
        }
        int from = peek().start();
        int to = from;
        while (!isBoundary(peek())) {
            if (!isVerbatimToken(peek())) {
                throw error("unexpected '" + peek().text() + "'");
            }
            to = next().end();
        }
        lastQualified = null;
        return new Verbatim(source.substring(from, to));
    }

    /** Tokens a primitive's identifier can be made of: names, numbers, addresses, and '/' of a prefix. */
    private static boolean isVerbatimToken(FilterToken t) {
        return t.is(Kind.WORD) || t.is(Kind.ESCAPED) || (t.is(Kind.ARITH) && t.text().equals("/"));
    }

    private static String lower(FilterToken t) {
        return t.text().toLowerCase(Locale.ROOT);
    }
}
