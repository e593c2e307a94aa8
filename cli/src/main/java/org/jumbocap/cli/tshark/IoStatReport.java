package org.jumbocap.cli.tshark;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jumbocap.displayfilter.DisplayFilter;
import org.jumbocap.field.FieldDef;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.render.FrameContext;
import org.jumbocap.render.SafeText;
import org.jumbocap.stats.IoIntervals;
import org.jumbocap.tree.FieldNode;

/**
 * {@code -z io,stat,INTERVAL[,FILTER...]}: frames and bytes per interval, one column per filter (an empty
 * filter counts every frame; {@code FRAMES} or {@code BYTES} alone, {@code COUNT(field)} of any field,
 * {@code SUM|MIN|MAX|AVG(field)} of an integer field or a relative time ({@code tcp.time_delta}, {@code dns.time},
 * shown in seconds with six decimals) and {@code LOAD(field)} of a relative time (the time the responses were
 * outstanding per second of the interval) before a filter make a one-number column; {@code -t a|ad|adoy|ud|udoy}
 * show each row's start as a time of day, with its date), laid out as TShark 4.0 (tap-iostat.c) lays it out: the box as wide as its widest
 * part, times with the precision of the interval typed (or of the duration when the interval is 0 or longer
 * than the capture), the last row of a whole-second table ending at "Dur", and tshark's quirks kept, such as a
 * whole-second Duration whose microseconds are padded with spaces rather than zeros.
 */
final class IoStatReport implements TsharkStatistic {
    private static final long MICROS = 1_000_000L;
    /** tshark wraps a long filter at this box width. */
    private static final int WIDEST_BOX = 102;

    private final long intervalMicros;
    private final int typedPrecision;
    private final List<String> filterTexts;
    private final List<TapFilter> filters = new ArrayList<>();
    private final List<Column> columns = new ArrayList<>();
    private final RowTime rowTime;
    private long durationMicros;
    /** tshark's start of the table in whole seconds, set by the first frame a column counts: its second less its relative second. */
    private long startSeconds = Long.MIN_VALUE;

    /** How a row names its interval: tshark's {@code -t} formats that io,stat takes (UTC, as jumbocap prints times). */
    enum RowTime {
        RELATIVE(null), TIME("HH:mm:ss"), DATE_AND_TIME("yyyy-MM-dd HH:mm:ss"), YEAR_DAY_AND_TIME("yyyy/DDD HH:mm:ss");

        final java.time.format.DateTimeFormatter format;

        RowTime(String pattern) {
            format = pattern == null ? null
                    : java.time.format.DateTimeFormatter.ofPattern(pattern, java.util.Locale.ROOT).withZone(java.time.ZoneOffset.UTC);
        }

        /** tshark's -t word: r, a, ad, adoy, ud or udoy; null for one io,stat does not take. */
        static RowTime of(String tshark) {
            return switch (tshark) {
                case "r" -> RELATIVE;
                case "a" -> TIME;
                case "ad", "ud" -> DATE_AND_TIME;
                case "adoy", "udoy" -> YEAR_DAY_AND_TIME;
                default -> null;
            };
        }
    }

    /** What a column counts: tshark's calc types that jumbocap makes. */
    enum Kind {
        FRAMES_AND_BYTES(""), FRAMES("FRAMES"), BYTES("BYTES"), COUNT("COUNT"), SUM("SUM"), MIN("MIN"), MAX("MAX"),
        AVG("AVG"), LOAD("LOAD");

        final String label;

        Kind(String label) {
            this.label = label;
        }

        boolean takesField() {
            return ordinal() >= COUNT.ordinal();
        }
    }

    /**
     * One column's counts, an interval a cell, grown as frames arrive (at most {@link IoIntervals#MAX_INTERVALS});
     * the largest values are kept as tshark keeps them, after every frame, so its widths come out the same.
     */
    private static final class Column {
        final Kind kind;
        final String field;
        /**
         * The field is a relative time (tshark's FT_RELATIVE_TIME): counted in nanoseconds, LOAD in microseconds,
         * and shown in seconds with six decimals.
         */
        final boolean time;
        /** LOAD's interval in microseconds, the interval as typed (none for 0: the whole capture). */
        final long loadInterval;
        long[] frames = new long[16];
        long[] counter = new long[16];
        long[] num = new long[16];
        int last;
        long maxFrames;
        long maxValue;

