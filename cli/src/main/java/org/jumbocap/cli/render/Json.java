package org.jumbocap.cli.render;

/**
 * A small streaming JSON writer into a StringBuilder: it tracks whether a comma is due, escapes strings
 * per RFC 8259, and writes non-finite doubles as strings since JSON has no NaN.
 */
public final class Json {
    private final StringBuilder out;
    /** One bit per open container: whether it already holds a member. */
    private long hasMember;
    private int depth;
    private boolean afterName;

    public Json(StringBuilder out) {
        this.out = out;
    }

    public StringBuilder builder() {
        return out;
    }

    private void separate() {
        if (afterName) {
            afterName = false;
            return;
        }
        if (depth > 0) {
            long bit = 1L << Math.min(depth, 63);
            if ((hasMember & bit) != 0) {
                out.append(',');
            }
            hasMember |= bit;
        }
    }

    private Json open(char c) {
        separate();
        out.append(c);
        depth++;
        hasMember &= ~(1L << Math.min(depth, 63));
        return this;
    }

    private Json close(char c) {
        depth--;
        out.append(c);
        return this;
    }

    public Json beginObject() {
        return open('{');
    }

    public Json endObject() {
        return close('}');
    }

    public Json beginArray() {
        return open('[');
    }

    public Json endArray() {
        return close(']');
    }

    public Json name(String name) {
        separate();
        quote(name, out);
        out.append(':');
        afterName = true;
        return this;
    }

    public Json value(String s) {
        separate();
        if (s == null) {
            out.append("null");
        } else {
            quote(s, out);
        }
        return this;
    }

    public Json value(long v) {
        separate();
        out.append(v);
        return this;
    }

    public Json value(double v) {
        separate();
        if (Double.isFinite(v)) {
            out.append(v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v));
        } else {
            quote(Double.toString(v), out);
        }
        return this;
    }

    /** A number already in JSON's syntax, such as exact decimal seconds. */
    public Json number(String literal) {
        separate();
        out.append(literal);
        return this;
    }

    public Json value(boolean v) {
        separate();
        out.append(v);
        return this;
    }

    public Json field(String name, String v) {
        return name(name).value(v);
    }

    public Json field(String name, long v) {
        return name(name).value(v);
    }

    public Json field(String name, double v) {
        return name(name).value(v);
    }

    public Json field(String name, boolean v) {
        return name(name).value(v);
    }

    /** Appends {@code s} as a JSON string literal. */
    public static void quote(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
