package org.jumbocap.gui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import org.testfx.util.WaitForAsyncUtils;

/** Waiting helpers for the viewer tests: background tasks hand results to the UI thread. */
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

    static void assumeSample(Path p) {
        assertTrue(p.toFile().isFile(), "sample missing: " + p.toAbsolutePath());
    }
}
