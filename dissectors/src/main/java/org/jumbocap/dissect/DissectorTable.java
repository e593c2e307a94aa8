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

    DissectorTable(String name, Map<Integer, Dissector> byKey) {
        this.name = name;
        this.byKey = Collections.unmodifiableMap(new HashMap<>(byKey));
        this.keys = byKey.keySet().stream().mapToInt(Integer::intValue).sorted().toArray();
        this.values = new Dissector[keys.length];
        for (int i = 0; i < keys.length; i++) {
            values[i] = byKey.get(keys[i]);
        }
    }

    public String name() {
        return name;
    }

    /** The dissector for a key, or null. */
    public Dissector get(int key) {
        int i = Arrays.binarySearch(keys, key);
        return i >= 0 ? values[i] : null;
    }

    public Map<Integer, Dissector> entries() {
        return byKey;
    }
}
