package org.jumbocap.gui.view;

import javafx.scene.Node;
import javafx.scene.text.Font;
import org.jumbocap.gui.settings.WindowSettings;

/**
 * The text size of the packet list, the details and the bytes (View → Zoom In, Zoom Out, Normal Size). A
 * size is in points as the settings keep it; {@link WindowSettings#DEFAULT_FONT_SIZE} is the platform's
 * default font, so the panes look as they always did until the user zooms.
 */
final class Zoom {
    /** Steps of Zoom In and Zoom Out, as Wireshark's. */
    static final double STEP = 1;

    private Zoom() {
    }

    /** How much larger than at the default size. */
    static double scale(double size) {
        return size / WindowSettings.DEFAULT_FONT_SIZE;
    }

    /** Gives a pane's text the size (the default size clears the style: the stylesheet's font). */
    static void apply(Node node, double size) {
        node.setStyle(size == WindowSettings.DEFAULT_FONT_SIZE ? ""
                : "-fx-font-size: " + Math.round(Font.getDefault().getSize() * scale(size) * 10) / 10.0 + "px;");
    }

    /** The platform's default font at a zoom size, to measure texts as the cells draw them. */
    static Font font(double size) {
        return Font.font(Font.getDefault().getFamily(), Font.getDefault().getSize() * scale(size));
    }

    static double clamp(double size) {
        return Math.max(WindowSettings.MIN_FONT_SIZE, Math.min(WindowSettings.MAX_FONT_SIZE, size));
    }
}
