package org.jumbocap.expected;

import java.util.List;
import org.jumbocap.field.FieldType;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * A stable, line-oriented text of a frame's full dissection, for the committed expected outputs under
 * samples/expected/jumbocap/. Only values, positions and flags are printed, never display labels, so
 * rewording a label does not churn hundreds of files; byte fields longer than {@link #MAX_BYTES_SHOWN}
 * print their length only, so a 180 KB super-packet stays one short line.
 *
 * <pre>
 * frame 2
 *   ipv6  [14+184292]
 *     ipv6.plen = 0  [18+2]
 *     jumbo.length = 184252  [0+0] generated
 *     ! ipv6.jumbo.payload_length_nonzero  warn/malformed: ...
 * </pre>
 */
final class DissectionText {
    /** Longer byte fields (payloads, data) print "&lt;N bytes&gt;" instead of their hex. */
    static final int MAX_BYTES_SHOWN = 16;

    private DissectionText() {
    }

    static void frame(FrameTree tree, StringBuilder out) {
        out.append("frame ").append(tree.frame().number()).append('\n');
        for (FieldNode layer : tree.layers()) {
            node(layer, 1, out);
        }
    }

    private static void node(FieldNode n, int depth, StringBuilder out) {
        indent(depth, out);
        out.append(n.name());
        if (!n.isProtocol() && n.value() != null) {
            out.append(" = ").append(value(n));
        }
        out.append("  [").append(n.offset()).append('+').append(n.length()).append(']');
        if (n.isGenerated()) {
            out.append(" generated");
        }
        if (n.isHidden()) {
            out.append(" hidden");
        }
        out.append('\n');
        for (ExpertItem e : n.experts()) {
            indent(depth + 1, out);
            out.append("! ").append(e.id()).append("  ").append(e.severity().filterName()).append('/')
                    .append(e.group().filterName()).append(": ").append(oneLine(e.message())).append('\n');
        }
        List<FieldNode> children = n.children();
        for (FieldNode c : children) {
            node(c, depth + 1, out);
        }
    }

    private static String value(FieldNode n) {
        if (n.def().type() == FieldType.BYTES && n.value() instanceof byte[] b && b.length > MAX_BYTES_SHOWN) {
            return "<" + b.length + " bytes>";
        }
        return oneLine(n.valueText());
    }

    private static String oneLine(String s) {
        return s.replace('\n', ' ').replace('\r', ' ');
    }

    private static void indent(int depth, StringBuilder out) {
        for (int i = 0; i < depth; i++) {
            out.append("  ");
        }
    }
}
