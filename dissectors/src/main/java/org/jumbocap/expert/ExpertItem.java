package org.jumbocap.expert;

import org.jumbocap.tree.FieldNode;

/**
 * One finding in one frame, attached to the field it concerns.
 *
 * @param def     the declaration
 * @param message the formatted message
 * @param node    the field it concerns (never null: a layer node at least)
 */
public record ExpertItem(ExpertDef def, String message, FieldNode node) {
    public String id() {
        return def.id();
    }

    public Severity severity() {
        return def.severity();
    }

    public ExpertGroup group() {
        return def.group();
    }
}
