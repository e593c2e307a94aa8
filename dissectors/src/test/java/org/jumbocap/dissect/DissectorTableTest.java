package org.jumbocap.dissect;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DissectorTableTest {
    private static Dissector named() {
        return (ctx, offset, length) -> {
        };
    }

    /** Lookups answer the same by direct index (16-bit keys) and by search (a wider key in the table). */
    @Test
    void everyKeyFindsItsDissectorAndNoOtherKeyFindsOne() {
        Dissector ipv4 = named();
        Dissector ipv6 = named();
        Dissector wide = named();
        Map<Integer, Dissector> narrow = new HashMap<>(Map.of(0x0800, ipv4, 0x86DD, ipv6));
        Map<Integer, Dissector> mixed = new HashMap<>(narrow);
        mixed.put(1 << 20, wide);
        for (DissectorTable t : new DissectorTable[] {new DissectorTable("narrow", narrow), new DissectorTable("mixed", mixed)}) {
            assertSame(ipv4, t.get(0x0800), t.name());
            assertSame(ipv6, t.get(0x86DD), t.name());
            for (int absent : new int[] {-1, 0, 0x07FF, 0x0801, 0x86DC, 0x86DE, 0xFFFF, 0x10000, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
                assertNull(t.get(absent), t.name() + " " + absent);
            }
        }
        assertSame(wide, new DissectorTable("mixed", mixed).get(1 << 20));
        assertNull(new DissectorTable("empty", Map.of()).get(0));
    }
}
