package org.jumbocap.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SizeHistogramTest {
    @Test
    void bucketEdgesAreInclusiveAndTheLastIsOpen() {
        SizeHistogram h = new SizeHistogram();
        long[] sizes = {0, 1500, 1501, 9000, 9001, 65535, 65536, 131072, 131073, 196608, 196609, 262144, 262145,
                524288, 524289, 4_294_967_295L + 40};
        for (long s : sizes) {
            h.add(s);
        }
        List<SizeHistogram.Bucket> b = h.buckets();
        assertEquals(8, b.size());
        long[] expected = {2, 2, 2, 2, 2, 2, 2, 2};
        for (int i = 0; i < b.size(); i++) {
            assertEquals(expected[i], b.get(i).count(), b.get(i).label());
            assertEquals(i == 0 ? 0 : b.get(i - 1).upper() + 1, b.get(i).lower(), "buckets meet");
        }
        assertEquals(-1, b.get(7).upper());
        assertEquals(sizes.length, h.total());
        assertEquals(524289 + 4_294_967_335L, b.get(7).bytes());
    }
}
