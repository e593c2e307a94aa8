package org.jumbocap.displayfilter;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.jumbocap.displayfilter.Token.Kind;

/**
 * A test on one value of a field. Tree values arrive as the objects {@code FieldNode} holds; the fast
 * path hands integers, strings and addresses (as two longs) without boxing.
 */
abstract class ValuePredicate {
    abstract boolean test(Object value);

    boolean testLong(long value) {
        return test(value);
    }

    boolean testString(String value) {
        return test(value);
    }

    /** IPv4 in the low 32 bits of {@code lo} (hi 0), IPv6 as high and low 64 bits. */
    boolean testAddress(long hi, long lo) {
        return false;
    }

    static boolean compare(Kind op, int c) {
        return switch (op) {
            case EQ -> c == 0;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
            default -> throw new IllegalArgumentException(op.toString());
        };
    }

    /** Integers, booleans and named values. */
    static final class IntegerCompare extends ValuePredicate {
        private final Kind op;
        private final long literal;
        private final boolean unsigned;
        private final boolean bool;

        IntegerCompare(Kind op, long literal, boolean unsigned, boolean bool) {
            this.op = op;
            this.literal = literal;
            this.unsigned = unsigned;
            this.bool = bool;
        }

        @Override
        boolean test(Object value) {
            if (value instanceof Long l) {
                return testLong(l);
            }
            if (value instanceof Boolean b) {
                return testLong(b ? 1 : 0);
            }
            if (value instanceof Integer i) {
                return testLong(i);
            }
            return false;
        }

        @Override
        boolean testLong(long value) {
            if (bool) {
                // a flag stored as its masked bits (0x02) is still true
                value = value != 0 ? 1 : 0;
            }
            int c = unsigned ? Long.compareUnsigned(value, literal) : Long.compare(value, literal);
            return compare(op, c);
        }
    }

    /** Inclusive integer range of a set: {@code 8000..8080}. */
    static final class IntegerRange extends ValuePredicate {
        private final long low;
        private final long high;
        private final boolean unsigned;

        IntegerRange(long low, long high, boolean unsigned) {
            this.low = low;
            this.high = high;
            this.unsigned = unsigned;
        }

        @Override
        boolean test(Object value) {
            if (value instanceof Long l) {
                return testLong(l);
            }
            if (value instanceof Boolean b) {
                return testLong(b ? 1 : 0);
            }
            return false;
        }

        @Override
        boolean testLong(long v) {
            return unsigned ? Long.compareUnsigned(v, low) >= 0 && Long.compareUnsigned(v, high) <= 0
                    : v >= low && v <= high;
        }
    }

    static final class DoubleCompare extends ValuePredicate {
        private final Kind op;
        private final double literal;
        private final double high;

        /** {@code high} is NaN unless this is a range. */
        DoubleCompare(Kind op, double literal, double high) {
            this.op = op;
            this.literal = literal;
            this.high = high;
        }

        @Override
        boolean test(Object value) {
            double v;
            if (value instanceof Double d) {
                v = d;
            } else if (value instanceof Long l) {
                v = l;
            } else {
                return false;
            }
            if (!Double.isNaN(high)) {
                return v >= literal && v <= high;
            }
            return compare(op, Double.compare(v, literal));
        }
    }

    /**
     * IPv4 or IPv6 address, optionally a network ({@code /prefix}): {@code ==} is "inside the network",
     * ordering compares unsigned.
     */
    static final class AddressCompare extends ValuePredicate {
        private final Kind op;
        private final int size;
        private final long hi;
        private final long lo;
        private final long maskHi;
        private final long maskLo;

        AddressCompare(Kind op, byte[] address, int prefixBits) {
            this.op = op;
            this.size = address.length;
            long[] v = toLongs(address, 0);
            int bits = address.length * 8;
            int prefix = Math.min(prefixBits, bits);
            // align IPv4 into the low 32 bits of lo like the fast summary does
            int shift = 128 - bits;
            int maskLen = prefix + shift;
            this.maskHi = maskLen >= 64 ? -1L : (maskLen == 0 ? 0 : -1L << (64 - maskLen));
            int loBits = maskLen - 64;
            long loMask = loBits <= 0 ? 0 : (loBits >= 64 ? -1L : -1L << (64 - loBits));
            if (size == 4) {
                // IPv4: only the low 32 bits carry the address
                loMask &= 0xFFFFFFFFL;
            }
            this.maskLo = loMask;
            this.hi = v[0] & maskHi;
            this.lo = v[1] & maskLo;
        }

