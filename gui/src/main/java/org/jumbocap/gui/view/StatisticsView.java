package org.jumbocap.gui.view;

import java.util.Locale;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.Tooltip;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jumbocap.gui.model.ExpertSummary;
import org.jumbocap.gui.model.StatisticsReport;
import org.jumbocap.gui.viewmodel.CaptureViewModel;
import org.jumbocap.stats.FlowStats;

/**
 * The statistics window over the shown frames, drawn from the shared core statistics: size histogram
 * with the 64 KiB marker, throughput over time, the flows per direction and the expert counts.
 * Double-clicking a flow or an expert row applies the display filter that lists its frames.
 */
public final class StatisticsView {
    /** The two meanings of "super-packet", named apart wherever they are counted. */
    static final String JUMBO_COLUMN = "Jumbograms / BIG TCP";
    static final String JUMBO_MEANING = "packets over 64 KiB whose length comes from a jumbo rule: the RFC 2675 Jumbo"
            + " Payload option, or an IP length field of 0 (BIG TCP)";
    static final String GSO_COLUMN = "GSO/GRO super-packets";
    static final String GSO_MEANING = "packets carrying more than one segment: TCP payload longer than the"
            + " flow's MSS, or (MSS unknown) an IP packet over 1,500 bytes or a jumbogram; merged by GRO on"
            + " receive or not yet cut by GSO on send";

    private final CaptureViewModel model;
    private final Consumer<String> applyFilter;
    private final Stage stage = new Stage();
    private final Scene scene;
    private final SizeHistogramChart histogram = new SizeHistogramChart(false);
    private final SizeHistogramChart logHistogram = new SizeHistogramChart(true);
    private final CheckBox logScale = new CheckBox("Logarithmic count axis");
    private final BorderPane sizes = new BorderPane();
    /** The display filter changed while a task ran: recompute once it ends. */
    private boolean stale;
    private final LineChart<Number, Number> throughput = new LineChart<>(new NumberAxis(), new NumberAxis());
    private final TableView<FlowStats> flows = new TableView<>();
    private final TableView<ExpertSummary.Entry> experts = new TableView<>();
    private final Label summary = new Label();

    public StatisticsView(CaptureViewModel model, Consumer<String> applyFilter, Window owner) {
        this.model = model;
        this.applyFilter = applyFilter;
        if (owner != null) {
            stage.initOwner(owner);
        }
        stage.setTitle("jumbocap \u2014 Statistics");
        throughput.setId("throughput-chart");
        throughput.setAnimated(false);
        throughput.setCreateSymbols(false);
        throughput.setLegendVisible(false);
        throughput.getXAxis().setLabel("Time since first frame (s)");
        throughput.getYAxis().setLabel("Mbit/s");
        setUpFlows();
        setUpExperts();

        logScale.setId("histogram-log-scale");
        logScale.selectedProperty().addListener((obs, old, log) -> sizes.setCenter(log ? logHistogram : histogram));
        sizes.setCenter(histogram);
        sizes.setTop(logScale);
        BorderPane.setMargin(logScale, new Insets(6, 6, 0, 6));
        TabPane tabs = new TabPane(
                tab("Sizes", sizes),
                tab("Throughput", throughput),
                tab("Flows", flows),
                tab("Expert", experts));
        tabs.setId("statistics-tabs");
        summary.setId("statistics-summary");
        summary.setPadding(new Insets(6));
        BorderPane root = new BorderPane(tabs);
        root.setTop(summary);
        root.getStyleClass().add("statistics-view");
        scene = new Scene(root, 1000, 580);
        Windows.closeOnEscape(stage, scene);
        stage.setScene(scene);
        followTheDisplayFilter();
    }

