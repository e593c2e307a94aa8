package org.jumbocap.filter;

import java.util.List;

/** The parsed form of a display filter, before it is checked against the declared fields. */
final class Ast {
    private Ast() {
    }

    sealed interface Expr permits Everything, And, Or, Xor, Not, Presence, Relation, Membership {
    }

    /** The empty filter: every frame passes. */
    record Everything() implements Expr {
    }

    record And(Expr left, Expr right) implements Expr {
    }

    record Or(Expr left, Expr right) implements Expr {
    }

    record Xor(Expr left, Expr right) implements Expr {
    }

    record Not(Expr operand) implements Expr {
    }

    record FieldRef(String name, int column) {
    }

    /**
     * @param text   the literal as written (for a quoted string: its unescaped value)
     * @param quoted written in double quotes
     */
    record Literal(String text, boolean quoted, int column) {
    }

    /** {@code field} alone: true when the frame has it. */
    record Presence(FieldRef field) implements Expr {
    }

    record Relation(FieldRef field, Token.Kind op, int opColumn, Literal value) implements Expr {
    }

    /** One member of a set: a value, or an inclusive range {@code low..high}. */
    record SetItem(Literal low, Literal high) {
    }

    /** {@code field in {...}}, or {@code field not in {...}} when negated. */
    record Membership(FieldRef field, boolean negated, List<SetItem> items) implements Expr {
    }
}
