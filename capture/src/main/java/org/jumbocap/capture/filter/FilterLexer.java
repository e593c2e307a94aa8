package org.jumbocap.capture.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jumbocap.capture.filter.FilterToken.Kind;

/**
 * Splits a capture filter into tokens the way libpcap's scanner does: a word may contain '-', '.', '_'
 * (so {@code tcp-syn}, {@code 1-100} and {@code 10.0.0.1} are single words), and colons belong to a word
 * only when it is an IPv6 or MAC address (so {@code ip6[6:1]} stays a load of one byte).
 */
final class FilterLexer {
    private static final Pattern WORD = Pattern.compile("[A-Za-z0-9_]([-_.A-Za-z0-9]*[._A-Za-z0-9])?");
    private static final Pattern ADDRESS_CHARS = Pattern.compile("[0-9A-Fa-f:][0-9A-Fa-f:.]*");
    private static final Pattern MAC = Pattern.compile("[0-9A-Fa-f]{1,2}(:[0-9A-Fa-f]{1,2}){5}");

    private FilterLexer() {
    }

    static List<FilterToken> tokenize(String src) throws CaptureFilterSyntaxException {
        List<FilterToken> out = new ArrayList<>();
        int i = 0;
        int n = src.length();
        while (i < n) {
            char c = src.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            int start = i;
            switch (c) {
                case '(' -> out.add(new FilterToken(Kind.LPAREN, "(", start, ++i));
                case ')' -> out.add(new FilterToken(Kind.RPAREN, ")", start, ++i));
                case '[' -> out.add(new FilterToken(Kind.LBRACK, "[", start, ++i));
                case ']' -> out.add(new FilterToken(Kind.RBRACK, "]", start, ++i));
                case '+', '-', '*', '/', '%', '^' -> out.add(new FilterToken(Kind.ARITH, String.valueOf(c), start, ++i));
                case '&' -> {
                    if (peek(src, i + 1) == '&') {
                        out.add(new FilterToken(Kind.AND, "&&", start, i += 2));
                    } else {
                        out.add(new FilterToken(Kind.ARITH, "&", start, ++i));
                    }
                }
                case '|' -> {
                    if (peek(src, i + 1) == '|') {
                        out.add(new FilterToken(Kind.OR, "||", start, i += 2));
                    } else {
                        out.add(new FilterToken(Kind.ARITH, "|", start, ++i));
                    }
                }
                case '!' -> {
                    if (peek(src, i + 1) == '=') {
                        out.add(new FilterToken(Kind.RELOP, "!=", start, i += 2));
                    } else {
                        out.add(new FilterToken(Kind.NOT, "!", start, ++i));
                    }
                }
                case '=' -> {
                    int len = peek(src, i + 1) == '=' ? 2 : 1;
                    out.add(new FilterToken(Kind.RELOP, src.substring(i, i + len), start, i += len));
                }
                case '<', '>' -> {
                    char d = peek(src, i + 1);
                    if (d == c) {
                        out.add(new FilterToken(Kind.ARITH, src.substring(i, i + 2), start, i += 2));
                    } else if (d == '=') {
                        out.add(new FilterToken(Kind.RELOP, src.substring(i, i + 2), start, i += 2));
                    } else {
                        out.add(new FilterToken(Kind.RELOP, String.valueOf(c), start, ++i));
                    }
                }
                case '\\' -> {
                    Matcher m = WORD.matcher(src).region(i + 1, n);
                    if (!m.lookingAt()) {
                        throw new CaptureFilterSyntaxException("expected a protocol name after '\\'", i);
                    }
                    out.add(new FilterToken(Kind.ESCAPED, src.substring(i, m.end()), start, m.end()));
                    i = m.end();
                }
                case ':' -> {
                    int end = addressEnd(src, i);
                    if (end > 0) {
                        out.add(new FilterToken(Kind.WORD, src.substring(i, end), start, end));
                        i = end;
                    } else {
                        out.add(new FilterToken(Kind.COLON, ":", start, ++i));
                    }
                }
                default -> {
                    int end = addressEnd(src, i);
                    if (end < 0) {
                        Matcher m = WORD.matcher(src).region(i, n);
                        if (!m.lookingAt()) {
                            throw new CaptureFilterSyntaxException("unexpected character '" + c + "'", i);
                        }
                        end = m.end();
                    }
                    String text = src.substring(i, end);
                    Kind kind = switch (text.toLowerCase(java.util.Locale.ROOT)) {
                        case "and" -> Kind.AND;
                        case "or" -> Kind.OR;
                        case "not" -> Kind.NOT;
                        default -> Kind.WORD;
                    };
                    out.add(new FilterToken(kind, text, start, end));
                    i = end;
                }
            }
        }
        out.add(new FilterToken(Kind.EOF, "", n, n));
        return out;
    }

    private static char peek(String s, int i) {
        return i < s.length() ? s.charAt(i) : '\0';
    }

    /** End of an IPv6 or MAC address starting at {@code i}, or -1 when there is none. */
    private static int addressEnd(String src, int i) {
        Matcher m = ADDRESS_CHARS.matcher(src).region(i, src.length());
        if (!m.lookingAt()) {
            return -1;
        }
        String text = src.substring(i, m.end());
        if (MAC.matcher(text).matches() || isIpv6(text)) {
            return m.end();
        }
        return -1;
    }

    static boolean isIpv6(String text) {
        if (text.indexOf(':') < 0 || text.chars().filter(ch -> ch == ':').count() < 2) {
            return false;
        }
        int dbl = text.indexOf("::");
        if (dbl >= 0 && text.indexOf("::", dbl + 1) >= 0) {
            return false;
        }
        String[] groups = text.split(":", -1);
        int count = 0;
        for (int g = 0; g < groups.length; g++) {
            String part = groups[g];
            if (part.isEmpty()) {
                continue;
            }
            if (part.contains(".")) {
                if (g != groups.length - 1 || !part.matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
                    return false;
                }
                count += 2;
            } else if (part.length() > 4) {
                return false;
            } else {
                count++;
            }
        }
        return dbl >= 0 ? count <= 7 : count == 8;
    }
}
