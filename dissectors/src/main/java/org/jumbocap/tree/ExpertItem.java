package org.jumbocap.tree;

import java.util.Objects;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;

/**
 * One finding in one frame, attached to the field it concerns. The message is formatted from the
 * declaration's summary and the item's arguments on the first call of {@link #message()}: most frames
 * are counted or summarised by id and severity, and formatting every message of every frame cost more
 * than finding it.
 */
public final class ExpertItem {
    private final ExpertDef def;
    private final FieldNode node;
    private final Object[] args;
    private String message;

    /**
     * @param def     the declaration
     * @param message the formatted message
     * @param node    the field it concerns (never null: a layer node at least)
     */
    public ExpertItem(ExpertDef def, String message, FieldNode node) {
        this.def = def;
        this.message = Objects.requireNonNull(message, "message");
        this.node = node;
        this.args = null;
    }

    private ExpertItem(ExpertDef def, FieldNode node, Object[] args) {
        this.def = def;
        this.node = node;
        this.args = args;
    }

    /**
     * An item whose message is {@code def.format(args)}, made when first asked for. The arguments must
     * not change afterwards (numbers, strings).
     */
    public static ExpertItem of(ExpertDef def, FieldNode node, Object... args) {
        return new ExpertItem(def, node, args);
    }

    /** The declaration. */
    public ExpertDef def() {
        return def;
    }

    /** The formatted message. */
    public String message() {
        String m = message;
        if (m == null) {
            // args stay: a second thread that sees no message yet formats the same text again.
            m = def.format(args);
            message = m;
        }
        return m;
    }

    /** The field it concerns (never null: a layer node at least). */
    public FieldNode node() {
        return node;
    }

    public String id() {
        return def.id();
    }

    public Severity severity() {
        return def.severity();
    }

    public ExpertGroup group() {
        return def.group();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExpertItem other && def.equals(other.def) && message().equals(other.message())
                && Objects.equals(node, other.node);
    }

    @Override
    public int hashCode() {
        return Objects.hash(def, message(), node);
    }

    @Override
    public String toString() {
        return "ExpertItem[def=" + def + ", message=" + message() + ", node=" + node + "]";
    }
}
