package org.jumbocap.filter;

import java.util.ArrayList;
import java.util.List;
import org.jumbocap.filter.Ast.Expr;
import org.jumbocap.filter.Token.Kind;

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
                return relation(new Ast.FieldRef(t.text(), t.column()));
            }
            case END -> throw error(t, "unexpected end of filter: expected a field name or '('");
            case STRING -> throw error(t, "a string cannot stand alone: compare a field with it, e.g. jumbo.kind == \"" + t.text() + "\"");
            default -> throw error(t, "unexpected " + t.describe() + ": expected a field name or '('");
        }
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
