package org.jumbocap.bench;

import java.util.concurrent.TimeUnit;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.FrameTree;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Full tree cost per frame on the sample captures, and on small synthetic frames for comparison. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class TreeBenchmark {
    private final FrameDissector dissector = new FrameDissector();
    private FrameRecord[] small;
    private FrameRecord[] samples;
    private int nextSmall;
    private int nextSample;

    @Setup(Level.Trial)
    public void load() {
        small = BenchFrames.synthetic(SummaryBenchmark.SMALL_FRAMES).toArray(new FrameRecord[0]);
        samples = BenchFrames.samples().toArray(new FrameRecord[0]);
    }

    @Benchmark
    public FrameTree sampleFrame() {
        FrameRecord f = samples[nextSample];
        nextSample = nextSample + 1 == samples.length ? 0 : nextSample + 1;
        return dissector.dissect(f);
    }

    @Benchmark
    public FrameTree smallFrame() {
        FrameRecord f = small[nextSmall];
        nextSmall = nextSmall + 1 == small.length ? 0 : nextSmall + 1;
        return dissector.dissect(f);
    }
}
