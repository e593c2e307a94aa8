package org.jumbocap.gui.model;

import java.util.List;

/**
 * Which colouring rule colours each frame of an open capture: the first enabled rule whose filter selects
 * it, by frame index; frames no rule selects (and frames past the scan) are drawn plainly.
 */
public final class RowColours {
    private final List<ColouringRule> rules;
    private final byte[] ruleByIndex;

    /** @param ruleByIndex per frame index, the position in {@code rules} plus one; 0 for none */
    public RowColours(List<ColouringRule> rules, byte[] ruleByIndex) {
        this.rules = List.copyOf(rules);
        this.ruleByIndex = ruleByIndex;
    }

    /** The rule that colours frame {@code index}, or null. */
    public ColouringRule ruleOf(int index) {
        if (index < 0 || index >= ruleByIndex.length || ruleByIndex[index] == 0) {
            return null;
        }
        return rules.get((ruleByIndex[index] & 0xFF) - 1);
    }

    public int frames() {
        return ruleByIndex.length;
    }
}
