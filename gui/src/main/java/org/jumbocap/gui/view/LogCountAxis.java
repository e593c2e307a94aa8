package org.jumbocap.gui.view;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.scene.chart.ValueAxis;

/**
 * A logarithmic axis of counts: ticks at 1, 10, 100, ..., a bar of one frame still visible beside a
 * million. Counts of zero sit on the lower bound (half a frame), so they draw no bar.
 */
public final class LogCountAxis extends ValueAxis<Number> {
    private static final double LOWER = 0.5;

    public LogCountAxis() {
        super(LOWER, 10);
        // ValueAxis's bounds constructor turns auto-ranging off, which left the top at 10 frames
        setAutoRanging(true);
        setMinorTickVisible(false);
    }

    @Override
    protected List<Number> calculateMinorTickMarks() {
        return List.of();
    }

    @Override
    protected void setRange(Object range, boolean animate) {
        double[] r = (double[]) range;
        setLowerBound(r[0]);
        setUpperBound(r[1]);
    }

    @Override
    protected Object getRange() {
        return new double[] {getLowerBound(), getUpperBound()};
    }

    @Override
    protected Object autoRange(double minValue, double maxValue, double length, double labelSize) {
        double top = Math.pow(10, Math.ceil(Math.log10(Math.max(1, maxValue) * 1.5)));
        return new double[] {LOWER, Math.max(10, top)};
    }

    @Override
    protected List<Number> calculateTickValues(double length, Object range) {
        double[] r = (double[]) range;
        List<Number> ticks = new ArrayList<>();
        for (double v = 1; v <= r[1] * 1.0001; v *= 10) {
            ticks.add(v);
        }
        return ticks;
    }

    @Override
    protected String getTickMarkLabel(Number value) {
        return String.format(Locale.ROOT, "%,d", Math.round(value.doubleValue()));
    }

    @Override
    public double getDisplayPosition(Number value) {
        double lo = Math.log10(getLowerBound());
        double hi = Math.log10(getUpperBound());
        double v = Math.log10(Math.max(getLowerBound(), value.doubleValue()));
        double fraction = (v - lo) / (hi - lo);
        return getSide() != null && getSide().isVertical() ? getHeight() * (1 - fraction) : getWidth() * fraction;
    }

    @Override
    public Number getValueForDisplay(double displayPosition) {
        double lo = Math.log10(getLowerBound());
        double hi = Math.log10(getUpperBound());
        double fraction = getSide() != null && getSide().isVertical()
                ? 1 - displayPosition / getHeight() : displayPosition / getWidth();
        return Math.pow(10, lo + fraction * (hi - lo));
    }

    @Override
    public double getZeroPosition() {
        return getDisplayPosition(getLowerBound());
    }
}
