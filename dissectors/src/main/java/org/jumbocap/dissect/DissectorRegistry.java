package org.jumbocap.dissect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertRegistry;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldRegistry;

/** The dissector tables, fields and expert declarations of every module; built once, immutable. */
public final class DissectorRegistry {
    private final Map<String, DissectorTable> tables;
    private final FieldRegistry fields;
    private final ExpertRegistry experts;

    private DissectorRegistry(Map<String, DissectorTable> tables, FieldRegistry fields, ExpertRegistry experts) {
        this.tables = tables;
        this.fields = fields;
        this.experts = experts;
    }

    /**
     * The registry of every protocol jumbocap ships, built on first use from the modules listed in
     * {@code META-INF/services/org.jumbocap.dissect.ProtocolModule}, in that file's order.
     */
    public static DissectorRegistry standard() {
        return Standard.INSTANCE;
    }

    private static final class Standard {
        static final DissectorRegistry INSTANCE = build(shippedModules());

        private static List<ProtocolModule> shippedModules() {
            List<ProtocolModule> modules = new ArrayList<>();
            ServiceLoader.load(ProtocolModule.class, ProtocolModule.class.getClassLoader()).forEach(modules::add);
            if (modules.isEmpty()) {
                throw new IllegalStateException("no protocol modules on the class path "
                        + "(META-INF/services/" + ProtocolModule.class.getName() + " is missing)");
            }
            return List.copyOf(modules);
        }
    }

    public static DissectorRegistry build(List<ProtocolModule> modules) {
        Builder b = new Builder();
        List<FieldDef> fieldDefs = new ArrayList<>(CoreDeclarations.fields());
        List<ExpertDef> expertDefs = new ArrayList<>(CoreDeclarations.experts());
        for (ProtocolModule m : modules) {
            fieldDefs.addAll(m.fields());
            expertDefs.addAll(m.experts());
            m.register(b);
        }
        Map<String, DissectorTable> tables = new LinkedHashMap<>();
        b.entries.forEach((name, map) -> tables.put(name, new DissectorTable(name, map)));
        return new DissectorRegistry(tables, new FieldRegistry(fieldDefs), new ExpertRegistry(expertDefs));
    }

    /** A table by name; an empty table when no module registered into it. */
    public DissectorTable table(String name) {
        DissectorTable t = tables.get(name);
        return t != null ? t : new DissectorTable(name, Map.of());
    }

    public FieldRegistry fields() {
        return fields;
    }

    public ExpertRegistry experts() {
        return experts;
    }

    /** Collects table entries while the registry is built. */
    public static final class Builder {
        private final Map<String, Map<Integer, Dissector>> entries = new LinkedHashMap<>();

        public Builder add(String table, int key, Dissector dissector) {
            Dissector previous = entries.computeIfAbsent(table, k -> new HashMap<>()).putIfAbsent(key, dissector);
            if (previous != null) {
                throw new IllegalStateException(table + " " + key + " registered twice");
            }
            return this;
        }
    }
}
