package org.jumbocap.displayfilter;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;

/**
 * Compiles the pattern of {@code matches} for RE2/J, case-insensitive as Wireshark's. Wireshark runs
 * PCRE2; RE2 takes the same syntax except what needs backtracking (backreferences, lookaround, atomic
 * groups, possessive quantifiers), which is refused here with that said, as is a pattern whose compiled
 * program would not fit in memory: repeats nested so that their counts multiply past 1,000 (RE2's own
 * rule; {@code (a{1000}){1000}} would be a million instructions) or groups nested past 1,000 deep.
 */
final class RegexText {
    /** RE2's bound on a repeat count and on the product of nested ones. */
    static final int MAX_REPEAT = 1000;
    /** Groups nested deeper than this are refused (RE2's bound; the parser recurses on them). */
    static final int MAX_DEPTH = 1000;

    private RegexText() {
    }

    /** A pattern RE2 refused, or one too large: the message for the filter error. */
    static final class Refused extends Exception {
        Refused(String message) {
            super(message, null, false, false);
        }
    }

    static Pattern compile(String text) throws Refused {
        checkSize(text);
        try {
            return Pattern.compile(text, Pattern.CASE_INSENSITIVE);
        } catch (PatternSyntaxException e) {
            String d = e.getDescription();
            String hint = unsupported(text)
                    ? " (backreferences, lookaround, atomic groups and possessive quantifiers need backtracking, "
                    + "which jumbocap's linear-time regex engine (RE2 syntax) does not do)"
                    : "";
            return fail(d + ": " + e.getMessage().replaceFirst("^error parsing regexp: [^:]*: ", "") + hint);
        } catch (StackOverflowError e) {
            return fail("the pattern nests too deeply");
        }
    }

    private static Pattern fail(String message) throws Refused {
        throw new Refused(message);
    }

    /** True when the pattern uses PCRE syntax that needs backtracking. */
    private static boolean unsupported(String t) {
        return t.matches("(?s).*(\\\\[1-9]|\\\\g|\\\\k|\\(\\?[=!>]|\\(\\?<[=!]|[*+?}][+]).*");
    }

    /**
     * Refuses counted repeats that multiply past {@link #MAX_REPEAT} when nested, and groups nested past
     * {@link #MAX_DEPTH}. A light scan: escapes, {@code \Q...\E} and character classes are skipped.
     */
    private static void checkSize(String t) throws Refused {
        int n = t.length();
        long[] inner = new long[Math.min(n, MAX_DEPTH) + 2]; // per open group: the largest repeat product inside
        int depth = 0;
        inner[0] = 1;
        long last = 1; // the repeat product of the atom just passed (a closed group's, or 1)
        int i = 0;
        while (i < n) {
            char c = t.charAt(i);
            if (c == '\\') {
                if (i + 1 < n && t.charAt(i + 1) == 'Q') {
                    int e = t.indexOf("\\E", i + 2);
                    i = e < 0 ? n : e + 2;
                } else {
                    i += 2;
                }
                last = 1;
            } else if (c == '[') {
                i = classEnd(t, i);
                last = 1;
            } else if (c == '(') {
                if (++depth > MAX_DEPTH) {
                    throw new Refused("groups nest more than " + MAX_DEPTH + " deep");
                }
                inner[depth] = 1;
                i++;
            } else if (c == ')') {
                if (depth > 0) {
                    last = inner[depth--];
                    inner[depth] = Math.max(inner[depth], last);
                }
                i++;
            } else if (c == '{') {
                int close = t.indexOf('}', i);
                long count = close < 0 ? -1 : count(t.substring(i + 1, close));
                if (count >= 0) {
                    long product = last * Math.max(count, 1);
                    if (count > MAX_REPEAT || product > MAX_REPEAT) {
                        throw new Refused("repeat counts multiply to " + (count > MAX_REPEAT ? count : product)
                                + ", more than " + MAX_REPEAT + " (RE2's bound; write the repeat out or use * or +)");
                    }
                    inner[depth] = Math.max(inner[depth], product);
                    i = close + 1;
                } else {
                    i++;
                }
                last = 1;
            } else {
                last = 1;
                i++;
            }
        }
    }

    /** The largest count of {@code n}, {@code n,} or {@code n,m}; -1 when it is not a repeat (a literal brace). */
    private static long count(String body) {
        if (!body.matches("\\d{1,9}(,\\d{0,9})?")) {
            return -1;
        }
        int comma = body.indexOf(',');
        if (comma < 0) {
            return Long.parseLong(body);
        }
        String max = body.substring(comma + 1);
        return max.isEmpty() ? Long.parseLong(body.substring(0, comma)) : Long.parseLong(max);
    }

    /** The index after the character class starting at {@code i}. */
    private static int classEnd(String t, int i) {
        int j = i + 1;
        if (j < t.length() && t.charAt(j) == '^') {
            j++;
        }
        if (j < t.length() && t.charAt(j) == ']') {
            j++;
        }
        while (j < t.length() && t.charAt(j) != ']') {
            if (t.charAt(j) == '\\') {
                j++;
            } else if (t.charAt(j) == '[' && j + 1 < t.length() && t.charAt(j + 1) == ':') {
                int e = t.indexOf(":]", j + 2);
                j = e < 0 ? j : e + 1;
            }
            j++;
        }
        return j + 1;
    }
}
