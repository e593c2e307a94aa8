package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.ColouringRule;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A live capture's rows are coloured by the colouring rules as they come, before the capture stops: each
 * row by the first enabled rule whose filter {@code read -Y} decides for the frame.
 */
@ExtendWith(ApplicationExtension.class)
class LiveColouringGuiTest {
    static final Path LOSS = Path.of("..", "samples", "ipv6-bigtcp-loss.pcap");

    @TempDir
    static Path temp;

    private CaptureViewModel model;
    private MainView view;

    @Start
    void start(Stage stage) throws IOException {
        GuiTestSupport.assumeSample(LOSS);
        model = new CaptureViewModel(new CoreBackend());
        view = GuiTestSupport.showMainWindow(stage, model, temp);
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    /** The rows whose drawn rule is not the expected one (on the UI thread). */
    private List<String> wrongColours(Map<Long, String> expected) {
        List<String> out = new ArrayList<>();
        for (PacketRow row : model.rows()) {
            ColouringRule rule = view.table().ruleOf(row);
            String got = rule == null ? null : rule.name();
            String want = expected.get(row.number());
            if (!java.util.Objects.equals(got, want)) {
                out.add("frame " + row.number() + ": " + got + " instead of " + want);
            }
        }
        return out;
    }

    @Test
    void rowsAreColouredWhileCapturing() throws IOException {
        List<Long> every = ReadFilterOracle.frames(LOSS, "");
        // the rule read -Y gives each frame: the first enabled rule whose filter selects it
        Map<Long, String> expected = new HashMap<>();
        for (ColouringRule rule : ColouringRule.defaults()) {
            if (!rule.enabled() || rule.filter().isEmpty()) {
                continue;
            }
            for (long n : ReadFilterOracle.frames(LOSS, rule.filter())) {
                expected.putIfAbsent(n, rule.name());
            }
        }
        assertTrue(expected.values().stream().distinct().count() >= 3, "the sample meets several rules: " + expected.values());
        FakeLiveProvider provider = new FakeLiveProvider(LOSS);
        onFx(() -> {
            model.startLive(provider, FakeLiveProvider.VETH, "", 262144);
            return null;
        });
        waitUntil("every frame captured", () -> model.frameCountProperty().get() == every.size());
        // the rules are decided beside the capture's loop, a few times a second: every row gets its rule
        waitUntil("every row coloured by its rule while capturing", () -> wrongColours(expected).isEmpty());
        assertTrue(onFx(() -> model.liveRunningProperty().get()), "the capture still runs");
        // drawn so: some row on screen carries its rule's colours
        waitUntil("coloured rows drawn", () -> view.table().lookupAll(".table-row-cell").stream()
                .anyMatch(r -> r.getStyleClass().contains("row-rule")));
        onFx(() -> {
            model.stopLive();
            return null;
        });
    }
}
