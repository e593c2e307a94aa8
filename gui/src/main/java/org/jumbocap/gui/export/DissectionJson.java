package org.jumbocap.gui.export;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.time.Instant;
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
 * One frame as {@code jumbocap read -T json} writes it: number, file, times, lengths, the layers with
 * their fields keyed by filter name (a field with children gets a second member {@code <name>_tree}, a
 * name repeated at one level an array, hidden fields left out), and the expert items.
 */
public final class DissectionJson {
    private DissectionJson() {
    }

    public static void frame(FrameTree tree, String file, long firstNanos, JsonGenerator json) throws IOException {
        FrameRecord rec = tree.frame();
        json.writeStartObject();
        json.writeNumberField("number", rec.number());
        json.writeStringField("file", file);
        long ns = rec.timestampNanos();
        json.writeStringField("time", Instant.ofEpochSecond(Math.floorDiv(ns, 1_000_000_000L),
                Math.floorMod(ns, 1_000_000_000L)).toString());
        json.writeFieldName("time_epoch");
        json.writeNumber(DissectionText.seconds(ns, 9));
        json.writeFieldName("time_relative");
        json.writeNumber(DissectionText.seconds(ns - firstNanos, 9));
        json.writeNumberField("frame_len", rec.originalLength());
        json.writeNumberField("cap_len", rec.capturedLength());
        json.writeStringField("protocols", tree.protocols());
        json.writeArrayFieldStart("layers");
        for (FieldNode layer : tree.layers()) {
            json.writeStartObject();
            json.writeStringField("protocol", layer.name());
            json.writeNumberField("offset", layer.offset());
            json.writeNumberField("length", layer.length());
            json.writeFieldName("fields");
            children(layer, json);
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeArrayFieldStart("experts");
        for (ExpertItem e : tree.experts()) {
            json.writeStartObject();
            json.writeStringField("id", e.id());
            json.writeStringField("severity", e.severity().filterName());
            json.writeStringField("group", e.group().filterName());
            json.writeStringField("message", e.message());
            json.writeStringField("field", e.node().name());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private static void children(FieldNode parent, JsonGenerator json) throws IOException {
        Map<String, List<FieldNode>> byName = new LinkedHashMap<>();
        for (FieldNode c : parent.children()) {
            if (!c.isHidden()) {
                byName.computeIfAbsent(c.name(), k -> new ArrayList<>(1)).add(c);
            }
        }
        json.writeStartObject();
        for (Map.Entry<String, List<FieldNode>> e : byName.entrySet()) {
            List<FieldNode> nodes = e.getValue();
            boolean valued = hasValue(nodes.get(0));
            boolean anyChildren = nodes.stream().anyMatch(n -> !n.children().isEmpty());
            if (valued) {
                json.writeFieldName(e.getKey());
                many(nodes, json, false);
            }
            if (!valued && !anyChildren) {
                // a label without a value ("TCP payload (184212 bytes)"): its text says what it is
                json.writeFieldName(e.getKey());
                if (nodes.size() > 1) {
                    json.writeStartArray();
                }
                for (FieldNode n : nodes) {
                    json.writeString(n.text());
                }
                if (nodes.size() > 1) {
                    json.writeEndArray();
                }
            } else if (anyChildren || !valued) {
                json.writeFieldName(valued ? e.getKey() + "_tree" : e.getKey());
                many(nodes, json, true);
            }
        }
        json.writeEndObject();
    }

    private static void many(List<FieldNode> nodes, JsonGenerator json, boolean tree) throws IOException {
        if (nodes.size() > 1) {
            json.writeStartArray();
        }
        for (FieldNode n : nodes) {
            if (tree) {
                children(n, json);
            } else {
                value(n, json);
            }
        }
        if (nodes.size() > 1) {
            json.writeEndArray();
        }
    }

    private static boolean hasValue(FieldNode n) {
        FieldType t = n.def().type();
        return t != FieldType.PROTOCOL && t != FieldType.NONE && n.value() != null;
    }

    private static void value(FieldNode n, JsonGenerator json) throws IOException {
        Object v = n.value();
        FieldType t = n.def().type();
        if (v instanceof Boolean b) {
            json.writeBoolean(b);
        } else if (v instanceof Long l && t != FieldType.TIMESTAMP) {
            json.writeNumber(l);
        } else if (v instanceof Double) {
            // the text keeps exact nanoseconds, which a double at epoch scale cannot
            json.writeNumber(n.valueText());
        } else {
            json.writeString(n.valueText());
        }
    }
}
