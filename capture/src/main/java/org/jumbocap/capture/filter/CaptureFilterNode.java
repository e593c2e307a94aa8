package org.jumbocap.capture.filter;

import java.util.List;

/**
 * The tree of a libpcap capture filter. Boolean nodes combine primitives; {@link Primitive} is the
 * qualifier form ({@code tcp src port 80}), {@link Relation} the arithmetic form ({@code tcp[13] & 2 !=
 * 0}), {@link Verbatim} any other primitive kept exactly as written ({@code vlan 100}, {@code ether
 * broadcast}).
 */
public sealed interface CaptureFilterNode {
    record And(CaptureFilterNode left, CaptureFilterNode right) implements CaptureFilterNode {
    }

    record Or(CaptureFilterNode left, CaptureFilterNode right) implements CaptureFilterNode {
    }

    record Not(CaptureFilterNode operand) implements CaptureFilterNode {
    }

    /**
     * {@code [proto] [dir] [type] [value]}; absent parts are null. {@code value} is the source text of the
     * identifier ({@code 443}, {@code 1-100}, {@code 10.0.0.0/8}, {@code \tcp}).
     */
    record Primitive(String proto, String dir, String type, String value) implements CaptureFilterNode {
        public boolean hasType(String t) {
            return t.equalsIgnoreCase(type);
        }

        public boolean hasProto(String p) {
            return p.equalsIgnoreCase(proto);
        }
    }

    /** {@code left op right} with op one of = == != < <= > >=. */
    record Relation(Arith left, String op, Arith right) implements CaptureFilterNode {
    }

    /** A primitive jumbocap does not model, kept as its source text. */
    record Verbatim(String text) implements CaptureFilterNode {
    }

    /** Arithmetic expressions of relations. */
    sealed interface Arith {
    }

    /** A number or a libpcap named constant ({@code tcpflags}, {@code tcp-syn}), kept as written. */
    record Num(String text) implements Arith {
        public static Num of(long v) {
            return new Num(Long.toString(v));
        }
    }

    /** The packet's length on the wire ({@code len}). */
    record Len() implements Arith {
    }

    /** {@code proto[offset]} or {@code proto[offset : size]}; size 0 means the one-byte default. */
    record Load(String proto, Arith offset, int size) implements Arith {
    }

    record Binary(Arith left, String op, Arith right) implements Arith {
    }

    record Negate(Arith operand) implements Arith {
    }

    /** Operators in libpcap's precedence order, lowest first; {@code ^} has none (see the parser). */
    List<List<String>> ARITH_LEVELS = List.of(List.of("|"), List.of("&"), List.of("<<", ">>"),
            List.of("+", "-"), List.of("*", "/", "%"));

    /** The precedence level of an operator; -1 for {@code ^}, which libpcap's grammar leaves without one. */
    static int precedence(String op) {
        if (op.equals("^")) {
            return -1;
        }
        for (int i = 0; i < ARITH_LEVELS.size(); i++) {
            if (ARITH_LEVELS.get(i).contains(op)) {
                return i;
            }
        }
        throw new IllegalArgumentException(op);
    }
}