        Column(Kind kind, String field, boolean time, long loadInterval) {
            this.kind = kind;
            this.field = field;
            this.time = time;
            this.loadInterval = loadInterval;
        }

        void add(int i, long length, FramePipeline frame) {
            // tshark ignores a frame earlier than the last interval it counted in
            if (i < last) {
                return;
            }
            if (i >= frames.length) {
                int size = Math.min(IoIntervals.MAX_INTERVALS, Math.max(i + 1, frames.length * 2));
                frames = Arrays.copyOf(frames, size);
                counter = Arrays.copyOf(counter, size);
                num = Arrays.copyOf(num, size);
            }
            last = i;
            frames[i]++;
            switch (kind) {
                case FRAMES_AND_BYTES, FRAMES, BYTES -> counter[i] += length;
                case COUNT -> counter[i] += frame.tree().findAll(field).size();
                case LOAD -> {
                    for (FieldNode n : frame.tree().findAll(field)) {
                        load(i, Math.max(0, nanos(n)) / 1000);
                    }
                }
                default -> {
                    List<FieldNode> values = frame.tree().findAll(field);
                    for (int v = 0; v < values.size(); v++) {
                        long value = time ? nanos(values.get(v)) : values.get(v).longValue();
                        switch (kind) {
                            case SUM -> counter[i] += value;
                            // the first value of the interval's first frame starts the minimum, as in tshark
                            case MIN -> counter[i] = frames[i] == 1 && v == 0 || value < counter[i] ? value : counter[i];
                            case MAX -> counter[i] = Math.max(counter[i], value);
                            default -> {
                                counter[i] += value;
                                num[i]++;
                            }
                        }
                    }
                }
            }
            maxFrames = Math.max(maxFrames, frames[i]);
            // tshark keeps a relative time's largest average as whole seconds, rounded, and the rest as counted
            maxValue = Math.max(maxValue, time && kind == Kind.AVG ? num[i] == 0 ? 0 : (counter[i] / num[i] + 500_000_000L) / 1_000_000_000L
                    : kind == Kind.AVG && num[i] == 0 ? 0 : value(i));
        }

        /**
         * LOAD: a response outstanding for {@code micros} fills this interval with its part past the last whole
         * interval and each interval before with a whole one, as tshark's tap does (before the first it goes on
         * from the last, as tshark's list of intervals wraps there).
         */
        private void load(int i, long micros) {
            long part = micros % loadInterval;
            counter[i] += part;
            long chunks = (micros - part) / loadInterval;
            if (chunks == 0) {
                return;
            }
            int cells = i + 1;
            long rounds = chunks / cells;
            long extra = chunks % cells;
            if (rounds > 0) {
                for (int c = 0; c <= i; c++) {
                    counter[c] += rounds * loadInterval;
                }
            }
            for (int k = 0, c = i; k < extra; k++) {
                c = c == 0 ? i : c - 1;
                counter[c] += loadInterval;
            }
        }

        /** A relative time's exact nanoseconds, from its text (its value is a double). */
        private static long nanos(FieldNode n) {
            try {
                return new BigDecimal(n.valueText()).movePointRight(9).setScale(0, RoundingMode.HALF_UP).longValue();
            } catch (NumberFormatException | ArithmeticException e) {
                return n.value() instanceof Number d ? Math.round(d.doubleValue() * 1e9) : 0;
            }
        }

        /**
         * A relative time's cell in microseconds: a sum, minimum or maximum rounded, an average of the nanoseconds
         * rounded, or LOAD's outstanding time per second of the row's {@code span}.
         */
        long cell(long i, long span) {
            if (i >= counter.length) {
                return 0;
            }
            int c = (int) i;
            return switch (kind) {
                case AVG -> (counter[c] / Math.max(1, num[c]) + 500) / 1000;
                case LOAD -> span <= 0 ? 0 : counter[c] / span * MICROS
                        + java.math.BigInteger.valueOf(counter[c] % span).multiply(java.math.BigInteger.valueOf(MICROS))
                                .divide(java.math.BigInteger.valueOf(span)).longValue();
                default -> (counter[c] + 500) / 1000;
            };
        }

