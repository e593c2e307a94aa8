package org.jumbocap.displayfilter;

import java.util.ArrayList;
import java.util.List;
import org.jumbocap.displayfilter.Ast.Expr;
import org.jumbocap.displayfilter.Token.Kind;

/**
 * Recursive-descent parser for Wireshark's display filter syntax. Precedence, loosest first:
 * {@code or}, {@code xor}, {@code and}, {@code not}; parentheses group.
 */
final class Parser {
    /** Bounds that keep the recursive parser, compiler and evaluator far from the stack's limit. */
    static final int MAX_NESTING = 200;
    static final int MAX_TESTS = 2000;

    private final String src;
    private final List<Token> tokens;
    private int pos;
    private int nesting;
    private int tests;

    private Parser(String src) {
        this.src = src;
        this.tokens = Lexer.tokens(src);
    }

    static Expr parse(String filter) {
        Parser p = new Parser(filter);
        if (p.peek().is(Kind.END)) {
            return new Ast.Everything();
        }
        Expr e = p.or();
        Token t = p.peek();
        if (!t.is(Kind.END)) {
            if (t.is(Kind.RPAREN)) {
                throw p.error(t, "')' without a matching '('");
            }
            throw p.error(t, "unexpected " + t.describe() + ": expected 'and', 'or' or the end of the filter");
        }
        return e;
    }

    private Token peek() {
        return tokens.get(pos);
    }

    private Token next() {
        Token t = tokens.get(pos);
        if (!t.is(Kind.END)) {
            pos++;
        }
        return t;
    }

    private FilterSyntaxException error(Token at, String message) {
        return new FilterSyntaxException(src, at.column(), message);
    }

    private Expr or() {
        Expr left = xor();
        while (peek().is(Kind.OR)) {
            next();
            left = new Ast.Or(left, xor());
        }
        return left;
    }

    private Expr xor() {
        Expr left = and();
        while (peek().is(Kind.XOR)) {
            next();
            left = new Ast.Xor(left, and());
        }
        return left;
    }

    private Expr and() {
        Expr left = unary();
        while (peek().is(Kind.AND)) {
            next();
            left = new Ast.And(left, unary());
        }
        return left;
    }

    private Expr unary() {
        if (peek().is(Kind.NOT)) {
            Token not = next();
            enter(not);
            try {
                return new Ast.Not(unary());
            } finally {
                nesting--;
            }
        }
        return primary();
    }

    private void enter(Token at) {
        if (++nesting > MAX_NESTING) {
            throw error(at, "nested more than " + MAX_NESTING + " deep");
        }
    }

    private Expr primary() {
        Token t = next();
        switch (t.kind()) {
            case LPAREN -> {
                enter(t);
                Expr inner;
                try {
                    inner = or();
                } finally {
                    nesting--;
                }
                Token close = peek();
                if (!close.is(Kind.RPAREN)) {
                    if (close.is(Kind.END)) {
                        throw error(t, "'(' is not closed");
                    }
                    throw error(close, "unexpected " + close.describe() + ": expected ')'");
                }
                next();
                return inner;
            }
            case WORD -> {
                if (++tests > MAX_TESTS) {
                    throw error(t, "more than " + MAX_TESTS + " tests in one filter");
                }
                return relation(fieldRef(t));
            }
            case END -> throw error(t, "unexpected end of filter: expected a field name or '('");
            case STRING -> throw error(t, "a string cannot stand alone: compare a field with it, e.g. jumbo.kind == \"" + t.text() + "\"");
            default -> throw error(t, "unexpected " + t.describe() + ": expected a field name or '('");
        }
    }

    /** A field name, optionally followed by a slice {@code [...]} and a mask {@code & value}. */
    private Ast.FieldRef fieldRef(Token name) {
        Ast.Slice slice = null;
        if (peek().is(Kind.LBRACKET)) {
            slice = slice(next());
        }
        Ast.Literal mask = null;
        if (peek().is(Kind.BITAND)) {
            Token and = next();
            mask = literal("after " + and.describe());
        }
        return new Ast.FieldRef(name.text(), name.column(), slice, mask);
    }

    /** Bounds a slice range so offset arithmetic can never overflow an int. */
    static final int MAX_SLICE_OFFSET = 1 << 30;

