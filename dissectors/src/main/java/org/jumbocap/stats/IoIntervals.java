package org.jumbocap.stats;

import java.util.Arrays;
import java.util.List;

/**
 * Frames and frame bytes per fixed time interval, counted from a start time, as Wireshark's I/O graph
 * and {@code tshark -z io,stat,INTERVAL} count them: a frame at time t falls in interval
 * {@code floor((t - start) / interval)}. A frame before the start counts in the first interval. The
 * number of intervals is capped, so a frame with a wild timestamp cannot make the arrays huge; past the
 * cap frames are counted in {@link #beyondCap}. Not thread-safe.
 */
public final class IoIntervals {
    /** Most intervals kept: far more points than a chart can show. */
    public static final int MAX_INTERVALS = 1_000_000;
    /** Intervals a user can choose, in nanoseconds: 1 ms to 10 s. */
    public static final List<Long> CHOICES = List.of(1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L,
            10_000_000_000L);
    /** The default interval gives at most this many points. */
    private static final int DEFAULT_MAX_POINTS = 1000;

    private final long startNanos;
    private final long intervalNanos;
    private long[] frames = new long[16];
    private long[] bytes = new long[16];
    private int count;
    private long beyondCap;

    public IoIntervals(long startNanos, long intervalNanos) {
        if (intervalNanos <= 0) {
            throw new IllegalArgumentException("interval must be positive: " + intervalNanos);
        }
        this.startNanos = startNanos;
        this.intervalNanos = intervalNanos;
    }

    /** The smallest of {@link #CHOICES} that shows a span in at most 1000 points (the largest for longer spans). */
    public static long defaultInterval(long spanNanos) {
        for (long choice : CHOICES) {
            if (spanNanos / choice < DEFAULT_MAX_POINTS) {
                return choice;
            }
        }
        return CHOICES.get(CHOICES.size() - 1);
    }

    /** Counts one frame of {@code frameBytes} (its length on the wire) at {@code timestampNanos}. */
    public void add(long timestampNanos, long frameBytes) {
        long index = Math.max(0, timestampNanos - startNanos) / intervalNanos;
        if (index >= MAX_INTERVALS) {
            beyondCap++;
            return;
        }
        int i = (int) index;
        if (i >= frames.length) {
            int size = Math.min(MAX_INTERVALS, Math.max(i + 1, frames.length * 2));
            frames = Arrays.copyOf(frames, size);
            bytes = Arrays.copyOf(bytes, size);
        }
        frames[i]++;
        bytes[i] += frameBytes;
        count = Math.max(count, i + 1);
    }

    /** Makes the series at least {@code n} intervals long (the capture's span), so lines with no late frames end together. */
    public void extendTo(int n) {
        int want = Math.min(MAX_INTERVALS, n);
        if (want > frames.length) {
            frames = Arrays.copyOf(frames, want);
            bytes = Arrays.copyOf(bytes, want);
        }
        count = Math.max(count, want);
    }

    /** Intervals from the start to the last one with a frame (or {@link #extendTo}). */
    public int count() {
        return count;
    }

    public long frames(int interval) {
        return frames[interval];
    }

    public long bytes(int interval) {
        return bytes[interval];
    }

    public long startNanos() {
        return startNanos;
    }

    public long intervalNanos() {
        return intervalNanos;
    }

    /** Frames that fell past {@link #MAX_INTERVALS}. */
    public long beyondCap() {
        return beyondCap;
    }
}