        /** The widest cell's whole seconds, as tshark works them out from what it kept. */
        long maxSeconds(long interval) {
            return switch (kind) {
                case AVG -> maxValue;
                case LOAD -> interval <= 0 ? 0 : maxValue / interval;
                default -> (maxValue + 500_000_000L) / 1_000_000_000L;
            };
        }

        long frames(long i) {
            return i < frames.length ? frames[(int) i] : 0;
        }

        /** The cell's number: bytes, a count, a sum, a minimum, a maximum or an average. */
        long value(long i) {
            if (i >= counter.length) {
                return 0;
            }
            int c = (int) i;
            return kind == Kind.AVG ? counter[c] / Math.max(1, num[c]) : counter[c];
        }
    }

    /**
     * @param interval the interval as typed (seconds; 0 means the whole capture)
     * @param filterTexts one per column, empty for every frame
     */
    IoStatReport(String interval, List<String> filterTexts, RowTime rowTime) {
        this.rowTime = rowTime;
        BigDecimal seconds;
        try {
            seconds = new BigDecimal(interval);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the interval is a number of seconds, such as 0.1, 1 or 0: " + SafeText.of(interval));
        }
        if (seconds.signum() < 0 || seconds.compareTo(BigDecimal.valueOf(MAX_INTERVAL_SECONDS)) > 0) {
            throw new IllegalArgumentException("the interval is 0 (the whole capture) to " + MAX_INTERVAL_SECONDS + " seconds");
        }
        long micros = seconds.movePointRight(6).setScale(0, RoundingMode.HALF_UP).longValueExact();
        if (micros == 0 && seconds.signum() > 0) {
            throw new IllegalArgumentException("the interval is at least a microsecond (0.000001)");
        }
        this.intervalMicros = micros;
        this.typedPrecision = precision(micros, interval);
        this.filterTexts = List.copyOf(filterTexts);
        for (String spec : filterTexts) {
            Kind kind = Kind.FRAMES_AND_BYTES;
            boolean time = false;
            String field = null;
            String filter = spec;
            for (Kind k : Kind.values()) {
                if (k != Kind.FRAMES_AND_BYTES && spec.startsWith(k.label)) {
                    kind = k;
                    filter = spec.substring(k.label.length());
                    if (filter.startsWith("(")) {
                        int close = filter.indexOf(')');
                        if (close < 0) {
                            throw new IllegalArgumentException(k.label + "(: the closing parenthesis is missing");
                        }
                        field = filter.substring(1, close).strip();
                        filter = filter.substring(close + 1);
                    }
                    if (k.takesField() != (field != null && !field.isEmpty())) {
                        throw new IllegalArgumentException(k.takesField() ? k.label + " needs a field: " + k.label + "(FIELD)FILTER"
                                : k.label + " takes no field: " + k.label + " or " + k.label + "()FILTER");
                    }
                    if (k.takesField()) {
                        FieldDef def = DisplayFilter.fields().find(field).orElseThrow(() -> new IllegalArgumentException(
                                "no field named " + SafeText.of(spec.substring(k.label.length() + 1, spec.indexOf(')')).strip())));
                        time = k != Kind.COUNT && relativeTime(def);
                        if (k == Kind.LOAD && !time) {
                            throw new IllegalArgumentException("LOAD(" + field + "): LOAD takes a relative time such as "
                                    + "tcp.time_delta or dns.time; SUM|MIN|MAX|AVG(" + field + ") take an integer field");
                        }
                        if (k != Kind.COUNT && !def.type().isInteger() && !time) {
                            throw new IllegalArgumentException(k.label + "(" + field + "): jumbocap sums, compares and "
                                    + "averages integer fields and relative times (tcp.time_delta, frame.time_relative, "
                                    + "dns.time); COUNT(" + field + ") counts any field");
                        }
                    }
                    break;
                }
            }
            filters.add(TapFilter.of(filter));
            columns.add(new Column(kind, field, time, micros == 0 ? Long.MAX_VALUE : micros));
        }
    }

