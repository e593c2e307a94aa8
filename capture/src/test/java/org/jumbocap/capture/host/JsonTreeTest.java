package org.jumbocap.capture.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The plain values {@code ip -j} output is read into, and the one error malformed input gives. */
class JsonTreeTest {
    @Test
    void valuesKeepTheirTypesAndOrder() {
        Object v = JsonTree.parse(" [{\"ifname\":\"v\\u00e9th\\n\",\"mtu\":1500,\"big\":9223372036854775807,"
                + "\"huge\":12345678901234567890,\"f\":2.5e3,\"up\":true,\"down\":false,\"none\":null,"
                + "\"flags\":[\"UP\",[]],\"info\":{}}] ");
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ifname", "v\u00e9th\n");
        m.put("mtu", 1500L);
        m.put("big", Long.MAX_VALUE);
        m.put("huge", 12345678901234567890d);
        m.put("f", 2500d);
        m.put("up", true);
        m.put("down", false);
        m.put("none", null);
        m.put("flags", Arrays.asList("UP", List.of()));
        m.put("info", Map.of());
        assertEquals(List.of(m), v);
        assertEquals(List.copyOf(m.keySet()), List.copyOf(((Map<?, ?>) ((List<?>) v).get(0)).keySet()), "order kept");
    }

    @Test
    void malformedInputIsOneIllegalArgumentException() {
        for (String bad : List.of("", "[", "[1,]", "{\"a\" 1}", "[\"unterminated]", "[1] 2", "[tru]", "{\"a\":01}",
                "[".repeat(65) + "]".repeat(65))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JsonTree.parse(bad), bad);
            assertTrue(e.getMessage().startsWith("JSON: "), e.getMessage());
        }
        assertEquals(1, ((List<?>) JsonTree.parse("[".repeat(64) + "1" + "]".repeat(64))).size(), "64 levels are allowed");
    }
}
