package org.jumbocap.displayfilter;

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

    /**
     * A field as a test reads it: whole, sliced ({@code eth.src[0:3]}), masked ({@code tcp.flags & 0x02}),
     * or sliced then masked ({@code eth.dst[0] & 1}).
     *
     * @param slice null unless the field is followed by {@code [...]}
     * @param mask  null unless followed by {@code & value}
     */
    record FieldRef(String name, int column, Slice slice, Literal mask) {
        FieldRef(String name, int column) {
            this(name, column, null, null);
        }

        boolean plain() {
            return slice == null && mask == null;
        }
    }

    /** How a slice range ends, as Wireshark writes it. */
    enum RangeEnd {
        /** {@code [i:n]}, {@code [i]} (n = 1), {@code [:n]} (i = 0). */
        LENGTH,
        /** {@code [i-j]}: to offset j inclusive; j may count from the end. */
        OFFSET,
        /** {@code [i:]}. */
        TO_END
    }

    /** One range of a slice; {@code start} below 0 counts from the end. */
    record SliceRange(int start, RangeEnd end, int value) {
    }

    /** {@code [r1, r2, ...]}: the ranges' bytes one after another. */
    record Slice(List<SliceRange> ranges, int column) {
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
