package org.jumbocap.dissect;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertRegistry;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldRegistry;

/** The dissector tables, fields and expert declarations of every module; built once, immutable. */
public final class DissectorRegistry {
    private final Map<String, DissectorTable> tables;
    /** The names of the tables every frame passes through, as the decoders name them: constants of {@link Tables}. */
    private static final String[] HOT_NAMES = {Tables.ETHERTYPE, Tables.IP_PROTO, Tables.TCP_PORT, Tables.UDP_PORT,
            Tables.TCP_HEURISTIC, Tables.UDP_HEURISTIC};
    /** Those tables, by the index of their name in {@link #HOT_NAMES} (see {@link #table}). */
    private final DissectorTable[] hot = new DissectorTable[HOT_NAMES.length];
    private final FieldRegistry fields;
    private final ExpertRegistry experts;

    private DissectorRegistry(Map<String, DissectorTable> tables, FieldRegistry fields, ExpertRegistry experts) {
        this.tables = tables;
        for (int i = 0; i < HOT_NAMES.length; i++) {
            hot[i] = lookUp(HOT_NAMES[i]);
        }
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
            List<ProtocolModule> modules = null;
            try {
                CodeSource source = ProtocolModule.class.getProtectionDomain().getCodeSource();
                if (source != null && source.getLocation() != null && "file".equals(source.getLocation().getProtocol())) {
                    modules = listedIn(Path.of(source.getLocation().toURI()), ProtocolModule.class.getClassLoader());
                }
            } catch (URISyntaxException | IllegalArgumentException | SecurityException e) {
                // not a plain file: ServiceLoader below
            }
            if (modules == null) {
                modules = new ArrayList<>();
                ServiceLoader.load(ProtocolModule.class, ProtocolModule.class.getClassLoader()).forEach(modules::add);
            }
            if (modules.isEmpty()) {
                throw new IllegalStateException("no protocol modules on the class path "
                        + "(" + SERVICES + " is missing)");
            }
            return List.copyOf(modules);
        }
    }

    static final String SERVICES = "META-INF/services/" + ProtocolModule.class.getName();

    /**
     * The modules the services file in {@code location} (the jar or class directory that holds this
     * package) lists, made as {@link ServiceLoader} makes them, in its order; null when that file cannot be
     * read there. Not ServiceLoader itself for the shipped ones: it asks the class loader for that file in
     * every jar of the class path, opening each (the command line has twenty, mostly export's Parquet),
     * about 18 ms of CPU before the first frame.
     *
     * @throws ServiceConfigurationError when a listed module cannot be made, as ServiceLoader would
     */
    static List<ProtocolModule> listedIn(Path location, ClassLoader loader) {
        String text;
        try {
            if (Files.isDirectory(location)) {
                Path file = location.resolve(SERVICES);
                if (!Files.isRegularFile(file)) {
                    return null;
                }
                text = Files.readString(file, StandardCharsets.UTF_8);
            } else {
                try (ZipFile jar = new ZipFile(location.toFile())) {
                    ZipEntry entry = jar.getEntry(SERVICES);
                    if (entry == null) {
                        return null;
                    }
                    try (InputStream in = jar.getInputStream(entry)) {
                        text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    }
                }
            }
        } catch (IOException | SecurityException e) {
            return null;
        }
        // the services file's syntax: one class name a line, '#' starts a comment, a repeated name counts once
        Set<String> names = new LinkedHashSet<>();
        for (String line : text.split("\n")) {
            int comment = line.indexOf('#');
            String name = (comment >= 0 ? line.substring(0, comment) : line).strip();
            if (!name.isEmpty()) {
                names.add(name);
            }
        }
        List<ProtocolModule> modules = new ArrayList<>();
        for (String name : names) {
            try {
                modules.add(Class.forName(name, true, loader).asSubclass(ProtocolModule.class)
                        .getConstructor().newInstance());
            } catch (ReflectiveOperationException | ClassCastException e) {
                throw new ServiceConfigurationError(ProtocolModule.class.getName() + ": " + name
                        + " cannot be made: " + e, e);
            }
        }
        return modules;
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

    /**
     * Wireshark's Decode As ({@code tshark -d tcp.port==8080,http}): this registry with {@code table}'s entries from
     * {@code from} to {@code to} replaced by the decoder {@code protocol} registers in that table (at its lowest key, DNS's 53
     * rather than mDNS's 5353). A decoder is named by its class, {@code HttpDissector} is "http", as every
     * protocol folder names its own.
     *
     * @throws IllegalArgumentException when no decoder of that name is registered in the table, naming those that are
     */
    public DissectorRegistry decodeAs(String table, int from, int to, String protocol) {
        DissectorTable current = table(table);
        Dissector chosen = null;
        java.util.TreeSet<String> names = new java.util.TreeSet<>();
        for (Map.Entry<Integer, Dissector> e : new java.util.TreeMap<>(current.entries()).entrySet()) {
            String name = protocolName(e.getValue());
            names.add(name);
            if (chosen == null && name.equalsIgnoreCase(protocol)) {
                chosen = e.getValue();
            }
        }
        if (chosen == null) {
            throw new IllegalArgumentException(table + " decodes " + String.join(", ", names));
        }
        Map<Integer, Dissector> entries = new HashMap<>(current.entries());
        for (int key = from; key <= to; key++) {
            entries.put(key, chosen);
        }
        Map<String, DissectorTable> changed = new LinkedHashMap<>(tables);
        changed.put(table, new DissectorTable(table, entries));
        return new DissectorRegistry(changed, fields, experts);
    }

    private static String protocolName(Dissector d) {
        String name = d.getClass().getSimpleName();
        return (name.endsWith("Dissector") ? name.substring(0, name.length() - "Dissector".length()) : name)
                .toLowerCase(java.util.Locale.ROOT);
    }

    /** A table by name; an empty table when no module registered into it. */
    public DissectorTable table(String name) {
        // the decoders name their tables by the constants of Tables: the hot ones are a comparison of
        // references away, not a hash look-up (several per frame); any other string is looked up
        for (int i = 0; i < HOT_NAMES.length; i++) {
            if (name == HOT_NAMES[i]) {
                return hot[i];
            }
        }
        return lookUp(name);
    }

    private DissectorTable lookUp(String name) {
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
