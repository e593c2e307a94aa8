package org.jumbocap.capture.filter;

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

/**
 * Prints a filter tree as libpcap filter text. Parentheses are added wherever libpcap's equal-precedence
 * {@code and}/{@code or} would otherwise regroup the tree, so {@code parse(print(t))} equals {@code t}.
 */
public final class FilterPrinter {
    private FilterPrinter() {
    }

    public static String print(CaptureFilterNode node) {
        StringBuilder s = new StringBuilder();
        node(s, node);
        return s.toString();
    }

    public static String print(Arith a) {
        StringBuilder s = new StringBuilder();
        arith(s, a, -1, false);
        return s.toString();
    }

    private static void node(StringBuilder s, CaptureFilterNode node) {
        if (node instanceof And a) {
            binary(s, a, a.left(), "and", a.right());
        } else if (node instanceof Or o) {
            binary(s, o, o.left(), "or", o.right());
        } else if (node instanceof Not n) {
            s.append("not ");
            grouped(s, n.operand(), n.operand() instanceof And || n.operand() instanceof Or);
        } else if (node instanceof Primitive p) {
            StringBuilder t = new StringBuilder();
            for (String part : new String[] {p.proto(), p.dir(), p.type(), p.value()}) {
                if (part != null) {
                    if (t.length() > 0) {
                        t.append(' ');
                    }
                    t.append(part);
                }
            }
            s.append(t);
        } else if (node instanceof Relation r) {
            arith(s, r.left(), -1, false);
            s.append(' ').append(r.op()).append(' ');
            arith(s, r.right(), -1, false);
        } else if (node instanceof Verbatim v) {
            s.append(v.text());
        }
    }

    private static void binary(StringBuilder s, CaptureFilterNode self, CaptureFilterNode left, String op, CaptureFilterNode right) {
        boolean leftGroup = (left instanceof And || left instanceof Or) && left.getClass() != self.getClass();
        grouped(s, left, leftGroup);
        s.append(' ').append(op).append(' ');
        grouped(s, right, right instanceof And || right instanceof Or);
    }

    private static void grouped(StringBuilder s, CaptureFilterNode n, boolean parens) {
        if (parens) {
            s.append('(');
        }
        node(s, n);
        if (parens) {
            s.append(')');
        }
    }

    /** Prints an arithmetic node, parenthesized when its operator binds looser than the context needs. */
    private static void arith(StringBuilder s, Arith a, int contextLevel, boolean rightOperand) {
        if (a instanceof Num n) {
            s.append(n.text());
        } else if (a instanceof Len) {
            s.append("len");
        } else if (a instanceof Load l) {
            s.append(l.proto()).append('[');
            arith(s, l.offset(), -1, false);
            if (l.size() != 0) {
                s.append(" : ").append(l.size());
            }
            s.append(']');
        } else if (a instanceof Negate n) {
            s.append('-');
            boolean parens = !(n.operand() instanceof Num || n.operand() instanceof Load
                    || n.operand() instanceof Len);
            if (parens) {
                s.append('(');
            }
            arith(s, n.operand(), -1, false);
            if (parens) {
                s.append(')');
            }
        } else if (a instanceof Binary b && b.op().equals("^")) {
            // Printed fully grouped so libpcap's precedence-less '^' reads back as the same tree.
            boolean leftParens = b.left() instanceof Binary || b.left() instanceof Negate;
            s.append('(');
            s.append(leftParens ? "(" : "");
            arith(s, b.left(), -1, false);
            s.append(leftParens ? ")" : "").append(" ^ (");
            arith(s, b.right(), -1, false);
            s.append("))");
        } else if (a instanceof Binary b) {
            int level = CaptureFilterNode.precedence(b.op());
            boolean parens = level < contextLevel || (level == contextLevel && rightOperand);
            if (parens) {
                s.append('(');
            }
            arith(s, b.left(), level, false);
            s.append(' ').append(b.op()).append(' ');
            arith(s, b.right(), level, true);
            if (parens) {
                s.append(')');
            }
        }
    }
}
