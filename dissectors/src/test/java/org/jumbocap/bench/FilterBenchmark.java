package org.jumbocap.bench;

import java.util.concurrent.TimeUnit;
import org.jumbocap.displayfilter.CompiledFilter;
import org.jumbocap.displayfilter.DisplayFilter;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.FrameTree;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A display filter over the sample captures, per frame: on the fast path (decode plus test) against the
 * tree (dissect plus test), and the test alone on already built summaries and trees.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class FilterBenchmark {
    @Param({"tcp.port == 5201 && jumbo", "ipv6.addr == 2001:db8::/32 || ip.addr == 198.51.100.0/24"})
    public String filter;

    private final FrameDissector decoder = new FrameDissector();
    private final FrameDissector dissector = new FrameDissector();
    private final FrameSummary summary = new FrameSummary();
    private CompiledFilter compiled;
    private FrameRecord[] frames;
    private FrameSummary[] summaries;
    private FrameTree[] trees;
    private int next;

    @Setup(Level.Trial)
    public void load() {
        compiled = DisplayFilter.compile(filter);
        frames = BenchFrames.samples().toArray(new FrameRecord[0]);
        summaries = new FrameSummary[frames.length];
        trees = new FrameTree[frames.length];
        for (int i = 0; i < frames.length; i++) {
            summaries[i] = new FrameSummary();
            decoder.summarize(frames[i], summaries[i]);
            trees[i] = dissector.dissect(frames[i]);
        }
    }

    private int advance() {
        int i = next;
        next = i + 1 == frames.length ? 0 : i + 1;
        return i;
    }

    @Benchmark
    public boolean decodeAndFilterFast() {
        int i = advance();
        decoder.summarize(frames[i], summary);
        return compiled.canDecide(summary) ? compiled.matches(summary) : compiled.matches(dissector.dissect(frames[i]));
    }

    @Benchmark
    public boolean dissectAndFilterTree() {
        return compiled.matches(dissector.dissect(frames[advance()]));
    }

    @Benchmark
    public boolean filterSummaryOnly() {
        return compiled.matches(summaries[advance()]);
    }

    @Benchmark
    public boolean filterTreeOnly() {
        return compiled.matches(trees[advance()]);
    }
}
