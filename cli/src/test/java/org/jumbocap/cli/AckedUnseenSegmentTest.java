package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.pcap.PcapWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tcp.analysis.ack_lost_segment} ("ACKed unseen segment") on every ACK that covers data the capture
 * did not see, not only the first: the loss sample with data frames taken out, as a capture ring that
 * drops super-packets leaves it. The frame numbers are tshark 4.0's on the same files
 * ({@code editcap ipv6-bigtcp-loss.pcap out.pcap 101 301}, then {@code tshark -Y tcp.analysis.ack_lost_segment}).
 */
class AckedUnseenSegmentTest {
    private static final Path LOSS = Cli.SAMPLES.resolve("ipv6-bigtcp-loss.pcap");

    /** The sample without the given frames (1-based numbers). */
    private static Path without(Path dir, int... dropped) throws IOException {
        List<FrameRecord> frames = Cli.frames(LOSS);
        Path out = dir.resolve("dropped.pcap");
        try (OutputStream o = Files.newOutputStream(out);
             PcapWriter w = new PcapWriter(o, frames.get(0).linkType(), 262_144, true)) {
            for (int i = 0; i < frames.size(); i++) {
                int number = i + 1;
                if (java.util.Arrays.stream(dropped).noneMatch(d -> d == number)) {
                    FrameRecord f = frames.get(i);
                    w.write(f.timestampNanos(), f.bytes(), 0, f.capturedLength(), f.originalLength());
                }
            }
        }
        return out;
    }

    private static List<String> acked(Path file) {
        Cli.Result r = Cli.run("read", "-Y", "tcp.analysis.ack_lost_segment", "-T", "fields", "-e", "frame.number", file.toString());
        assertEquals(0, r.code(), r.err());
        return r.outLines();
    }

    @Test
    void everyAckOverAGapIsFlaggedAsTsharkDoes(@TempDir Path dir) throws IOException {
        assertEquals(List.of("108", "301"), acked(without(dir, 101, 301)));
        assertEquals(List.of("150", "158", "408"), acked(without(dir, 150, 400)));
        assertEquals(List.of("52", "81", "87"), acked(without(dir, 50, 60, 70, 80, 90)));
    }
}
