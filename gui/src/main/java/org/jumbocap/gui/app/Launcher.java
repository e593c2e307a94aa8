package org.jumbocap.gui.app;

import javafx.application.Application;

/**
 * Entry point of the viewer. It does not extend {@link Application}: started from the class path, the
 * JavaFX launcher refuses a main class that does, so this one hands over to {@link JumbocapApp}.
 */
public final class Launcher {
    private Launcher() {
    }

    public static void main(String[] args) {
        try {
            LaunchOptions.parse(java.util.List.of(args));
        } catch (IllegalArgumentException e) {
            System.err.println("jumbocap gui: " + e.getMessage());
            System.exit(2);
        }
        Application.launch(JumbocapApp.class, args);
    }
}
