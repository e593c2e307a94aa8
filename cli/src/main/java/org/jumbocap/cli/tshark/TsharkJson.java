package org.jumbocap.cli.tshark;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.cli.render.FieldColumns;
import org.jumbocap.dissect.FrameFields;
import org.jumbocap.field.FieldType;
import org.jumbocap.render.FrameContext;
import org.jumbocap.render.Json;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * A frame's tree in tshark's JSON layouts, for pipelines written against them: {@code -T json} as tshark
 * writes it ({@code _index}, {@code _type}, {@code _score}, {@code _source.layers}: per layer its fields by
 * filter name, every value a string, a field's subfields in "NAME_tree", a name seen twice at one level an
 * array) and {@code -T ek}, Elasticsearch's bulk format (an index line, then the frame with its fields
 * flattened as LAYER_FIELD with dots as underscores, booleans as JSON booleans). The fields and their values
 * are jumbocap's: where a field is tshark's too, its value is written as tshark writes it.
 */
public final class TsharkJson {
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT).withZone(ZoneOffset.UTC);

    private TsharkJson() {
    }

    /** "packets-2026-11-30": the index tshark names after the frame's day (UTC here). */
    static String index(FrameTree tree) {
        return "packets-" + DAY.format(Instant.ofEpochSecond(Math.floorDiv(tree.frame().timestampNanos(), 1_000_000_000L)));
    }

    /** One element of tshark's {@code -T json} array. */
    public static void json(FrameTree tree, Json j) {
        j.beginObject();
        j.field("_index", index(tree));
        j.field("_type", "doc");
        j.name("_score").number("null");
        j.name("_source").beginObject().name("layers").beginObject();
        fields(tree, tree.layers(), j);
        j.endObject().endObject();
        j.endObject();
    }

    /**
     * One element of tshark's {@code -T json -e FIELD...}: {@code _source.layers} holds the chosen fields by name, each an
     * array of its values as {@code -T fields} prints them; a field the frame lacks is left out.
     */
    public static void json(FrameTree tree, FrameContext context, FieldColumns columns, Json j) {
        j.beginObject();
        j.field("_index", index(tree));
        j.field("_type", "doc");
        j.name("_score").number("null");
        j.name("_source").beginObject().name("layers").beginObject();
        chosen(tree, context, columns, j, false);
        j.endObject().endObject();
        j.endObject();
    }

    /** tshark's {@code -T ek -e FIELD...}: as {@link #json(FrameTree, FrameContext, FieldColumns, Json)}, the names with underscores. */
    public static void ek(FrameTree tree, FrameContext context, FieldColumns columns, Json index, Json doc) {
        index.beginObject().name("index").beginObject().field("_index", index(tree)).field("_type", "doc").endObject().endObject();
        doc.beginObject();
        doc.field("timestamp", Long.toString(Math.floorDiv(tree.frame().timestampNanos(), 1_000_000L)));
        doc.name("layers").beginObject();
        chosen(tree, context, columns, doc, true);
        doc.endObject().endObject();
    }

    private static void chosen(FrameTree tree, FrameContext context, FieldColumns columns, Json j, boolean underscores) {
        for (String name : columns.names()) {
            List<String> values = columns.texts(name, tree, context);
            if (values.isEmpty()) {
                continue;
            }
            j.name(underscores ? name.replace('.', '_') : name).beginArray();
            values.forEach(j::value);
            j.endArray();
        }
    }

    /** tshark's {@code -T ek}: the index line and the frame's line, each ending in a newline. */
    public static void ek(FrameTree tree, Json index, Json doc) {
        index.beginObject().name("index").beginObject().field("_index", index(tree)).field("_type", "doc").endObject().endObject();
        doc.beginObject();
        doc.field("timestamp", Long.toString(Math.floorDiv(tree.frame().timestampNanos(), 1_000_000L)));
        doc.name("layers").beginObject();
        Map<String, List<FieldNode>> layers = byName(tree.layers());
        for (Map.Entry<String, List<FieldNode>> layer : layers.entrySet()) {
            doc.name(layer.getKey()).beginObject();
            Map<String, List<Object>> flat = new LinkedHashMap<>();
            for (FieldNode l : layer.getValue()) {
                flatten(tree, layer.getKey(), l.children(), flat);
            }
            for (Map.Entry<String, List<Object>> f : flat.entrySet()) {
                doc.name(f.getKey());
                if (f.getValue().size() > 1) {
                    doc.beginArray();
                    f.getValue().forEach(v -> ekValue(v, doc));
                    doc.endArray();
                } else {
                    ekValue(f.getValue().get(0), doc);
                }
            }
            doc.endObject();
        }
        doc.endObject().endObject();
    }

    private static void ekValue(Object v, Json j) {
        if (v instanceof Boolean b) {
            j.value(b);
        } else if (v == null) {
            j.number("null");
        } else {
            j.value((String) v);
        }
    }

    private static void flatten(FrameTree tree, String layer, List<FieldNode> nodes, Map<String, List<Object>> into) {
        for (FieldNode n : nodes) {
            String key = layer + "_" + n.name().replace('.', '_');
            // ek writes booleans as JSON's, and a field without a value (a subtree's heading) as null
            FieldType type = n.def().type();
            Object value = type == FieldType.BOOLEAN && n.value() instanceof Boolean b ? b
                    : type == FieldType.BOOLEAN && n.value() instanceof Number v ? (Boolean) (v.longValue() != 0)
                    : (type == FieldType.NONE || type == FieldType.PROTOCOL) && !bytesValued(n) ? null
                    : text(tree, n);
            into.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
            flatten(tree, layer, n.children(), into);
        }
    }

    /** Nodes grouped by filter name, in order of first appearance. */
    private static Map<String, List<FieldNode>> byName(List<FieldNode> nodes) {
        Map<String, List<FieldNode>> byName = new LinkedHashMap<>();
        for (FieldNode n : nodes) {
            byName.computeIfAbsent(n.name(), k -> new ArrayList<>()).add(n);
        }
        return byName;
    }

    /** Fields by name at one level: a layer's object, a name's value (an array when repeated), then its "_tree". */
    private static void fields(FrameTree tree, List<FieldNode> nodes, Json j) {
        for (Map.Entry<String, List<FieldNode>> e : byName(nodes).entrySet()) {
            List<FieldNode> same = e.getValue();
            j.name(e.getKey());
            // a layer, and a field without a value of its own (a subtree, a header inside a layer), is its
            // fields' object itself, as tshark writes one; a field with a value has its subfields in NAME_tree
            FieldType type = same.get(0).def().type();
            boolean layer = (type == FieldType.NONE || type == FieldType.PROTOCOL || same.get(0).isProtocol())
                    && (same.get(0).parent() == null || !same.get(0).children().isEmpty()) && !bytesValued(same.get(0));
            if (same.size() > 1) {
                j.beginArray();
            }
            for (FieldNode n : same) {
                if (layer) {
                    j.beginObject();
                    fields(tree, n.children(), j);
                    j.endObject();
                } else {
                    j.value(text(tree, n));
                }
            }
            if (same.size() > 1) {
                j.endArray();
            }
            if (!layer && same.stream().anyMatch(n -> !n.children().isEmpty())) {
                // one subtree per occurrence, an array of them when the name repeats
                j.name(e.getKey() + "_tree");
                if (same.size() > 1) {
                    j.beginArray();
                }
                for (FieldNode n : same) {
                    j.beginObject();
                    fields(tree, n.children(), j);
                    j.endObject();
                }
                if (same.size() > 1) {
                    j.endArray();
                }
            }
        }
    }

    /** A TCP option: a heading here, the option's bytes in tshark (its subfields then go in NAME_tree). */
    static boolean bytesValued(FieldNode n) {
        return n.name().startsWith("tcp.options.") && n.def().type() == FieldType.NONE;
    }

    /** A value as tshark's JSON writes it: booleans "1"/"0", bytes as colon-separated hex, the rest as shown. */
    static String text(FrameTree tree, FieldNode n) {
        if (bytesValued(n)) {
            return bytes(tree, n);
        }
        FieldType type = n.def().type();
        if (type == FieldType.BOOLEAN && n.value() instanceof Boolean b) {
            return b ? "1" : "0";
        }
        if (type == FieldType.BYTES) {
            return bytes(tree, n);
        }
        if (n.def() == FrameFields.TIME) {
            return FieldColumns.tsharkTime(tree.frame().timestampNanos());
        }
        String text = n.valueText();
        return text == null ? "" : text;
    }

    private static String bytes(FrameTree tree, FieldNode n) {
        if (n.value() instanceof byte[] held) {
            return colonHex(held, 0, held.length);
        }
        FrameBuffer frame = tree.frame().buffer();
        int length = Math.max(0, Math.min(n.length(), frame.remaining(n.offset())));
        return colonHex(frame.array(), frame.arrayOffset() + n.offset(), length);
    }

    private static String colonHex(byte[] a, int from, int length) {
        StringBuilder s = new StringBuilder(Math.max(0, length * 3 - 1));
        for (int i = 0; i < length; i++) {
            if (i > 0) {
                s.append(':');
            }
            s.append(Character.forDigit((a[from + i] >> 4) & 0xF, 16)).append(Character.forDigit(a[from + i] & 0xF, 16));
        }
        return s.toString();
    }
}