    /**
     * A time in seconds from an earlier moment (tshark's FT_RELATIVE_TIME): jumbocap's seconds fields but the
     * absolute {@code frame.time_epoch}.
     */
    private static boolean relativeTime(FieldDef def) {
        return def.type() == org.jumbocap.field.FieldType.DOUBLE && !def.name().equals("frame.time_epoch");
    }

    /** Largest interval accepted: longer than any capture's span needs, small enough to count in microseconds. */
    private static final long MAX_INTERVAL_SECONDS = 1_000_000_000L;

    /** tshark's: the decimals the interval needs, or as many zeros as were typed after a point (at most 6). */
    private static int precision(long micros, String typed) {
        if (micros == 0) {
            return 0;
        }
        int p = 6;
        for (long i = 10; i < 10_000_000; i *= 10) {
            if (micros % i > 0) {
                break;
            }
            p--;
        }
        int point = typed.indexOf('.');
        if (p == 0 && point >= 0 && typed.length() - point - 1 > 0) {
            p = Math.min(typed.length() - point - 1, 6);
        }
        return p;
    }

    @Override
    public void frame(FramePipeline frame, FrameContext context) {
        long relativeNanos = frame.frame().timestampNanos() - context.firstNanos();
        long relativeMicros = Math.floorDiv(relativeNanos + 500, 1000);
        if (relativeMicros < 0) {
            // tshark's intervals start at the first frame: an earlier one falls in no interval
            return;
        }
        durationMicros = Math.max(durationMicros, relativeMicros);
        long index = intervalMicros == 0 ? 0 : relativeMicros / intervalMicros;
        if (index >= IoIntervals.MAX_INTERVALS) {
            // a wild timestamp must not grow the table without bound; render says the rows were cut
            return;
        }
        for (int c = 0; c < columns.size(); c++) {
            if (filters.get(c).passes(frame)) {
                if (startSeconds == Long.MIN_VALUE) {
                    startSeconds = Math.floorDiv(frame.frame().timestampNanos(), 1_000_000_000L)
                            - Math.floorDiv(relativeNanos, 1_000_000_000L);
                }
                columns.get(c).add((int) index, frame.frame().originalLength(), frame);
            }
        }
    }

