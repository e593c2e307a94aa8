package org.jumbocap.gui.view;

import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.jumbocap.gui.settings.WindowSettings;

/**
 * Puts the main window where the user left it (size, position, maximized) and remembers where it is when
 * it closes. The bounds kept are those of the window when it was last not maximized, so un-maximizing
 * after a restart returns to them, as other desktop applications do.
 */
public final class WindowPlacement {
    /** The least of a saved window that must lie on a screen for the position to be used. */
    private static final double VISIBLE_ENOUGH = 64;

    private final Stage stage;
    private final WindowSettings settings;
    private double x;
    private double y;
    private double width;
    private double height;

    private WindowPlacement(Stage stage, WindowSettings settings) {
        this.stage = stage;
        this.settings = settings;
    }

    /**
     * Sizes and places a stage that has its scene but is not shown yet: as saved when the saved window lies
     * on a screen, else {@code defaultWidth} by {@code defaultHeight} (the screen's size on a small screen).
     */
    public static WindowPlacement restore(Stage stage, WindowSettings settings, double defaultWidth, double defaultHeight) {
        WindowPlacement placement = new WindowPlacement(stage, settings);
        WindowSettings.Placement saved = settings.load();
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        if (saved.known() && onSomeScreen(saved)) {
            stage.setX(saved.x());
            stage.setY(saved.y());
            stage.setWidth(saved.width());
            stage.setHeight(saved.height());
            stage.setMaximized(saved.maximized());
        } else if (screen.getWidth() <= 1440) {
            // small screens (and window managers that ignore maximise requests): fill the screen
            stage.setX(screen.getMinX());
            stage.setY(screen.getMinY());
            stage.setWidth(screen.getWidth());
            stage.setHeight(screen.getHeight());
        } else {
            stage.setWidth(Math.min(defaultWidth, screen.getWidth()));
            stage.setHeight(Math.min(defaultHeight, screen.getHeight()));
        }
        placement.follow();
        return placement;
    }

    /** True when the top of the saved window (where its title bar is) lies on some screen by a hand's width. */
    private static boolean onSomeScreen(WindowSettings.Placement p) {
        return Screen.getScreens().stream().map(Screen::getVisualBounds).anyMatch(b ->
                Math.min(b.getMaxX(), p.x() + p.width()) - Math.max(b.getMinX(), p.x()) >= VISIBLE_ENOUGH
                        && p.y() >= b.getMinY() - VISIBLE_ENOUGH && p.y() + VISIBLE_ENOUGH <= b.getMaxY());
    }

    /** Keeps the bounds of the window while it is not maximized (a maximized window's are the screen's). */
    private void follow() {
        note();
        stage.xProperty().addListener((obs, old, now) -> note());
        stage.yProperty().addListener((obs, old, now) -> note());
        stage.widthProperty().addListener((obs, old, now) -> note());
        stage.heightProperty().addListener((obs, old, now) -> note());
    }

    private void note() {
        if (!stage.isMaximized() && stage.getWidth() > 0 && !Double.isNaN(stage.getWidth())) {
            x = stage.getX();
            y = stage.getY();
            width = stage.getWidth();
            height = stage.getHeight();
        }
    }

    /** Writes where the window is now (keeping the saved font size). */
    public void save() {
        note();
        if (width <= 0 || height <= 0) {
            return;
        }
        WindowSettings.Placement before = settings.load();
        settings.save(new WindowSettings.Placement(x, y, width, height, stage.isMaximized(), before.fontSize()));
    }
}
