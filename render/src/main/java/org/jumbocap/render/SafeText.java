package org.jumbocap.render;

/**
 * The one escaping of text that comes from outside (file names, pcapng options, strings from packets,
 * arguments quoted back in an error) before it reaches a terminal or a text report. A terminal obeys the
 * control characters in what it prints: {@code ESC [ 2 J} clears the screen, an OSC 52 sequence writes
 * the clipboard, a carriage return or a bidirectional override hides what precedes it. Each such
 * character is written as a visible escape instead: {@code \t}, {@code \n}, {@code \r}, {@code \e} for
 * ESC, {@code \xHH} for the other C0 controls and DEL, {@code \u0085} for a C1 control, a bidirectional
 * control or a line separator, and an unpaired surrogate. Everything else, other scripts included, is kept.
 * Text without such characters is returned as it is (the same object).
 */
public final class SafeText {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private SafeText() {
    }

    /** The text with every terminal control written as a visible escape; null stays null. */
    public static String of(String text) {
        if (text == null) {
            return null;
        }
        int n = text.length();
        int i = 0;
        while (i < n && !unsafe(text, i)) {
            i += Character.isHighSurrogate(text.charAt(i)) ? 2 : 1; // a pair: unsafe() saw its low half
        }
        if (i == n) {
            return text;
        }
        StringBuilder s = new StringBuilder(n + 16);
        s.append(text, 0, i);
        appendFrom(text, i, s);
        return s.toString();
    }

    /** Appends the text escaped as {@link #of} escapes it. */
    public static StringBuilder append(StringBuilder out, CharSequence text) {
        if (text == null) {
            return out.append("null");
        }
        return appendFrom(text, 0, out);
    }

    private static StringBuilder appendFrom(CharSequence text, int from, StringBuilder s) {
        int n = text.length();
        int i = from;
        while (i < n) {
            // a run of characters kept as they are goes in with one copy (an Info column is one run)
            int run = i;
            while (i < n && !unsafe(text, i)) {
                i += Character.isHighSurrogate(text.charAt(i)) ? 2 : 1; // a pair: unsafe() saw its low half
            }
            if (i > run) {
                s.append(text, run, i);
            }
            if (i == n) {
                break;
            }
            appendEscape(s, text.charAt(i++));
        }
        return s;
    }

    /** Appends the text escaped as {@link #of} escapes it, as UTF-8 bytes. */
    public static Utf8Text append(Utf8Text out, CharSequence text) {
        if (text == null) {
            return out.append("null");
        }
        int n = text.length();
        int i = 0;
        while (i < n) {
            int run = i;
            while (i < n && !unsafe(text, i)) {
                i += Character.isHighSurrogate(text.charAt(i)) ? 2 : 1; // a pair: unsafe() saw its low half
            }
            if (i > run) {
                out.append(text, run, i);
            }
            if (i == n) {
                break;
            }
            StringBuilder escape = new StringBuilder(6); // rare: only for a character that must be escaped
            out.append(appendEscape(escape, text.charAt(i++)));
        }
        return out;
    }

    /** The visible escape of a character that {@link #unsafe} found. */
    private static StringBuilder appendEscape(StringBuilder s, char c) {
        switch (c) {
            case '\t' -> s.append("\\t");
            case '\n' -> s.append("\\n");
            case '\r' -> s.append("\\r");
            case 0x1b -> s.append("\\e");
            default -> {
                if (c < 0x80) {
                    s.append("\\x").append(HEX[c >> 4]).append(HEX[c & 0xF]);
                } else {
                    s.append("\\u").append(HEX[c >> 12]).append(HEX[c >> 8 & 0xF]).append(HEX[c >> 4 & 0xF])
                            .append(HEX[c & 0xF]);
                }
            }
        }
        return s;
    }

    /** True when the character at {@code i} must be escaped (a well-formed surrogate pair is not). */
    private static boolean unsafe(CharSequence text, int i) {
        char c = text.charAt(i);
        if (c < 0x20 || c == 0x7f) {
            return true;
        }
        if (c < 0x80) {
            return false;
        }
        if (c <= 0x9f) {
            return true; // C1 controls: 0x9b is CSI, 0x9d OSC on terminals that take 8-bit controls
        }
        if (c >= 0x200e && c <= 0x200f || c >= 0x2028 && c <= 0x202e || c >= 0x2066 && c <= 0x2069) {
            return true; // marks and overrides that reorder what follows, and line and paragraph separators
        }
        if (Character.isHighSurrogate(c)) {
            return !(i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1)));
        }
        return Character.isLowSurrogate(c); // a low half alone (its pair's high half is skipped over)
    }
}
