package org.jumbocap.render;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * JSON into a StringBuilder through jackson-core's streaming {@link JsonGenerator}, with jumbocap's
 * conventions on top: a double with an integral value is written as an integer, a non-finite double as a
 * string (JSON has no NaN), a number already in JSON's syntax (exact decimal seconds) as it is, and control
 * characters, U+2028 and U+2029 as lower-case {@code \\u} escapes. The builder holds the whole text once the
 * outermost object or array is closed (or {@link #builder()} is asked for).
 */
public final class Json {
    private static final JsonFactory FACTORY = new JsonFactoryBuilder()
            // the tree's depth is the dissectors' to bound, not the writer's
            .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(Integer.MAX_VALUE).build())
            .characterEscapes(new Escapes())
            .build();

    private final StringBuilder out;
    private final JsonGenerator g;

    public Json(StringBuilder out) {
        this.out = out;
        try {
            this.g = FACTORY.createGenerator(new BuilderWriter(out));
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /** The text written so far. */
    public StringBuilder builder() {
        flush();
        return out;
    }

    private void flush() {
        if (g.isClosed()) {
            return;
        }
        try {
            g.flush();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /** A generator's writes into memory cannot fail: its checked exception becomes an unchecked one. */
    private static UncheckedIOException failed(IOException e) {
        return new UncheckedIOException(e);
    }

    public Json beginObject() {
        try {
            g.writeStartObject();
        } catch (IOException e) {
            throw failed(e);
        }
        return this;
    }

    public Json endObject() {
        try {
            g.writeEndObject();
        } catch (IOException e) {
            throw failed(e);
        }
        return closed();
    }

    public Json beginArray() {
        try {
            g.writeStartArray();
        } catch (IOException e) {
            throw failed(e);
        }
        return this;
    }

    public Json endArray() {
        try {
            g.writeEndArray();
        } catch (IOException e) {
            throw failed(e);
        }
        return closed();
    }

    /**
     * Once the outermost object or array is complete, hands the text to the builder and the generator's
     * buffers back to jackson's pool (a generator left open would take new ones for every frame).
     */
    private Json closed() {
        if (g.getOutputContext().inRoot()) {
            try {
                g.close();
            } catch (IOException e) {
                throw failed(e);
            }
        }
        return this;
    }

    public Json name(String name) {
        try {
            g.writeFieldName(name);
        } catch (IOException e) {
            throw failed(e);
        }
        return this;
    }

    public Json value(String s) {
        try {
            if (s == null) {
                g.writeNull();
            } else {
                g.writeString(s);
            }
        } catch (IOException e) {
            throw failed(e);
        }
        return this;
    }

    public Json value(long v) {
        try {
            g.writeNumber(v);
        } catch (IOException e) {
            throw failed(e);
        }
        return this;
    }

    public Json value(double v) {
        try {
            if (!Double.isFinite(v)) {
                g.writeString(Double.toString(v));
            } else if (v == Math.rint(v) && Math.abs(v) < 1e15) {
                g.writeNumber((long) v);
            } else {
                g.writeNumber(Double.toString(v));
            }
        } catch (IOException e) {
            throw failed(e);
        }
        return this;
    }

    /** A number already in JSON's syntax, such as exact decimal seconds. */
    public Json number(String literal) {
        try {
            g.writeNumber(literal);
        } catch (IOException e) {
            throw failed(e);
        }
        return this;
    }

    public Json value(boolean v) {
        try {
            g.writeBoolean(v);
        } catch (IOException e) {
            throw failed(e);
        }
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

    /**
     * RFC 8259's escapes, as jumbocap has always written them: the short forms for quote, backslash, \b, \f,
     * \n, \r and \t, lower-case {@code \\u00xx} for the other control characters, and U+2028 and U+2029
     * escaped too, since JavaScript before ES2019 ends a line at them.
     */
    private static final class Escapes extends CharacterEscapes {
        private final int[] ascii = standardAsciiEscapesForJSON();
        private final SerializableString[] controls = new SerializableString[0x20];
        private final SerializableString lineSeparator = new SerializedString("\\u2028");
        private final SerializableString paragraphSeparator = new SerializedString("\\u2029");

        Escapes() {
            for (int c = 0; c < 0x20; c++) {
                if (ascii[c] == ESCAPE_STANDARD) {
                    ascii[c] = ESCAPE_CUSTOM;
                    controls[c] = new SerializedString(String.format("\\u%04x", c));
                }
            }
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            if (ch < 0x20) {
                return controls[ch];
            }
            return ch == 0x2028 ? lineSeparator : ch == 0x2029 ? paragraphSeparator : null;
        }
    }

    /** The generator's output, appended to the builder; nothing to flush or close. */
    private static final class BuilderWriter extends Writer {
        private final StringBuilder out;

        BuilderWriter(StringBuilder out) {
            this.out = out;
        }

        @Override
        public void write(char[] cbuf, int off, int len) {
            out.append(cbuf, off, len);
        }

        @Override
        public void write(String str, int off, int len) {
            out.append(str, off, off + len);
        }

        @Override
        public void write(int c) {
            out.append((char) c);
        }

        @Override
        public Writer append(CharSequence csq) {
            out.append(csq);
            return this;
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
