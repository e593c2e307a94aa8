package org.jumbocap.gui.view;

import java.util.Locale;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
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
    private final CaptureViewModel model;
    private final Consumer<String> applyFilter;
    private final Stage stage = new Stage();
    private final Scene scene;
    private final SizeHistogramChart histogram = new SizeHistogramChart();
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

        TabPane tabs = new TabPane(
                tab("Sizes", histogram),
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
        stage.setScene(scene);
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
        flows.getColumns().add(col("Frames", 64, FlowStats::frames));
        flows.getColumns().add(col("Bytes", 86, FlowStats::bytes));
        flows.getColumns().add(col("Largest", 76, FlowStats::largestFrame));
        flows.getColumns().add(col("Super-packets", 112, FlowStats::superPackets));
        flows.getColumns().add(col("Jumbograms", 104, FlowStats::jumbograms));
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
        experts.getColumns().add(col("Count", 70, ExpertSummary.Entry::occurrences));
        experts.getColumns().add(col("First frame", 90, ExpertSummary.Entry::firstFrame));
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

    public void setTheme(Theme theme) {
        theme.applyTo(scene);
    }

    /** Shows the window and recomputes over the frames shown now. */
    public void showAndRefresh() {
        stage.show();
        stage.toFront();
        summary.setText("Computing\u2026");
        model.computeStatistics(this::show);
    }

    private void show(StatisticsReport stats) {
        summary.setText(String.format(Locale.ROOT,
                "%,d frames shown, %,d jumbograms / BIG TCP super-packets, largest frame %,d bytes, %,d TCP/UDP directions",
                stats.frames(), stats.jumboFrames(), stats.largestFrame(), stats.flows().size()));
        XYChart.Series<String, Number> all = new XYChart.Series<>();
        all.setName("All frames");
        XYChart.Series<String, Number> jumbo = new XYChart.Series<>();
        jumbo.setName("Jumbograms / BIG TCP");
        for (StatisticsReport.SizeBin bin : stats.sizeBins()) {
            all.getData().add(new XYChart.Data<>(bin.label(), bin.frames()));
            jumbo.getData().add(new XYChart.Data<>(bin.label(), bin.jumboFrames()));
        }
        histogram.getData().setAll(java.util.List.of(all, jumbo));
        histogram.setLargestCount(stats.sizeBins().stream().mapToLong(StatisticsReport.SizeBin::frames).max().orElse(0));
        int marker = stats.firstBinAboveLimit();
        histogram.setFirstAboveLimit(marker < 0 ? null : stats.sizeBins().get(marker).label());

        XYChart.Series<Number, Number> rate = new XYChart.Series<>();
        for (StatisticsReport.ThroughputPoint p : stats.throughput()) {
            rate.getData().add(new XYChart.Data<>(p.seconds(), p.megabitsPerSecond()));
        }
        throughput.getData().setAll(java.util.List.of(rate));
        flows.getItems().setAll(stats.flows());
        experts.getItems().setAll(new ExpertSummary(stats.core().experts()).entries());
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
}
