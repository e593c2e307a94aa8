package org.jumbocap.gui.model;

import org.jumbocap.stats.IoIntervals;

/** What the I/O graph's Y axis counts per interval. */
public enum IoGraphUnit {
    FRAMES("Frames"), BYTES("Bytes"), BITS("Bits");

    private final String label;

    IoGraphUnit(String label) {
        this.label = label;
    }

    public double value(IoIntervals series, int interval) {
        return switch (this) {
            case FRAMES -> series.frames(interval);
            case BYTES -> series.bytes(interval);
            case BITS -> series.bytes(interval) * 8.0;
        };
    }

    @Override
    public String toString() {
        return label;
    }
}
