package org.jumbocap.render;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Text built directly as UTF-8 bytes, for output that goes to a byte stream: a line with one non-Latin-1
 * character (the summary line's arrow) would make a {@link StringBuilder} hold the whole line as UTF-16,
 * every piece widened on the way in and encoded again on the way out. Numbers are written digit by digit,
 * with no text of their own. A character of an unpaired surrogate becomes '?', as the JDK's encoder
 * writes it.
 */
public final class Utf8Text {
    private static final long[] POWERS_OF_TEN = {1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L,
            10_000_000L, 100_000_000L, 1_000_000_000L, 10_000_000_000L, 100_000_000_000L, 1_000_000_000_000L,
            10_000_000_000_000L, 100_000_000_000_000L, 1_000_000_000_000_000L, 10_000_000_000_000_000L,
            100_000_000_000_000_000L, 1_000_000_000_000_000_000L};

    private byte[] bytes;
    private int length;

    public Utf8Text(int capacity) {
        bytes = new byte[Math.max(capacity, 16)];
    }

    /** The bytes written so far are {@code array()[0, length())}; the array changes as the text grows. */
    public byte[] array() {
        return bytes;
    }

    public int length() {
        return length;
    }

    /** Keeps the first {@code newLength} bytes (no more than there are). */
    public void setLength(int newLength) {
        if (newLength < 0 || newLength > length) {
            throw new IndexOutOfBoundsException(newLength);
        }
        length = newLength;
    }

    private void ensure(int more) {
        if (bytes.length - length < more) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
        }
    }

    /** An ASCII character as it is; any other as its UTF-8 bytes (a surrogate alone as '?'). */
    public Utf8Text append(char c) {
        ensure(3);
        if (c < 0x80) {
            bytes[length++] = (byte) c;
        } else if (c < 0x800) {
            bytes[length++] = (byte) (0xC0 | c >>> 6);
            bytes[length++] = (byte) (0x80 | (c & 0x3F));
        } else if (Character.isSurrogate(c)) {
            bytes[length++] = '?';
        } else {
            bytes[length++] = (byte) (0xE0 | c >>> 12);
            bytes[length++] = (byte) (0x80 | (c >>> 6 & 0x3F));
            bytes[length++] = (byte) (0x80 | (c & 0x3F));
        }
        return this;
    }

    public Utf8Text append(CharSequence text) {
        return text == null ? append("null") : append(text, 0, text.length());
    }

    /** {@code text[from, to)}: ASCII runs in a tight loop, surrogate pairs as one four-byte character. */
    public Utf8Text append(CharSequence text, int from, int to) {
        ensure(to - from);
        int i = from;
        while (i < to) {
            byte[] b = bytes;
            int p = length;
            while (i < to) {
                char c = text.charAt(i);
                if (c >= 0x80) {
                    break;
                }
                b[p++] = (byte) c;
                i++;
            }
            length = p;
            if (i == to) {
                break;
            }
            char c = text.charAt(i++);
            if (Character.isHighSurrogate(c) && i < to && Character.isLowSurrogate(text.charAt(i))) {
                int cp = Character.toCodePoint(c, text.charAt(i++));
                ensure(4 + to - i);
                bytes[length++] = (byte) (0xF0 | cp >>> 18);
                bytes[length++] = (byte) (0x80 | (cp >>> 12 & 0x3F));
                bytes[length++] = (byte) (0x80 | (cp >>> 6 & 0x3F));
                bytes[length++] = (byte) (0x80 | (cp & 0x3F));
            } else {
                append(c);
                ensure(to - i);
            }
        }
        return this;
    }

    /** {@code n} in decimal, as {@link StringBuilder#append(long)} writes it. */
    public Utf8Text append(long n) {
        if (n == Long.MIN_VALUE) {
            return append("-9223372036854775808");
        }
        ensure(20);
        if (n < 0) {
            bytes[length++] = '-';
            n = -n;
        }
        int d = digits(n);
        for (int i = d - 1; i >= 0; i--) {
            bytes[length + i] = (byte) ('0' + n % 10);
            n /= 10;
        }
        length += d;
        return this;
    }

    /** {@code n} (not negative) in exactly {@code width} digits, leading zeros included, the excess on the left dropped. */
    Utf8Text appendZeroPadded(long n, int width) {
        ensure(width);
        for (int i = width - 1; i >= 0; i--) {
            bytes[length + i] = (byte) ('0' + n % 10);
            n /= 10;
        }
        length += width;
        return this;
    }

    /** Decimal digits of {@code n}, which is not negative. */
    static int digits(long n) {
        int d = 1;
        while (d < POWERS_OF_TEN.length && n >= POWERS_OF_TEN[d]) {
            d++;
        }
        return d;
    }

    @Override
    public String toString() {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }
}
