package org.jumbocap.gui;

import static org.jumbocap.gui.GuiTestSupport.SAMPLE;
import static org.jumbocap.gui.GuiTestSupport.onFx;
import static org.jumbocap.gui.GuiTestSupport.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.Node;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.model.CaptureProperties;
import org.jumbocap.gui.view.CapturePropertiesView;
import org.jumbocap.gui.view.ExpertInformationView;
import org.jumbocap.gui.view.MainView;
import org.jumbocap.gui.view.ProtocolHierarchyView;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.jumbocap.stats.CaptureStatistics;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Analyze → Expert Information, Statistics → Protocol Hierarchy and Capture File Properties on the
 * kernel-made samples, headless, against the core's counts ({@code jumbocap stats}) and tshark's and
 * capinfos' where they have the same numbers.
 */
@ExtendWith(ApplicationExtension.class)
class CaptureWindowsGuiTest {
    private static final Path LOSS = Path.of("..", "samples", "ipv6-bigtcp-loss.pcap");
    private static final Path PCAPNG = Path.of("..", "samples", "ipv6-bigtcp-veth.pcapng");
    private static final Path TSHARK = Path.of("/usr/bin/tshark");
    private static final Path CAPINFOS = Path.of("/usr/bin/capinfos");

    @TempDir
    static Path temp;

    private CaptureViewModel model;
    private MainView view;

    @Start
    void start(Stage stage) throws IOException {
        model = new CaptureViewModel(new CoreBackend());
        view = GuiTestSupport.showMainWindow(stage, model, temp);
    }

    @AfterEach
    void tearDown() {
        GuiTestSupport.closeMainWindow(view, model);
    }

