package org.jumbocap.stats;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jumbocap.tree.FrameTree;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What {@code jumbocap stats} pays per frame on top of the dissection: one tree added to the statistics.
 * The trees of every sample capture are dissected once before measuring. Run from the dissectors module:
 * {@code JC_OUT=-stats ./bench.sh -f 1 -wi 3 -i 5 -prof gc CaptureStatisticsBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class CaptureStatisticsBenchmark {
    private FrameTree[] trees;
    private int next;
    private CaptureStatistics statistics;

    @Setup(Level.Trial)
    public void load() {
        List<FrameTree> all = new ArrayList<>();
        for (Path capture : StatsSamples.allCaptures()) {
            all.addAll(StatsSamples.trees(capture));
        }
        trees = all.toArray(new FrameTree[0]);
        statistics = new CaptureStatistics();
    }

    @Benchmark
    public CaptureStatistics addSampleFrame() {
        FrameTree t = trees[next];
        next = next + 1 == trees.length ? 0 : next + 1;
        statistics.add(t);
        return statistics;
    }
}
