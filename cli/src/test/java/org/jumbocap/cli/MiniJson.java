package org.jumbocap.cli;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * Reads command output as JSON, strictly, for checking it: objects become maps (in order), arrays lists,
 * integers Long, other numbers Double. A repeated name in one object, anything after the document, or any
 * other departure from RFC 8259 fails with IllegalArgumentException.
 */
final class MiniJson {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_LONG_FOR_INTS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private MiniJson() {
    }

    static Object parse(String text) {
        try {
            return MAPPER.readValue(text, Object.class);
        } catch (JsonProcessingException e) {
            long offset = e.getLocation() == null ? -1 : e.getLocation().getCharOffset();
            throw new IllegalArgumentException(e.getOriginalMessage() + " at offset " + offset + ": "
                    + text.substring(0, Math.min(text.length(), 200)), e);
        }
    }
}
