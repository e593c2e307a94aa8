package org.jumbocap.dissect;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/** A named table from an integer key (ethertype, IP protocol, port, link type) to a dissector. */
public final class DissectorTable {
    private final String name;
    private final Map<Integer, Dissector> byKey;

    DissectorTable(String name, Map<Integer, Dissector> byKey) {
        this.name = name;
        this.byKey = Collections.unmodifiableMap(new HashMap<>(byKey));
    }

    public String name() {
        return name;
    }

    /** The dissector for a key, or null. */
    public Dissector get(int key) {
        return byKey.get(key);
    }

    public Map<Integer, Dissector> entries() {
        return byKey;
    }
}
