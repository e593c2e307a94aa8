package org.jumbocap.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SizeDistributionTest {
    @Test
    void quantilesAreExactWhileFewSizesAreDistinct() {
        SizeDistribution d = new SizeDistribution();
        long[] sizes = {184_292, 184_292, 99_000, 184_292, 12_000, 184_292, 184_292, 150_000, 184_292, 184_292};
        for (long s : sizes) {
            d.add(s);
        }
        long[] sorted = sizes.clone();
        Arrays.sort(sorted);
        assertEquals(1, d.resolution());
        assertEquals(sorted[4], d.quantile(0.5), "nearest rank: the 5th of 10");
        assertEquals(sorted[8], d.quantile(0.9));
        assertEquals(184_292, d.max());
        assertEquals(12_000, d.min());
        assertEquals(7, d.countAtLeast(184_292));
        assertEquals(-1, new SizeDistribution().quantile(0.5));
    }

    @Test
    void manyDistinctSizesStayBoundedAndCloseToTheTrueQuantiles() {
        SizeDistribution d = new SizeDistribution();
        Random random = new Random(7);
        long[] sizes = new long[50_000];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = 1_500 + random.nextInt(520_000);
            d.add(sizes[i]);
        }
        Arrays.sort(sizes);
        long r = d.resolution();
        assertTrue(r > 1 && r <= 1024, "coarsened, to at most 1 KB steps: " + r);
        long median = sizes[sizes.length / 2 - 1];
        assertTrue(Math.abs(d.quantile(0.5) - median) <= r, d.quantile(0.5) + " vs " + median);
        long p90 = sizes[(int) Math.ceil(0.9 * sizes.length) - 1];
        assertTrue(Math.abs(d.quantile(0.9) - p90) <= r);
        assertEquals(sizes[sizes.length - 1], d.max(), "the largest stays exact");
    }
}
