package org.jumbocap.gui.model;

import java.util.Locale;
import java.util.function.Function;

/**
 * One column of a conversation or endpoint table, declared once for the table on screen and for Copy as
 * CSV: its title, what it means (the header's tooltip), how its values are shown, and the value.
 */
public record TrafficColumn<T>(String title, String meaning, Kind kind, Function<T, Object> value) {
    /** How a value is shown: text left-aligned, numbers right-aligned, counts with thousands separators. */
    public enum Kind {
        TEXT, COUNT, PORT, SECONDS, RATE;

        public boolean numeric() {
            return this != TEXT;
        }

        /** The text in a table cell: {@code 3,663,540}, {@code 5201}, {@code 0.661495}, {@code 2.12 G}, {@code N/A}. */
        public String shown(Object v) {
            if (v == null) {
                return "";
            }
            return switch (this) {
                case TEXT -> v.toString();
                case COUNT -> String.format(Locale.ROOT, "%,d", ((Number) v).longValue());
                case PORT -> Long.toString(((Number) v).longValue());
                case SECONDS -> String.format(Locale.ROOT, "%.6f", ((Number) v).doubleValue());
                case RATE -> Double.isNaN(((Number) v).doubleValue()) ? "N/A" : si(((Number) v).doubleValue());
            };
        }

        /** Three significant digits and an SI prefix, as Wireshark shows bits/s: {@code 17.8 G}, {@code 435 k}, {@code 96}. */
        static String si(double value) {
            String[] prefixes = {"", " k", " M", " G", " T", " P"};
            int p = 0;
            double v = value;
            while (Math.abs(v) >= 999.5 && p < prefixes.length - 1) {
                v /= 1000;
                p++;
            }
            String digits = p == 0 ? String.format(Locale.ROOT, "%.0f", v)
                    : Math.abs(v) < 9.995 ? String.format(Locale.ROOT, "%.2f", v)
                    : Math.abs(v) < 99.95 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.0f", v);
            return digits + prefixes[p];
        }

        /** The value in CSV: plain digits, no separators, so a spreadsheet reads numbers. */
        public String csv(Object v) {
            if (v == null) {
                return "";
            }
            return switch (this) {
                case TEXT -> quoted(v.toString());
                case COUNT, PORT -> Long.toString(((Number) v).longValue());
                case SECONDS -> String.format(Locale.ROOT, "%.9f", ((Number) v).doubleValue());
                case RATE -> Double.isNaN(((Number) v).doubleValue()) ? ""
                        : String.format(Locale.ROOT, "%.0f", ((Number) v).doubleValue());
            };
        }

        private static String quoted(String s) {
            if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) {
                return s;
            }
            return '"' + s.replace("\"", "\"\"") + '"';
        }
    }
}
