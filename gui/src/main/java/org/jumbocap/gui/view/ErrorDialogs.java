package org.jumbocap.gui.view;

import java.util.function.Supplier;
import javafx.scene.control.Alert;
import javafx.scene.layout.Region;
import javafx.stage.Window;

/** The main window's error dialogs: one line why, over the main window, the last one kept for tests. */
final class ErrorDialogs {
    private final Supplier<Window> owner;
    private Alert last;

    ErrorDialogs(Supplier<Window> owner) {
        this.owner = owner;
    }

    void show(String title, String message) {
        Alert alert = new Alert(Alert.AlertType.ERROR, message);
        alert.setTitle(title);
        alert.setHeaderText(title);
        if (owner.get() != null) {
            alert.initOwner(owner.get());
        }
        alert.getDialogPane().setId("error-dialog");
        alert.getDialogPane().setMinHeight(Region.USE_PREF_SIZE);
        last = alert;
        alert.show();
    }

    /** The last error dialog shown, or null. */
    Alert last() {
        return last;
    }
}
