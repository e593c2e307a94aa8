package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The checking parser is as strict as the tests that use it need: it must fail on what jumbocap must not write. */
class MiniJsonTest {
    @Test
    void readsValuesAsTheTestsCompareThem() {
        assertEquals(Map.of("a", List.of(1L, 2.5, "x", true), "b", Map.of()), MiniJson.parse("{\"a\":[1,2.5,\"x\",true],\"b\":{}}"));
    }

    @Test
    void rejectsWhatJumbocapMustNotWrite() {
        for (String bad : List.of("{\"a\":1,\"a\":2}", "[1] [2]", "[NaN]", "[\"raw\ttab\"]", "[01]", "{a:1}", "[1,]", "")) {
            assertThrows(IllegalArgumentException.class, () -> MiniJson.parse(bad), bad);
        }
    }
}
