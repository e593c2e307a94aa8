package org.jumbocap.gui.model;

/**
 * The frames the user ignores (Ctrl+D), as Wireshark's Ignore Packet: they leave the packet list, the
 * display filter's result, the statistics of the shown frames and what is saved or exported, and the
 * status line counts them.
 */
public final class IgnoredFrames extends FrameSet {
    /** True when frame index {@code index} of the rows of {@code of} is ignored. */
    public boolean isIgnored(RowStore of, int index) {
        return isOf(of) && index >= 0 && marked.get(index);
    }

    /** The indices of {@code indices} that are not ignored, in their order ({@code indices} itself when none is). */
    public IntColumn without(RowStore of, IntColumn indices) {
        if (!isOf(of) || marked.isEmpty()) {
            return indices;
        }
        IntColumn kept = new IntColumn();
        int n = indices.size();
        for (int i = 0; i < n; i++) {
            int index = indices.get(i);
            if (!marked.get(index)) {
                kept.append(index);
            }
        }
        return kept;
    }

    /** Every frame index below {@code count} that is not ignored. */
    public IntColumn allBut(RowStore of, int count) {
        IntColumn kept = new IntColumn();
        for (int i = 0; i < count; i++) {
            if (!isIgnored(of, i)) {
                kept.append(i);
            }
        }
        return kept;
    }
}
