package org.jumbocap.export.parquet.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.junit.jupiter.api.Test;

/**
 * The writer's encoders decoded by parquet-java's readers, the reference implementation: seeded random
 * values of every bit width, runs of every length around the eight a run-length run needs, the 63-group
 * limit of a bit-packed run, block and miniblock edges of the delta encoding, and longs at their extremes.
 */
class EncodersAgainstParquetJavaTest {
    private final SplittableRandom random = new SplittableRandom(20261201);

    @Test
    void hybridRunsDecodeAtEveryBitWidth() throws IOException {
        HybridEncoder encoder = new HybridEncoder();
        ByteSink sink = new ByteSink(16);
        for (int width = 0; width <= 32; width++) {
            for (int shape = 0; shape < 6; shape++) {
                int n = 1 + random.nextInt(3000);
                int[] values = values(width, shape, n);
                sink.reset();
                encoder.encode(sink, values, n, width);
                RunLengthBitPackingHybridDecoder decoder =
                        new RunLengthBitPackingHybridDecoder(width, new ByteArrayInputStream(sink.toByteArray()));
                for (int i = 0; i < n; i++) {
                    assertEquals(values[i], decoder.readInt(), "width " + width + ", shape " + shape + ", value " + i);
                }
            }
        }
    }

    @Test
    void aWholeRunDecodesAtEveryBitWidth() throws IOException {
        HybridEncoder encoder = new HybridEncoder();
        ByteSink sink = new ByteSink(16);
        for (int width = 0; width <= 32; width++) {
            for (int count : new int[] {1, 7, 8, 9, 1000, 100_000}) {
                int value = width == 0 ? 0 : (int) random.nextLong(1L << width);
                sink.reset();
                encoder.encodeRun(sink, value, count, width);
                RunLengthBitPackingHybridDecoder decoder =
                        new RunLengthBitPackingHybridDecoder(width, new ByteArrayInputStream(sink.toByteArray()));
                for (int i = 0; i < count; i++) {
                    assertEquals(value, decoder.readInt(), "width " + width + ", count " + count + ", value " + i);
                }
            }
        }
    }

    /** Random values, runs of random lengths (1 to 20), long runs, one value, and alternation. */
    private int[] values(int width, int shape, int n) {
        long limit = 1L << width;
        int[] v = new int[n];
        int i = 0;
        while (i < n) {
            int value = (int) (width == 0 ? 0 : random.nextLong(limit));
            int run = switch (shape) {
                case 0 -> 1;
                case 1 -> 1 + random.nextInt(20);
                case 2 -> 7 + random.nextInt(3);
                case 3 -> 100 + random.nextInt(1000);
                case 4 -> n;
                default -> 2;
            };
            for (int k = 0; k < run && i < n; k++) {
                v[i++] = shape == 5 && k == 1 ? (int) Math.min(limit - 1, 1) : value;
            }
        }
        return v;
    }

    @Test
    void levelsAsBytesEncodeAsTheirIntegers() throws IOException {
        HybridEncoder encoder = new HybridEncoder();
        int n = 5000;
        byte[] levels = new byte[n];
        int[] same = new int[n];
        for (int i = 0; i < n; i++) {
            levels[i] = (byte) (random.nextInt(10) < 8 ? 2 : random.nextInt(3));
            same[i] = levels[i];
        }
        ByteSink a = new ByteSink(16);
        ByteSink b = new ByteSink(16);
        encoder.encode(a, levels, n, 2);
        encoder.encode(b, same, n, 2);
        assertEquals(java.util.Arrays.toString(b.toByteArray()), java.util.Arrays.toString(a.toByteArray()));
    }

    @Test
    void deltaPackedLongsDecode() throws IOException {
        DeltaEncoder encoder = new DeltaEncoder();
        ByteSink sink = new ByteSink(16);
        long[][] cases = {
                {},
                {42},
                {Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, 0, -1, Long.MAX_VALUE},
                sequence(129, 1, 1),       // one block and one value: a second block of one delta
                sequence(128 * 3 + 32, 1_700_000_000_000_000_000L, 20_000), // arrival times in nanoseconds
                sequence(97, 5, 0),        // constant: every miniblock of width 0
        };
        for (long[] values : cases) {
            check(encoder, sink, values);
        }
        for (int round = 0; round < 200; round++) {
            int n = random.nextInt(1000);
            int bits = random.nextInt(65);
            long[] v = new long[n];
            for (int i = 0; i < n; i++) {
                v[i] = bits == 64 ? random.nextLong() : random.nextLong() >> (64 - Math.max(1, bits));
            }
            check(encoder, sink, v);
        }
    }

    private static long[] sequence(int n, long first, long step) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = first + i * step;
        }
        return v;
    }

    private static void check(DeltaEncoder encoder, ByteSink sink, long[] values) throws IOException {
        sink.reset();
        encoder.encode(values, values.length, sink);
        DeltaBinaryPackingValuesReader reader = new DeltaBinaryPackingValuesReader();
        reader.initFromPage(values.length, ByteBufferInputStream.wrap(ByteBuffer.wrap(sink.toByteArray())));
        for (int i = 0; i < values.length; i++) {
            assertEquals(values[i], reader.readLong(), "value " + i + " of " + values.length);
        }
    }
}
