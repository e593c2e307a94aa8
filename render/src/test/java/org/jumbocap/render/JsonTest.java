package org.jumbocap.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The JSON text jumbocap writes, to the byte: what every -T json, -T ndjson and stats -T json output and
 * the samples' expected files rely on, whatever the generator underneath.
 */
class JsonTest {
    @Test
    void commasNamesAndNesting() {
        StringBuilder sb = new StringBuilder("prefix ");
        Json j = new Json(sb);
        j.beginObject().field("a", 1).name("b").beginArray().value(1).value("x").value(true).beginObject().endObject()
                .beginArray().endArray().endArray().field("c", (String) null).name("d").beginObject().field("e", false)
                .endObject().endObject();
        assertEquals("prefix {\"a\":1,\"b\":[1,\"x\",true,{},[]],\"c\":null,\"d\":{\"e\":false}}", sb.toString(),
                "the text is in the builder once the outermost object is closed");
    }

    @Test
    void stringsAreEscapedAsRfc8259WithLowerCaseHex() {
        StringBuilder sb = new StringBuilder();
        new Json(sb).beginArray().value("q\"b\\s/\n\r\t\b\f\u0001\u001f\u007f é\u2028\u2029\ud83d\ude00").endArray();
        assertEquals("[\"q\\\"b\\\\s/\\n\\r\\t\\b\\f\\u0001\\u001f\u007f é\\u2028\\u2029\ud83d\ude00\"]", sb.toString());
        StringBuilder names = new StringBuilder();
        new Json(names).beginObject().field("tab\there", 0).endObject();
        assertEquals("{\"tab\\there\":0}", names.toString(), "names are escaped like values");
    }

    @Test
    void numbers() {
        StringBuilder sb = new StringBuilder();
        new Json(sb).beginArray().value(Long.MIN_VALUE).value(3.0).value(-0.5).value(1e15).value(123456789.125)
                .value(Double.NaN).value(Double.POSITIVE_INFINITY).number("1700000000.000000001").endArray();
        assertEquals("[-9223372036854775808,3,-0.5,1.0E15,1.23456789125E8,\"NaN\",\"Infinity\",1700000000.000000001]",
                sb.toString(), "integral doubles below 1e15 as integers, non-finite ones as strings, literals as given");
    }

    @Test
    void deepNestingIsNotCutShort() {
        StringBuilder sb = new StringBuilder();
        Json j = new Json(sb);
        for (int i = 0; i < 2000; i++) {
            j.beginArray();
        }
        for (int i = 0; i < 2000; i++) {
            j.endArray();
        }
        assertEquals("[".repeat(2000) + "]".repeat(2000), sb.toString());
    }

    @Test
    void builderHoldsWhatWasWrittenBeforeTheEnd() {
        Json j = new Json(new StringBuilder());
        j.beginObject().field("healthy", true);
        assertEquals("{\"healthy\":true", j.builder().toString());
    }
}
