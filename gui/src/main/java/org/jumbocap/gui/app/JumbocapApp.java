package org.jumbocap.gui.app;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.live.LiveCaptureProvider;
import org.jumbocap.gui.settings.RecentFiles;
import org.jumbocap.gui.settings.WindowSettings;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.view.Theme;
import org.jumbocap.gui.view.WindowPlacement;
import org.jumbocap.gui.viewmodel.CaptureViewModel;

/** The viewer application: one window over one capture. */
public class JumbocapApp extends Application {
    private CaptureViewModel model;

    @Override
    public void start(Stage stage) {
        CaptureViewModel.timing("toolkit up");
        LaunchOptions options = LaunchOptions.parse(getParameters().getRaw());
        model = new CaptureViewModel(new CoreBackend());
        RecentFiles recent = RecentFiles.standard();
        MainView view = new MainView(model, recent, LiveCaptureProvider.discover());
        if (options.file() != null) {
            // read while the window lays itself out: the first rows are ready when it shows
            view.open(options.file());
        }
        stage.setScene(new Scene(view));
        WindowPlacement placement = WindowPlacement.restore(stage, WindowSettings.besides(recent), 1360, 860);
        // --theme for this run; else the theme chosen in Preferences; else light
        Theme stored = view.storedTheme();
        view.setTheme(options.theme() != null ? Theme.parse(options.theme()) : stored != null ? stored : Theme.LIGHT);
        stage.titleProperty().bind(model.titleProperty());
        // closing the window is Quit: an unsaved live capture is saved or discarded first
        stage.setOnCloseRequest(e -> {
            e.consume();
            placement.save();
            view.requestQuit();
        });
        // Quit from the menu ends the application without a close request: the place is kept then too
        view.setQuitAction(() -> {
            placement.save();
            view.flushSettings();
            javafx.application.Platform.exit();
        });
        stage.show();
        CaptureViewModel.timing("window shown");
        if (CaptureViewModel.timingOn()) {
            timeFirstRowsDrawn(stage.getScene(), view);
        }
        if (options.file() != null) {
            view.whenIdle(m -> afterOpen(view, options));
        }
    }

    /**
     * The "first rows drawn" timing line: the end of the first layout pass that gave a packet list row a
     * frame, after which the frame is painted. "first rows listed" is earlier, when the rows reach the
     * list, before any cell shows them.
     */
    private static void timeFirstRowsDrawn(Scene scene, MainView view) {
        Runnable[] check = new Runnable[1];
        check[0] = () -> {
            boolean drawn = view.table().lookupAll(".table-row-cell").stream()
                    .anyMatch(n -> n instanceof javafx.scene.control.TableRow<?> row && row.getItem() != null);
            if (drawn) {
                CaptureViewModel.timing("first rows drawn");
                javafx.application.Platform.runLater(() -> scene.removePostLayoutPulseListener(check[0]));
            }
        };
        scene.addPostLayoutPulseListener(check[0]);
    }

    private static void afterOpen(MainView view, LaunchOptions options) {
        if (options.filter() != null) {
            view.filterBar().apply(options.filter());
        }
        view.whenIdle(m -> {
            if (options.select() > 0) {
                view.goToFrame(options.select());
            }
            if (options.statistics()) {
                view.showStatistics();
            }
        });
    }

    @Override
    public void stop() {
        if (model != null) {
            model.close();
        }
    }
}
