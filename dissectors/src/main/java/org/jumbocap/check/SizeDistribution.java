package org.jumbocap.check;

import java.util.Map;
import java.util.TreeMap;

/**
 * Sizes counted so that quantiles can be read back, in bounded memory: each distinct size is kept exactly
 * until there are more than {@link #MAX_BINS} of them, then sizes are rounded down to coarser steps
 * (doubling each time) and merged. A bulk transfer's super-packets cluster at a few sizes, so the median
 * and the 90th percentile are usually exact; {@link #resolution} says how far they can be off otherwise.
 * The smallest and largest sizes are always exact.
 */
public final class SizeDistribution {
    static final int MAX_BINS = 1024;

    private final TreeMap<Long, long[]> bins = new TreeMap<>();
    private int shift;
    private long count;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;

    public void add(long size) {
        count++;
        min = Math.min(min, size);
        max = Math.max(max, size);
        bins.computeIfAbsent(size >> shift << shift, k -> new long[1])[0]++;
        while (bins.size() > MAX_BINS) {
            coarsen();
        }
    }

    private void coarsen() {
        shift++;
        TreeMap<Long, long[]> old = new TreeMap<>(bins);
        bins.clear();
        for (Map.Entry<Long, long[]> e : old.entrySet()) {
            bins.computeIfAbsent(e.getKey() >> shift << shift, k -> new long[1])[0] += e.getValue()[0];
        }
    }

    public long count() {
        return count;
    }

    /** Smallest size, or -1 before any. */
    public long min() {
        return count == 0 ? -1 : min;
    }

    /** Largest size, or -1 before any. */
    public long max() {
        return count == 0 ? -1 : max;
    }

    /** Step the kept sizes are rounded down to: 1 while every size is kept exactly. */
    public long resolution() {
        return 1L << shift;
    }

    /**
     * The nearest-rank quantile: the smallest size at least a fraction {@code q} of the sizes do not exceed
     * (rounded down to {@link #resolution}, but never below the smallest or above the largest); -1 before any.
     */
    public long quantile(double q) {
        if (count == 0) {
            return -1;
        }
        long rank = Math.max(1, (long) Math.ceil(q * count));
        long seen = 0;
        for (Map.Entry<Long, long[]> e : bins.entrySet()) {
            seen += e.getValue()[0];
            if (seen >= rank) {
                return Math.max(min, Math.min(max, e.getKey()));
            }
        }
        return max;
    }

    /** How many sizes are at least {@code size} (counted at {@link #resolution}). */
    public long countAtLeast(long size) {
        long n = 0;
        for (long[] c : bins.tailMap(size >> shift << shift, true).values()) {
            n += c[0];
        }
        return n;
    }
}
