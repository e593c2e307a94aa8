package org.jumbocap.gui.model;

import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.FrameTree;

/** The selected frame: its row, its bytes and its full tree. */
public record FrameDetail(PacketRow row, FrameRecord frame, FrameTree tree) {
    public byte[] bytes() {
        return frame.bytes();
    }
}
