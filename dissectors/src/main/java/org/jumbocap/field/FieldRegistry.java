package org.jumbocap.field;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Every declared field by filter name; built once from the protocol modules, then read-only. */
public final class FieldRegistry {
    private final Map<String, FieldDef> byName;

    public FieldRegistry(Collection<FieldDef> fields) {
        Map<String, FieldDef> map = new LinkedHashMap<>();
        for (FieldDef f : fields) {
            FieldDef previous = map.putIfAbsent(f.name(), f);
            if (previous != null && !previous.equals(f)) {
                throw new IllegalStateException("field " + f.name() + " declared twice with different definitions");
            }
        }
        this.byName = Collections.unmodifiableMap(map);
    }

    public Optional<FieldDef> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public boolean contains(String name) {
        return byName.containsKey(name);
    }

    /** All fields in declaration order. */
    public List<FieldDef> all() {
        return List.copyOf(byName.values());
    }

    /** Fields whose name starts with the prefix, for the {@code fields} listing. */
    public List<FieldDef> withPrefix(String prefix) {
        return byName.values().stream().filter(f -> f.name().startsWith(prefix)).toList();
    }

    /** The nearest field name by edit distance, for "did you mean" messages. */
    public Optional<String> nearest(String name) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : byName.keySet()) {
            int d = editDistance(name, candidate);
            if (d < bestDistance) {
                bestDistance = d;
                best = candidate;
            }
        }
        return best != null && bestDistance <= Math.max(2, name.length() / 3) ? Optional.of(best) : Optional.empty();
    }

    static int editDistance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
