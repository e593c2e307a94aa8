package org.jumbocap.displayfilter;

import java.util.List;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.pipeline.tcp.TcpAnalysis;

/** A compiled filter expression, evaluable on a frame's collected field values or on a fast summary. */
abstract class FilterNode {
    abstract boolean onTree(FieldValues values);

    /** Only called when {@link #fastCapable()} holds for the whole filter. */
    abstract boolean onFast(FrameSummary s, TcpAnalysis a);

    abstract boolean fastCapable();

    static final class Everything extends FilterNode {
        @Override
        boolean onTree(FieldValues values) {
            return true;
        }

        @Override
        boolean onFast(FrameSummary s, TcpAnalysis a) {
            return true;
        }

        @Override
        boolean fastCapable() {
            return true;
        }
    }

    static final class And extends FilterNode {
        private final FilterNode left;
        private final FilterNode right;

        And(FilterNode left, FilterNode right) {
            this.left = left;
            this.right = right;
        }

        @Override
        boolean onTree(FieldValues v) {
            return left.onTree(v) && right.onTree(v);
        }

        @Override
        boolean onFast(FrameSummary s, TcpAnalysis a) {
            return left.onFast(s, a) && right.onFast(s, a);
        }

        @Override
        boolean fastCapable() {
            return left.fastCapable() && right.fastCapable();
        }
    }

    static final class Or extends FilterNode {
        private final FilterNode left;
        private final FilterNode right;

        Or(FilterNode left, FilterNode right) {
            this.left = left;
            this.right = right;
        }

        @Override
        boolean onTree(FieldValues v) {
            return left.onTree(v) || right.onTree(v);
        }

        @Override
        boolean onFast(FrameSummary s, TcpAnalysis a) {
            return left.onFast(s, a) || right.onFast(s, a);
        }

        @Override
        boolean fastCapable() {
            return left.fastCapable() && right.fastCapable();
        }
    }

    static final class Xor extends FilterNode {
        private final FilterNode left;
        private final FilterNode right;

        Xor(FilterNode left, FilterNode right) {
            this.left = left;
            this.right = right;
        }

        @Override
        boolean onTree(FieldValues v) {
            return left.onTree(v) ^ right.onTree(v);
        }

        @Override
        boolean onFast(FrameSummary s, TcpAnalysis a) {
            return left.onFast(s, a) ^ right.onFast(s, a);
        }

        @Override
        boolean fastCapable() {
            return left.fastCapable() && right.fastCapable();
        }
    }

    static final class Not extends FilterNode {
        private final FilterNode operand;

        Not(FilterNode operand) {
            this.operand = operand;
        }

        @Override
        boolean onTree(FieldValues v) {
            return !operand.onTree(v);
        }

        @Override
        boolean onFast(FrameSummary s, TcpAnalysis a) {
            return !operand.onFast(s, a);
        }

        @Override
        boolean fastCapable() {
            return operand.fastCapable();
        }
    }

    static final class Presence extends FilterNode {
        private final int slot;
        private final FastField fast;

        Presence(int slot, FastField fast) {
            this.slot = slot;
            this.fast = fast;
        }

        @Override
        boolean onTree(FieldValues v) {
            return !v.get(slot).isEmpty();
        }

        @Override
        boolean onFast(FrameSummary s, TcpAnalysis a) {
            return fast.count(s, a) > 0;
        }

        @Override
        boolean fastCapable() {
            return fast != null;
        }
    }

    /**
     * What a test reads from each occurrence of its field: the value, the bytes (in place), a slice of
     * the bytes, or the bytes masked. {@link #NO_VALUE} means the occurrence has nothing to test (a
     * slice past its end) and is passed over as if absent.
     */
    abstract static class Operand {
        static final Object NO_VALUE = new Object();

        static final Operand VALUE = new Operand() {
            @Override
            Object of(Object occurrence, FieldValues v) {
                return FieldValues.value(occurrence);
            }
        };

