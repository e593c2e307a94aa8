package org.jumbocap.gui.view;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.ValueAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ColorPicker;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.StringConverter;
import org.jumbocap.gui.model.IoGraphLine;
import org.jumbocap.gui.model.IoGraphUnit;
import org.jumbocap.gui.viewmodel.IoGraphViewModel;
import org.jumbocap.stats.IoIntervals;

/**
 * Statistics → I/O Graph: frames, bytes or bits per interval over time, one line per display filter,
 * each in its own colour, with a chosen interval (1 ms to 10 s; by default the one that fits the capture
 * in at most 1,000 points) and an optional logarithmic Y axis. Counting runs in the background.
 */
public final class IoGraphView {
    /** More points than this per line are not offered: the chart would crawl. */
    private static final long MAX_POINTS = 20_000;

    private final IoGraphViewModel model;
    private final Stage stage = new Stage();
    private final Scene scene;
    private final LineChart<Number, Number> linear = chart(new NumberAxis(), "io-graph-chart");
    private final LineChart<Number, Number> logarithmic = chart(new LogCountAxis(), "io-graph-chart-log");
    private final BorderPane chartPane = new BorderPane();
    private final ComboBox<Long> interval = new ComboBox<>();
    private final ComboBox<IoGraphUnit> unit = new ComboBox<>();
    private final CheckBox logY = new CheckBox("Log Y");
    private final VBox lineEditors = new VBox(4);
    private final List<LineEditor> editors = new ArrayList<>();
    private final Label status = new Label();
    private java.util.function.BiPredicate<Long, Long> goToTime = (from, to) -> false;

    /** The controls of one line. */
    private final class LineEditor {
        final CheckBox enabled = new CheckBox();
        final ColorPicker colour;
        final TextField filter = new TextField();
        final HBox box = new HBox(6);

        LineEditor(IoGraphLine line) {
            enabled.setSelected(line.enabled());
            colour = new ColorPicker(Color.web(line.colour()));
            // the button style sizes itself to the swatch and the whole colour code
            colour.getStyleClass().add(ColorPicker.STYLE_CLASS_BUTTON);
            filter.setText(line.filter());
            filter.setPromptText("Display filter (empty: every frame)");
            filter.setOnAction(e -> draw());
            HBox.setHgrow(filter, Priority.ALWAYS);
            Button remove = new Button("\u2212");
            remove.setOnAction(e -> {
                editors.remove(this);
                lineEditors.getChildren().remove(box);
                draw();
            });
            box.getChildren().setAll(enabled, colour, filter, remove);
            box.setAlignment(Pos.CENTER_LEFT);
            int n = editors.size();
            enabled.setId("io-line-enabled-" + n);
            filter.setId("io-line-filter-" + n);
        }

        IoGraphLine line() {
            Color c = colour.getValue();
            String hex = String.format(Locale.ROOT, "#%02x%02x%02x", Math.round(c.getRed() * 255),
                    Math.round(c.getGreen() * 255), Math.round(c.getBlue() * 255));
            return new IoGraphLine(filter.getText(), hex, enabled.isSelected());
        }
    }

    public IoGraphView(IoGraphViewModel model, Window owner) {
        this.model = model;
        if (owner != null) {
            stage.initOwner(owner);
        }
        stage.setTitle("jumbocap \u2014 I/O Graph");
        interval.setId("io-interval");
        interval.setConverter(new StringConverter<>() {
            @Override
            public String toString(Long nanos) {
                return nanos == null ? "" : label(nanos);
            }

            @Override
            public Long fromString(String s) {
                return null;
            }
        });
        unit.setId("io-unit");
        unit.getItems().setAll(IoGraphUnit.values());
        unit.setValue(IoGraphUnit.FRAMES);
        logY.setId("io-log-y");
        Button draw = new Button("Draw");
        draw.setId("io-draw");
        draw.setDefaultButton(true);
        draw.setOnAction(e -> draw());
        Button add = new Button("Add Line");
        add.setId("io-add-line");
        add.setOnAction(e -> addLine(new IoGraphLine("", IoGraphLine.PALETTE.get(editors.size() % IoGraphLine.PALETTE.size()), true)));
        interval.valueProperty().addListener((obs, old, now) -> {
            if (old != null && now != null) {
                draw();
            }
        });
        unit.valueProperty().addListener((obs, old, now) -> show(model.graphProperty().get()));
        logY.selectedProperty().addListener((obs, old, log) -> {
            chartPane.setCenter(log ? logarithmic : linear);
            show(model.graphProperty().get());
        });
        chartPane.setCenter(linear);
        clickToGo(linear);
        clickToGo(logarithmic);
        status.setId("io-status");
        status.textProperty().bind(model.statusProperty());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox controls = new HBox(10, new Label("Interval"), interval, new Label("Y axis"), unit, logY, gap, status, draw);
        controls.setAlignment(Pos.CENTER_LEFT);
        controls.setPadding(new Insets(6));
        VBox bottom = new VBox(4, lineEditors, add, controls);
        bottom.setPadding(new Insets(6));
        BorderPane root = new BorderPane(chartPane);
        root.setBottom(bottom);
        root.getStyleClass().add("statistics-view");
        addLine(new IoGraphLine("", IoGraphLine.PALETTE.get(0), true));
        addLine(new IoGraphLine("jumbo", IoGraphLine.PALETTE.get(1), true));
        scene = new Scene(root, 1000, 620);
        Windows.closeOnEscape(stage, scene);
        stage.setScene(scene);
        model.graphProperty().addListener((obs, old, now) -> show(now));
    }

