package org.jumbocap.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.files.CaptureWriters;
import org.jumbocap.io.files.FrameIndex;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reading throughput of the capture readers over a file of BIG TCP frames made from a kernel sample
 * (copied 20 times into one pcap and one pcapng). Run by hand:
 * {@code java -cp <test classpath> org.openjdk.jmh.Main CaptureReadBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class CaptureReadBenchmark {
    @Param({"pcap", "pcapng"})
    public String format;

    private Path dir;
    private Path file;
    private final FrameRecord record = new FrameRecord();

    @Setup
    public void setUp() throws IOException {
        Path sample = KernelSamplesTest.samples().resolve("ipv6-bigtcp-veth.pcap");
        dir = Files.createTempDirectory("jumbocap-bench");
        file = dir.resolve("bench." + format);
        try (CaptureReader in = CaptureFiles.open(sample);
             CaptureWriter out = CaptureWriters.create(file, in.linkType(), 262144)) {
            java.util.List<FrameRecord> frames = new java.util.ArrayList<>();
            FrameRecord r = new FrameRecord();
            while (in.next(r)) {
                frames.add(r.copy());
            }
            for (int copy = 0; copy < 20; copy++) {
                for (FrameRecord f : frames) {
                    out.write(f);
                }
            }
        }
    }

    @TearDown
    public void tearDown() throws IOException {
        Files.deleteIfExists(file);
        Files.deleteIfExists(dir);
    }

    /** Returns the bytes read, so the work is not optimised away. */
    @Benchmark
    public long readAllFrames() throws IOException {
        long bytes = 0;
        try (CaptureReader reader = CaptureFiles.open(file)) {
            while (reader.next(record)) {
                bytes += record.capturedLength();
            }
        }
        return bytes;
    }

    @Benchmark
    public long buildIndex() throws IOException {
        try (FrameIndex index = FrameIndex.build(file)) {
            return index.size();
        }
    }
}
