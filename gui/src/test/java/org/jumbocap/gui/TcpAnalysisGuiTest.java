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
import java.util.Map;
import java.util.TreeMap;
import javafx.scene.control.TableColumn;
import javafx.stage.Stage;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.displayfilter.DisplayFilter;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.model.RowText;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
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
 * The viewer follows TCP conversations as {@code read} does, on the kernel-made capture with real loss:
 * the Info column is {@code read}'s summary (relative numbers, tshark's marks), {@code tcp.stream} and
 * {@code tcp.analysis.*} filters select read's frames, the detail tree has the analysis subtree of
 * {@code read -V}, and the stream and analysis columns show each frame's.
 */
@ExtendWith(ApplicationExtension.class)
class TcpAnalysisGuiTest {
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

    /** What `read` computes per frame: the pipeline following the conversations, as its FrameLoop does. */
    private record Reference(String info, FrameTree tree, long stream) {
    }

    private static Map<Long, Reference> reference(Path file) throws IOException {
        FramePipeline p = new FramePipeline(new FrameDissector(), null, false, new TcpConversations());
        Map<Long, Reference> out = new TreeMap<>();
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
                out.put(rec.number(), new Reference(SummaryText.info(p.summary(), p.tcpAnalysis()), p.tree(),
                        p.tcpAnalysis().tracked ? p.tcpAnalysis().stream : -1));
                previous = rec.timestampNanos();
            }
        }
        return out;
    }

    /** The frames `read -Y filter` prints. */
    private static List<Long> readSelects(Path file, String filter) throws IOException {
        FramePipeline p = new FramePipeline(new FrameDissector(), DisplayFilter.compile(filter), false, new TcpConversations());
        List<Long> out = new ArrayList<>();
        ReadFilterOracle.addPassing(p, file, out);
        return out;
    }

    private RowText textOf(int index) {
        waitUntil("the texts of row " + index, () -> model.rows().get(index).text() != null);
        return onFx(() -> model.rows().get(index).text());
    }

    @Test
    void infoIsReadsSummaryWithRelativeNumbersAndMarks() throws IOException {
        GuiTestSupport.openAndWait(view, model, LOSS);
        Map<Long, Reference> expected = reference(LOSS);
        assertEquals(expected.size(), (int) onFx(() -> model.rows().size()));
        int marks = 0;
        int relative = 0;
        for (Map.Entry<Long, Reference> e : expected.entrySet()) {
            if (e.getValue().info() == null) {
                continue;
            }
            String info = textOf((int) (e.getKey() - 1)).info();
            assertEquals(e.getValue().info(), info, "Info of frame " + e.getKey());
            marks += info.startsWith("[TCP ") ? 1 : 0;
            relative += info.contains(" Seq=1 ") ? 1 : 0;
        }
        assertTrue(marks > 0, "frames with an analysis mark: " + marks);
        assertTrue(relative > 0, "frames with Seq=1: " + relative);
    }

    @Test
    void streamAndAnalysisFiltersSelectReadsFrames() throws Exception {
        GuiTestSupport.openAndWait(view, model, LOSS);
        for (String filter : List.of("tcp.stream == 0", "tcp.stream == 1", "tcp.analysis.retransmission",
                "tcp.analysis.flags", "tcp.analysis.bytes_in_flight > 100000")) {
            List<Long> expected = readSelects(LOSS, filter);
            assertTrue(!expected.isEmpty(), filter + " selects something in read");
            onFx(() -> {
                model.applyFilter(filter);
                return null;
            });
            waitUntil(filter + " applied", () -> !model.isBusy() && model.appliedFilterProperty().get().equals(filter));
            List<Long> shown = onFx(() -> model.shownRows().stream().map(PacketRow::number).toList());
            assertEquals(expected, shown, filter);
        }
    }

    @Test
    void detailTreeHasTheAnalysisSubtreeOfReadV() throws IOException {
        GuiTestSupport.openAndWait(view, model, LOSS);
        Map<Long, Reference> expected = reference(LOSS);
        long retransmission = expected.entrySet().stream()
                .filter(e -> e.getValue().tree().find("tcp.analysis.retransmission") != null).findFirst().orElseThrow().getKey();
        long inFlight = expected.entrySet().stream().filter(e -> e.getKey() > retransmission)
                .filter(e -> e.getValue().tree().find("tcp.analysis.bytes_in_flight") != null).findFirst().orElseThrow().getKey();
        for (long number : List.of(retransmission, inFlight, 1L)) {
            onFx(() -> {
                model.select(model.row(number));
                return null;
            });
            waitUntil("detail of frame " + number, () -> model.detailProperty().get() != null
                    && model.detailProperty().get().row().number() == number);
            FrameTree tree = onFx(() -> model.detailProperty().get().tree());
            FrameTree want = expected.get(number).tree();
            for (String field : List.of("tcp.stream", "tcp.seq", "tcp.ack", "tcp.analysis", "tcp.analysis.bytes_in_flight",
                    "tcp.analysis.retransmission", "tcp.analysis.acks_frame", "tcp.analysis.ack_rtt", "tcp.time_delta")) {
                FieldNode w = want.find(field);
                FieldNode got = tree.find(field);
                assertEquals(w == null ? null : w.valueText(), got == null ? null : got.valueText(), field + " of frame " + number);
            }
            if (number != 1) {
                assertNotNull(tree.find("tcp.analysis"), "frame " + number);
            }
        }
    }

    @Test
    void streamAndAnalysisColumnsShowEachFramesAndCanBeHidden() throws IOException {
        GuiTestSupport.openAndWait(view, model, LOSS);
        Map<Long, Reference> expected = reference(LOSS);
        TableColumn<PacketRow, ?> stream = onFx(() -> view.table().column("col-tcp-stream"));
        TableColumn<PacketRow, ?> analysis = onFx(() -> view.table().column("col-tcp-analysis"));
        int flagged = 0;
        for (Map.Entry<Long, Reference> e : expected.entrySet()) {
            PacketRow row = onFx(() -> model.row(e.getKey()));
            assertEquals(e.getValue().stream(), (long) onFx(() -> (Integer) stream.getCellObservableValue(row).getValue()),
                    "stream of frame " + e.getKey());
            boolean hasFlags = e.getValue().tree().find("tcp.analysis.flags") != null;
            assertEquals(hasFlags, onFx(() -> (Integer) analysis.getCellObservableValue(row).getValue()) != 0,
                    "analysis flags of frame " + e.getKey());
            flagged += hasFlags ? 1 : 0;
        }
        assertTrue(flagged > 0);
        onFx(() -> {
            stream.setVisible(false);
            return null;
        });
        assertTrue(onFx(() -> !view.table().getVisibleLeafColumns().contains(stream)));
    }
}
