package org.jumbocap.gui.view;

import org.jumbocap.field.FieldType;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FieldNode;

/** Display-filter text that selects frames having a tree field with its current value. */
public final class FilterExpressions {
    private FilterExpressions() {
    }

    /** {@code ipv6.plen == 0}, {@code jumbo}, {@code ipv6.src == 2001:db8::1}, {@code tcp.flags.str == "..."}. */
    public static String of(FieldNode node) {
        FieldType type = node.def().type();
        Object value = node.value();
        if (type == FieldType.PROTOCOL || type == FieldType.NONE || value == null) {
            return node.name();
        }
        if (value instanceof String s) {
            return node.name() + " == \"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        }
        if (value instanceof Long l) {
            return node.name() + " == " + l;
        }
        if (value instanceof Boolean b) {
            return node.name() + " == " + (b ? 1 : 0);
        }
        return node.name() + " == " + node.valueText();
    }

    public static String of(ExpertItem item) {
        return "expert.id == \"" + item.id() + "\"";
    }
}
