package org.jumbocap.expert;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Every declared expert item by id; built once from the protocol modules. */
public final class ExpertRegistry {
    private final Map<String, ExpertDef> byId;

    public ExpertRegistry(Collection<ExpertDef> defs) {
        Map<String, ExpertDef> map = new LinkedHashMap<>();
        for (ExpertDef d : defs) {
            ExpertDef previous = map.putIfAbsent(d.id(), d);
            if (previous != null && !previous.equals(d)) {
                throw new IllegalStateException("expert item " + d.id() + " declared twice");
            }
        }
        this.byId = Collections.unmodifiableMap(map);
    }

    public Optional<ExpertDef> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    public List<ExpertDef> all() {
        return List.copyOf(byId.values());
    }
}