    /** Counts again whenever another display filter has been applied and its frames are listed. */
    private void followTheDisplayFilter() {
        model.appliedFilterProperty().addListener((obs, old, now) -> Platform.runLater(() -> {
            if (!stage.isShowing()) {
                return;
            }
            if (model.isBusy()) {
                stale = true;
            } else {
                refresh();
            }
        }));
        model.busyProperty().addListener((obs, was, busy) -> {
            if (!busy && stale) {
                stale = false;
                if (stage.isShowing()) {
                    refresh();
                }
            }
        });
    }

    private static Tab tab(String title, javafx.scene.Node content) {
        Tab t = new Tab(title, content);
        t.setClosable(false);
        return t;
    }

    private void setUpFlows() {
        flows.setId("flow-table");
        flows.getColumns().add(col("Protocol", 76, f -> f.key().protocolName()));
        flows.getColumns().add(col("Source", 170, f -> f.key().sourceEndpoint()));
        flows.getColumns().add(col("Destination", 170, f -> f.key().destinationEndpoint()));
        flows.getColumns().add(count("Frames", 80, FlowStats::frames, null));
        flows.getColumns().add(count("Bytes", 110, FlowStats::bytes, null));
        flows.getColumns().add(count("Largest", 80, FlowStats::largestFrame, "Longest frame on the wire, bytes"));
        flows.getColumns().add(count(GSO_COLUMN, 150, FlowStats::superPackets, GSO_MEANING));
        flows.getColumns().add(count(JUMBO_COLUMN, 150, FlowStats::jumbograms, JUMBO_MEANING));
        flows.getColumns().add(col("Duration (ms)", 118, f -> String.format(Locale.ROOT, "%.3f", f.durationNanos() / 1e6)));
        flows.setRowFactory(t -> {
            TableRow<FlowStats> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) {
                    applyFilter.accept(StatisticsReport.flowFilter(row.getItem().key()));
                }
            });
            return row;
        });
    }

    private void setUpExperts() {
        experts.setId("expert-table");
        experts.setPlaceholder(new Label("No expert items in the shown frames"));
        experts.getColumns().add(col("Severity", 70, e -> e.count().severity().filterName()));
        experts.getColumns().add(col("Group", 90, e -> e.count().group().filterName()));
        experts.getColumns().add(col("Id", 200, ExpertSummary.Entry::id));
        experts.getColumns().add(count("Count", 80, ExpertSummary.Entry::occurrences, null));
        experts.getColumns().add(count("First frame", 90, ExpertSummary.Entry::firstFrame, null));
        experts.getColumns().add(col("Message", 460, ExpertSummary.Entry::firstMessage));
        experts.setRowFactory(t -> {
            TableRow<ExpertSummary.Entry> row = new TableRow<>() {
                @Override
                protected void updateItem(ExpertSummary.Entry item, boolean empty) {
                    super.updateItem(item, empty);
                    getStyleClass().removeAll("row-expert-error", "row-expert-warn");
                    if (!empty && item != null) {
                        switch (item.count().severity()) {
                            case ERROR -> getStyleClass().add("row-expert-error");
                            case WARN -> getStyleClass().add("row-expert-warn");
                            default -> { }
                        }
                    }
                }
            };
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) {
                    applyFilter.accept(row.getItem().filter());
                }
            });
            return row;
        });
    }

    private static <S, T> TableColumn<S, T> col(String title, double width, java.util.function.Function<S, T> value) {
        TableColumn<S, T> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        return c;
    }

    /** A right-aligned count with a comma every three digits; the header's tooltip says what is counted. */
    private static <S> TableColumn<S, Long> count(String title, double width, java.util.function.ToLongFunction<S> value,
                                                  String meaning) {
        TableColumn<S, Long> c = new TableColumn<>();
        Label header = new Label(title);
        if (meaning != null) {
            header.setTooltip(new Tooltip(meaning));
        }
        c.setGraphic(header);
        c.setId("col-" + title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-"));
        c.setPrefWidth(width);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.applyAsLong(cell.getValue())));
        c.setCellFactory(column -> new TableCell<>() {
            {
                setAlignment(Pos.CENTER_RIGHT);
            }

            @Override
            protected void updateItem(Long item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : String.format(Locale.ROOT, "%,d", item));
            }
        });
        return c;
    }

    public void setTheme(Theme theme) {
        theme.applyTo(scene);
    }

    /** Shows the window and recomputes over the frames shown now. */
    public void showAndRefresh() {
        stage.show();
        stage.toFront();
        refresh();
    }

    private void refresh() {
        summary.setText("Computing\u2026");
        model.computeStatistics(this::show);
    }

    private void show(StatisticsReport stats) {
        long gso = 0;
        long transport = 0;
        for (FlowStats f : stats.flows()) {
            gso += f.superPackets();
            String p = f.key().protocolName();
            transport += p.equals("tcp") || p.equals("udp") ? 1 : 0;
        }
        long others = stats.flows().size() - transport;
        summary.setText(String.format(Locale.ROOT,
                "%,d %s shown, largest %,d bytes. %s: %,d; %s: %,d. %,d %s (%,d TCP/UDP, %,d other)",
                stats.frames(), stats.frames() == 1 ? "frame" : "frames", stats.largestFrame(),
                JUMBO_COLUMN, stats.jumboFrames(), GSO_COLUMN, gso,
                stats.flows().size(), stats.flows().size() == 1 ? "direction" : "directions", transport, others));
        summary.setTooltip(new Tooltip(JUMBO_COLUMN + ": " + JUMBO_MEANING + "\n" + GSO_COLUMN + ": " + GSO_MEANING));
        fill(histogram, stats);
        fill(logHistogram, stats);
        long largest = 0;
        long smallest = Long.MAX_VALUE;
        for (StatisticsReport.SizeBin bin : stats.sizeBins()) {
            for (long n : new long[] {bin.frames(), bin.jumboFrames()}) {
                largest = Math.max(largest, n);
                if (n > 0) {
                    smallest = Math.min(smallest, n);
                }
            }
        }
        logScale.setSelected(SizeHistogramChart.spansOrdersOfMagnitude(smallest == Long.MAX_VALUE ? 0 : smallest, largest));

        XYChart.Series<Number, Number> rate = new XYChart.Series<>();
        for (StatisticsReport.ThroughputPoint p : stats.throughput()) {
            rate.getData().add(new XYChart.Data<>(p.seconds(), p.megabitsPerSecond()));
        }
        throughput.getData().setAll(java.util.List.of(rate));
        flows.getItems().setAll(stats.flows());
        experts.getItems().setAll(new ExpertSummary(stats.core().experts()).entries());
    }

    private static void fill(SizeHistogramChart chart, StatisticsReport stats) {
        XYChart.Series<String, Number> all = new XYChart.Series<>();
        all.setName("All frames");
        XYChart.Series<String, Number> jumbo = new XYChart.Series<>();
        jumbo.setName(JUMBO_COLUMN);
        for (StatisticsReport.SizeBin bin : stats.sizeBins()) {
            all.getData().add(new XYChart.Data<>(bin.label(), bin.frames()));
            jumbo.getData().add(new XYChart.Data<>(bin.label(), bin.jumboFrames()));
        }
        chart.getData().setAll(java.util.List.of(all, jumbo));
        chart.setLargestCount(stats.sizeBins().stream().mapToLong(StatisticsReport.SizeBin::frames).max().orElse(0));
        int marker = stats.firstBinAboveLimit();
        chart.setFirstAboveLimit(marker < 0 ? null : stats.sizeBins().get(marker).label());
    }

    public Stage stage() {
        return stage;
    }

    public TableView<ExpertSummary.Entry> expertTable() {
        return experts;
    }

    public TableView<FlowStats> flowTable() {
        return flows;
    }

    public SizeHistogramChart histogram() {
        return histogram;
    }

    /** The histogram on screen: the linear or the logarithmic one. */
    public SizeHistogramChart shownHistogram() {
        return logScale.isSelected() ? logHistogram : histogram;
    }

    public CheckBox logScaleToggle() {
        return logScale;
    }
}
