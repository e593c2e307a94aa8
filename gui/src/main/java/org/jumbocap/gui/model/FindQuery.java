package org.jumbocap.gui.model;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * What Find Packet looks for, as Wireshark's find bar asks it: a display filter, a hex byte sequence, or
 * a string in the packet bytes or in the Info column. Byte and string queries are checked here; a display
 * filter is compiled by the display-filter engine the filter bar uses.
 *
 * @param caseSensitive for strings only; otherwise ASCII letters match in either case
 */
public record FindQuery(Kind kind, Scope scope, String text, boolean caseSensitive) {
    /** The kinds of search, in the order the find bar offers them. */
    public enum Kind {
        DISPLAY_FILTER("Display filter"),
        HEX("Hex value"),
        STRING("String");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** Where a string is looked for. */
    public enum Scope {
        BYTES("Packet bytes"),
        INFO("Info column");

        private final String label;

        Scope(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    public FindQuery {
        text = text == null ? "" : text.strip();
    }

    /**
     * The bytes a hex query names: pairs of hex digits, optionally separated by spaces, colons, dashes or
     * dots ({@code "de ad be ef"}, {@code "de:ad:be:ef"}, {@code "0xdeadbeef"}); throws with the reason.
     */
    public static byte[] parseHex(String text) {
        String digits = text.strip();
        if (digits.startsWith("0x") || digits.startsWith("0X")) {
            digits = digits.substring(2);
        }
        digits = digits.replaceAll("[\\s:.\\-]", "");
        if (digits.isEmpty()) {
            throw new IllegalArgumentException("no hex bytes given");
        }
        if (digits.length() % 2 != 0) {
            throw new IllegalArgumentException("odd number of hex digits: " + text.strip());
        }
        byte[] out = new byte[digits.length() / 2];
        for (int i = 0; i < out.length; i++) {
            int hi = Character.digit(digits.charAt(2 * i), 16);
            int lo = Character.digit(digits.charAt(2 * i + 1), 16);
            if (hi < 0 || lo < 0) {
                throw new IllegalArgumentException("not a hex digit in " + text.strip());
            }
            out[i] = (byte) (hi << 4 | lo);
        }
        return out;
    }

    /** The byte pattern of a hex or string query in the packet bytes. */
    public byte[] pattern() {
        return kind == Kind.HEX ? parseHex(text) : text.getBytes(StandardCharsets.UTF_8);
    }

    /** Whether {@code info} holds the string of this query. */
    public boolean infoMatches(String info) {
        if (info == null) {
            return false;
        }
        return caseSensitive ? info.contains(text)
                : info.toLowerCase(Locale.ROOT).contains(text.toLowerCase(Locale.ROOT));
    }

    /** Whether {@code pattern} occurs in {@code data[0, length)}; letters ignore case unless {@code exact}. */
    public static boolean contains(byte[] data, int length, byte[] pattern, boolean exact) {
        int last = length - pattern.length;
        outer:
        for (int i = 0; i <= last; i++) {
            for (int j = 0; j < pattern.length; j++) {
                byte a = data[i + j];
                byte b = pattern[j];
                if (a != b && (exact || lower(a) != lower(b))) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static int lower(byte b) {
        return b >= 'A' && b <= 'Z' ? b + 32 : b;
    }

    /** "jumbo", "hex de ad", "string 'GET' in the Info column": for status messages. */
    public String describe() {
        return switch (kind) {
            case DISPLAY_FILTER -> text;
            case HEX -> "hex " + text;
            case STRING -> "\"" + text + "\"" + (scope == Scope.INFO ? " in the Info column" : " in the packet bytes");
        };
    }
}
