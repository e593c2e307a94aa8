package org.jumbocap.render;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jumbocap.pipeline.SummaryText;

/**
 * Text built directly as UTF-8 bytes, for output that goes to a byte stream: a line with one non-Latin-1
 * character (the summary line's arrow) would make a {@link StringBuilder} hold the whole line as UTF-16,
 * every piece widened on the way in and encoded again on the way out. Numbers are written digit by digit,
 * with no text of their own. A character of an unpaired surrogate becomes '?', as the JDK's encoder
 * writes it.
 */
public final class Utf8Text implements SummaryText.InfoOut {
    private static final long[] POWERS_OF_TEN = {1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L,
            10_000_000L, 100_000_000L, 1_000_000_000L, 10_000_000_000L, 100_000_000_000L, 1_000_000_000_000L,
            10_000_000_000_000L, 100_000_000_000_000L, 1_000_000_000_000_000L, 10_000_000_000_000_000L,
            100_000_000_000_000_000L, 1_000_000_000_000_000_000L};

    private static final byte[] HEX_DIGITS = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    /** Strings up to this length go in a character at a time, with no copy through {@link #chars}. */
    private static final int SHORT_STRING = 32;

    private byte[] bytes;
    private int length;
    /** Characters on their way in (one Utf8Text is used by one thread at a time). */
    private char[] chars = new char[32];

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
        if (text instanceof String s && s.length() <= SHORT_STRING) {
            // the line's small pieces ("]:", "TCP", "::"): straight into the bytes, no copy through chars
            appendAscii(s);
            return this;
        }
        return text == null ? append("null") : append(text, 0, text.length());
    }

    /** {@code text[from, to)}: ASCII runs in a tight loop, surrogate pairs as one four-byte character. */
    public Utf8Text append(CharSequence text, int from, int to) {
        // through a char array, a piece at a time: charAt checks its index on every call, and on a String
        // held as UTF-16 (one with an arrow in it: an Info column) that check is most of the copy
        if (to - from > chars.length && chars.length < 512) {
            chars = new char[Math.min(512, Math.max(to - from, 2 * chars.length))];
        }
        while (from < to) {
            int n = Math.min(to - from, chars.length);
            if (text instanceof String s) {
                s.getChars(from, from + n, chars, 0);
            } else if (text instanceof StringBuilder s) {
                s.getChars(from, from + n, chars, 0);
            } else {
                for (int i = 0; i < n; i++) {
                    chars[i] = text.charAt(from + i);
                }
            }
            if (n < to - from && Character.isHighSurrogate(chars[n - 1])) {
                n--; // the pair goes whole into the next piece
            }
            append(chars, 0, n);
            from += n;
        }
        return this;
    }

    /** {@code chars[from, to)}, as {@link #append(CharSequence, int, int)}. */
    public Utf8Text append(char[] chars, int from, int to) {
        ensure(to - from);
        int i = from;
        while (i < to) {
            byte[] b = bytes;
            int p = length;
            while (i < to) {
                char c = chars[i];
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
            char c = chars[i++];
            if (Character.isHighSurrogate(c) && i < to && Character.isLowSurrogate(chars[i])) {
                int cp = Character.toCodePoint(c, chars[i++]);
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

    /** Text the caller knows to be ASCII, a byte per character; a character past ASCII is encoded all the same. */
    @Override
    public void appendAscii(String text) {
        int n = text.length();
        ensure(n);
        byte[] b = bytes;
        int p = length;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                length = p;
                append(text, i, n);
                return;
            }
            b[p++] = (byte) c;
        }
        length = p;
    }

    @Override
    public void appendNumber(long n) {
        append(n);
    }

    /** Bytes already in UTF-8, as they are. */
    public Utf8Text appendUtf8(byte[] utf8) {
        ensure(utf8.length);
        System.arraycopy(utf8, 0, bytes, length, utf8.length);
        length += utf8.length;
        return this;
    }

    /** {@code n} in decimal, as {@link StringBuilder#append(long)} writes it. */
    public Utf8Text append(long n) {
        if (n >= 0 && n <= Integer.MAX_VALUE) {
            return appendInt((int) n); // nearly every number of a line: int division is the cheaper
        }
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

    /** A 16-bit value in lower-case hexadecimal without leading zeros, as {@link Integer#toHexString} writes it. */
    Utf8Text appendHex(int word) {
        ensure(4);
        int w = word & 0xFFFF;
        for (int shift = w > 0xFFF ? 12 : w > 0xFF ? 8 : w > 0xF ? 4 : 0; shift >= 0; shift -= 4) {
            bytes[length++] = HEX_DIGITS[(w >>> shift) & 0xF];
        }
        return this;
    }

    /** {@code n}, not negative, in decimal: two digits per division. */
    private Utf8Text appendInt(int n) {
        ensure(10);
        int d = intDigits(n);
        byte[] b = bytes;
        int p = length + d;
        while (n >= 100) {
            int q = n / 100;
            int r = n - q * 100;
            b[--p] = (byte) ('0' + r % 10);
            b[--p] = (byte) ('0' + r / 10);
            n = q;
        }
        if (n >= 10) {
            b[--p] = (byte) ('0' + n % 10);
            n /= 10;
        }
        b[--p] = (byte) ('0' + n);
        length += d;
        return this;
    }

    /** Decimal digits of {@code n}, which is not negative. */
    private static int intDigits(int n) {
        if (n < 100_000) {
            return n < 100 ? (n < 10 ? 1 : 2) : n < 1_000 ? 3 : n < 10_000 ? 4 : 5;
        }
        return n < 10_000_000 ? (n < 1_000_000 ? 6 : 7) : n < 100_000_000 ? 8 : n < 1_000_000_000 ? 9 : 10;
    }

    /** {@code n} (not negative) in exactly {@code width} digits, leading zeros included, the excess on the left dropped. */
    Utf8Text appendZeroPadded(int n, int width) {
        ensure(width);
        byte[] b = bytes;
        for (int i = length + width - 1; i >= length; i--) {
            int q = n / 10;
            b[i] = (byte) ('0' + n - q * 10);
            n = q;
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
