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
                    SummaryLine.appendGrouped(new Utf8Text(16), v).toString(), "%,d of " + v);
            assertEquals(String.format(Locale.ROOT, "%5d", v),
                    SummaryLine.appendPadded(new Utf8Text(16), v, 5).toString(), "%5d of " + v);
            assertEquals(Long.toString(v), new Utf8Text(1).append(v).toString(), "decimal of " + v);
        }
    }

    @Test
    void ipv6TextMatchesTheFieldFormat() {
        Random random = new Random(11);
        for (int n = 0; n < 20_000; n++) {
            long hi = random.nextLong();
            long lo = random.nextLong();
            // zero words in runs of every length and place, and single hex digits
            for (int w = 0; w < 8; w++) {
                int pick = random.nextInt(4);
                long word = pick == 0 ? 0 : pick == 1 ? random.nextInt(16) : pick == 2 ? random.nextInt(256) : -1;
                if (word >= 0) {
                    int shift = 48 - 16 * (w % 4);
                    long mask = ~(0xFFFFL << shift);
                    if (w < 4) {
                        hi = (hi & mask) | (word << shift);
                    } else {
                        lo = (lo & mask) | (word << shift);
                    }
                }
            }
            byte[] a = new byte[16];
            for (int i = 0; i < 8; i++) {
                a[i] = (byte) (hi >>> (56 - 8 * i));
                a[8 + i] = (byte) (lo >>> (56 - 8 * i));
            }
            assertEquals(org.jumbocap.tree.FieldFormat.address(a),
                    SummaryLine.appendIpv6(new Utf8Text(16).append("x"), hi, lo).toString().substring(1));
        }
        assertEquals("::", SummaryLine.appendIpv6(new Utf8Text(16), 0, 0).toString());
        assertEquals("::1", SummaryLine.appendIpv6(new Utf8Text(16), 0, 1).toString());
    }

    @Test
    void appendedTimesMatchTheFormattedOnes() {
        for (long v : values()) {
            for (boolean nano : new boolean[] {false, true}) {
                FrameContext c = new FrameContext("f", v / 3, v / 2, nano);
                for (TimeFormat t : TimeFormat.values()) {
                    StringBuilder s = new StringBuilder();
                    t.appendTo(s, v, c);
                    assertEquals(t.format(v, c), s.toString(), t + " of " + v);
                }
            }
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

    @Test
    void timeAsBytesMatchesTimeAsText() {
        for (long nanos : values()) {
            for (boolean nano : new boolean[] {false, true}) {
                FrameContext context = new FrameContext("f", nanos / 3, nanos / 2, nano);
                for (TimeFormat format : TimeFormat.values()) {
                    StringBuilder text = new StringBuilder();
                    format.appendTo(text, nanos, context);
                    Utf8Text bytes = new Utf8Text(4);
                    format.appendTo(bytes, nanos, context);
                    assertEquals(text.toString(), bytes.toString(), format + " of " + nanos);
                }
            }
        }
    }
}
