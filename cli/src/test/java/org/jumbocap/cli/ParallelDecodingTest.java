package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Decoding on several threads changes nothing the user sees: for every sample, the broken files included,
 * each command and format prints the same bytes on both streams and exits the same with {@code --threads 0}
 * (all on one thread) as with one or two decoding threads. The kernel samples hold more frames than a
 * batch, so frames cross batch boundaries, and {@code -c} stops inside a batch.
 */
class ParallelDecodingTest {
    private static final List<List<String>> COMMANDS = List.of(
            List.of("read"),
            List.of("read", "-V", "-x", "--max-hex-bytes", "64"),
            List.of("read", "-T", "fields", "-e", "frame.number", "-e", "ip.src", "-e", "tcp.len", "-e", "tcp.checksum.status"),
            List.of("read", "-T", "json"),
            List.of("read", "-T", "ndjson", "-c", "700"),
            List.of("read", "-Y", "jumbo", "-c", "513"),
            List.of("read", "-Y", "tcp.len > 1000 && !expert.severity == \"error\""),
            List.of("stats", "-T", "json"),
            List.of("stats", "--no-verify-checksums"));

    private static List<Path> samples() throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path dir : List.of(Cli.SAMPLES, Cli.SAMPLES.resolve("crafted"), Cli.SAMPLES.resolve("crafted-files"))) {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(p -> p.getFileName().toString().matches(".*\\.pcap(ng)?(\\.gz)?$")).sorted().forEach(out::add);
            }
        }
        return out;
    }

    private static Cli.Result run(List<String> command, int threads, List<String> files) {
        List<String> args = new ArrayList<>(command);
        args.add("--threads");
        args.add(Integer.toString(threads));
        args.addAll(files);
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    void everySampleReadsTheSameOnOneThreadAndOnSeveral() throws IOException {
        List<Path> samples = samples();
        assertTrue(samples.size() > 90, "samples found: " + samples.size());
        int runs = 0;
        for (Path sample : samples) {
            List<String> files = List.of(sample.toString());
            for (List<String> command : COMMANDS) {
                Cli.Result one = run(command, 0, files);
                for (int threads : new int[] {1, 2}) {
                    Cli.Result several = run(command, threads, files);
                    String where = String.join(" ", command) + " --threads " + threads + " " + sample;
                    assertEquals(one.code(), several.code(), where);
                    assertEquals(one.err(), several.err(), where);
                    assertEquals(one.out(), several.out(), where);
                    runs++;
                }
            }
        }
        assertTrue(runs > 1000, "runs: " + runs);
    }

    @Test
    void severalFilesWithABrokenOneBetweenThemReadTheSame() {
        List<String> files = List.of(Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString(),
                Cli.SAMPLES.resolve("crafted-files").resolve("pcap-cut-in-record-data.pcap").toString(),
                Cli.SAMPLES.resolve("ipv4-bigtcp-veth.pcapng").toString());
        for (List<String> command : COMMANDS) {
            Cli.Result one = run(command, 0, files);
            Cli.Result two = run(command, 2, files);
            String where = String.join(" ", command);
            assertEquals(1, one.code(), where + ": the cut file is an error");
            assertTrue(one.err().contains("pcap-cut-in-record-data.pcap"), where + ": " + one.err());
            assertEquals(one.code(), two.code(), where);
            assertEquals(one.err(), two.err(), where);
            assertEquals(one.out(), two.out(), where);
        }
    }

    @Test
    void framesAreRenderedOnTheDecodingThreadsAndWrittenInOrderOnTheLoopsThread() {
        java.util.Set<String> renderThreads = java.util.concurrent.ConcurrentHashMap.newKeySet();
        List<Long> written = new ArrayList<>();
        String loopThread = Thread.currentThread().getName();
        java.util.Set<String> writeThreads = new java.util.HashSet<>();
        org.jumbocap.cli.engine.FrameLoop.RenderingSink sink = new org.jumbocap.cli.engine.FrameLoop.RenderingSink() {
            @Override
            public void render(org.jumbocap.pipeline.FramePipeline frame, org.jumbocap.render.FrameContext context,
                               StringBuilder out) {
                renderThreads.add(Thread.currentThread().getName());
                out.append(frame.frame().number());
            }

            @Override
            public void write(CharSequence text) {
                writeThreads.add(Thread.currentThread().getName());
                written.add(Long.parseLong(text.toString()));
            }
        };
        java.io.PrintWriter sinkhole = new java.io.PrintWriter(java.io.Writer.nullWriter());
        String file = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString();
        boolean ok = new org.jumbocap.cli.engine.FrameLoop(null, 0, false, 2).run(List.of(file), sink, sinkhole, sinkhole, false);
        assertTrue(ok);
        assertEquals(Cli.frames(Path.of(file)).size(), written.size());
        for (int i = 0; i < written.size(); i++) {
            assertEquals(i + 1, written.get(i), "frame order");
        }
        assertEquals(java.util.Set.of("jumbocap-decode"), renderThreads);
        assertEquals(java.util.Set.of(loopThread), writeThreads);
    }

    @Test
    void aNegativeThreadCountIsAUsageError() {
        Cli.Result r = Cli.run("read", "--threads", "-1", Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--threads"), r.err());
    }
}
