package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.FindQuery;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Find Packet by display filter decides as the filter bar and {@code read -Y} do on every field, those of
 * the TCP conversation analysis, the stream number and the expert items included: on the capture with
 * real loss, finding next from no selection walks exactly the frames read -Y lists, in order, and wraps.
 */
@ExtendWith(ApplicationExtension.class)
class FindByFilterGuiTest {
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

    @BeforeEach
    void openSample() {
        GuiTestSupport.openAndWait(view, model, LOSS);
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
        onFx(() -> {
            view.finder().close();
            return null;
        });
    }

    private long selectedNumber() {
        return onFx(() -> {
            PacketRow r = view.table().getSelectionModel().getSelectedItem();
            return r == null ? -1L : r.number();
        });
    }

    private String findNext(String filter) {
        onFx(() -> {
            view.findBar().setQuery(new FindQuery(FindQuery.Kind.DISPLAY_FILTER, FindQuery.Scope.BYTES, filter, false));
            view.findBar().find(true);
            return null;
        });
        waitUntil("the search ended", () -> !view.finder().searchingProperty().get());
        return onFx(() -> view.finder().messageProperty().get());
    }

    @ParameterizedTest
    @ValueSource(strings = {"tcp.analysis.retransmission", "tcp.stream == 1", "tcp.analysis.flags",
            "expert.severity >= warn"})
    void findsTheFramesReadSelects(String filter) {
        List<Long> want = ReadFilterOracle.frames(LOSS, filter);
        assertTrue(!want.isEmpty(), "read -Y " + filter + " selects frames of the sample");
        onFx(() -> {
            view.table().getSelectionModel().clearSelection();
            return null;
        });
        List<Long> found = new ArrayList<>();
        for (int i = 0; i < Math.min(want.size(), 12); i++) {
            String message = findNext(filter);
            assertEquals("Found frame " + want.get(i), message, filter + " after " + found);
            long expect = want.get(i);
            waitUntil("frame " + expect + " is selected", () -> selectedNumber() == expect);
            found.add(selectedNumber());
        }
        assertEquals(want.subList(0, found.size()), found);
        if (want.size() <= 12) {
            // past the last match, the search starts again at the first
            assertTrue(findNext(filter).startsWith("Found frame " + want.get(0) + " (search went past the last frame"),
                    filter);
        }
        // the filter bar lists the same frames
        assertTrue(onFx(() -> view.filterBar().apply(filter)));
        waitUntil("the filter ran", () -> !model.isBusy());
        List<Long> listed = onFx(() -> model.shownRows().stream().map(PacketRow::number).toList());
        assertEquals(want, listed, filter);
    }
}
