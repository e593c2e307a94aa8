package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.SAMPLE;
import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.settings.RecentFiles;
import org.jumbocap.gui.view.ConversationsView;
import org.jumbocap.gui.view.EndpointsView;
import org.jumbocap.gui.view.IoGraphView;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.view.Theme;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.stats.Endpoints;
import org.jumbocap.stats.TrafficLayer;
import org.jumbocap.stats.TwoWayConversations;
import org.jumbocap.stats.TwoWayConversations.Conversation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Statistics → Conversations, Endpoints and I/O Graph on the kernel-made veth sample, headless. */
@ExtendWith(ApplicationExtension.class)
class TrafficWindowsGuiTest {
    @TempDir
    static Path temp;

    private CaptureViewModel model;
    private MainView view;

    @Start
    void start(Stage stage) throws IOException {
        GuiTestSupport.assumeSample(SAMPLE);
        model = new CaptureViewModel(new CoreBackend());
        view = new MainView(model, new RecentFiles(Files.createTempDirectory(temp, "cfg").resolve("recent")), null);
        stage.setScene(new Scene(view, 1280, 800));
        view.setTheme(Theme.LIGHT);
        stage.show();
        view.open(SAMPLE);
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    /** The core's tables over the whole sample, the oracle the windows must show. */
    private static TwoWayConversations coreConversations() throws IOException {
        TwoWayConversations c = new TwoWayConversations();
        FramePipeline p = new FramePipeline(new FrameDissector(), null, false);
        try (CaptureReader r = CaptureFiles.open(SAMPLE)) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                p.accept(rec, 0, 0);
                c.add(p);
            }
        }
        return c;
    }

    private static Conversation bulk(List<Conversation> list) {
        return list.stream().filter(c -> c.jumboPackets() > 0).findFirst().orElseThrow();
    }

    private static <T> TableCell<?, ?> cell(TableView<T> table, T item, String columnId) {
        return onFx(() -> table.lookupAll(".table-cell").stream().map(n -> (TableCell<?, ?>) n)
                .filter(c -> c.getTableRow() != null && c.getTableRow().getItem() == item
                        && c.getTableColumn() != null && columnId.equals(c.getTableColumn().getId()))
                .findFirst().orElse(null));
    }

    @Test
    void conversationsShowTheCoreCountsAndFollowTheDisplayFilter() throws IOException {
        waitUntil("file read", () -> !model.isBusy() && model.rows().size() == 44);
        ConversationsView conversations = onFx(() -> {
            view.showConversations();
            return view.conversationsView();
        });
        TableView<Conversation> tcp = conversations.table(TrafficLayer.TCP);
        waitUntil("counted", () -> onFx(() -> tcp.getItems().size()) == 2);
        Conversation expected = bulk(coreConversations().at(TrafficLayer.TCP));
        Conversation shown = bulk(onFx(() -> List.copyOf(tcp.getItems())));
        assertEquals(expected.a(), shown.a());
        assertEquals(expected.packets(), shown.packets());
        assertEquals(expected.bytes(), shown.bytes());
        assertEquals(21, shown.jumboPackets(), "every jumbogram of the sample is in the iperf3 data connection");
        onFx(() -> {
            conversations.selectLayer(TrafficLayer.TCP);
            return null;
        });
        waitUntil("cells drawn", () -> cell(tcp, shown, "col-bytes") != null);
        TableCell<?, ?> bytes = cell(tcp, shown, "col-bytes");
        assertEquals(String.format(java.util.Locale.ROOT, "%,d", expected.bytes()), onFx(((Labeled) bytes)::getText));
        assertTrue(expected.bytes() > 1_000_000 && onFx(((Labeled) bytes)::getText).contains(","));
        assertSame(Pos.CENTER_RIGHT, onFx(bytes::getAlignment), "numbers are right-aligned");

        String csv = onFx(conversations::copyShownTab);
        String[] lines = csv.split("\n");
        assertTrue(lines[0].startsWith("Address A,Port A,Address B,Port B,Packets,Bytes,"), lines[0]);
        assertEquals(3, lines.length, csv);
        assertTrue(csv.contains("," + expected.bytes() + ","), "CSV numbers have no separators: " + csv);

        // limited to a display filter, the table counts only the frames it shows
        onFx(() -> {
            conversations.limitToDisplayFilter().setSelected(true);
            return view.filterBar().apply("jumbo");
        });
        waitUntil("recounted over the jumbograms", () -> onFx(() -> tcp.getItems().size() == 1
                && tcp.getItems().get(0).packets() == 21));
        assertEquals(21, onFx(() -> tcp.getItems().get(0).jumboPackets()));

        // Apply as Filter on a row lists exactly that conversation's frames
        onFx(() -> {
            conversations.limitToDisplayFilter().setSelected(false);
            return null;
        });
        waitUntil("recounted over every frame", () -> onFx(() -> tcp.getItems().size()) == 2);
        Conversation handshake = onFx(() -> tcp.getItems().stream().filter(c -> c.jumboPackets() == 0).findFirst().orElseThrow());
        waitUntil("row drawn", () -> onFx(() -> tcp.lookupAll(".table-row-cell").stream()
                .anyMatch(n -> ((TableRow<?>) n).getItem() == handshake)));
        onFx(() -> {
            TableRow<?> row = (TableRow<?>) tcp.lookupAll(".table-row-cell").stream()
                    .filter(n -> ((TableRow<?>) n).getItem() == handshake).findFirst().orElseThrow();
            assertNotNull(row.getContextMenu());
            row.getContextMenu().getItems().get(0).fire();
            return null;
        });
        waitUntil("filter applied", () -> !model.isBusy() && onFx(() -> model.appliedFilterProperty().get()).equals(handshake.filter()));
        waitUntil("rows shown", () -> onFx(() -> (long) model.shownRows().size()) == handshake.packets());

        // Prepare as Filter on the other row puts its filter in the bar and applies nothing
        Conversation jumbo = onFx(() -> tcp.getItems().stream().filter(c -> c.jumboPackets() > 0).findFirst().orElseThrow());
        waitUntil("row drawn", () -> onFx(() -> tcp.lookupAll(".table-row-cell").stream()
                .anyMatch(n -> ((TableRow<?>) n).getItem() == jumbo)));
        onFx(() -> {
            TableRow<?> row = (TableRow<?>) tcp.lookupAll(".table-row-cell").stream()
                    .filter(n -> ((TableRow<?>) n).getItem() == jumbo).findFirst().orElseThrow();
            row.getContextMenu().getItems().stream().filter(i -> "Prepare as Filter".equals(i.getText()))
                    .findFirst().orElseThrow().fire();
            return null;
        });
        waitUntil("the filter is in the bar", () -> onFx(() -> view.filterBar().getText()).equals(jumbo.filter()));
        assertEquals(handshake.filter(), onFx(() -> model.appliedFilterProperty().get()), "nothing new applied");
    }

    @Test
    void endpointsSendAndReceiveWhatTheConversationsCarry() {
        waitUntil("file read", () -> !model.isBusy() && model.rows().size() == 44);
        EndpointsView endpoints = onFx(() -> {
            view.showEndpoints();
            return view.endpointsView();
        });
        TableView<Endpoints.Endpoint> ipv6 = endpoints.table(TrafficLayer.IPV6);
        waitUntil("counted", () -> onFx(() -> ipv6.getItems().size()) > 0);
        List<Endpoints.Endpoint> rows = onFx(() -> List.copyOf(ipv6.getItems()));
        long tx = rows.stream().mapToLong(Endpoints.Endpoint::txPackets).sum();
        long rx = rows.stream().mapToLong(Endpoints.Endpoint::rxPackets).sum();
        assertEquals(44, tx, "each IPv6 frame of the sample is sent once");
        assertEquals(tx, rx);
    }

    @Test
    void ioGraphDrawsOneLinePerFilter() {
        waitUntil("file read", () -> !model.isBusy() && model.rows().size() == 44);
        IoGraphView graph = onFx(() -> {
            view.showIoGraph();
            return view.ioGraphView();
        });
        waitUntil("drawn", () -> onFx(() -> graph.shownChart().getData().size()) == 2);
        assertEquals(1_000_000L, onFx(() -> graph.intervalChoice().getValue()), "a 0.7 s capture in 1 ms steps");
        List<Double> sums = onFx(() -> graph.shownChart().getData().stream()
                .map(s -> s.getData().stream().mapToDouble(d -> d.getYValue().doubleValue()).sum()).toList());
        assertEquals(List.of(44.0, 21.0), sums, "every frame, and the line of `jumbo`");
        onFx(() -> {
            graph.logY().setSelected(true);
            return null;
        });
        assertTrue(onFx(() -> graph.shownChart().getYAxis() instanceof org.jumbocap.gui.view.LogCountAxis));
        waitUntil("log chart drawn", () -> onFx(() -> graph.shownChart().getData().size()) == 2);
        XYChart.Series<Number, Number> all = onFx(() -> graph.shownChart().getData().get(0));
        assertTrue(onFx(() -> all.getData().size()) > 600, "one point per millisecond");
    }

    /** The log count axis grows to the tallest bar: it once stayed at 10 frames and cut every taller bar. */
    @Test
    void logHistogramAxisReachesTheTallestBar() {
        waitUntil("file read", () -> !model.isBusy() && model.rows().size() == 44);
        org.jumbocap.gui.view.StatisticsView stats = onFx(() -> {
            view.showStatistics();
            return view.statisticsView();
        });
        waitUntil("counted", () -> onFx(() -> !stats.histogram().getData().isEmpty()));
        onFx(() -> {
            stats.logScaleToggle().setSelected(true);
            return null;
        });
        double tallest = onFx(() -> stats.shownHistogram().getData().get(0).getData().stream()
                .mapToDouble(d -> d.getYValue().doubleValue()).max().orElse(0));
        assertTrue(tallest > 10, "the sample has a size bin of more than 10 frames: " + tallest);
        waitUntil("laid out", () -> onFx(() -> ((javafx.scene.chart.ValueAxis<Number>) stats.shownHistogram().getYAxis())
                .getUpperBound()) >= tallest);
    }
}