    @Override
    public void render(StringBuilder out) {
        long duration = durationMicros;
        long interval = intervalMicros == 0 || intervalMicros > duration ? duration : intervalMicros;
        int durMag = magnitude(duration / MICROS, 5);
        int invlMag = magnitude(interval / MICROS, 5);
        int prec;
        int borderlen;
        if (interval == duration) {
            prec = durMag >= 2 ? 1 : durMag == 1 ? 3 : 6;
            borderlen = 30 + durMag + (prec == 0 ? 0 : prec + 1);
        } else {
            prec = typedPrecision;
            borderlen = 25 + Math.max(invlMag, durMag) + (prec == 0 ? 0 : prec + 1);
        }
        long dv = MICROS;
        for (int i = 0; i < prec; i++) {
            dv /= 10;
        }
        long shownDuration = duration;
        if (prec > 0 && duration % dv > 5 * (dv / 10)) {
            shownDuration = (duration + 5 * (dv / 10)) / dv * dv;
        }
        boolean whole = interval == duration;
        if (whole) {
            interval = shownDuration;
        }
        duration = shownDuration;
        durMag = magnitude(duration / MICROS, 5);
        int invlColW = prec == 0 ? 2 * durMag + 8 : 2 * durMag + 2 * prec + 10;
        // a date makes the column as wide as "| Date and time       |"
        invlColW = Math.max(invlColW, rowTime == RowTime.DATE_AND_TIME || rowTime == RowTime.YEAR_DAY_AND_TIME ? 23 : 12);
        borderlen = Math.max(borderlen, invlColW);

        int n = columns.size();
        int[] frW = new int[n];
        int[] valW = new int[n];
        int tabrowW = invlColW;
        for (int j = 0; j < n; j++) {
            Column c = columns.get(j);
            frW[j] = c.kind == Kind.FRAMES_AND_BYTES || c.kind == Kind.FRAMES ? Math.max(6, magnitude(c.maxFrames, 15)) : 0;
            int least = switch (c.kind) {
                case FRAMES -> 0;
                case FRAMES_AND_BYTES, BYTES, COUNT -> 5;
                default -> c.kind.label.length();
            };
            // a relative time: its whole seconds' digits, a point and six decimals
            valW[j] = c.kind == Kind.FRAMES ? 0 : c.time ? magnitude(c.maxSeconds(interval), 15) + 7
                    : Math.max(least, magnitude(c.maxValue, 15));
            tabrowW += (frW[j] == 0 ? 0 : frW[j] + 3) + (valW[j] == 0 ? 0 : valW[j] + 3);
        }
        borderlen = Math.max(borderlen, tabrowW);
        int maxFilterW = 0;
        for (String f : filterTexts) {
            maxFilterW = Math.max(maxFilterW, f.isEmpty() ? 26 : f.length() + 11);
        }
        if (maxFilterW > borderlen && borderlen < WIDEST_BOX) {
            borderlen = Math.min(maxFilterW, WIDEST_BOX);
        }
        if (borderlen - tabrowW == 1) {
            borderlen++;
        }

        out.append('\n').append("=".repeat(borderlen)).append('\n');
        out.append("| IO Statistics").append(spaces(borderlen - 16)).append("|\n");
        out.append('|').append(spaces(borderlen - 2)).append("|\n");
        if (prec == 0) {
            String line = "| Duration: " + pad(duration / MICROS, durMag) + "." + pad(duration % MICROS, 6) + " secs";
            out.append(line).append(spaces(borderlen - 25 - durMag)).append("|\n");
            out.append("| Interval: ").append(pad(interval / MICROS, durMag)).append(" secs")
                    .append(spaces(borderlen - 18 - durMag)).append("|\n");
        } else {
            out.append("| Duration: ").append(time(duration, durMag, prec, dv)).append(" secs")
                    .append(spaces(borderlen - 19 - durMag - prec)).append("|\n");
            out.append("| Interval: ").append(time(interval, durMag, prec, dv)).append(" secs")
                    .append(spaces(borderlen - 19 - durMag - prec)).append("|\n");
        }
        out.append('|').append(spaces(borderlen - 2)).append("|\n");
        for (int j = 0; j < n; j++) {
            out.append(j == 0 ? "| Col" : "|    ").append(pad(j + 1, 2)).append(": ");
            String filter = SafeText.of(filterTexts.get(j));
            if (filter.isEmpty()) {
                out.append("Frames and bytes").append(spaces(borderlen - 26)).append("|\n");
                continue;
            }
            int maxW = borderlen - 11;
            while (filter.length() + 11 > borderlen) {
                String head = filter.substring(0, maxW);
                int space = head.lastIndexOf(' ');
                int len = space >= 0 ? space : head.length();
                out.append(head, 0, len).append(spaces(borderlen - len - 10)).append("|\n");
                out.append("|        ");
                filter = filter.substring(space >= 0 ? len + 1 : len);
            }
            out.append(filter).append(spaces(borderlen - filter.length() - 10)).append("|\n");
        }
        out.append("|-").append("-".repeat(borderlen - 3)).append("|\n");

        String filler = tabrowW < borderlen ? spaces(borderlen - tabrowW - 1) + "|" : "";
        out.append('|').append(spaces(invlColW - 2)).append('|');
        for (int j = 0; j < n; j++) {
            String number = Integer.toString(j + 1);
            int width = columns.get(j).kind == Kind.FRAMES_AND_BYTES ? frW[j] + valW[j] + 5 : frW[j] + valW[j] + 2;
            out.append(number).append(spaces(width - number.length())).append('|');
        }
        out.append(filler).append('\n');
        String label = switch (rowTime) {
            case RELATIVE -> "| Interval";
            case TIME -> "| Time    ";
            default -> "| Date and time";
        };
        out.append(label).append(spaces(invlColW - label.length() - 1)).append('|');
        for (int j = 0; j < n; j++) {
            Kind kind = columns.get(j).kind;
            if (kind == Kind.FRAMES_AND_BYTES) {
                center(out, "Frames", frW[j]);
                center(out, "Bytes", valW[j]);
            } else {
                center(out, kind.label, kind == Kind.FRAMES ? frW[j] : valW[j]);
            }
        }
        out.append(filler).append('\n');
        out.append("|-").append("-".repeat(tabrowW - 3)).append('|').append(filler).append('\n');

        long rows = interval == 0 ? 0 : duration / interval + (duration % interval > 0 ? 1 : 0);
        long cut = Math.max(0, rows - IoIntervals.MAX_INTERVALS);
        rows -= cut;
        long t = 0;
        for (long i = 0; i < rows; i++, t += interval) {
            boolean lastRow = cut == 0 && i == rows - 1;
            long end = lastRow ? duration : t + interval;
            if (rowTime != RowTime.RELATIVE) {
                // tshark 4.0 prints the whole second the row starts in, whatever the interval's decimals and the
                // column's width (a time of day alone is narrower than its column)
                long second = startSeconds == Long.MIN_VALUE ? t / MICROS : startSeconds + t / MICROS;
                out.append("| ").append(rowTime.format.format(java.time.Instant.ofEpochSecond(second))).append(" |");
            } else if (prec == 0) {
                if (lastRow) {
                    int w = durMag >= 3 ? durMag + 1 : 3;
                    out.append(durMag == 1 ? "|  " : "| ").append(pad(t / MICROS, durMag)).append(" <> ")
                            .append(String.format("%-" + w + "s", "Dur")).append('|');
                } else {
                    // a one-digit column is narrower than the "Interval" label: tshark pads it on both sides
                    out.append(durMag == 1 ? "|  " : "| ").append(pad(t / MICROS, durMag)).append(" <> ")
                            .append(pad(end / MICROS, durMag)).append(durMag == 1 ? "  |" : " |");
                }
            } else {
                out.append("| ").append(time(t, durMag, prec, dv)).append(" <> ").append(time(end, durMag, prec, dv)).append(" |");
            }
            for (int j = 0; j < n; j++) {
                Column c = columns.get(j);
                if (frW[j] > 0) {
                    out.append(' ').append(pad(c.frames(i), frW[j])).append(" |");
                }
                if (valW[j] > 0) {
                    out.append(' ').append(c.time ? seconds(c.cell(i, lastRow ? end - t : interval), valW[j] - 7)
                            : pad(c.value(i), valW[j])).append(" |");
                }
            }
            out.append(filler).append('\n');
        }
        out.append("=".repeat(borderlen)).append('\n');
        if (cut > 0) {
            out.append("io,stat: ").append(cut).append(" later intervals not shown (at most ").append(IoIntervals.MAX_INTERVALS)
                    .append(" rows); a longer INTERVAL covers the whole capture\n");
        }
    }