        static final Operand BYTES = new Operand() {
            @Override
            Object of(Object occurrence, FieldValues v) {
                ByteView b = v.bytes(occurrence);
                return b == null ? NO_VALUE : b;
            }
        };

        abstract Object of(Object occurrence, FieldValues v);

        static Operand slice(Operand bytes, List<Ast.SliceRange> ranges) {
            return new Operand() {
                @Override
                Object of(Object occurrence, FieldValues v) {
                    Object b = bytes.of(occurrence, v);
                    ByteView s = b instanceof ByteView view ? view.slice(ranges) : null;
                    return s == null ? NO_VALUE : s;
                }
            };
        }

        static Operand masked(Operand bytes, byte[] mask) {
            return new Operand() {
                @Override
                Object of(Object occurrence, FieldValues v) {
                    Object b = bytes.of(occurrence, v);
                    return b instanceof ByteView view ? view.and(mask) : NO_VALUE;
                }
            };
        }
    }

    /**
     * A value test over every occurrence of a field. With {@code all} false the relation holds when some
     * occurrence passes; with {@code all} true, when every one does. {@code negate} flips each
     * occurrence's result first ({@code !=} is "all not equal"). A field the frame lacks never matches.
     * An occurrence with no value for the operand (a slice past its end) is passed over, so as in
     * Wireshark 4 {@code tcp[100:2] == 00:00} is false on a short header and {@code tcp[100:2] != 00:00}
     * true: no slice equals.
     */
    static final class Relation extends FilterNode {
        private final int slot;
        private final FastField fast;
        private final Operand operand;
        private final ValuePredicate test;
        private final boolean all;
        private final boolean negate;

        Relation(int slot, FastField fast, ValuePredicate test, boolean all, boolean negate) {
            this(slot, fast, Operand.VALUE, test, all, negate);
        }

        /** {@code fast} must be null unless the operand is the value. */
        Relation(int slot, FastField fast, Operand operand, ValuePredicate test, boolean all, boolean negate) {
            this.slot = slot;
            this.fast = operand == Operand.VALUE ? fast : null;
            this.operand = operand;
            this.test = test;
            this.all = all;
            this.negate = negate;
        }

        @Override
        boolean onTree(FieldValues v) {
            List<Object> values = v.get(slot);
            if (values.isEmpty()) {
                return false;
            }
            for (int i = 0; i < values.size(); i++) {
                Object x = operand.of(values.get(i), v);
                if (x == Operand.NO_VALUE) {
                    continue;
                }
                boolean r = test.test(x) != negate;
                if (r != all) {
                    return r;
                }
            }
            return all;
        }

        @Override
        boolean onFast(FrameSummary s, TcpAnalysis a) {
            int n = fast.count(s, a);
            if (n == 0) {
                return false;
            }
            for (int i = 0; i < n; i++) {
                boolean r = fast.test(s, a, i, test) != negate;
                if (r != all) {
                    return r;
                }
            }
            return all;
        }

        @Override
        boolean fastCapable() {
            return fast != null;
        }
    }

    /**
     * A slice or masked bytes compared with the bytes of another field ({@code frame[6:6] == eth.src}):
     * every pair of occurrences, with the any / all rules of {@link Relation}; never on the fast path.
     */
    static final class BytesRelation extends FilterNode {
        private final int left;
        private final Operand leftOperand;
        private final int right;
        private final Token.Kind op;
        private final boolean all;
        private final boolean negate;

        BytesRelation(int left, Operand leftOperand, int right, Token.Kind op, boolean all, boolean negate) {
            this.left = left;
            this.leftOperand = leftOperand;
            this.right = right;
            this.op = op;
            this.all = all;
            this.negate = negate;
        }

