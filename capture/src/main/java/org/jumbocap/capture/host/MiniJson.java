package org.jumbocap.capture.host;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Just enough JSON to read {@code ip -j} output: objects become maps, arrays lists, numbers Long or
 * Double, plus String, Boolean and null. Depth is bounded; malformed input throws IllegalArgumentException.
 */
final class MiniJson {
    private static final int MAX_DEPTH = 64;
    private final String s;
    private int i;

    private MiniJson(String s) {
        this.s = s;
    }

    static Object parse(String text) {
        MiniJson p = new MiniJson(text);
        Object v = p.value(0);
        p.space();
        if (p.i != text.length()) {
            throw p.fail("trailing characters");
        }
        return v;
    }

    private IllegalArgumentException fail(String why) {
        return new IllegalArgumentException("JSON: " + why + " at offset " + i);
    }

    private void space() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
    }

    private Object value(int depth) {
        if (depth > MAX_DEPTH) {
            throw fail("nested too deeply");
        }
        space();
        if (i >= s.length()) {
            throw fail("unexpected end");
        }
        char c = s.charAt(i);
        switch (c) {
            case '{': {
                i++;
                Map<String, Object> m = new LinkedHashMap<>();
                space();
                if (peek('}')) {
                    return m;
                }
                do {
                    space();
                    String key = string();
                    space();
                    expect(':');
                    m.put(key, value(depth + 1));
                    space();
                } while (peek(','));
                expect('}');
                return m;
            }
            case '[': {
                i++;
                List<Object> l = new ArrayList<>();
                space();
                if (peek(']')) {
                    return l;
                }
                do {
                    l.add(value(depth + 1));
                    space();
                } while (peek(','));
                expect(']');
                return l;
            }
            case '"':
                return string();
            default:
                break;
        }
        if (s.startsWith("true", i)) {
            i += 4;
            return Boolean.TRUE;
        }
        if (s.startsWith("false", i)) {
            i += 5;
            return Boolean.FALSE;
        }
        if (s.startsWith("null", i)) {
            i += 4;
            return null;
        }
        int start = i;
        while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        String num = s.substring(start, i);
        if (num.isEmpty()) {
            throw fail("unexpected '" + c + "'");
        }
        try {
            return num.matches("-?\\d{1,18}") ? (Object) Long.parseLong(num) : (Object) Double.parseDouble(num);
        } catch (NumberFormatException e) {
            throw fail("bad number");
        }
    }

    private boolean peek(char c) {
        if (i < s.length() && s.charAt(i) == c) {
            i++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw fail("expected '" + c + "'");
        }
    }

    private String string() {
        expect('"');
        StringBuilder b = new StringBuilder();
        while (i < s.length()) {
            char c = s.charAt(i++);
            if (c == '"') {
                return b.toString();
            }
            if (c == '\\') {
                if (i >= s.length()) {
                    break;
                }
                char e = s.charAt(i++);
                switch (e) {
                    case 'n' -> b.append('\n');
                    case 't' -> b.append('\t');
                    case 'r' -> b.append('\r');
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'u' -> {
                        if (i + 4 > s.length()) {
                            throw fail("bad escape");
                        }
                        b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                    }
                    default -> b.append(e);
                }
            } else {
                b.append(c);
            }
        }
        throw fail("unterminated string");
    }
}
