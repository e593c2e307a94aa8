package org.jumbocap.gui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.jumbocap.gui.settings.RecentFiles;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.view.Theme;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Helpers for the viewer tests: the main window most of them start with, and waiting, since background
 * tasks hand results to the UI thread.
 */
final class GuiTestSupport {
    static final Path SAMPLE = Path.of("..", "samples", "ipv6-bigtcp-veth.pcap");
    static final Path IPV4_SAMPLE = Path.of("..", "samples", "ipv4-bigtcp-veth.pcap");

    private GuiTestSupport() {
    }

    /** Waits until a condition read on the UI thread holds. */
    static void waitUntil(String what, BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(condition::getAsBoolean));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting until " + what, e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    static <T> T onFx(java.util.concurrent.Callable<T> call) {
        if (Platform.isFxApplicationThread()) {
            try {
                return call.call();
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        }
        try {
            return WaitForAsyncUtils.asyncFx(call).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }

    /** Hides every window but the main one, so the next test's clicks and keys reach the main window. */
    static void closeOtherWindows(javafx.stage.Window main) {
        onFx(() -> {
            for (javafx.stage.Window w : new java.util.ArrayList<>(javafx.stage.Window.getWindows())) {
                if (w != main) {
                    w.hide();
                }
            }
            return null;
        });
    }

    /**
     * The main window over {@code model} in the stage, as the viewer shows it: its recent-files list in a
     * fresh directory under {@code temp}, 1280 by 800, the light theme.
     */
    static MainView showMainWindow(Stage stage, CaptureViewModel model, Path temp) throws IOException {
        Path config = Files.createTempDirectory(temp, "jumbocap-gui-config");
        MainView view = new MainView(model, new RecentFiles(config.resolve("recent")), null);
        stage.setScene(new Scene(view, 1280, 800));
        view.setTheme(Theme.LIGHT);
        stage.show();
        return view;
    }

    /**
     * After a test: the other windows hidden, then the model closed and the settings a change left waiting
     * written, on the UI thread, so no timer writes into the test's folder after JUnit has begun removing it.
     */
    static void closeMainWindow(MainView view, CaptureViewModel model) {
        closeOtherWindows(view.getScene().getWindow());
        onFx(() -> {
            model.close();
            view.flushSettings();
            return null;
        });
    }

    /** Opens a capture in the main window and waits until it is read. */
    static void openAndWait(MainView view, CaptureViewModel model, Path file) {
        onFx(() -> {
            view.open(file);
            return null;
        });
        waitUntil("the file is read", () -> !model.isBusy() && model.hasFrames());
    }

    static void assumeSample(Path p) {
        assertTrue(p.toFile().isFile(), "sample missing: " + p.toAbsolutePath());
    }
}
