package org.jumbocap.gui.view;

import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.control.Label;
import javafx.scene.shape.Line;

/**
 * Super-packet size histogram: frames per size bin, jumbo frames as a second series, and a dashed marker
 * on the 64 KiB limit of classic IP between the bins below and above it. The count axis is linear or
 * logarithmic ({@link LogCountAxis}); an axis cannot be swapped on a chart, so each scale is its own chart.
 */
public final class SizeHistogramChart extends BarChart<String, Number> {
    private final Line marker = new Line();
    private final Label markerLabel = new Label("64 KiB");
    private String firstAboveLimit;

    /** Counts span more than this factor: the log scale is the default then. */
    public static final long LOG_SCALE_SPAN = 100;

    private final boolean logarithmic;

    public SizeHistogramChart(boolean logarithmic) {
        super(new CategoryAxis(), logarithmic ? new LogCountAxis() : new NumberAxis());
        this.logarithmic = logarithmic;
        setId(logarithmic ? "size-histogram-log" : "size-histogram");
        getXAxis().setLabel("Frame length (bytes)");
        getYAxis().setLabel(logarithmic ? "Frames (log scale)" : "Frames");
        setAnimated(false);
        setBarGap(1);
        setCategoryGap(6);
        marker.getStyleClass().add("limit-marker");
        markerLabel.getStyleClass().add("limit-marker-label");
        marker.setManaged(false);
        markerLabel.setManaged(false);
        getPlotChildren().addAll(marker, markerLabel);
    }

    /** Scales the frame axis to whole frames: ticks 1, 2 or 5 times a power of ten apart, at most ten of them. */
    public void setLargestCount(long largest) {
        if (logarithmic) {
            return;
        }
        long unit = tickUnit(largest);
        NumberAxis y = (NumberAxis) getYAxis();
        y.setAutoRanging(false);
        y.setMinorTickVisible(false);
        y.setLowerBound(0);
        y.setTickUnit(unit);
        y.setUpperBound((Math.max(0, largest) / unit + 1) * unit);
    }

    public boolean isLogarithmic() {
        return logarithmic;
    }

    /** True when the smallest non-zero count is more than {@link #LOG_SCALE_SPAN} times below the largest. */
    public static boolean spansOrdersOfMagnitude(long smallestNonZero, long largest) {
        return smallestNonZero > 0 && largest / smallestNonZero > LOG_SCALE_SPAN;
    }

    static long tickUnit(long largest) {
        long unit = 1;
        int step = 0;
        while (largest / unit > 10) {
            unit = step % 3 == 1 ? unit / 2 * 5 : unit * 2;
            step++;
        }
        return unit;
    }

    /** Names the first category above the limit; the marker is drawn on its left edge. */
    public void setFirstAboveLimit(String category) {
        this.firstAboveLimit = category;
        requestChartLayout();
    }

    @Override
    protected void layoutPlotChildren() {
        super.layoutPlotChildren();
        CategoryAxis x = (CategoryAxis) getXAxis();
        if (firstAboveLimit == null || !x.getCategories().contains(firstAboveLimit)) {
            marker.setVisible(false);
            markerLabel.setVisible(false);
            return;
        }
        double centre = x.getDisplayPosition(firstAboveLimit);
        double edge = centre - x.getCategorySpacing() / 2;
        double height = getYAxis().getHeight();
        marker.setStartX(edge);
        marker.setEndX(edge);
        marker.setStartY(0);
        marker.setEndY(height);
        marker.setVisible(true);
        marker.toFront();
        markerLabel.autosize();
        markerLabel.relocate(edge + 4, 2);
        markerLabel.setVisible(true);
        markerLabel.toFront();
    }
}
