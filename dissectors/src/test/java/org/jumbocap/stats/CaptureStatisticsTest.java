package org.jumbocap.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

class CaptureStatisticsTest {
    private static final Path SAMPLES = Path.of("../samples");

    private static CaptureStatistics statsOf(Path file, List<FrameTree> keep) throws IOException {
        CaptureStatistics st = new CaptureStatistics();
        st.startFile(file.toString());
        FrameDissector dissector = new FrameDissector();
        try (CaptureReader r = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            long first = -1;
            long previous = 0;
            while (r.next(rec)) {
                if (first < 0) {
                    first = rec.timestampNanos();
                    previous = first;
                }
                FrameRecord copy = rec.copy();
                FrameTree tree = dissector.dissect(copy, first, previous);
                previous = rec.timestampNanos();
                st.add(tree);
                keep.add(tree);
            }
        }
        return st;
    }

    @Test
    void ipv6SuperPacketsAreCountedPerKindAndFlow() throws IOException {
        Path sample = SAMPLES.resolve("ipv6-bigtcp-veth.pcap");
        List<FrameTree> trees = new java.util.ArrayList<>();
        CaptureStatistics st = statsOf(sample, trees);

        assertEquals(trees.size(), st.frames());
        long tcpFrames = trees.stream().filter(t -> t.find("tcp") != null).count();
        long hbh = trees.stream().filter(t -> t.find("ipv6.opt.jumbo") != null).count();
        assertTrue(hbh > 0);
        assertEquals(tcpFrames, st.tcpFrames());
        assertEquals(hbh, st.jumboKinds().stream().filter(k -> k.kind() == JumboKind.IPV6_HBH).findFirst().orElseThrow().frames());
        assertEquals(hbh, st.jumboFrames());

        long flowBytes = st.conversations().stream().filter(c -> c.key().protocol() == 6).mapToLong(CaptureStatistics.Conversation::bytes).sum();
        assertEquals(st.tcpBytes(), flowBytes);
        assertEquals(st.tcpFrames(), st.directions().stream().filter(d -> d.key().protocol() == 6).mapToLong(FlowStats::frames).sum());

        FlowStats bulk = st.directions().stream().filter(d -> d.superPackets() > 0).findFirst().orElseThrow();
        long mss = trees.stream().map(t -> t.find("tcp.options.mss_val")).filter(n -> n != null)
                .mapToLong(FieldNode::longValue).findFirst().orElseThrow();
        FlowStats reverse = st.directions().stream().filter(d -> d.key().equals(bulk.key().reversed())).findFirst().orElseThrow();
        assertEquals(mss, reverse.announcedMss(), "the receiver's SYN-ACK announced the MSS");
        double expectedSegments = Math.ceil((double) bulk.superPacketPayload() / bulk.superPackets() / mss);
        assertTrue(Math.abs(bulk.segmentsPerSuperPacket() - expectedSegments) <= 1.0,
                bulk.segmentsPerSuperPacket() + " vs " + expectedSegments);
        assertEquals(hbh, bulk.jumbograms());

        Map<ChecksumState, Long> tcpSums = st.checksums().get("tcp");
        assertEquals(st.tcpFrames(), tcpSums.values().stream().mapToLong(Long::longValue).sum());
        assertTrue(st.experts().stream().anyMatch(e -> e.firstFrame() > 0 && e.count() > 0));
    }

    @Test
    void ipv4ZeroLengthSuperPacketsAndSnaplenCuts() throws IOException {
        List<FrameTree> v4 = new java.util.ArrayList<>();
        CaptureStatistics st = statsOf(SAMPLES.resolve("ipv4-bigtcp-veth.pcap"), v4);
        long zeroLength = v4.stream().filter(t -> {
            FieldNode len = t.find("ip.len");
            return len != null && len.longValue() == 0;
        }).count();
        assertTrue(zeroLength > 0, "IPv4 BIG TCP frames carry total length 0");
        assertEquals(zeroLength, st.jumboKinds().stream().filter(k -> k.kind() == JumboKind.IPV4_ZERO_LENGTH)
                .findFirst().orElseThrow().frames());

        Path snaplen = SAMPLES.resolve("ipv6-bigtcp-snaplen.pcap");
        if (Files.exists(snaplen)) {
            List<FrameTree> cut = new java.util.ArrayList<>();
            CaptureStatistics s2 = statsOf(snaplen, cut);
            long expected = cut.stream().filter(t -> t.frame().isCut()).count();
            assertTrue(expected > 0);
            assertEquals(expected, s2.cutFrames());
            long bigOnWire = cut.stream().filter(t -> t.frame().originalLength() > 131072 && t.frame().originalLength() <= 196608).count();
            assertEquals(bigOnWire, s2.sizes().buckets().get(4).count(), "sizes count the length on the wire");
        }
    }
}