        private static long[] toLongs(byte[] a, int from) {
            long hi = 0;
            long lo = 0;
            if (a.length == 4) {
                lo = ((long) (a[0] & 0xFF) << 24) | ((a[1] & 0xFF) << 16) | ((a[2] & 0xFF) << 8) | (a[3] & 0xFF);
            } else if (a.length == 16) {
                for (int i = 0; i < 8; i++) {
                    hi = (hi << 8) | (a[i] & 0xFF);
                    lo = (lo << 8) | (a[8 + i] & 0xFF);
                }
            }
            return new long[] {hi, lo};
        }

        @Override
        boolean test(Object value) {
            if (!(value instanceof byte[] a) || a.length != size) {
                return false;
            }
            long vhi = 0;
            long vlo = 0;
            if (size == 4) {
                vlo = ((long) (a[0] & 0xFF) << 24) | ((a[1] & 0xFF) << 16) | ((a[2] & 0xFF) << 8) | (a[3] & 0xFF);
            } else {
                for (int i = 0; i < 8; i++) {
                    vhi = (vhi << 8) | (a[i] & 0xFF);
                    vlo = (vlo << 8) | (a[8 + i] & 0xFF);
                }
            }
            return testAddress(vhi, vlo);
        }

        @Override
        boolean testAddress(long vhi, long vlo) {
            if (op == Kind.EQ) {
                return (vhi & maskHi) == hi && (vlo & maskLo) == lo;
            }
            int c = Long.compareUnsigned(vhi, hi);
            if (c == 0) {
                c = Long.compareUnsigned(vlo, lo);
            }
            return compare(op, c);
        }
    }

    /** MAC addresses, byte fields and slices, compared unsigned byte by byte. */
    static final class BytesCompare extends ValuePredicate {
        private final Kind op;
        private final byte[] literal;

        BytesCompare(Kind op, byte[] literal) {
            this.op = op;
            this.literal = literal;
        }

        @Override
        boolean test(Object value) {
            ByteView b = ByteView.of(value);
            if (b == null) {
                return false;
            }
            return compare(op, Arrays.compareUnsigned(b.array, b.from, b.from + b.length, literal, 0, literal.length));
        }
    }

    /** Byte sequence found anywhere in the bytes, searched in place (a layer's bytes are never copied). */
    static final class BytesContains extends ValuePredicate {
        private final byte[] needle;

        BytesContains(byte[] needle) {
            this.needle = needle;
        }

        @Override
        boolean test(Object value) {
            ByteView hay = value instanceof String s ? ByteView.of(s.getBytes(StandardCharsets.UTF_8)) : ByteView.of(value);
            if (hay == null) {
                return false;
            }
            if (needle.length == 0) {
                return true;
            }
            byte[] a = hay.array;
            byte first = needle[0];
            int last = hay.from + hay.length - needle.length;
            outer:
            for (int i = hay.from; i <= last; i++) {
                if (a[i] != first) {
                    continue;
                }
                for (int j = 1; j < needle.length; j++) {
                    if (a[i + j] != needle[j]) {
                        continue outer;
                    }
                }
                return true;
            }
            return false;
        }
    }

    /** Always true: a slice alone tests that the field has those bytes. */
    static final class Always extends ValuePredicate {
        @Override
        boolean test(Object value) {
            return true;
        }

        @Override
        boolean testLong(long value) {
            return true;
        }
    }

    /**
     * {@code field & mask}: the test applies to the masked integer; with no test, the masked value
     * alone is true when some bit is set, as in Wireshark.
     */
    static final class Masked extends ValuePredicate {
        private final long mask;
        private final ValuePredicate test;

        /** {@code test} null: true when a masked bit is set. */
        Masked(long mask, ValuePredicate test) {
            this.mask = mask;
            this.test = test;
        }

        @Override
        boolean test(Object value) {
            if (value instanceof Long l) {
                return testLong(l);
            }
            if (value instanceof Integer i) {
                return testLong(i);
            }
            return false;
        }

