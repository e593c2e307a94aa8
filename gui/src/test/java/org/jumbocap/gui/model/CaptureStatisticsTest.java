package org.jumbocap.gui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.fast.FastDecoder;
import org.jumbocap.fast.FastSummary;
import org.jumbocap.io.CaptureFiles;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.Test;

/** Statistics over the rows of a kernel-made sample, checked against the capture's own lengths. */
class CaptureStatisticsTest {
    private static final Path SAMPLE = Path.of("..", "samples", "ipv6-bigtcp-veth.pcap");

    private static List<PacketRow> rows(Path file, List<Long> lengths) throws IOException {
        List<PacketRow> rows = new ArrayList<>();
        RowFactory factory = new RowFactory();
        FastDecoder decoder = new FastDecoder();
        FastSummary s = new FastSummary();
        FrameRecord r = new FrameRecord();
        long first = -1;
        try (CaptureReader reader = CaptureFiles.open(file)) {
            while (reader.next(r)) {
                first = first < 0 ? r.timestampNanos() : first;
                decoder.decode(r, s);
                rows.add(factory.row(r, s, first));
                lengths.add(r.originalLength());
            }
        }
        return rows;
    }

    @Test
    void histogramCountsEveryFrameOnTheRightSideOfTheLimit() throws IOException {
        List<Long> lengths = new ArrayList<>();
        List<PacketRow> rows = rows(SAMPLE, lengths);
        CaptureStatistics stats = CaptureStatistics.of(rows, 50);
        assertEquals(rows.size(), stats.frames());
        assertEquals(rows.size(), stats.sizeBins().stream().mapToLong(CaptureStatistics.SizeBin::frames).sum());
        long above = stats.sizeBins().subList(CaptureStatistics.FIRST_JUMBO_BIN, stats.sizeBins().size()).stream()
                .mapToLong(CaptureStatistics.SizeBin::frames).sum();
        assertEquals(lengths.stream().filter(l -> l >= 65536).count(), above);
        assertEquals(lengths.stream().mapToLong(Long::longValue).max().orElseThrow(), stats.largestFrame());
        assertTrue(stats.sizeBins().get(CaptureStatistics.FIRST_JUMBO_BIN).label().startsWith("64K"));
    }

    @Test
    void throughputAndFlowsAccountForEveryByte() throws IOException {
        List<Long> lengths = new ArrayList<>();
        List<PacketRow> rows = rows(SAMPLE, lengths);
        CaptureStatistics stats = CaptureStatistics.of(rows, 40);
        long total = lengths.stream().mapToLong(Long::longValue).sum();
        double seconds = rows.get(rows.size() - 1).relativeSeconds();
        double width = seconds / 40;
        double megabits = stats.throughput().stream().mapToDouble(p -> p.megabitsPerSecond() * width).sum();
        assertEquals(total * 8 / 1e6, megabits, total * 8 / 1e6 * 1e-9);
        long flowBytes = stats.flows().stream().mapToLong(CaptureStatistics.Flow::bytes).sum();
        long ipBytes = rows.stream().filter(r -> !r.source().isEmpty()).mapToLong(PacketRow::length).sum();
        assertEquals(ipBytes, flowBytes);
        CaptureStatistics.Flow biggest = stats.flows().get(0);
        assertTrue(biggest.jumboFrames() > 0, "the bulk flow carries the super-packets");
        assertEquals(5201, biggest.destinationPort());
        assertTrue(biggest.filter().contains("tcp.dstport == 5201"), biggest.filter());
    }

    @Test
    void tcpFlagsReadLikeWireshark() {
        assertEquals("[SYN, ACK]", RowFactory.tcpFlags(0x12));
        assertEquals("[FIN, PSH, ACK]", RowFactory.tcpFlags(0x19));
        assertEquals("[]", RowFactory.tcpFlags(0));
    }
}
