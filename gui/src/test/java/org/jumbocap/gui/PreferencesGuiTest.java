package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.SAMPLE;
import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.TableColumn;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.TimeFormat;
import org.jumbocap.gui.settings.ColouringSettings;
import org.jumbocap.gui.settings.ColumnSettings;
import org.jumbocap.gui.settings.RecentFiles;
import org.jumbocap.gui.settings.WindowSettings;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.view.PreferencesDialog;
import org.jumbocap.gui.view.Theme;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Edit → Preferences: what the menus and column headers change, in one window, applied on OK, kept in the
 * same files (window, columns, colouring) and back in a window opened on the same settings.
 */
@ExtendWith(ApplicationExtension.class)
class PreferencesGuiTest {
    @TempDir
    static Path temp;

    private Path config;
    private Stage stage;
    private CaptureViewModel model;
    private MainView view;

    @Start
    void start(Stage stage) throws IOException {
        this.stage = stage;
        config = Files.createTempDirectory(temp, "prefs");
        model = new CaptureViewModel(new CoreBackend());
        view = new MainView(model, new RecentFiles(config.resolve("recent")), null);
        stage.setScene(new Scene(view, 1280, 800));
        view.setTheme(Theme.LIGHT);
        stage.show();
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    private TableColumn<?, ?> column(MainView in, String id) {
        return in.table().getColumns().stream().filter(c -> id.equals(c.getId())).findFirst().orElseThrow();
    }

    @Test
    void preferencesAreAppliedOnOkAndKeptForTheNextWindow() {
        GuiTestSupport.openAndWait(view, model, SAMPLE);
        PreferencesDialog dialog = onFx(view::showPreferences);
        assertEquals(WindowSettings.DEFAULT_FONT_SIZE, onFx(() -> dialog.fontSize().getValue()));
        assertEquals(TimeFormat.RELATIVE, onFx(() -> dialog.timeFormat().getValue()));
        assertTrue(onFx(() -> dialog.colorize().isSelected()));
        assertTrue(onFx(() -> dialog.column("Protocol").isSelected()));
        onFx(() -> {
            dialog.fontSize().getEditor().setText("16");
            dialog.theme().setValue(Theme.DARK);
            dialog.timeFormat().setValue(TimeFormat.EPOCH);
            dialog.colorize().setSelected(false);
            dialog.column("Protocol").setSelected(false);
            ((Button) dialog.getDialogPane().lookupButton(ButtonType.OK)).fire();
            return null;
        });
        waitUntil("applied", () -> view.fontSize() == 16);
        assertEquals(Theme.DARK, onFx(view::theme));
        assertTrue(onFx(() -> view.getScene().getStylesheets().stream().anyMatch(s -> s.endsWith("dark.css"))));
        assertEquals(TimeFormat.EPOCH, onFx(() -> view.table().timeFormatProperty().get()));
        assertFalse(onFx(() -> view.table().colorizeProperty().get()));
        assertFalse(onFx(() -> column(view, "col-protocol").isVisible()));

        // kept where the menus keep them
        RecentFiles recent = new RecentFiles(config.resolve("recent"));
        assertEquals("dark", WindowSettings.besides(recent).theme());
        assertEquals(16, WindowSettings.besides(recent).load().fontSize());
        assertFalse(ColouringSettings.besides(recent).load().colorize());
        onFx(() -> {
            view.columns().save();
            return null;
        });
        ColumnSettings.Layout layout = ColumnSettings.besides(recent).load();
        assertEquals("EPOCH", layout.timeFormat());
        assertTrue(layout.columns().stream().anyMatch(c -> c.id().equals("col-protocol") && !c.visible()), layout.toString());

        // a window opened on the same settings comes back as left
        MainView again = onFx(() -> new MainView(new CaptureViewModel(new CoreBackend()), recent, null));
        assertEquals(16, onFx(again::fontSize));
        assertEquals(Theme.DARK, onFx(again::storedTheme));
        assertEquals(TimeFormat.EPOCH, onFx(() -> again.table().timeFormatProperty().get()));
        assertFalse(onFx(() -> column(again, "col-protocol").isVisible()));
        assertFalse(onFx(() -> again.table().colorizeProperty().get()));
    }

    @Test
    void cancelChangesNothing() {
        PreferencesDialog dialog = onFx(view::showPreferences);
        onFx(() -> {
            dialog.fontSize().getEditor().setText("20");
            dialog.theme().setValue(Theme.DARK);
            ((Button) dialog.getDialogPane().lookupButton(ButtonType.CANCEL)).fire();
            return null;
        });
        waitUntil("closed", () -> !dialog.isShowing());
        assertEquals(WindowSettings.DEFAULT_FONT_SIZE, onFx(view::fontSize));
        assertEquals(Theme.LIGHT, onFx(view::theme));
        assertEquals(null, WindowSettings.besides(new RecentFiles(config.resolve("recent"))).theme());
    }
}
