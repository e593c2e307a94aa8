package org.jumbocap.gui.model;

/**
 * The frames set as time references (Ctrl+T), as Wireshark's Set Time Reference: the Time column shows
 * {@code *REF*} on such a frame, and a relative time counts from the last reference at or before the frame
 * (the first frame when there is none).
 */
public final class TimeReferences extends FrameSet {
    public boolean isReference(PacketRow row) {
        return contains(row);
    }

    /** The frame index of the last reference at or before frame index {@code index} of the rows of {@code of}, or -1. */
    public int referenceAtOrBefore(RowStore of, int index) {
        return isOf(of) && index >= 0 ? marked.previousSetBit(index) : -1;
    }
}
