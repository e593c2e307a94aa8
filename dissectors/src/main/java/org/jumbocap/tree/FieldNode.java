package org.jumbocap.tree;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import org.jumbocap.expert.ExpertItem;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/**
 * One decoded field (or protocol layer) of one frame: its declaration, where its bytes are, its value and
 * the text shown for it. Values are {@code Long} for integers and booleans-as-integers, {@code Boolean},
 * {@code Double}, {@code String}, or {@code byte[]} for addresses and bytes.
 */
public final class FieldNode {
    private final FieldDef def;
    private final int offset;
    private int length;
    private final Object value;
    private String text;
    private String valueText;
    private boolean generated;
    private boolean hidden;
    private FieldNode parent;
    private List<FieldNode> children;
    private List<ExpertItem> experts;

    public FieldNode(FieldDef def, int offset, int length, Object value) {
        this.def = def;
        this.offset = offset;
        this.length = length;
        this.value = value;
    }

    public FieldDef def() {
        return def;
    }

    public String name() {
        return def.name();
    }

    /** Frame offset of the field's first byte. */
    public int offset() {
        return offset;
    }

    /** Bytes the field covers (0 for generated fields). */
    public int length() {
        return length;
    }

    /** Layers learn their length after their children; this sets it once known. */
    public FieldNode setLength(int length) {
        this.length = length;
        return this;
    }

    public Object value() {
        return value;
    }

    /** Integer value, or -1 when the field has none. */
    public long longValue() {
        if (value instanceof Long l) {
            return l;
        }
        if (value instanceof Boolean b) {
            return b ? 1 : 0;
        }
        return -1;
    }

    /** Display text: set by the dissector, or derived from the value. */
    public String text() {
        if (text == null) {
            text = FieldFormat.label(this);
        }
        return text;
    }

    public FieldNode setText(String text) {
        this.text = text;
        return this;
    }

    /** Value alone as text ("0", "2001:db8::1", "0x00c2"): what JSON and {@code -T fields} print. */
    public String valueText() {
        return valueText != null ? valueText : FieldFormat.value(this);
    }

    /**
     * Sets the value's text when the value's Java type cannot print it exactly: seconds kept as a
     * {@code Double} for comparisons but shown from their exact nanoseconds. The display text follows it.
     */
    public FieldNode setValueText(String valueText) {
        this.valueText = valueText;
        return this;
    }

    /** Derived by jumbocap, not read from the bytes (shown in brackets, like Wireshark). */
    public boolean isGenerated() {
        return generated;
    }

    public FieldNode generated() {
        this.generated = true;
        return this;
    }

    /** Present for filters but not shown in the tree ({@code ip.addr}, {@code tcp.port}). */
    public boolean isHidden() {
        return hidden;
    }

    public FieldNode hidden() {
        this.hidden = true;
        return this;
    }

    public boolean isProtocol() {
        return def.type() == FieldType.PROTOCOL;
    }

    public FieldNode parent() {
        return parent;
    }

    public List<FieldNode> children() {
        return children == null ? List.of() : Collections.unmodifiableList(children);
    }

    /** Adds a child and returns it, so callers can go on adding below it. */
    public FieldNode add(FieldNode child) {
        if (children == null) {
            children = new ArrayList<>(8);
        }
        child.parent = this;
        children.add(child);
        return child;
    }

    public FieldNode add(FieldDef def, int offset, int length, Object value) {
        return add(new FieldNode(def, offset, length, value));
    }

    public FieldNode add(FieldDef def, int offset, int length, long value) {
        return add(new FieldNode(def, offset, length, value));
    }

    public List<ExpertItem> experts() {
        return experts == null ? List.of() : Collections.unmodifiableList(experts);
    }

    void attach(ExpertItem item) {
        if (experts == null) {
            experts = new ArrayList<>(2);
        }
        experts.add(item);
    }

    /** First descendant (depth first, this node included) with the filter name, or null. */
    public FieldNode find(String name) {
        if (def.name().equals(name)) {
            return this;
        }
        if (children != null) {
            for (FieldNode c : children) {
                FieldNode f = c.find(name);
                if (f != null) {
                    return f;
                }
            }
        }
        return null;
    }

    /** Visits this node and every descendant, depth first, in order. */
    public void walk(Consumer<FieldNode> visitor) {
        visitor.accept(this);
        if (children != null) {
            for (FieldNode c : children) {
                c.walk(visitor);
            }
        }
    }

    @Override
    public String toString() {
        return def.name() + "=" + valueText() + "@" + offset + "+" + length;
    }
}
