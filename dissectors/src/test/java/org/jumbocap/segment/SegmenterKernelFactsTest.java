package org.jumbocap.segment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.crafted.KernelFactsSample;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.PacketFlags;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A super-packet whose file recorded the kernel's gso_size is cut exactly there, whatever the SYNs, --mss or
 * --mtu say; the summary names the rule per flow. On samples/crafted/kernel-facts.pcapng with --mss 9000,
 * which would make 8,988-byte segments.
 */
class SegmenterKernelFactsTest {
    private static final int MSS = 9000;

    /** tcp.len of every frame written, in order: each super-packet's segments are gso_size but the last. */
    private static List<String> expectedTcpLengths() {
        List<String> out = new ArrayList<>();
        segments(out, KernelFactsSample.V6_GSO);
        segments(out, KernelFactsSample.V4_GSO);
        out.add(""); // the UDP GSO datagram
        out.add("0"); // the ACK
        segments(out, KernelFactsSample.V6_GSO);
        return out;
    }

    private static void segments(List<String> out, int size) {
        int data = KernelFactsSample.TCP_DATA;
        for (int at = 0; at < data; at += size) {
            out.add(String.valueOf(Math.min(size, data - at)));
        }
    }

    @Test
    void superPacketsAreCutAtTheRecordedGsoSize() {
        SegmentRun r = SegmentRun.of(KernelFactsSample.frames(), MSS, 1500, true);
        List<String> lengths = new ArrayList<>();
        for (FrameRecord f : r.output) {
            long payload = SegmentRun.summary(f).transportPayloadLength;
            lengths.add(SegmentRun.summary(f).ipProto == 6 ? String.valueOf(payload) : "");
        }
        assertEquals(expectedTcpLengths(), lengths);
        assertEquals(3, r.report.superPacketsSplit());
        List<Integer> sizes = new ArrayList<>();
        r.report.flows().values().forEach(u -> {
            assertEquals(SizeRule.GSO_SIZE, u.rule());
            sizes.add(u.segmentSize());
        });
        assertEquals(List.of(KernelFactsSample.V6_GSO, KernelFactsSample.V4_GSO, KernelFactsSample.V6_GSO), sizes);
        // a segment keeps its super-packet's direction, not the offload facts of the super-packet
        FrameRecord first = r.output.get(0);
        assertEquals(PacketFlags.DIRECTION_OUTBOUND, first.packetFlags());
        assertNull(first.vnetHeader());
        FrameRecord ack = r.output.get(50 + 49 + 1);
        assertEquals(KernelFactsSample.frames().get(3).vnetHeader(), ack.vnetHeader(), "a frame copied whole keeps its facts");
        assertEquals(KernelFactsSample.frames().get(3).packetFlags(), ack.packetFlags());
    }

    /** tshark reads the segmented file: every segment's tcp.len is the recorded gso_size but the last of each. */
    @Test
    void tsharkSeesSegmentsOfTheRecordedSize(@TempDir Path dir) throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/tshark")), "tshark installed");
        SegmentRun r = SegmentRun.of(KernelFactsSample.frames(), MSS, 1500, true);
        Path out = dir.resolve("segmented.pcapng");
        Files.write(out, r.file);
        Process p = new ProcessBuilder("tshark", "-n", "-r", out.toString(), "-o", "tcp.check_checksum:TRUE",
                "-T", "fields", "-e", "tcp.len", "-e", "tcp.checksum.status")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertEquals(0, p.waitFor());
        List<String> lengths = new ArrayList<>();
        for (String line : lines) {
            String[] v = line.split("\t", -1);
            lengths.add(v[0]);
            if (!v[0].isEmpty()) {
                assertEquals("1", v[1], "TCP checksum good: " + line);
            }
        }
        assertEquals(expectedTcpLengths(), lengths);
    }
}
