package org.jumbocap.render;

import java.util.Locale;
import org.jumbocap.field.FieldType;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * The full field tree of a frame as {@code -V} prints it: one line per field, four spaces per level,
 * generated fields in brackets, hidden fields left out, expert items under the field they concern.
 */
public final class TreeText {
    /** Longer byte fields (a 180 KB payload) are cut to this many characters of text. */
    static final int MAX_FIELD_TEXT = 160;

    private final Colors colors;

    public TreeText(Colors colors) {
        this.colors = colors;
    }

    public void render(FrameTree tree, StringBuilder out) {
        for (FieldNode layer : tree.layers()) {
            node(layer, 0, out);
        }
    }

    private void node(FieldNode n, int depth, StringBuilder out) {
        if (n.isHidden()) {
            return;
        }
        String text = SafeText.of(shorten(n));
        if (n.isGenerated() && !(text.startsWith("[") && text.endsWith("]"))) {
            text = "[" + text + "]";
        }
        if (n.name().equals("jumbo") || n.name().startsWith("jumbo.")) {
            text = colors.jumbo(text);
        } else if (n.isProtocol() && depth == 0) {
            text = colors.bold(text);
        }
        indent(out, depth).append(text).append('\n');
        for (ExpertItem e : n.experts()) {
            String line = String.format(Locale.ROOT, "[Expert Info (%s/%s): %s] [%s]", capital(e.severity().filterName()),
                    capital(e.group().filterName()), SafeText.of(e.message()), e.id());
            indent(out, depth + 1).append(colors.severity(e.severity(), line)).append('\n');
        }
        for (FieldNode c : n.children()) {
            node(c, depth + 1, out);
        }
    }

    private static String shorten(FieldNode n) {
        String text = n.text();
        if (text.length() <= MAX_FIELD_TEXT || n.def().type() != FieldType.BYTES) {
            return text;
        }
        return text.substring(0, MAX_FIELD_TEXT) + "… (" + n.length() + " bytes)";
    }

    private static StringBuilder indent(StringBuilder out, int depth) {
        for (int i = 0; i < depth; i++) {
            out.append("    ");
        }
        return out;
    }

    private static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
