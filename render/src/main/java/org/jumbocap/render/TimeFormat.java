package org.jumbocap.render;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** The {@code -t} time formats of the summary line. */
public enum TimeFormat {
    /** Absolute date and time of day, UTC. */
    ABSOLUTE('a'),
    /** Seconds since the first frame of the file. */
    RELATIVE('r'),
    /** Seconds since the previous frame read. */
    DELTA('d'),
    /** Seconds since the Unix epoch. */
    EPOCH('e');

    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT)
            .withZone(ZoneOffset.UTC);
    private static final String ZEROS = "000000000";
    private static final long[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000,
            100_000_000, 1_000_000_000};

    private final char letter;

    TimeFormat(char letter) {
        this.letter = letter;
    }

    /** The format named by its letter or full name, or null. */
    public static TimeFormat of(String s) {
        for (TimeFormat f : values()) {
            if (s.length() == 1 && s.charAt(0) == f.letter || s.equalsIgnoreCase(f.name())) {
                return f;
            }
        }
        return null;
    }

    public String format(long nanos, FrameContext context) {
        int decimals = context.nanoPrecision() ? 9 : 6;
        return switch (this) {
            case ABSOLUTE -> {
                Instant t = Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
                yield DATE_TIME.format(t) + fraction(Math.floorMod(nanos, 1_000_000_000L), decimals);
            }
            case RELATIVE -> seconds(nanos - context.firstNanos(), decimals);
            case DELTA -> seconds(nanos - context.previousNanos(), decimals);
            case EPOCH -> seconds(nanos, decimals);
        };
    }

    /** {@link #format} appended to {@code s}, digit by digit but for {@link #ABSOLUTE}. */
    public void appendTo(StringBuilder s, long nanos, FrameContext context) {
        int decimals = context.nanoPrecision() ? 9 : 6;
        switch (this) {
            case ABSOLUTE -> s.append(format(nanos, context));
            case RELATIVE -> appendSeconds(s, nanos - context.firstNanos(), decimals);
            case DELTA -> appendSeconds(s, nanos - context.previousNanos(), decimals);
            case EPOCH -> appendSeconds(s, nanos, decimals);
        }
    }

    /** {@link #appendTo(StringBuilder, long, FrameContext)} as UTF-8 bytes. */
    public void appendTo(Utf8Text s, long nanos, FrameContext context) {
        int decimals = context.nanoPrecision() ? 9 : 6;
        switch (this) {
            case ABSOLUTE -> s.append(format(nanos, context));
            case RELATIVE -> appendSeconds(s, nanos - context.firstNanos(), decimals);
            case DELTA -> appendSeconds(s, nanos - context.previousNanos(), decimals);
            case EPOCH -> appendSeconds(s, nanos, decimals);
        }
    }

    private static void appendSeconds(Utf8Text s, long nanos, int decimals) {
        long abs = Math.abs(nanos);
        long fraction = abs % 1_000_000_000L;
        if (fraction < 0) {
            s.append(seconds(nanos, decimals)); // Long.MIN_VALUE, whose magnitude has no long
            return;
        }
        if (nanos < 0) {
            s.append('-');
        }
        s.append(abs / 1_000_000_000L).append('.');
        if (decimals > 0) {
            // the fraction is below 10^9: int arithmetic
            s.appendZeroPadded((int) fraction / (int) POWERS_OF_TEN[9 - decimals], decimals);
        }
    }

    private static void appendSeconds(StringBuilder s, long nanos, int decimals) {
        long abs = Math.abs(nanos);
        long fraction = abs % 1_000_000_000L;
        if (fraction < 0) {
            s.append(seconds(nanos, decimals)); // Long.MIN_VALUE, whose magnitude has no long
            return;
        }
        if (nanos < 0) {
            s.append('-');
        }
        s.append(abs / 1_000_000_000L).append('.');
        long rest = fraction / POWERS_OF_TEN[9 - decimals];
        // the leading zeros, then the digits as one number: three appends per line, not one per digit
        int digits = 1;
        while (digits < decimals && rest >= POWERS_OF_TEN[digits]) {
            digits++;
        }
        if (decimals > 0) {
            s.append(ZEROS, 0, decimals - digits).append(rest);
        }
    }

    /** Exact decimal seconds, without going through a double. */
    public static String seconds(long nanos, int decimals) {
        String sign = nanos < 0 ? "-" : "";
        long abs = Math.abs(nanos);
        return sign + (abs / 1_000_000_000L) + fraction(abs % 1_000_000_000L, decimals);
    }

    /** "." and the first {@code decimals} digits of the nanoseconds written with nine digits. */
    private static String fraction(long nanosOfSecond, int decimals) {
        if (nanosOfSecond < 0 || nanosOfSecond >= 1_000_000_000L) {
            // only Math.abs(Long.MIN_VALUE) gets here; no need to be fast
            String nine = String.format(Locale.ROOT, "%09d", nanosOfSecond);
            return "." + nine.substring(0, decimals);
        }
        char[] digits = new char[1 + decimals];
        digits[0] = '.';
        long rest = nanosOfSecond / POWERS_OF_TEN[9 - decimals];
        for (int i = decimals; i >= 1; i--) {
            digits[i] = (char) ('0' + rest % 10);
            rest /= 10;
        }
        return new String(digits);
    }
}
