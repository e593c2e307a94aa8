package org.jumbocap.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/** Fast path cost per frame: small synthetic frames (the 10 M frames/s target) and the sample captures. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class SummaryBenchmark {
    static final int SMALL_FRAMES = 4096;

    private final FrameDissector decoder = new FrameDissector();
    private final FrameSummary summary = new FrameSummary();
    private FrameRecord[] small;
    private FrameRecord[] samples;
    private int next;

    @Setup(Level.Trial)
    public void load() {
        small = BenchFrames.synthetic(SMALL_FRAMES).toArray(new FrameRecord[0]);
        List<FrameRecord> s = BenchFrames.samples();
        samples = s.toArray(new FrameRecord[0]);
    }

    /** One pass over 4096 frames of 64–1500 bytes; the score is per frame. */
    @Benchmark
    @OperationsPerInvocation(SMALL_FRAMES)
    public void smallFrames(Blackhole bh) {
        FrameSummary s = summary;
        for (FrameRecord f : small) {
            decoder.summarize(f, s);
            bh.consume(s.dstPort);
        }
    }

    /** One sample frame per call, cycling through every sample capture. */
    @Benchmark
    public int sampleFrame() {
        FrameRecord f = samples[next];
        next = next + 1 == samples.length ? 0 : next + 1;
        decoder.summarize(f, summary);
        return summary.dstPort;
    }
}
