package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javafx.stage.Stage;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * What the listing pass learnt from other frames reaches a frame's row and details: a DNS query's response
 * frames ({@code dns.response_in}, as tshark -2 gives them) and a QUIC short header's destination connection
 * id (the other endpoint's, from its long headers), as {@code read -2} and {@code read} give them.
 */
@ExtendWith(ApplicationExtension.class)
class LaterFramesDetailsGuiTest {
    static final Path DNS = Path.of("..", "samples", "dns-veth.pcap");
    static final Path QUIC = Path.of("..", "samples", "crafted", "quic-connection.pcap");

    @TempDir
    static Path temp;

    private CaptureViewModel model;
    private MainView view;

    @Start
    void start(Stage stage) throws IOException {
        GuiTestSupport.assumeSample(DNS);
        GuiTestSupport.assumeSample(QUIC);
        model = new CaptureViewModel(new CoreBackend());
        view = GuiTestSupport.showMainWindow(stage, model, temp);
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    @Test
    void aQueryNamesTheFramesOfItsResponses() throws IOException {
        GuiTestSupport.openAndWait(view, model, DNS);
        // tshark -2 -T fields -e dns.response_in: frame 24 (two queries in one segment) "25,27", frame 1 "2"
        assertEquals(List.of("25", "27"), values(detail(24), "dns.response_in"));
        assertEquals(List.of("2"), values(detail(1), "dns.response_in"));
        assertEquals(List.of(), values(detail(2), "dns.response_in"), "a response is no query");
    }

    @Test
    void aShortHeaderCarriesThePeersConnectionId() throws IOException {
        GuiTestSupport.openAndWait(view, model, QUIC);
        waitUntil("the texts of row 4", () -> model.rows().get(3).text() != null);
        PacketRow row = onFx(() -> model.rows().get(3));
        assertEquals("Protected Payload (KP0), DCID=a1a2a3a4a5a6a7a8a9aa", onFx(row::info));
        assertEquals(List.of("a1:a2:a3:a4:a5:a6:a7:a8:a9:aa"), values(detail(4), "quic.dcid"));
        assertEquals(List.of(), values(detail(7), "quic.dcid"), "an id no long header gave");
    }

    private FrameTree detail(long number) {
        onFx(() -> {
            model.select(model.row(number));
            return null;
        });
        waitUntil("detail of frame " + number, () -> model.detailProperty().get() != null
                && model.detailProperty().get().row().number() == number);
        return onFx(() -> model.detailProperty().get().tree());
    }

    private static List<String> values(FrameTree tree, String field) {
        return tree.findAll(field).stream().map(FieldNode::valueText).toList();
    }
}
