package org.jumbocap.gui.store;

import org.jumbocap.gui.model.PacketRow;

/** A new row and whether the display filter in force at the time let it through. */
public record RowEntry(PacketRow row, boolean shown) {
}
