package org.jumbocap.gui.view.hex;

import java.util.function.IntSupplier;
import javafx.event.EventHandler;
import javafx.scene.Node;
import javafx.scene.control.ListCell;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;

/** Maps clicks on hex or ASCII characters to frame offsets and reports them to the {@link HexView}. */
final class HexViewBehavior {
    private final HexView control;
    private final double charWidth;

    HexViewBehavior(HexView control, double charWidth) {
        this.control = control;
        this.charWidth = charWidth;
    }

    /**
     * @param text      the node the line's characters are drawn in; clicks are measured from its origin
     * @param lineIndex the cell's current line, or -1 when empty
     */
    void install(ListCell<?> cell, Node text, IntSupplier lineIndex) {
        EventHandler<MouseEvent> onClick = e -> {
            if (e.getButton() != MouseButton.PRIMARY) {
                return;
            }
            int line = lineIndex.getAsInt();
            if (line < 0) {
                return;
            }
            int offset = offsetAt(line, text.sceneToLocal(e.getSceneX(), e.getSceneY()).getX());
            if (offset >= 0) {
                control.fireByteClicked(offset);
            }
        };
        cell.addEventHandler(MouseEvent.MOUSE_CLICKED, onClick);
    }

    /** Frame offset under x (text coordinates) on a line, or -1. */
    int offsetAt(int line, double x) {
        int column = (int) Math.floor(x / charWidth);
        int i = HexLayout.byteAtColumn(column);
        return i < 0 ? -1 : line * HexView.BYTES_PER_LINE + i;
    }

    void dispose() {
    }
}