    /** Where a click on the graph goes: the first shown frame from the first time to before the second. */
    public void setOnGoToTime(java.util.function.BiPredicate<Long, Long> action) {
        goToTime = action;
    }

    /**
     * Goes to the first frame of the interval under {@code xSeconds} (time since the first frame) of the
     * graph drawn; false when nothing is drawn or the interval has no shown frame.
     */
    public boolean goToIntervalAt(double xSeconds) {
        IoGraphViewModel.Graph graph = model.graphProperty().get();
        if (graph == null || xSeconds < 0) {
            return false;
        }
        long k = (long) Math.floor(xSeconds * 1e9 / graph.intervalNanos());
        long start = model.firstNanos() + k * graph.intervalNanos();
        return goToTime.test(start, start + graph.intervalNanos());
    }

    private void clickToGo(LineChart<Number, Number> chart) {
        chart.setOnMouseClicked(e -> {
            NumberAxis x = (NumberAxis) chart.getXAxis();
            javafx.geometry.Point2D at = x.sceneToLocal(e.getSceneX(), e.getSceneY());
            if (at.getX() >= 0 && at.getX() <= x.getWidth()) {
                goToIntervalAt(x.getValueForDisplay(at.getX()).doubleValue());
            }
        });
    }

    private static LineChart<Number, Number> chart(ValueAxis<Number> y, String id) {
        NumberAxis x = new NumberAxis();
        x.setLabel("Time since first frame (s)");
        x.setForceZeroInRange(true);
        LineChart<Number, Number> c = new LineChart<>(x, y);
        c.setId(id);
        c.setAnimated(false);
        c.setCreateSymbols(false);
        c.setLegendVisible(false);
        return c;
    }

    private void addLine(IoGraphLine line) {
        LineEditor e = new LineEditor(line);
        editors.add(e);
        lineEditors.getChildren().add(e.box);
    }

    /** The intervals offered for this capture: 1 ms to 10 s, leaving out those that give too many points. */
    private void offerIntervals() {
        long span = model.spanNanos();
        List<Long> offered = new ArrayList<>();
        for (long choice : IoIntervals.CHOICES) {
            if (span / choice <= MAX_POINTS || choice == IoIntervals.CHOICES.get(IoIntervals.CHOICES.size() - 1)) {
                offered.add(choice);
            }
        }
        interval.getItems().setAll(offered);
        if (interval.getValue() == null || !offered.contains(interval.getValue())) {
            interval.setValue(IoIntervals.defaultInterval(span));
        }
    }

    /** Counts the lines as set now. */
    public void draw() {
        List<IoGraphLine> lines = editors.stream().map(LineEditor::line).toList();
        Long chosen = interval.getValue();
        model.count(lines, chosen == null ? model.defaultIntervalNanos() : chosen);
    }

    private void show(IoGraphViewModel.Graph graph) {
        LineChart<Number, Number> chart = logY.isSelected() ? logarithmic : linear;
        if (graph == null) {
            chart.getData().clear();
            return;
        }
        IoGraphUnit u = unit.getValue();
        String per = label(graph.intervalNanos());
        chart.getYAxis().setLabel(u + " per " + per);
        List<XYChart.Series<Number, Number>> all = new ArrayList<>();
        double step = graph.intervalNanos() / 1e9;
        for (int i = 0; i < graph.series().size(); i++) {
            IoIntervals s = graph.series().get(i);
            XYChart.Series<Number, Number> series = new XYChart.Series<>();
            series.setName(graph.lines().get(i).filter().isEmpty() ? "All frames" : graph.lines().get(i).filter());
            List<XYChart.Data<Number, Number>> points = new ArrayList<>(s.count());
            for (int k = 0; k < s.count(); k++) {
                points.add(new XYChart.Data<>(k * step, u.value(s, k)));
            }
            series.getData().setAll(points);
            all.add(series);
        }
        linear.getData().clear();
        logarithmic.getData().clear();
        chart.getData().setAll(all);
        colour(chart, graph);
        Platform.runLater(() -> colour(chart, graph));
    }

    private static void colour(LineChart<Number, Number> chart, IoGraphViewModel.Graph graph) {
        for (int i = 0; i < chart.getData().size() && i < graph.lines().size(); i++) {
            Node line = chart.getData().get(i).getNode();
            if (line != null) {
                line.setStyle("-fx-stroke: " + graph.lines().get(i).colour() + "; -fx-stroke-width: 1.5px;");
            }
        }
    }

    /** "1 ms", "100 ms", "1 s". */
    static String label(long nanos) {
        return nanos >= 1_000_000_000L ? nanos / 1_000_000_000L + " s" : nanos / 1_000_000L + " ms";
    }

    public void setTheme(Theme theme) {
        theme.applyTo(scene);
    }

    /** Shows the window and draws the lines over every listed frame. */
    public void showAndRefresh() {
        offerIntervals();
        stage.show();
        stage.toFront();
        draw();
    }

    public Stage stage() {
        return stage;
    }

    public LineChart<Number, Number> shownChart() {
        return logY.isSelected() ? logarithmic : linear;
    }

    public CheckBox logY() {
        return logY;
    }

    public ComboBox<Long> intervalChoice() {
        return interval;
    }
}
