package org.jumbocap.gui.model;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The Time column's display formats, as Wireshark's View → Time Display Format offers them (in its order,
 * for the Ctrl+Alt+1..5 keys) and as {@code jumbocap read -t} writes them: times of day in UTC, six
 * decimals, nine for a file that keeps nanoseconds.
 */
public enum TimeFormat {
    /** {@code read -t a}: date and time of day. */
    DATE_AND_TIME("Date and Time of Day", "yyyy-MM-dd HH:mm:ss"),
    TIME_OF_DAY("Time of Day", "HH:mm:ss"),
    /** {@code read -t e}. */
    EPOCH("Seconds Since Epoch (1970-01-01)", null),
    /** {@code read -t r}, the default. */
    RELATIVE("Seconds Since First Frame", null),
    /** Seconds since the row above in the list (the previous shown frame). */
    DELTA_SHOWN("Seconds Since Previous Displayed Frame", null);

    private final String label;
    private final DateTimeFormatter pattern;

    TimeFormat(String label, String pattern) {
        this.label = label;
        this.pattern = pattern == null ? null : DateTimeFormatter.ofPattern(pattern, Locale.ROOT).withZone(ZoneOffset.UTC);
    }

    public String label() {
        return label;
    }

    /** The format named by {@link #name()}, or the default when the name is unknown. */
    public static TimeFormat parse(String name) {
        for (TimeFormat f : values()) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return RELATIVE;
    }

    /**
     * A frame's time in this format.
     *
     * @param previousShownNanos timestamp of the row above (the frame itself for the first row)
     * @param decimals           6, or 9 for a file that keeps nanoseconds
     */
    public String format(long nanos, long firstNanos, long previousShownNanos, int decimals) {
        return switch (this) {
            case DATE_AND_TIME, TIME_OF_DAY -> pattern.format(Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L)))
                    + org.jumbocap.render.TimeFormat.seconds(Math.floorMod(nanos, 1_000_000_000L), decimals).substring(1);
            case EPOCH -> org.jumbocap.render.TimeFormat.seconds(nanos, decimals);
            case RELATIVE -> org.jumbocap.render.TimeFormat.seconds(nanos - firstNanos, decimals);
            case DELTA_SHOWN -> org.jumbocap.render.TimeFormat.seconds(nanos - previousShownNanos, decimals);
        };
    }
}