        @Override
        boolean testLong(long value) {
            long masked = value & mask;
            return test == null ? masked != 0 : test.testLong(masked);
        }
    }

    /** Masked bytes alone ({@code eth.dst[0] & 1}): true when some bit is set. */
    static final class AnyBitSet extends ValuePredicate {
        @Override
        boolean test(Object value) {
            ByteView b = ByteView.of(value);
            if (b == null) {
                return false;
            }
            for (int i = 0; i < b.length; i++) {
                if (b.byteAt(i) != 0) {
                    return true;
                }
            }
            return false;
        }
    }

    static final class StringCompare extends ValuePredicate {
        private final Kind op;
        private final String literal;

        StringCompare(Kind op, String literal) {
            this.op = op;
            this.literal = literal;
        }

        @Override
        boolean test(Object value) {
            return value != null && testString(value.toString());
        }

        @Override
        boolean testString(String value) {
            if (value == null) {
                return false;
            }
            return op == Kind.EQ ? value.equals(literal) : compare(op, value.compareTo(literal));
        }
    }

    /** Case-sensitive substring, as Wireshark's {@code contains}. */
    static final class StringContains extends ValuePredicate {
        private final String needle;

        StringContains(String needle) {
            this.needle = needle;
        }

        @Override
        boolean test(Object value) {
            return value != null && testString(value.toString());
        }

        @Override
        boolean testString(String value) {
            return value != null && value.contains(needle);
        }
    }

    /**
     * Regular expression found anywhere in the value; case-insensitive unless the pattern says (?-i).
     * Bytes (layers, payloads, slices) are matched in place as ISO-8859-1 characters, strings as they
     * are. The engine is RE2/J: its time is linear in the value (times the pattern's size) and its
     * depth does not grow with the value, so every value gets its answer; no pattern backtracks without
     * end over a jumbogram's payload, and none overflows the stack (the patterns RE2 cannot run this way,
     * with backreferences or lookaround, are refused when the filter is compiled: {@link RegexText}).
     */
    static final class StringMatches extends ValuePredicate {
        private final com.google.re2j.Pattern pattern;

        StringMatches(com.google.re2j.Pattern pattern) {
            this.pattern = pattern;
        }

        @Override
        boolean test(Object value) {
            ByteView b = ByteView.of(value);
            if (b != null) {
                return pattern.matcher(new Latin1Chars(b.array, b.from, b.length)).find();
            }
            return value != null && testString(value.toString());
        }

        @Override
        boolean testString(String value) {
            return value != null && pattern.matcher(value).find();
        }
    }

    /** Bytes as ISO-8859-1 characters, without copying. */
    static final class Latin1Chars implements CharSequence {
        private final byte[] bytes;
        private final int from;
        private final int length;

        Latin1Chars(byte[] bytes, int from, int length) {
            this.bytes = bytes;
            this.from = from;
            this.length = length;
        }

        @Override
        public int length() {
            return length;
        }

        @Override
        public char charAt(int index) {
            if (index < 0 || index >= length) {
                throw new IndexOutOfBoundsException(index);
            }
            return (char) (bytes[from + index] & 0xFF);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            if (start < 0 || end > length || start > end) {
                throw new IndexOutOfBoundsException(start + ".." + end);
            }
            return new Latin1Chars(bytes, from + start, end - start);
        }

        @Override
        public String toString() {
            char[] c = new char[length];
            for (int i = 0; i < length; i++) {
                c[i] = charAt(i);
            }
            return new String(c);
        }
    }

    /** Membership in a set: true when any member matches. */
    static final class AnyOf extends ValuePredicate {
        private final ValuePredicate[] members;

        AnyOf(List<ValuePredicate> members) {
            this.members = members.toArray(new ValuePredicate[0]);
        }

        @Override
        boolean test(Object value) {
            for (ValuePredicate m : members) {
                if (m.test(value)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        boolean testLong(long value) {
            for (ValuePredicate m : members) {
                if (m.testLong(value)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        boolean testString(String value) {
            for (ValuePredicate m : members) {
                if (m.testString(value)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        boolean testAddress(long hi, long lo) {
            for (ValuePredicate m : members) {
                if (m.testAddress(hi, lo)) {
                    return true;
                }
            }
            return false;
        }
    }
}
