package org.jumbocap.gui.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jumbocap.displayfilter.DisplayFilter;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.FramePipeline;
import org.junit.jupiter.api.Test;

/**
 * The viewer's filter path answers every filter as the core's frame pipeline does on every sample, so a
 * filter the summary can decide (ports, jumbo) and one it cannot (ICMP quotes, experts, payload bytes)
 * select the same frames. The command line's {@code read -Y} is held to the same pipeline by its own
 * ReadFilterMatchesPipelineTest: the two front ends agree through the core, without knowing each other.
 */
class FilterFrontEndsAgreeTest {
    private static final List<String> FILTERS = List.of(
            "tcp.port == 5201", "jumbo", "udp", "ipv6.nxt == 0", "ip.src == 198.51.100.1", "tcp.flags.syn == 1",
            "icmpv6", "tcp.len > 1000", "expert.id == \"ipv6.ext.repeated\"", "frame.len > 65535 && !jumbo",
            "udp.port == 4789 || geneve", "tcp contains 5a:5a");

    @Test
    void viewerSelectsThePipelinesFrames() throws Exception {
        Path samples = Path.of("..", "samples");
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Stream.concat(Files.list(samples), Files.list(samples.resolve("crafted")))) {
            s.filter(p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng")).sorted().forEach(files::add);
        }
        assertTrue(files.size() > 80, "samples found: " + files.size());
        CoreBackend backend = new CoreBackend();
        int selected = 0;
        for (String filter : FILTERS) {
            CaptureBackend.ViewerFilter compiled = backend.compileFilter(filter);
            for (Path file : files) {
                List<Long> viewer = new ArrayList<>();
                CaptureBackend.FrameStep step = backend.newFrameStep(true);
                try (CaptureReader reader = backend.open(file)) {
                    FrameRecord rec = new FrameRecord();
                    long first = Long.MIN_VALUE;
                    long previous = 0;
                    while (reader.next(rec)) {
                        if (first == Long.MIN_VALUE) {
                            first = rec.timestampNanos();
                            previous = first;
                        }
                        step.next(rec, first, previous);
                        if (step.passes(compiled)) {
                            viewer.add(rec.number());
                        }
                        previous = rec.timestampNanos();
                    }
                } catch (java.io.IOException e) {
                    // a cut sample: both front ends stop at the same record, compared up to there
                }
                assertEquals(pipeline(filter, file, true), viewer, filter + " on " + file.getFileName());
                selected += viewer.size();
            }
        }
        assertTrue(selected > 1000, "frames selected in all: " + selected);
    }

    /** Filters on the TCP conversation pass, which the viewer runs in frame order while it lists the rows. */
    private static final List<String> CONVERSATION_FILTERS = List.of(
            "tcp.stream == 0", "tcp.stream == 1", "tcp.analysis.flags", "tcp.analysis.retransmission",
            "tcp.analysis.lost_segment", "tcp.analysis.duplicate_ack", "tcp.analysis.out_of_order",
            "tcp.analysis.bytes_in_flight > 100000", "tcp.seq == 1", "tcp.analysis.flags && !tcp.analysis.window_update",
            "tcp.analysis.ack_rtt > 0.0001", "tcp.stream == 0 && tcp.analysis.retransmission",
            "expert.severity >= warn", "tcp.time_delta > 0.001");

    /**
     * The viewer's way with a conversation filter (its frame step with the conversations followed, in frame
     * order, as every viewer loop takes it) selects the frames the command line's pipeline selects.
     */
    @Test
    void conversationFiltersSelectThePipelinesFrames() throws Exception {
        List<Path> files = List.of(Path.of("..", "samples", "ipv6-bigtcp-loss.pcap"),
                Path.of("..", "samples", "tcp-scenarios", "analysis-scenarios.pcap"),
                Path.of("..", "samples", "ipv6-bigtcp-veth.pcap"));
        CoreBackend backend = new CoreBackend();
        java.util.Map<String, Integer> perFilter = new java.util.TreeMap<>();
        for (String filter : CONVERSATION_FILTERS) {
            CaptureBackend.ViewerFilter compiled = backend.compileFilter(filter);
            assertTrue(compiled.readsConversation(), filter);
            for (Path file : files) {
                List<Long> viewer = new ArrayList<>();
                CaptureBackend.FrameStep step = backend.newFrameStep(true);
                try (CaptureReader reader = backend.open(file)) {
                    FrameRecord rec = new FrameRecord();
                    long first = Long.MIN_VALUE;
                    long previous = 0;
                    while (reader.next(rec)) {
                        if (first == Long.MIN_VALUE) {
                            first = rec.timestampNanos();
                            previous = first;
                        }
                        step.next(rec, first, previous);
                        if (step.passes(compiled)) {
                            viewer.add(rec.number());
                        }
                        previous = rec.timestampNanos();
                    }
                }
                assertEquals(pipeline(filter, file, true), viewer, filter + " on " + file.getFileName());
                perFilter.merge(filter, viewer.size(), Integer::sum);
            }
        }
        // each filter selects something somewhere, so agreement is not two empty lists
        for (String f : List.of("tcp.stream == 0", "tcp.stream == 1", "tcp.analysis.flags", "tcp.analysis.retransmission",
                "tcp.analysis.lost_segment", "tcp.analysis.duplicate_ack", "tcp.analysis.bytes_in_flight > 100000",
                "tcp.analysis.ack_rtt > 0.0001", "expert.severity >= warn")) {
            assertTrue(perFilter.get(f) > 0, f + " selected nothing: " + perFilter);
        }
    }

    /**
     * The frames the core's pipeline passes, up to the first bad record as the viewer stops there too.
     *
     * @param conversations follow the TCP conversations, as `read` does
     */
    private static List<Long> pipeline(String filter, Path file, boolean conversations) {
        org.jumbocap.displayfilter.CompiledFilter compiled = DisplayFilter.compile(filter);
        // checksums summed only for a filter that reads them, as read -Y does
        FramePipeline pipeline = new FramePipeline(new FrameDissector(), compiled, compiled.readsChecksums(),
                conversations ? new org.jumbocap.pipeline.tcp.TcpConversations() : null);
        List<Long> numbers = new ArrayList<>();
        try {
            org.jumbocap.gui.ReadFilterOracle.addPassing(pipeline, file, numbers);
        } catch (java.io.IOException e) {
            // a cut sample: compared up to the bad record
        }
        return numbers;
    }
}
