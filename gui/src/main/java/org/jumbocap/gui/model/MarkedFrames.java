package org.jumbocap.gui.model;

/** The frames the user marked (Ctrl+M): drawn marked, gone to with Next Mark, saved or exported as a range. */
public final class MarkedFrames extends FrameSet {
    public boolean isMarked(PacketRow row) {
        return contains(row);
    }
}