    /** Microseconds as tshark's "%Nu.%06u". */
    private static String seconds(long micros, int secondsWidth) {
        return pad(micros / MICROS, secondsWidth) + "." + String.format(java.util.Locale.ROOT, "%06d", micros % MICROS);
    }

    /** A time in seconds with {@code prec} decimals, the seconds right-aligned in {@code secondsWidth}. */
    private static String time(long micros, int secondsWidth, int prec, long dv) {
        String fraction = Long.toString(micros % MICROS / dv);
        return pad(micros / MICROS, secondsWidth) + "." + "0".repeat(Math.max(0, prec - fraction.length())) + fraction;
    }

    /** tshark's printcenter: a label centred in a column, nothing when the column is far wider than the label. */
    private static void center(StringBuilder out, String label, int width) {
        int side = (width - label.length()) / 2 + 1;
        if (side >= 6) {
            return;
        }
        String pad = spaces(side);
        out.append((width - label.length()) % 2 == 0 ? pad : pad + " ").append(label).append(pad).append('|');
    }

    /** tshark's magnitude: the digits of a number, at least 1, at most {@code max}. */
    private static int magnitude(long value, int max) {
        int mag = 0;
        for (int i = 0; i < max; i++) {
            mag++;
            if ((value /= 10) == 0) {
                break;
            }
        }
        return mag;
    }

    private static String pad(long value, int width) {
        String s = Long.toString(value);
        return s.length() >= width ? s : spaces(width - s.length()) + s;
    }

    private static String spaces(int n) {
        return n <= 0 ? "" : " ".repeat(n);
    }
}
