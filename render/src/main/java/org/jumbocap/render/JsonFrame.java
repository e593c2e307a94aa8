package org.jumbocap.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jumbocap.field.FieldType;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * One frame as a JSON object: number, file, times, lengths, the layers in order with their fields keyed
 * by filter name, and the expert items. Integers are numbers, addresses and bytes strings. A field with
 * children gets a second member {@code "<name>_tree"} holding them; a name repeated at one level becomes
 * an array. Hidden fields are left out, as in the tree.
 */
public final class JsonFrame {
    private JsonFrame() {
    }

    public static void render(FrameTree tree, FrameContext context, Json json) {
        FrameRecord rec = tree.frame();
        json.beginObject();
        json.field("number", rec.number());
        json.field("file", context.file());
        json.field("time", isoTime(rec));
        json.name("time_epoch").number(TimeFormat.seconds(rec.timestampNanos(), 9));
        json.name("time_relative").number(TimeFormat.seconds(rec.timestampNanos() - context.firstNanos(), 9));
        json.field("frame_len", rec.originalLength());
        json.field("cap_len", rec.capturedLength());
        json.field("protocols", tree.protocols());
        json.name("layers").beginArray();
        for (FieldNode layer : tree.layers()) {
            json.beginObject();
            json.field("protocol", layer.name());
            json.field("offset", layer.offset());
            json.field("length", layer.length());
            json.name("fields");
            children(layer, json);
            json.endObject();
        }
        json.endArray();
        json.name("experts").beginArray();
        for (ExpertItem e : tree.experts()) {
            json.beginObject();
            json.field("id", e.id());
            json.field("severity", e.severity().filterName());
            json.field("group", e.group().filterName());
            json.field("message", e.message());
            json.field("field", e.node().name());
            json.endObject();
        }
        json.endArray();
        json.endObject();
    }

    private static String isoTime(FrameRecord rec) {
        long ns = rec.timestampNanos();
        return java.time.Instant.ofEpochSecond(Math.floorDiv(ns, 1_000_000_000L), Math.floorMod(ns, 1_000_000_000L)).toString();
    }

    /** The visible children of a node as one object, repeated names gathered into arrays. */
    private static void children(FieldNode parent, Json json) {
        Map<String, List<FieldNode>> byName = new LinkedHashMap<>();
        for (FieldNode c : parent.children()) {
            if (!c.isHidden()) {
                byName.computeIfAbsent(c.name(), k -> new ArrayList<>(1)).add(c);
            }
        }
        json.beginObject();
        for (Map.Entry<String, List<FieldNode>> e : byName.entrySet()) {
            List<FieldNode> nodes = e.getValue();
            boolean valued = hasValue(nodes.get(0));
            boolean anyChildren = nodes.stream().anyMatch(n -> !n.children().isEmpty());
            if (valued) {
                json.name(e.getKey());
                many(nodes, json, false);
            }
            if (!valued && !anyChildren) {
                // a label without a value ("TCP payload (184212 bytes)"): its text says what it is
                json.name(e.getKey());
                if (nodes.size() > 1) {
                    json.beginArray();
                }
                nodes.forEach(n -> json.value(n.text()));
                if (nodes.size() > 1) {
                    json.endArray();
                }
            } else if (anyChildren || !valued) {
                json.name(valued ? e.getKey() + "_tree" : e.getKey());
                many(nodes, json, true);
            }
        }
        json.endObject();
    }

    private static void many(List<FieldNode> nodes, Json json, boolean tree) {
        if (nodes.size() > 1) {
            json.beginArray();
        }
        for (FieldNode n : nodes) {
            if (tree) {
                children(n, json);
            } else {
                value(n, json);
            }
        }
        if (nodes.size() > 1) {
            json.endArray();
        }
    }

    private static boolean hasValue(FieldNode n) {
        FieldType t = n.def().type();
        return t != FieldType.PROTOCOL && t != FieldType.NONE && n.value() != null;
    }

    private static void value(FieldNode n, Json json) {
        Object v = n.value();
        FieldType t = n.def().type();
        if (v instanceof Boolean b) {
            json.value(b);
        } else if (v instanceof Long l && t != FieldType.TIMESTAMP) {
            json.value(l);
        } else if (v instanceof Double) {
            // the text keeps exact nanoseconds, which a double at epoch scale cannot
            json.number(n.valueText());
        } else {
            json.value(n.valueText());
        }
    }
}