        @Override
        boolean onTree(FieldValues v) {
            List<Object> a = v.get(left);
            List<Object> b = v.get(right);
            if (a.isEmpty() || b.isEmpty()) {
                return false;
            }
            for (Object occurrence : a) {
                Object x = leftOperand.of(occurrence, v);
                if (!(x instanceof ByteView bx)) {
                    continue;
                }
                for (Object other : b) {
                    ByteView by = v.bytes(other);
                    if (by == null) {
                        continue;
                    }
                    int c = java.util.Arrays.compareUnsigned(bx.array, bx.from, bx.from + bx.length, by.array, by.from,
                            by.from + by.length);
                    boolean r = ValuePredicate.compare(op, c) != negate;
                    if (r != all) {
                        return r;
                    }
                }
            }
            return all;
        }

        @Override
        boolean onFast(FrameSummary s, TcpAnalysis a) {
            throw new IllegalStateException("byte comparisons need the tree");
        }

        @Override
        boolean fastCapable() {
            return false;
        }
    }

    /**
     * Two fields compared with each other ({@code frame.cap_len < frame.len}): every pair of their
     * occurrences is tested, with the same any / all rules as {@link Relation}.
     */
    static final class FieldRelation extends FilterNode {
        private final int left;
        private final int right;
        private final FastField fastLeft;
        private final FastField fastRight;
        private final Token.Kind op;
        private final boolean all;
        private final boolean negate;
        private final boolean unsigned;

        FieldRelation(int left, int right, FastField fastLeft, FastField fastRight, Token.Kind op, boolean all,
                      boolean negate, boolean unsigned) {
            this.left = left;
            this.right = right;
            this.fastLeft = fastLeft;
            this.fastRight = fastRight;
            this.op = op;
            this.all = all;
            this.negate = negate;
            this.unsigned = unsigned;
        }

        @Override
        boolean onTree(FieldValues v) {
            List<Object> a = v.get(left);
            List<Object> b = v.get(right);
            if (a.isEmpty() || b.isEmpty()) {
                return false;
            }
            for (Object nx : a) {
                Object x = FieldValues.value(nx);
                for (Object ny : b) {
                    Object y = FieldValues.value(ny);
                    Integer c = compareValues(x, y, unsigned);
                    boolean r = (c != null && ValuePredicate.compare(op, c)) != negate;
                    if (r != all) {
                        return r;
                    }
                }
            }
            return all;
        }

        @Override
        boolean onFast(FrameSummary s, TcpAnalysis a) {
            int n = fastLeft.count(s, a);
            int m = fastRight.count(s, a);
            if (n == 0 || m == 0) {
                return false;
            }
            for (int i = 0; i < n; i++) {
                long x = fastLeft.integerAt(s, a, i);
                for (int j = 0; j < m; j++) {
                    long y = fastRight.integerAt(s, a, j);
                    int c = unsigned ? Long.compareUnsigned(x, y) : Long.compare(x, y);
                    boolean r = ValuePredicate.compare(op, c) != negate;
                    if (r != all) {
                        return r;
                    }
                }
            }
            return all;
        }

        @Override
        boolean fastCapable() {
            return fastLeft != null && fastRight != null;
        }

        /** Order of two tree values of compatible types, or null when they cannot be compared. */
        static Integer compareValues(Object x, Object y, boolean unsigned) {
            if (x instanceof Boolean b) {
                x = b ? 1L : 0L;
            }
            if (y instanceof Boolean b) {
                y = b ? 1L : 0L;
            }
            if (x instanceof Long a && y instanceof Long b) {
                return unsigned ? Long.compareUnsigned(a, b) : Long.compare(a, b);
            }
            if (x instanceof Number a && y instanceof Number b) {
                return Double.compare(a.doubleValue(), b.doubleValue());
            }
            if (x instanceof String a && y instanceof String b) {
                return a.compareTo(b);
            }
            if (x instanceof byte[] a && y instanceof byte[] b) {
                return java.util.Arrays.compareUnsigned(a, b);
            }
            return null;
        }
    }
}
