package org.jumbocap.tree;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/**
 * One decoded field (or protocol layer) of one frame: its declaration, where its bytes are, its value and
 * the text shown for it. Values are {@code Long} for integers and booleans-as-integers, {@code Boolean},
 * {@code Double}, {@code String}, or {@code byte[]} for addresses and bytes.
 */
public final class FieldNode {
    /**
     * The node a dissector writes to when no tree is being built (Wireshark's null tree): adding to it
     * adds nothing and returns it again, so one dissector body serves both modes. It has no value, no
     * children and no text; code that must know the mode asks {@code DissectionContext.hasTree()}.
     */
    public static final FieldNode OFF = new FieldNode(
            FieldDef.of("_off", "(no tree)", FieldType.NONE, "Placeholder written to when no tree is built"), 0, 0, null);

    private final FieldDef def;
    private final int offset;
    private int length;
    private final Object value;
    /** The display text, a {@code Supplier<String>} making it, or null for the default text. */
    private Object text;
    /** The value's text, a {@code Supplier<String>} making it, or null for the default text. */
    private Object valueText;
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
        if (this == OFF) {
            return this;
        }
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
        Object t = text;
        if (t instanceof String s) {
            return s;
        }
        String made = t == null ? FieldFormat.label(this) : made(t);
        text = made;
        return made;
    }

    @SuppressWarnings("unchecked")
    private static String made(Object supplier) {
        return ((Supplier<String>) supplier).get();
    }

    public FieldNode setText(String text) {
        if (this == OFF) {
            return this;
        }
        this.text = text;
        return this;
    }

    /**
     * Sets a display text made only when something asks for it: most frames are summarised or counted,
     * never shown as a tree, and formatting every text of every frame cost more than dissecting it.
     * The supplier must depend only on values fixed when it is set.
     */
    public FieldNode setText(Supplier<String> text) {
        if (this == OFF) {
            return this;
        }
        this.text = text;
        return this;
    }

    /** Value alone as text ("0", "2001:db8::1", "0x00c2"): what JSON and {@code -T fields} print. */
    public String valueText() {
        Object t = valueText;
        if (t instanceof String s) {
            return s;
        }
        if (t == null) {
            return FieldFormat.value(this);
        }
        String made = made(t);
        valueText = made;
        return made;
    }

    /**
     * Sets the value's text when the value's Java type cannot print it exactly: seconds kept as a
     * {@code Double} for comparisons but shown from their exact nanoseconds. The display text follows it.
     */
    public FieldNode setValueText(String valueText) {
        if (this == OFF) {
            return this;
        }
        this.valueText = valueText;
        return this;
    }

    /** As {@link #setValueText(String)}, the text made when first asked for; see {@link #setText(Supplier)}. */
    public FieldNode setValueText(Supplier<String> valueText) {
        if (this == OFF) {
            return this;
        }
        this.valueText = valueText;
        return this;
    }

    /** Derived by jumbocap, not read from the bytes (shown in brackets, like Wireshark). */
    public boolean isGenerated() {
        return generated;
    }

    public FieldNode generated() {
        if (this == OFF) {
            return this;
        }
        this.generated = true;
        return this;
    }

    /** Present for filters but not shown in the tree ({@code ip.addr}, {@code tcp.port}). */
    public boolean isHidden() {
        return hidden;
    }

    public FieldNode hidden() {
        if (this == OFF) {
            return this;
        }
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
        if (this == OFF) {
            return this;
        }
        if (children == null) {
            // room for a layer's 10 to 16 fields, or a flags field's 11 bits, saves growing the list
            children = new ArrayList<>(def.type() == FieldType.PROTOCOL ? 16 : 12);
        }
        child.parent = this;
        children.add(child);
        return child;
    }

    /**
     * Inserts a child at {@code index} among the children (0 first; the number of children appends), for
     * fields a later step adds beside the ones the dissector made.
     */
    public FieldNode insert(int index, FieldNode child) {
        if (this == OFF) {
            return this;
        }
        if (children == null || index >= children.size()) {
            return add(child);
        }
        child.parent = this;
        children.add(Math.max(0, index), child);
        return child;
    }

    /** Index of the last child declared by {@code def}, or -1. */
    public int lastIndexOf(FieldDef def) {
        if (children != null) {
            for (int i = children.size() - 1; i >= 0; i--) {
                if (children.get(i).def == def) {
                    return i;
                }
            }
        }
        return -1;
    }

    public FieldNode add(FieldDef def, int offset, int length, Object value) {
        return this == OFF ? this : add(new FieldNode(def, offset, length, value));
    }

    public FieldNode add(FieldDef def, int offset, int length, long value) {
        return this == OFF ? this : add(new FieldNode(def, offset, length, value));
    }

    /** A boolean field; no box is made when no tree is built. */
    public FieldNode add(FieldDef def, int offset, int length, boolean value) {
        return this == OFF ? this : add(new FieldNode(def, offset, length, value));
    }

    /** True for {@link #OFF}: nothing added here is kept. */
    public boolean isOff() {
        return this == OFF;
    }

    public List<ExpertItem> experts() {
        return experts == null ? List.of() : Collections.unmodifiableList(experts);
    }

    void attach(ExpertItem item) {
        if (this == OFF) {
            return;
        }
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
            for (int i = 0, n = children.size(); i < n; i++) {
                FieldNode f = children.get(i).find(name);
                if (f != null) {
                    return f;
                }
            }
        }
        return null;
    }

    /** First descendant (depth first, this node included) declared by {@code def}, or null. */
    public FieldNode find(FieldDef def) {
        if (this.def == def) {
            return this;
        }
        if (children != null) {
            for (int i = 0, n = children.size(); i < n; i++) {
                FieldNode f = children.get(i).find(def);
                if (f != null) {
                    return f;
                }
            }
        }
        return null;
    }

    /** First direct child declared by {@code def}, or null: no walk below the children. */
    public FieldNode child(FieldDef def) {
        if (children != null) {
            for (int i = 0, n = children.size(); i < n; i++) {
                FieldNode c = children.get(i);
                if (c.def == def) {
                    return c;
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
