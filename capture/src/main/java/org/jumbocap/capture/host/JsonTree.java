package org.jumbocap.capture.host;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON document as plain values, read with jackson-core's streaming parser, for {@code ip -j} output:
 * objects become maps (in order), arrays lists, integers Long (Double when too large for one), other
 * numbers Double, plus String, Boolean and null. Depth and number length are bounded; malformed input, or
 * anything after the document, throws IllegalArgumentException.
 */
final class JsonTree {
    private static final int MAX_DEPTH = 64;
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .build();

    private JsonTree() {
    }

    static Object parse(String text) {
        try (JsonParser p = FACTORY.createParser(text)) {
            if (p.nextToken() == null) {
                throw new IllegalArgumentException("JSON: unexpected end at offset 0");
            }
            Object v = value(p);
            if (p.nextToken() != null) {
                throw new IllegalArgumentException("JSON: trailing characters at offset "
                        + p.currentTokenLocation().getCharOffset());
            }
            return v;
        } catch (IOException e) {
            // the parser's own message names the line, column and what it expected
            throw new IllegalArgumentException("JSON: " + e.getMessage(), e);
        }
    }

    /** The value whose first token the parser is on. */
    private static Object value(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    p.nextToken();
                    m.put(key, value(p));
                }
                return m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    l.add(value(p));
                }
                return l;
            }
            case VALUE_STRING -> {
                return p.getText();
            }
            case VALUE_NUMBER_INT -> {
                return p.getNumberType() == JsonParser.NumberType.BIG_INTEGER ? (Object) p.getDoubleValue()
                        : (Object) p.getLongValue();
            }
            case VALUE_NUMBER_FLOAT -> {
                return p.getDoubleValue();
            }
            case VALUE_TRUE -> {
                return Boolean.TRUE;
            }
            case VALUE_FALSE -> {
                return Boolean.FALSE;
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> throw new IllegalArgumentException("JSON: unexpected " + t + " at offset "
                    + p.currentTokenLocation().getCharOffset());
        }
    }
}
