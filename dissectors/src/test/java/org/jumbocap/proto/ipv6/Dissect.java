package org.jumbocap.proto.ipv6;

import java.util.List;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/** Dissects one crafted frame with the standard protocols. */
public final class Dissect {
    private static final FrameDissector DISSECTOR = new FrameDissector();

    private Dissect() {
    }

    public static FrameTree frame(int linkType, byte[] bytes) {
        return DISSECTOR.dissect(new FrameRecord(1, 0, linkType, bytes, bytes.length));
    }

    public static FrameTree cutFrame(int linkType, byte[] bytes, long originalLength) {
        return DISSECTOR.dissect(new FrameRecord(1, 0, linkType, bytes, originalLength));
    }

    /** Names of the top-level layers after {@code frame}. */
    public static List<String> layers(FrameTree tree) {
        return tree.layers().stream().map(FieldNode::name).filter(n -> !n.equals("frame")).toList();
    }

    /** Values of every field with this name, as text, in frame order. */
    public static List<String> values(FrameTree tree, String field) {
        return tree.findAll(field).stream().map(FieldNode::valueText).toList();
    }

    public static List<String> expertIds(FrameTree tree) {
        return tree.experts().stream().map(e -> e.id()).toList();
    }
}
