package org.jumbocap.cli.tshark;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Numbers as tshark's C code prints them, so its reports can be matched byte for byte. */
final class CNumbers {
    private static final long NANOS = 1_000_000_000L;

    private CNumbers() {
    }

    /**
     * Wireshark's {@code format_size(n, FORMAT_SIZE_UNIT_BYTES, 0)}: the largest SI prefix of which there are
     * at least ten ("3664 kB", "12 MB"), else "N bytes"; whole units, cut, not rounded.
     */
    static String size(long bytes) {
        long k = 1000;
        if (bytes / k / k / k / k >= 10) {
            return bytes / k / k / k / k + " TB";
        }
        if (bytes / k / k / k >= 10) {
            return bytes / k / k / k + " GB";
        }
        if (bytes / k / k >= 10) {
            return bytes / k / k + " MB";
        }
        if (bytes / k >= 10) {
            return bytes / k + " kB";
        }
        return bytes + " bytes";
    }

    /** {@code nstime_to_sec}: seconds as a double, whole seconds and nanoseconds added apart. */
    static double seconds(long nanos) {
        return (double) Math.floorDiv(nanos, NANOS) + (double) Math.floorMod(nanos, NANOS) / 1e9;
    }

    /** C's {@code %.Nf}: the double's exact binary value rounded half-even (Java's %f rounds its shortest decimal). */
    static String fixed(double value, int decimals) {
        return new BigDecimal(value).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    }

    /** C's {@code %W.Nf}. */
    static String fixed(double value, int width, int decimals) {
        return pad(fixed(value, decimals), width);
    }

    /** Right-aligned in {@code width} (C's {@code %Ws}, {@code %Wd}). */
    static String pad(String text, int width) {
        return text.length() >= width ? text : " ".repeat(width - text.length()) + text;
    }

    /** Left-aligned in {@code width} (C's {@code %-Ws}). */
    static String left(String text, int width) {
        return text.length() >= width ? text : text + " ".repeat(width - text.length());
    }
}
