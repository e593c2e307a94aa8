package org.jumbocap.checksum;

import java.util.concurrent.TimeUnit;
import org.jumbocap.buffer.FrameBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The one's-complement sum over a whole BIG TCP super-packet (185 KB), the wide sum against the plain
 * word-by-word loop through the bounds-checked getters. Run by hand with JMH, e.g. from the test classpath:
 * {@code java -cp ... org.openjdk.jmh.Main ChecksumSumBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ChecksumSumBenchmark {
    @Param({"1500", "65536", "184306"})
    public int length;

    private FrameBuffer frame;

    @Setup
    public void setUp() {
        byte[] bytes = new byte[length];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31 + 7);
        }
        frame = FrameBuffer.wrap(bytes);
    }

    @Benchmark
    public int wideSum() {
        return ChecksumVerdict.fold(ChecksumVerdict.sum(frame, 0, length));
    }

    @Benchmark
    public int wordByWordSum() {
        long sum = 0;
        int i = 0;
        for (; i + 1 < length; i += 2) {
            sum += frame.u16(i);
        }
        if (i < length) {
            sum += frame.u8(i) << 8;
        }
        return ChecksumVerdict.fold(sum);
    }
}
