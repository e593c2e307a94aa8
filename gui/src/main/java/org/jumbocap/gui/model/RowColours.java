package org.jumbocap.gui.model;

import java.util.List;

/**
 * Which colouring rule colours each frame of an open capture: the first enabled rule whose filter selects
 * it, by frame index; frames no rule selects (and frames past the scan) are drawn plainly.
 */
public final class RowColours {
    private final List<ColouringRule> rules;
    private final byte[] ruleByIndex;
    /** Rules decided as a live capture's frames come, when not {@code ruleByIndex}. */
    private final Growing growing;

    /** @param ruleByIndex per frame index, the position in {@code rules} plus one; 0 for none */
    public RowColours(List<ColouringRule> rules, byte[] ruleByIndex) {
        this.rules = List.copyOf(rules);
        this.ruleByIndex = ruleByIndex;
        this.growing = null;
    }

    /** Colours whose frames' rules are appended as a live capture's loop decides them. */
    public RowColours(List<ColouringRule> rules, Growing growing) {
        this.rules = List.copyOf(rules);
        this.ruleByIndex = null;
        this.growing = growing;
    }

    /**
     * The rule positions of a live capture's frames, appended by its loop (one per frame, in order) and read
     * on the UI thread.
     */
    public static final class Growing {
        private byte[] bytes = new byte[4096];
        private int size;

        /** @param rule the position of the frame's rule plus one; 0 for none */
        public synchronized void append(int rule) {
            if (size == bytes.length) {
                bytes = java.util.Arrays.copyOf(bytes, bytes.length * 2);
            }
            bytes[size++] = (byte) rule;
        }

        synchronized int get(int index) {
            return index >= 0 && index < size ? bytes[index] & 0xFF : 0;
        }

        synchronized int size() {
            return size;
        }
    }

    /** The rule that colours frame {@code index}, or null. */
    public ColouringRule ruleOf(int index) {
        int rule;
        if (growing != null) {
            rule = growing.get(index);
        } else {
            rule = index < 0 || index >= ruleByIndex.length ? 0 : ruleByIndex[index] & 0xFF;
        }
        return rule == 0 ? null : rules.get(rule - 1);
    }

    public int frames() {
        return growing != null ? growing.size() : ruleByIndex.length;
    }
}
