package org.jumbocap.cli.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.render.FrameContext;
import org.junit.jupiter.api.Test;

/**
 * A sink that prints from the record alone gets the frames a filter on header fields selects without their
 * being decoded, the same frames a decoding sink gets; a frame the headers cannot settle (a VXLAN datagram,
 * whose inner ports only the decode finds) is decoded.
 */
class RecordAloneLoopTest {
    private static final Path SAMPLES = Path.of("..", "samples");

    /** Frame numbers passed, and how many of them arrived decoded (their summary is of that frame). */
    private record Seen(List<Long> numbers, int decoded) {
    }

    private static Seen run(String filter, String file, boolean recordAlone, int threads) {
        List<Long> numbers = new ArrayList<>();
        int[] decoded = new int[1];
        FrameLoop.RenderingSink sink = new FrameLoop.RenderingSink() {
            @Override
            public boolean readsRecordAlone() {
                return recordAlone;
            }

            @Override
            public void render(FramePipeline frame, FrameContext context, StringBuilder out) {
                out.append(frame.frame().number()).append(frame.summary().frameNumber == frame.frame().number() ? "d" : "")
                        .append('\n');
            }

            @Override
            public void write(CharSequence text) {
                String line = text.toString().strip();
                if (line.endsWith("d")) {
                    decoded[0]++;
                    line = line.substring(0, line.length() - 1);
                }
                numbers.add(Long.parseLong(line));
            }
        };
        PrintWriter sinkhole = new PrintWriter(new StringWriter());
        FrameLoop loop = new FrameLoop(filter == null ? null : Filters.compile(filter), 0, false, threads);
        assertTrue(loop.run(List.of(SAMPLES.resolve(file).toString()), sink, sinkhole, sinkhole, false));
        return new Seen(numbers, decoded[0]);
    }

    /** The same with a sink that takes each frame as it is (as {@code read -w} writes it), not text. */
    private static Seen runPlain(String filter, String file, boolean recordAlone, int threads) {
        List<Long> numbers = new ArrayList<>();
        int[] decoded = new int[1];
        FrameLoop.Sink sink = new FrameLoop.Sink() {
            @Override
            public void frame(FramePipeline frame, FrameContext context) {
                numbers.add(frame.frame().number());
                decoded[0] += frame.summary().frameNumber == frame.frame().number() ? 1 : 0;
            }

            @Override
            public boolean readsRecordAlone() {
                return recordAlone;
            }
        };
        PrintWriter sinkhole = new PrintWriter(new StringWriter());
        FrameLoop loop = new FrameLoop(filter == null ? null : Filters.compile(filter), 0, false, threads);
        assertTrue(loop.run(List.of(SAMPLES.resolve(file).toString()), sink, sinkhole, sinkhole, false));
        return new Seen(numbers, decoded[0]);
    }

    @Test
    void aSinkOfWholeFramesGetsThemUndecodedToo() {
        for (int threads : new int[] {0, 1}) {
            for (String file : new String[] {"ipv6-bigtcp-veth.pcap", "ipv6-bigtcp-vxlan.pcap", "dns-veth.pcap"}) {
                for (String filter : new String[] {"tcp.port == 5201", "udp", null}) {
                    Seen decoding = runPlain(filter, file, false, threads);
                    Seen fromHeaders = runPlain(filter, file, true, threads);
                    assertEquals(decoding.numbers(), fromHeaders.numbers(), filter + " on " + file);
                    assertEquals(decoding.numbers().size(), decoding.decoded(), filter + " on " + file);
                }
            }
            assertEquals(0, runPlain("tcp.port == 5201", "ipv6-bigtcp-veth.pcap", true, threads).decoded());
        }
    }

    @Test
    void headerFiltersSelectTheDecodedFramesWithoutDecodingThem() {
        for (int threads : new int[] {0, 1}) {
            for (String filter : new String[] {"tcp.port == 5201", "jumbo && tcp.flags.ack == 1", "ipv6.src == ::1", null}) {
                Seen decoding = run(filter, "ipv6-bigtcp-veth.pcap", false, threads);
                Seen fromHeaders = run(filter, "ipv6-bigtcp-veth.pcap", true, threads);
                assertEquals(decoding.numbers(), fromHeaders.numbers(), filter);
                assertEquals(decoding.numbers().size(), decoding.decoded(), filter);
                assertEquals(0, fromHeaders.decoded(), filter + ": frames decoded though the headers settle them");
            }
            assertTrue(run("tcp.port == 5201", "ipv6-bigtcp-veth.pcap", true, threads).numbers().size() > 30);
            // the inner TCP of a VXLAN datagram: only the decode knows its ports
            Seen vxlan = run("tcp.port == 5201", "ipv6-bigtcp-vxlan.pcap", true, threads);
            assertEquals(run("tcp.port == 5201", "ipv6-bigtcp-vxlan.pcap", false, threads).numbers(), vxlan.numbers());
            assertTrue(!vxlan.numbers().isEmpty() && vxlan.decoded() == vxlan.numbers().size(), vxlan.toString());
        }
    }
}
