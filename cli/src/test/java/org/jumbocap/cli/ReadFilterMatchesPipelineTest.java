package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jumbocap.displayfilter.DisplayFilter;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;
import org.junit.jupiter.api.Test;

/**
 * The command line's {@code read -Y} answers every filter as the core's frame pipeline does on every sample,
 * so a filter the summary can decide (ports, jumbo) and one it cannot (ICMP quotes, experts, payload bytes)
 * select the same frames. The viewer is held to the same pipeline by its FilterFrontEndsAgreeTest.
 */
class ReadFilterMatchesPipelineTest {
    private static final List<String> FILTERS = List.of(
            "tcp.port == 5201", "jumbo", "udp", "ipv6.nxt == 0", "ip.src == 198.51.100.1", "tcp.flags.syn == 1",
            "icmpv6", "tcp.len > 1000", "expert.id == \"ipv6.ext.repeated\"", "frame.len > 65535 && !jumbo",
            "udp.port == 4789 || geneve", "tcp contains 5a:5a", "udp.port == 5201 || tcp.dstport == 443",
            "jumbo.kind == \"ipv4-zero-length\" && tcp.len > 65535", "ipv6.addr == 2001:db8::/32 && !tcp.flags.push");

    @Test
    void readSelectsThePipelinesFrames() throws Exception {
        Path samples = Path.of("..", "samples");
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Stream.concat(Files.list(samples), Files.list(samples.resolve("crafted")))) {
            s.filter(p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng")).sorted().forEach(files::add);
        }
        assertTrue(files.size() > 80, "samples found: " + files.size());
        int selected = 0;
        for (String filter : FILTERS) {
            for (Path file : files) {
                FramePipeline pipeline = new FramePipeline(new FrameDissector(), DisplayFilter.compile(filter), true);
                List<Long> passed = new ArrayList<>();
                try (CaptureReader reader = CaptureFiles.open(file)) {
                    FrameRecord rec = new FrameRecord();
                    long first = Long.MIN_VALUE;
                    long previous = 0;
                    while (reader.next(rec)) {
                        if (first == Long.MIN_VALUE) {
                            first = rec.timestampNanos();
                            previous = first;
                        }
                        if (pipeline.accept(rec, first, previous)) {
                            passed.add(rec.number());
                        }
                        previous = rec.timestampNanos();
                    }
                } catch (java.io.IOException e) {
                    // a cut sample: read stops at the same record, compared up to there
                }
                assertEquals(passed, commandLine(filter, file), filter + " on " + file.getFileName());
                selected += passed.size();
            }
        }
        assertTrue(selected > 1000, "frames selected in all: " + selected);
    }

    private static List<Long> commandLine(String filter, Path file) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        JumbocapCommand.create(new PrintWriter(out), new PrintWriter(err), false)
                .execute("read", "-Y", filter, "-T", "fields", "-e", "frame.number", file.toString());
        List<Long> numbers = new ArrayList<>();
        for (String line : out.toString().split("\n")) {
            if (!line.isBlank()) {
                numbers.add(Long.parseLong(line.strip()));
            }
        }
        return numbers;
    }
}
