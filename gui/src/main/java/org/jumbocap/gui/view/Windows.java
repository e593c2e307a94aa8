package org.jumbocap.gui.view;

import javafx.scene.Scene;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;

/** What the viewer's secondary windows (Follow, Statistics, Conversations, I/O graph) share. */
final class Windows {
    private Windows() {
    }

    /**
     * Escape closes the window, as in Wireshark's dialogs (a drop-down's open list takes it first).
     */
    static void closeOnEscape(Stage stage, Scene scene) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE && !(scene.getFocusOwner() instanceof ComboBoxBase<?> box && box.isShowing())) {
                e.consume();
                stage.hide();
            }
        });
    }
}