    private Ast.Slice slice(Token open) {
        List<Ast.SliceRange> ranges = new ArrayList<>();
        StringBuilder range = new StringBuilder();
        int rangeColumn = -1;
        while (true) {
            Token t = next();
            if (t.is(Kind.WORD)) {
                if (range.length() > 0) {
                    throw error(t, "unexpected " + t.describe() + " in a slice: separate ranges with ','");
                }
                range.append(t.text());
                rangeColumn = t.column();
            } else if (t.is(Kind.COMMA) || t.is(Kind.RBRACKET)) {
                if (range.length() == 0) {
                    throw error(t, "empty slice range: write [offset:length], [from-to], [offset], [:length] or [offset:]");
                }
                ranges.add(sliceRange(range.toString(), rangeColumn));
                range.setLength(0);
                if (t.is(Kind.RBRACKET)) {
                    return new Ast.Slice(List.copyOf(ranges), open.column());
                }
            } else if (t.is(Kind.END)) {
                throw error(open, "'[' is not closed");
            } else {
                throw error(t, "unexpected " + t.describe() + " in a slice: write [offset:length], [from-to], [offset], [:length] or [offset:]");
            }
        }
    }

    /** {@code i}, {@code i:n}, {@code :n}, {@code i:}, {@code i-j}; i and j may be negative (from the end). */
    private Ast.SliceRange sliceRange(String text, int column) {
        int[] at = {0};
        String bad = "bad slice range '" + text + "': write [offset:length], [from-to], [offset], [:length] or [offset:]";
        Integer start = text.startsWith(":") ? Integer.valueOf(0) : sliceNumber(text, at);
        if (start == null) {
            throw new FilterSyntaxException(src, column, bad);
        }
        if (at[0] == text.length()) {
            return new Ast.SliceRange(start, Ast.RangeEnd.LENGTH, 1);
        }
        char sep = text.charAt(at[0]++);
        if (sep == ':' && at[0] == text.length()) {
            if (text.startsWith(":")) {
                throw new FilterSyntaxException(src, column, bad);
            }
            return new Ast.SliceRange(start, Ast.RangeEnd.TO_END, 0);
        }
        Integer second = sliceNumber(text, at);
        if (second == null || at[0] != text.length() || sep != ':' && sep != '-') {
            throw new FilterSyntaxException(src, column, bad);
        }
        if (sep == ':') {
            if (second <= 0) {
                throw new FilterSyntaxException(src, column, "slice length must be at least 1 in '" + text + "'");
            }
            return new Ast.SliceRange(start, Ast.RangeEnd.LENGTH, second);
        }
        if (start >= 0 && second >= 0 && second < start) {
            throw new FilterSyntaxException(src, column, "slice range '" + text + "' ends before it starts");
        }
        return new Ast.SliceRange(start, Ast.RangeEnd.OFFSET, second);
    }

    /** A decimal offset at {@code at[0]}, optionally negative; advances {@code at[0]}. */
    private static Integer sliceNumber(String text, int[] at) {
        int i = at[0];
        boolean negative = i < text.length() && text.charAt(i) == '-';
        if (negative) {
            i++;
        }
        int digitsFrom = i;
        long v = 0;
        while (i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
            v = v * 10 + (text.charAt(i) - '0');
            if (v > MAX_SLICE_OFFSET) {
                return null;
            }
            i++;
        }
        if (i == digitsFrom) {
            return null;
        }
        at[0] = i;
        return (int) (negative ? -v : v);
    }

    private Expr relation(Ast.FieldRef field) {
        Token t = peek();
        if (t.isComparison()) {
            next();
            return new Ast.Relation(field, t.kind(), t.column(), literal("after " + t.describe()));
        }
        if (t.is(Kind.IN)) {
            next();
            return new Ast.Membership(field, false, set());
        }
        if (t.is(Kind.NOT) && tokens.get(pos + 1).is(Kind.IN)) {
            next();
            next();
            return new Ast.Membership(field, true, set());
        }
        return new Ast.Presence(field);
    }

    private Ast.Literal literal(String where) {
        Token t = next();
        if (t.is(Kind.WORD) || t.is(Kind.STRING)) {
            return new Ast.Literal(t.text(), t.is(Kind.STRING), t.column());
        }
        if (t.is(Kind.END)) {
            throw error(t, "unexpected end of filter: expected a value " + where);
        }
        throw error(t, "unexpected " + t.describe() + ": expected a value " + where);
    }

    private List<Ast.SetItem> set() {
        Token open = next();
        if (!open.is(Kind.LBRACE)) {
            throw error(open, "expected '{' after 'in'");
        }
        List<Ast.SetItem> items = new ArrayList<>();
        while (true) {
            Token t = peek();
            if (t.is(Kind.RBRACE)) {
                next();
                if (items.isEmpty()) {
                    throw error(t, "empty set: put at least one value between the braces");
                }
                return items;
            }
            if (t.is(Kind.END)) {
                throw error(open, "'{' is not closed");
            }
            if (t.is(Kind.COMMA) && !items.isEmpty()) {
                next();
                continue;
            }
            Ast.Literal low = literal("in the set");
            Ast.Literal high = null;
            if (peek().is(Kind.RANGE)) {
                Token range = next();
                high = literal("after " + range.describe());
            }
            items.add(new Ast.SetItem(low, high));
        }
    }
}
