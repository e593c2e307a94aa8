package org.jumbocap.gui.view;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.stage.Window;
import javafx.util.StringConverter;
import javafx.util.Duration;
import org.jumbocap.gui.model.TcpStreamGraph;
import org.jumbocap.gui.viewmodel.CaptureWindowsViewModels;

/**
 * Statistics → TCP Stream Graphs: the selected frame's stream, the side that sent its data. Stevens:
 * the relative sequence number over time, each segment a vertical step from its first byte to its last,
 * so a super-packet is the tall step it is; a point's tooltip names the frame and, for a super-packet, the
 * wire segments it stands for. Throughput: payload bits per second over the stream's span.
 */
public final class TcpStreamGraphView extends CaptureScanWindow<TcpStreamGraph> {
    /** Segments drawn at most; a longer stream is drawn up to there (the status says how many it has). */
    static final int MAX_SEGMENTS = 20_000;

    private final CaptureWindowsViewModels.StreamGraph model;
    private TabPane tabs;
    private LineChart<Number, Number> stevens;
    private LineChart<Number, Number> throughput;

    public TcpStreamGraphView(CaptureWindowsViewModels.StreamGraph model, Window owner) {
        super("TCP Stream Graphs", "tcp-graph", model, owner, 1000, 620);
        this.model = model;
        limitToDisplayFilter().setVisible(false);
        limitToDisplayFilter().setManaged(false);
    }

    @Override
    Node content() {
        stevens = chart("Relative sequence number (bytes)", "tcp-graph-stevens");
        // the two points of a step share their time: drawn in the order given, not sorted by X
        stevens.setAxisSortingPolicy(LineChart.SortingPolicy.NONE);
        // sequence numbers of a stream caught mid-way start far from 0: the steps need the whole height
        ((NumberAxis) stevens.getYAxis()).setForceZeroInRange(false);
        throughput = chart("Throughput (bits/s)", "tcp-graph-throughput");
        throughput.setCreateSymbols(false);
        Tab s = new Tab("Stevens (Sequence Numbers)", stevens);
        s.setClosable(false);
        Tab t = new Tab("Throughput", throughput);
        t.setClosable(false);
        tabs = new TabPane(s, t);
        tabs.setId("tcp-graph-tabs");
        return tabs;
    }

    private static LineChart<Number, Number> chart(String yLabel, String id) {
        NumberAxis x = new NumberAxis();
        x.setLabel("Time since first frame (s)");
        x.setForceZeroInRange(false);
        NumberAxis y = new NumberAxis();
        y.setLabel(yLabel);
        y.setTickLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Number n) {
                return String.format(Locale.ROOT, "%,.0f", n.doubleValue());
            }

            @Override
            public Number fromString(String s) {
                return null;
            }
        });
        LineChart<Number, Number> c = new LineChart<>(x, y);
        c.setId(id);
        c.setAnimated(false);
        c.setLegendVisible(false);
        return c;
    }

    /** Draws stream {@code stream} of the open capture, Stevens ({@code throughput} false) or throughput. */
    public void show(long stream, boolean throughputTab) {
        model.setStream(stream);
        tabs.getSelectionModel().select(throughputTab ? 1 : 0);
        stage().setTitle("jumbocap \u2014 TCP Stream Graphs \u2014 stream " + stream);
        showAndRefresh();
    }

    @Override
    void show(TcpStreamGraph graph) {
        stevens.getData().clear();
        throughput.getData().clear();
        if (graph == null) {
            return;
        }
        XYChart.Series<Number, Number> steps = new XYChart.Series<>();
        List<XYChart.Data<Number, Number>> points = new ArrayList<>();
        List<TcpStreamGraph.Segment> segments = graph.segments();
        for (TcpStreamGraph.Segment seg : segments.subList(0, Math.min(MAX_SEGMENTS, segments.size()))) {
            XYChart.Data<Number, Number> bottom = new XYChart.Data<>(seg.seconds(), seg.seq());
            // only the top of a step carries a symbol, with the segment's tooltip
            Region none = new Region();
            // the chart styles every point's node as a symbol: this one is drawn as nothing
            none.setStyle("-fx-background-color: transparent; -fx-padding: 0;");
            bottom.setNode(none);
            XYChart.Data<Number, Number> top = new XYChart.Data<>(seg.seconds(), seg.seq() + seg.length());
            Region symbol = new Region();
            symbol.getStyleClass().add(seg.wireSegments() > 1 ? "super-packet-symbol" : "segment-symbol");
            symbol.setStyle(seg.wireSegments() > 1
                    ? "-fx-background-color: #d62728; -fx-background-radius: 4px; -fx-padding: 4px;"
                    : "-fx-background-color: #1f77b4; -fx-background-radius: 2px; -fx-padding: 2px;");
            Tooltip tip = new Tooltip(seg.describe());
            tip.setShowDelay(Duration.millis(100));
            Tooltip.install(symbol, tip);
            symbol.setUserData(seg);
            top.setNode(symbol);
            points.add(bottom);
            points.add(top);
        }
        steps.getData().setAll(points);
        stevens.getData().setAll(List.of(steps));
        XYChart.Series<Number, Number> rate = new XYChart.Series<>();
        for (TcpStreamGraph.Rate r : graph.throughput()) {
            rate.getData().add(new XYChart.Data<>(r.seconds(), r.bitsPerSecond()));
        }
        throughput.getData().setAll(List.of(rate));
    }

    public LineChart<Number, Number> stevensChart() {
        return stevens;
    }

    public LineChart<Number, Number> throughputChart() {
        return throughput;
    }

    public TabPane tabs() {
        return tabs;
    }
}