    private static List<String> run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", command));
        return List.of(out.split("\n"));
    }

    /** The core's expert table over a file, checksums summed, as {@code jumbocap stats} counts it: id to count. */
    private static Map<String, Long> coreExperts(Path file) throws IOException {
        CaptureStatistics stats = new CaptureStatistics();
        stats.startFile(file.toString());
        FramePipeline pipeline = new FramePipeline(new FrameDissector(), null, true, new TcpConversations());
        try (CaptureReader r = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            long first = Long.MIN_VALUE;
            long previous = 0;
            while (r.next(rec)) {
                if (first == Long.MIN_VALUE) {
                    first = rec.timestampNanos();
                    previous = first;
                }
                pipeline.accept(rec, first, previous);
                previous = rec.timestampNanos();
                stats.add(pipeline);
            }
        }
        Map<String, Long> counts = new HashMap<>();
        for (CaptureStatistics.ExpertCount c : stats.experts()) {
            counts.put(c.id(), c.count());
        }
        return counts;
    }

    private static List<TreeItem<ExpertInformationView.Line>> children(TreeItem<ExpertInformationView.Line> item) {
        return List.copyOf(item.getChildren());
    }

    private static TreeItem<ExpertInformationView.Line> finding(ExpertInformationView v, String severity, String summaryStart) {
        return onFx(() -> v.tree().getRoot().getChildren().stream().filter(h -> h.getValue().text().equals(severity))
                .flatMap(h -> h.getChildren().stream()).filter(f -> f.getValue().text().startsWith(summaryStart))
                .findFirst().orElse(null));
    }

    @Test
    void expertInformationCountsAsTheCoreAndTsharkAndGoesToTheFrame() throws Exception {
        GuiTestSupport.openAndWait(view, model, LOSS);
        ExpertInformationView experts = onFx(() -> {
            view.showExpertInformation();
            return view.expertInformationView();
        });
        waitUntil("counted", () -> !experts.tree().getRoot().getChildren().isEmpty());
        // the severities in Wireshark's order, each with the sum of its findings
        List<String> headings = onFx(() -> experts.tree().getRoot().getChildren().stream()
                .map(h -> h.getValue().text() + " " + h.getValue().count()).toList());
        Map<String, Long> core = coreExperts(LOSS);
        assertEquals(List.of("Warning 8", "Note " + (787 + 765 + 20 + 11 + 4), "Chat " + (196 + 765 + 6 + 2 + 2)), headings,
                "as jumbocap stats counts them: " + core);
        // every finding's count is the core's count of its id, and lists that many frames
        long findings = 0;
        for (TreeItem<ExpertInformationView.Line> heading : onFx(() -> children(experts.tree().getRoot()))) {
            for (TreeItem<ExpertInformationView.Line> f : onFx(() -> children(heading))) {
                ExpertInformationView.Line line = f.getValue();
                // a finding's frames are listed when it is first expanded
                long frames = onFx(() -> {
                    f.setExpanded(true);
                    return (long) f.getChildren().size();
                });
                assertEquals(line.count(), frames, line.text());
                assertTrue(core.containsValue(line.count()), line.text() + " " + line.count() + " in " + core);
                findings++;
            }
        }
        assertEquals(core.size(), findings, "one finding per expert id: " + core.keySet());

        // the items tshark has too, with its counts (its three Duplicate ACK lines, #1 to #3, are one id here)
        if (Files.isExecutable(TSHARK)) {
            Map<String, Long> theirs = new HashMap<>();
            Pattern row = Pattern.compile("^\\s+(\\d+)\\s+(\\S+)\\s+(\\S+)\\s+(.+?)\\s*$");
            for (String line : run(TSHARK.toString(), "-r", LOSS.toString(), "-q", "-z", "expert")) {
                Matcher m = row.matcher(line);
                if (m.matches()) {
                    theirs.merge(m.group(4).replaceFirst(" \\(#\\d+\\)$", ""), Long.parseLong(m.group(1)), Long::sum);
                }
            }
            for (String[] shared : new String[][] {
                    {"Warning", "TCP window specified by the receiver is now completely full"},
                    {"Note", "This frame is a (suspected) retransmission"},
                    {"Note", "This frame is a (suspected) fast retransmission"},
                    {"Note", "Duplicate ACK"},
                    {"Chat", "TCP window update"},
                    // one finding per id, its port a placeholder; tshark's line names the sample's one server port
                    {"Chat", "Connection establish request (SYN): server port \u2026",
                        "Connection establish request (SYN): server port 5201"},
                    {"Chat", "Connection establish acknowledge (SYN+ACK): server port \u2026",
                        "Connection establish acknowledge (SYN+ACK): server port 5201"}}) {
                TreeItem<ExpertInformationView.Line> f = finding(experts, shared[0], shared[1]);
                String tsharks = shared.length > 2 ? shared[2] : shared[1];
                assertNotNull(f, shared[1]);
                assertEquals(theirs.get(tsharks), f.getValue().count(), tsharks + " in tshark's " + theirs);
            }
            // jumbocap's snaplen, jumbogram and checksum-offload findings have no tshark one
            assertEquals("Duplicate ACK (#\u2026)", finding(experts, "Note", "Duplicate ACK").getValue().text(),
                    "one finding for the three numbers");
        }

        // Enter on a retransmission's first frame selects that frame in the packet list
        TreeItem<ExpertInformationView.Line> retransmissions = finding(experts, "Note", "This frame is a (suspected) retransmission");
        TreeItem<ExpertInformationView.Line> second = onFx(() -> {
            retransmissions.setExpanded(true);
            return retransmissions.getChildren().get(1);
        });
        long frame = second.getValue().frame();
        assertTrue(frame > 0 && second.getValue().text().startsWith("Frame " + String.format("%,d", frame) + ": "),
                second.getValue().text());
        onFx(() -> {
            retransmissions.setExpanded(true);
            experts.tree().getSelectionModel().select(second);
            experts.tree().fireEvent(new KeyEvent(KeyEvent.KEY_PRESSED, "", "", KeyCode.ENTER, false, false, false, false));
            return null;
        });
        waitUntil("frame selected", () -> model.selectedRowProperty().get() != null
                && model.selectedRowProperty().get().number() == frame);

        // limited to the display filter, only the frames it shows count
        onFx(() -> {
            experts.limitToDisplayFilter().setSelected(true);
            return view.filterBar().apply("tcp.analysis.retransmission");
        });
        waitUntil("recounted", () -> experts.status().getText().contains("tcp.analysis.retransmission")
                && finding(experts, "Warning", "TCP window") == null);
        assertEquals(11, finding(experts, "Note", "This frame is a (suspected) retransmission").getValue().count());

        // Escape closes the window
        onFx(() -> {
            experts.stage().getScene().getRoot().fireEvent(new KeyEvent(KeyEvent.KEY_PRESSED, "", "", KeyCode.ESCAPE,
                    false, false, false, false));
            return null;
        });
        assertFalse(onFx(() -> experts.stage().isShowing()));
    }

    private static void lines(TreeItem<ProtocolHierarchyView.Line> item, int depth, List<String> out) {
        for (TreeItem<ProtocolHierarchyView.Line> child : item.getChildren()) {
            ProtocolHierarchyView.Line l = child.getValue();
            out.add(String.format(java.util.Locale.ROOT, "%-40s frames:%d bytes:%d", "  ".repeat(depth) + l.protocol(),
                    l.frames(), l.bytes()));
            lines(child, depth + 1, out);
        }
    }

    @Test
    void protocolHierarchyShowsTsharksTree() throws Exception {
        GuiTestSupport.openAndWait(view, model, SAMPLE);
        ProtocolHierarchyView phs = onFx(() -> {
            view.showProtocolHierarchy();
            return view.protocolHierarchyView();
        });
        waitUntil("counted", () -> !phs.tree().getRoot().getChildren().isEmpty());
        List<String> shown = new ArrayList<>();
        onFx(() -> {
            lines(phs.tree().getRoot(), 0, shown);
            return null;
        });
        assertEquals(List.of(
                "eth                                      frames:44 bytes:3666071",
                "  ipv6                                   frames:44 bytes:3666071",
                "    icmpv6                               frames:8 bytes:792",
                "    tcp                                  frames:36 bytes:3665279",
                "      data                               frames:26 bytes:3664387"), shown);
        if (Files.isExecutable(TSHARK)) {
            List<String> theirs = run(TSHARK.toString(), "-r", SAMPLE.toString(), "-q", "-z", "io,phs").stream()
                    .filter(l -> l.contains(" frames:")).map(String::stripTrailing).toList();
            assertEquals(theirs, shown);
        }
        ProtocolHierarchyView.Line tcp = onFx(() -> phs.tree().getRoot().getChildren().get(0).getChildren().get(0)
                .getChildren().get(1).getValue());
        assertEquals("81.8", String.format(java.util.Locale.ROOT, "%.1f", tcp.framePercent()), "36 of 44 frames");
        assertTrue(tcp.bytePercent() > 99.9);

        // limited to the display filter: the jumbograms alone
        onFx(() -> {
            phs.limitToDisplayFilter().setSelected(true);
            return view.filterBar().apply("jumbo");
        });
        waitUntil("recounted", () -> phs.tree().getRoot().getChildren().get(0).getValue().frames() == 21);
    }

    @Test
    void capturePropertiesAgreeWithCapinfos() throws Exception {
        GuiTestSupport.openAndWait(view, model, PCAPNG);
        CapturePropertiesView properties = onFx(() -> {
            view.showCaptureProperties();
            return view.capturePropertiesView();
        });
        waitUntil("counted", () -> properties.properties() != null);
        CaptureProperties p = properties.properties();
        assertEquals("44", p.value("Statistics", "Frames"));
        assertEquals("3,666,071", p.value("Statistics", "Bytes"));
        assertEquals("pcapng", p.value("File", "Format"));
        assertEquals("3,667,704 bytes", p.value("File", "Length"));
        assertEquals("262,144", p.value("Interface 0", "Snapshot length"));
        assertEquals("10^-9 s", p.value("Interface 0", "Time resolution"));
        assertEquals("2026-11-30 08:19:07.007843154 UTC", p.value("Time", "First packet"));
        assertEquals("0.675311 s", p.value("Time", "Elapsed"));
        assertEquals("21 (47.7% of frames)", p.value("Super-packets", "Jumbograms"), "every super-packet of the sample");
        assertEquals("184,306 bytes", p.value("Super-packets", "Largest frame"));
        assertTrue(p.value("Super-packets", "Frames of 64 KiB and more").startsWith("21 (47.7%"),
                p.value("Super-packets", "Frames of 64 KiB and more"));
        if (Files.isExecutable(CAPINFOS)) {
            Map<String, String> theirs = new HashMap<>();
            for (String line : run(CAPINFOS.toString(), "-M", PCAPNG.toString())) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    theirs.putIfAbsent(line.substring(0, colon).strip(), line.substring(colon + 1).strip());
                }
            }
            assertEquals(theirs.get("Number of packets"), String.valueOf(p.all().frames()));
            assertEquals(theirs.get("Data size"), p.all().bytes() + " bytes");
            assertEquals(theirs.get("File size"), p.value("File", "Length").replace(",", ""));
            assertEquals(theirs.get("Capture duration"), String.format(java.util.Locale.ROOT, "%.9f seconds", p.all().elapsedSeconds()));
            assertEquals(theirs.get("First packet time") + " UTC", p.value("Time", "First packet"));
            assertEquals(theirs.get("Average packet rate"), String.format(java.util.Locale.ROOT, "%.2f packets/sec",
                    p.all().frames() / p.all().elapsedSeconds()));
        }
        // counted over the frames a display filter shows, beside every frame
        onFx(() -> {
            properties.limitToDisplayFilter().setSelected(true);
            return view.filterBar().apply("icmpv6");
        });
        waitUntil("recounted", () -> properties.properties() != null && properties.properties().shown() != null);
        assertEquals("44 (8 displayed by icmpv6, 18.2%)", properties.properties().value("Statistics", "Frames"));
    }

    /** tshark's data segments of the veth sample's iperf3 data stream: frame, relative seq, length. */
    private static List<long[]> tsharkSegments() throws Exception {
        List<long[]> out = new ArrayList<>();
        for (String line : run(TSHARK.toString(), "-r", SAMPLE.toString(), "-Y", "tcp.stream == 1 && tcp.len > 0",
                "-T", "fields", "-e", "frame.number", "-e", "tcp.seq", "-e", "tcp.len")) {
            if (!line.isBlank()) {
                String[] f = line.split("\t");
                out.add(new long[] {Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2])});
            }
        }
        return out;
    }

    @Test
    void tcpStreamGraphDrawsSuperPacketsAsStepsWithTheirSegmentCount() throws Exception {
        assumeTrue(Files.isExecutable(TSHARK), "tshark installed");
        GuiTestSupport.openAndWait(view, model, SAMPLE);
        onFx(() -> view.goToFrame(23));
        waitUntil("frame 23 selected", () -> model.selectedRowProperty().get() != null);
        org.jumbocap.gui.view.TcpStreamGraphView graph = onFx(() -> {
            view.showTcpStreamGraph(false);
            return view.tcpStreamGraphView();
        });
        waitUntil("drawn", () -> !graph.stevensChart().getData().isEmpty());
        List<org.jumbocap.gui.model.TcpStreamGraph.Segment> drawn = onFx(() -> graph.stevensChart().getData().get(0)
                .getData().stream().map(d -> d.getNode().getUserData()).filter(u -> u != null)
                .map(u -> (org.jumbocap.gui.model.TcpStreamGraph.Segment) u).toList());
        List<long[]> theirs = tsharkSegments();
        assertEquals(21, theirs.size(), "the iperf3 data connection's super-packets");
        assertEquals(theirs.size(), drawn.size());
        long bytes = 0;
        for (int i = 0; i < drawn.size(); i++) {
            org.jumbocap.gui.model.TcpStreamGraph.Segment d = drawn.get(i);
            assertEquals(theirs.get(i)[0], d.frame());
            assertEquals(theirs.get(i)[1], d.seq(), "relative seq of frame " + d.frame());
            assertEquals(theirs.get(i)[2], d.length(), "length of frame " + d.frame());
            bytes += d.length();
        }
        // each step is as tall as its segment: bottom at the first byte, top after the last
        List<Number> ys = onFx(() -> graph.stevensChart().getData().get(0).getData().stream().map(javafx.scene.chart.XYChart.Data::getYValue).toList());
        assertEquals(theirs.get(0)[1], ys.get(0).longValue());
        assertEquals(theirs.get(0)[1] + theirs.get(0)[2], ys.get(1).longValue());
        // the SYNs announce MSS 1440 and timestamps (12 option bytes): 184,212 bytes are 129 segments of 1,428
        Node symbol = onFx(() -> graph.stevensChart().getData().get(0).getData().get(1).getNode());
        Tooltip tip = onFx(() -> (Tooltip) symbol.getProperties().get("javafx.scene.control.Tooltip"));
        assertNotNull(tip, "a super-packet's point has a tooltip");
        assertEquals("Frame 23: Seq 32,194,166 to 32,378,378 (184,212 bytes): 129 segments of 1,428 bytes"
                + " (the MSS less the TCP options)", onFx(tip::getText));
        assertTrue(onFx(() -> graph.status().getText()).contains(String.format(java.util.Locale.ROOT, "%,d bytes", bytes)),
                onFx(() -> graph.status().getText()));

        // throughput: the payload bits over the stream's span, interval by interval
        onFx(() -> {
            view.showTcpStreamGraph(true);
            return null;
        });
        waitUntil("throughput drawn", () -> !graph.throughputChart().getData().isEmpty()
                && graph.tabs().getSelectionModel().getSelectedIndex() == 1);
        List<javafx.scene.chart.XYChart.Data<Number, Number>> rates = onFx(() -> List.copyOf(graph.throughputChart().getData().get(0).getData()));
        double width = rates.get(1).getXValue().doubleValue() - rates.get(0).getXValue().doubleValue();
        double bits = rates.stream().mapToDouble(r -> r.getYValue().doubleValue() * width).sum();
        assertEquals(bytes * 8.0, bits, bytes * 8.0 * 1e-9);
        onFx(() -> {
            graph.stage().getScene().getRoot().fireEvent(new KeyEvent(KeyEvent.KEY_PRESSED, "", "", KeyCode.ESCAPE,
                    false, false, false, false));
            return null;
        });
        assertFalse(onFx(() -> graph.stage().isShowing()));
    }

    @Test
    void aClickOnTheIoGraphGoesToTheFirstFrameOfThatInterval() throws Exception {
        assumeTrue(Files.isExecutable(TSHARK), "tshark installed");
        GuiTestSupport.openAndWait(view, model, SAMPLE);
        org.jumbocap.gui.view.IoGraphView io = onFx(() -> {
            view.showIoGraph();
            return view.ioGraphView();
        });
        waitUntil("drawn", () -> io.shownChart().getData().size() == 2);
        assertEquals(1_000_000L, onFx(() -> io.intervalChoice().getValue()));
        // tshark's times since the first frame, in nanoseconds: the frames of frame 30's millisecond
        List<long[]> times = new ArrayList<>();
        for (String line : run(TSHARK.toString(), "-r", SAMPLE.toString(), "-T", "fields", "-e", "frame.number",
                "-e", "frame.time_relative")) {
            if (!line.isBlank()) {
                String[] f = line.split("\t");
                times.add(new long[] {Long.parseLong(f[0]),
                        new java.math.BigDecimal(f[1]).movePointRight(9).longValueExact()});
            }
        }
        long millisecond = times.get(29)[1] / 1_000_000L;
        long expected = times.stream().filter(t -> t[1] / 1_000_000L == millisecond).mapToLong(t -> t[0]).min().orElseThrow();
        assertTrue(expected < 30, "frame 30 shares its millisecond with an earlier frame: " + expected);
        // a click on the chart at frame 30's time
        double x = times.get(29)[1] / 1e9;
        onFx(() -> {
            javafx.scene.chart.NumberAxis axis = (javafx.scene.chart.NumberAxis) io.shownChart().getXAxis();
            javafx.geometry.Point2D at = axis.localToScene(axis.getDisplayPosition(x), 1);
            io.shownChart().fireEvent(new javafx.scene.input.MouseEvent(javafx.scene.input.MouseEvent.MOUSE_CLICKED,
                    at.getX(), at.getY(), at.getX(), at.getY(), javafx.scene.input.MouseButton.PRIMARY, 1,
                    false, false, false, false, true, false, false, true, false, false, null));
            return null;
        });
        waitUntil("frame selected", () -> model.selectedRowProperty().get() != null
                && model.selectedRowProperty().get().number() == expected);
    }
}
