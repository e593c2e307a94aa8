package org.jumbocap.dissect;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * A named table from an integer key (ethertype, IP protocol, port, link type) to a dissector. Lookups take
 * a primitive key and allocate nothing: every frame passes through several of them.
 */
public final class DissectorTable {
    private final String name;
    private final Map<Integer, Dissector> byKey;
    private final int[] keys;
    private final Dissector[] values;
    /**
     * The dissectors indexed by key itself, when every key is a 16-bit number (ethertypes, IP protocols,
     * ports, link types): one array load per lookup instead of a search. Null otherwise.
     */
    private final Dissector[] byIndex;
    private final java.util.List<Dissector> inKeyOrder;
    private static final int DIRECT_LIMIT = 1 << 16;

    DissectorTable(String name, Map<Integer, Dissector> byKey) {
        this.name = name;
        this.byKey = Collections.unmodifiableMap(new HashMap<>(byKey));
        this.keys = byKey.keySet().stream().mapToInt(Integer::intValue).sorted().toArray();
        this.values = new Dissector[keys.length];
        for (int i = 0; i < keys.length; i++) {
            values[i] = byKey.get(keys[i]);
        }
        this.inKeyOrder = java.util.List.of(values);
        boolean direct = keys.length > 0 && keys[0] >= 0 && keys[keys.length - 1] < DIRECT_LIMIT;
        this.byIndex = direct ? new Dissector[keys[keys.length - 1] + 1] : null;
        if (direct) {
            for (int i = 0; i < keys.length; i++) {
                byIndex[keys[i]] = values[i];
            }
        }
    }

    public String name() {
        return name;
    }

    /** The dissector for a key, or null. */
    public Dissector get(int key) {
        Dissector[] direct = byIndex;
        if (direct != null) {
            return key >= 0 && key < direct.length ? direct[key] : null;
        }
        int i = Arrays.binarySearch(keys, key);
        return i >= 0 ? values[i] : null;
    }

    /** The dissectors in the order of their keys (a heuristic table's order of trial). */
    public java.util.List<Dissector> inKeyOrder() {
        return inKeyOrder;
    }

    public Map<Integer, Dissector> entries() {
        return byKey;
    }
}
