package org.jumbocap.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The hand-written number texts of the summary line against the {@link String#format} they replaced. */
class NumberTextTest {
    private static long[] values() {
        Random random = new Random(7);
        LongStream edges = LongStream.of(0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999, 100_000, 999_999,
                1_000_000, 184_306, 999_999_999, 1_000_000_000, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1,
                -1, -9, -10, -999, -1000, -1_000_000);
        LongStream randomSmall = random.longs(2000, -2_000_000_000_000L, 2_000_000_000_000L);
        LongStream randomWide = random.longs(2000);
        return LongStream.concat(edges, LongStream.concat(randomSmall, randomWide)).toArray();
    }

    @Test
    void paddingAndGroupingMatchFormat() {
        for (long v : values()) {
            assertEquals(String.format(Locale.ROOT, "%5d", v),
                    SummaryLine.padLeft(new StringBuilder(), Long.toString(v), 5).toString(), "%5d of " + v);
            assertEquals(String.format(Locale.ROOT, "%,d", v),
                    SummaryLine.appendGrouped(new StringBuilder(), v).toString(), "%,d of " + v);
        }
    }

    @Test
    void secondsMatchTheZeroPaddedFraction() {
        for (long nanos : values()) {
            for (int decimals : new int[] {6, 9}) {
                String sign = nanos < 0 ? "-" : "";
                long abs = Math.abs(nanos);
                String nine = String.format(Locale.ROOT, "%09d", abs % 1_000_000_000L);
                String expected = sign + (abs / 1_000_000_000L) + "." + nine.substring(0, decimals);
                assertEquals(expected, TimeFormat.seconds(nanos, decimals), nanos + " with " + decimals);
            }
        }
    }
}
