package org.jumbocap.gui.view;

import javafx.scene.Scene;

/** The viewer's two colour themes; each is the shared stylesheet plus a palette. */
public enum Theme {
    LIGHT("light.css"),
    DARK("dark.css");

    private final String palette;

    Theme(String palette) {
        this.palette = palette;
    }

    public void applyTo(Scene scene) {
        scene.getStylesheets().setAll(
                Theme.class.getResource(palette).toExternalForm(),
                Theme.class.getResource("jumbocap.css").toExternalForm());
    }

    public static Theme parse(String s) {
        return s != null && s.equalsIgnoreCase("dark") ? DARK : LIGHT;
    }
}
