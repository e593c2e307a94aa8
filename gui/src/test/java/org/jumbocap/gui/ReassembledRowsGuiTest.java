package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.stage.Stage;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.FindQuery;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The viewer's rows and details decode TCP payloads as {@code read} does, with TCP reassembly's plans: on
 * the kernel-made TLS and HTTP captures (records and messages cut across segments), every frame's Protocol
 * and Info columns are the ones {@code read}'s in-order pipeline gives from the frame's tree, and a frame
 * that completes a TLS record shows the reassembled record in its details.
 */
@ExtendWith(ApplicationExtension.class)
class ReassembledRowsGuiTest {
    static final Path TLS = Path.of("..", "samples", "tls-veth.pcap");
    static final Path HTTP = Path.of("..", "samples", "http-veth.pcap");

    @TempDir
    static Path temp;

    private CaptureViewModel model;
    private MainView view;

    @Start
    void start(Stage stage) throws IOException {
        GuiTestSupport.assumeSample(TLS);
        GuiTestSupport.assumeSample(HTTP);
        model = new CaptureViewModel(new CoreBackend());
        view = GuiTestSupport.showMainWindow(stage, model, temp);
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    /** A frame's columns as `read` prints them: its tree from the pipeline that follows the conversations. */
    private record Columns(String protocol, String info) {
    }

    private static List<Columns> readColumns(Path file) throws IOException {
        FramePipeline p = new FramePipeline(new FrameDissector(), null, false, new TcpConversations());
        List<Columns> out = new ArrayList<>();
        try (CaptureReader reader = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            long first = Long.MIN_VALUE;
            long previous = 0;
            while (reader.next(rec)) {
                if (first == Long.MIN_VALUE) {
                    first = rec.timestampNanos();
                    previous = first;
                }
                p.accept(rec, first, previous);
                out.add(new Columns(SummaryText.protocol(p.tree()), SummaryText.info(p.tree())));
                previous = rec.timestampNanos();
            }
        }
        return out;
    }

    private void assertColumnsAreReads(Path file, String reassembledProtocol) throws IOException {
        GuiTestSupport.openAndWait(view, model, file);
        List<Columns> expected = readColumns(file);
        assertEquals(expected.size(), (int) onFx(() -> model.rows().size()));
        int reassembled = 0;
        for (int i = 0; i < expected.size(); i++) {
            int index = i;
            waitUntil("the texts of row " + index, () -> model.rows().get(index).text() != null);
            PacketRow row = onFx(() -> model.rows().get(index));
            Columns want = expected.get(i);
            assertEquals(want.protocol(), row.protocol(), "Protocol of frame " + (i + 1));
            assertEquals(want.info(), onFx(row::info), "Info of frame " + (i + 1));
            reassembled += want.protocol().startsWith(reassembledProtocol) ? 1 : 0;
        }
        assertTrue(reassembled > 0, reassembledProtocol + " frames: " + reassembled);
    }

    @Test
    void tlsRowsAreReads() throws IOException {
        assertColumnsAreReads(TLS, "TLS");
    }

    @Test
    void httpRowsAreReads() throws IOException {
        assertColumnsAreReads(HTTP, "HTTP");
    }

    @Test
    void frameCompletingATlsRecordShowsItReassembled() throws IOException {
        GuiTestSupport.openAndWait(view, model, TLS);
        long number = 18;
        onFx(() -> {
            model.select(model.row(number));
            return null;
        });
        waitUntil("detail of frame " + number, () -> model.detailProperty().get() != null
                && model.detailProperty().get().row().number() == number);
        FrameTree tree = onFx(() -> model.detailProperty().get().tree());
        // tshark -2 -V: [3 Reassembled TCP Segments (16406 bytes): #14(7240), #16(5792), #18(3374)]
        FieldNode length = tree.find("tcp.reassembled.length");
        assertNotNull(length, "frame 18 has a reassembled message");
        assertEquals("16406", length.valueText());
        assertEquals(List.of("14", "16", "18"), values(tree, "tcp.segment"));
        List<String> recordLengths = values(tree, "tls.record.length");
        assertTrue(recordLengths.contains("16401"), "the reassembled record's length: " + recordLengths);
    }

    @Test
    void findInInfoMatchesTheShownText() throws IOException {
        GuiTestSupport.openAndWait(view, model, TLS);
        List<Columns> expected = readColumns(TLS);
        List<String> alone = aloneInfo(TLS);
        // a frame that alone would say Application Data but, as the start of a record completed later, is TCP
        int startOfRecord = -1;
        for (int i = 0; i < expected.size() && startOfRecord < 0; i++) {
            if (alone.get(i).contains("Application Data") && !expected.get(i).info().contains("Application Data")) {
                startOfRecord = i;
            }
        }
        assertTrue(startOfRecord > 0, "a frame begins a record completed later");
        long want = -1;
        for (int i = startOfRecord; i < expected.size() && want < 0; i++) {
            if (expected.get(i).info().contains("Application Data")) {
                want = i + 1;
            }
        }
        assertTrue(want > 0);
        long from = startOfRecord; // the frame before, by number
        onFx(() -> {
            view.goToFrame(from);
            view.findBar().setQuery(new FindQuery(FindQuery.Kind.STRING, FindQuery.Scope.INFO, "Application Data", true));
            view.findBar().find(true);
            return null;
        });
        waitUntil("the search ended", () -> !view.finder().searchingProperty().get());
        long found = onFx(() -> {
            PacketRow r = view.table().getSelectionModel().getSelectedItem();
            return r == null ? -1L : r.number();
        });
        assertEquals(want, found, "searching from frame " + from);
    }

    /** Each frame's Info decoded alone, without the conversation before it. */
    private static List<String> aloneInfo(Path file) throws IOException {
        FrameDissector dissector = new FrameDissector();
        List<String> out = new ArrayList<>();
        try (CaptureReader reader = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            while (reader.next(rec)) {
                out.add(String.valueOf(SummaryText.info(dissector.dissect(rec))));
            }
        }
        return out;
    }

    private static List<String> values(FrameTree tree, String field) {
        return tree.findAll(field).stream().map(FieldNode::valueText).toList();
    }
}
