package org.jumbocap.filter;

import java.util.List;
import org.jumbocap.fast.FastSummary;

/** A compiled filter expression, evaluable on a frame's collected field values or on a fast summary. */
abstract class FilterNode {
    abstract boolean onTree(FieldValues values);

    /** Only called when {@link #fastCapable()} holds for the whole filter. */
    abstract boolean onFast(FastSummary s);

    abstract boolean fastCapable();

    static final class Everything extends FilterNode {
        @Override
        boolean onTree(FieldValues values) {
            return true;
        }

        @Override
        boolean onFast(FastSummary s) {
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
        boolean onFast(FastSummary s) {
            return left.onFast(s) && right.onFast(s);
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
        boolean onFast(FastSummary s) {
            return left.onFast(s) || right.onFast(s);
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
        boolean onFast(FastSummary s) {
            return left.onFast(s) ^ right.onFast(s);
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
        boolean onFast(FastSummary s) {
            return !operand.onFast(s);
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
        boolean onFast(FastSummary s) {
            return fast.count(s) > 0;
        }

        @Override
        boolean fastCapable() {
            return fast != null;
        }
    }

    /**
     * A value test over every occurrence of a field. With {@code all} false the relation holds when some
     * occurrence passes; with {@code all} true, when every one does. {@code negate} flips each
     * occurrence's result first ({@code !=} is "all not equal"). A field the frame lacks never matches.
     */
    static final class Relation extends FilterNode {
        private final int slot;
        private final FastField fast;
        private final ValuePredicate test;
        private final boolean all;
        private final boolean negate;

        Relation(int slot, FastField fast, ValuePredicate test, boolean all, boolean negate) {
            this.slot = slot;
            this.fast = fast;
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
                boolean r = test.test(values.get(i)) != negate;
                if (r != all) {
                    return r;
                }
            }
            return all;
        }

        @Override
        boolean onFast(FastSummary s) {
            int n = fast.count(s);
            if (n == 0) {
                return false;
            }
            for (int i = 0; i < n; i++) {
                boolean r = fast.test(s, i, test) != negate;
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
            for (Object x : a) {
                for (Object y : b) {
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
        boolean onFast(FastSummary s) {
            int n = fastLeft.count(s);
            int m = fastRight.count(s);
            if (n == 0 || m == 0) {
                return false;
            }
            for (int i = 0; i < n; i++) {
                long x = fastLeft.integerAt(s, i);
                for (int j = 0; j < m; j++) {
                    long y = fastRight.integerAt(s, j);
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
