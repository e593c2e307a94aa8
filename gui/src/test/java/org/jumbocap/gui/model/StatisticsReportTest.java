package org.jumbocap.gui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.stats.FlowStats;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The statistics window's numbers over a kernel-made sample, checked against the capture's own frames. */
class StatisticsReportTest {
    private static final Path SAMPLE = Path.of("..", "samples", "ipv6-bigtcp-veth.pcap");

    private final List<PacketRow> rows = new ArrayList<>();
    private final List<FrameTree> trees = new ArrayList<>();
    private final StatisticsAccumulator statistics = new StatisticsAccumulator();

    private void read(Path file) throws IOException {
        Assumptions.assumeTrue(file.toFile().isFile(), file + " is missing");
        RowStore store = new RowStore();
        RowTexts texts = new RowTexts(store, (from, count, done) -> done.accept(null), () -> { });
        FrameDissector decoder = new FrameDissector();
        FrameDissector dissector = new FrameDissector();
        FrameSummary s = new FrameSummary();
        FrameRecord r = new FrameRecord();
        long first = -1;
        long previous = 0;
        try (CaptureReader reader = CaptureFiles.open(file)) {
            while (reader.next(r)) {
                if (first < 0) {
                    first = r.timestampNanos();
                    previous = first;
                }
                decoder.summarize(r, s);
                long firstNanos = first;
                RowFactory.append(store, r, s, () -> dissector.dissect(r, firstNanos, firstNanos));
                rows.add(new PacketRow(store, texts, store.size() - 1));
                FrameTree tree = dissector.dissect(r.copy(), first, previous);
                previous = r.timestampNanos();
                trees.add(tree);
                statistics.add(tree);
            }
        }
    }

    @Test
    void histogramCountsEveryFrameOnTheRightSideOfTheMarker() throws IOException {
        read(SAMPLE);
        StatisticsReport report = StatisticsReport.of(statistics, rows, 50);
        assertEquals(rows.size(), report.frames());
        List<StatisticsReport.SizeBin> bins = report.sizeBins();
        assertEquals(rows.size(), bins.stream().mapToLong(StatisticsReport.SizeBin::frames).sum());
        int marker = report.firstBinAboveLimit();
        assertEquals(65536, bins.get(marker).lower(), "the marker sits on the 64 KiB limit");
        long above = bins.subList(marker, bins.size()).stream().mapToLong(StatisticsReport.SizeBin::frames).sum();
        assertEquals(rows.stream().filter(r -> r.length() > 65535).count(), above);
        assertTrue(above > 0, "the sample holds BIG TCP super-packets");
        assertEquals(-1, bins.get(bins.size() - 1).upper(), "the last bucket is open");
        assertTrue(bins.get(bins.size() - 2).upper() >= 512 * 1024, "buckets reach Linux BIG TCP's 512 KB ceiling");

        long jumboRows = rows.stream().filter(PacketRow::isJumbo).count();
        assertEquals(jumboRows, bins.stream().mapToLong(StatisticsReport.SizeBin::jumboFrames).sum(),
                "the dissector and the fast path agree on which frames are jumbo");
        for (StatisticsReport.SizeBin bin : bins) {
            assertTrue(bin.jumboFrames() <= bin.frames(), bin.label());
        }
        assertEquals(rows.stream().mapToLong(PacketRow::length).max().orElseThrow(), report.largestFrame());
    }

    @Test
    void throughputAndFlowsAccountForEveryByte() throws Exception {
        read(SAMPLE);
        StatisticsReport report = StatisticsReport.of(statistics, rows, 40);
        long total = rows.stream().mapToLong(PacketRow::length).sum();
        double seconds = rows.get(rows.size() - 1).relativeSeconds();
        double width = seconds / 40;
        double megabits = report.throughput().stream().mapToDouble(p -> p.megabitsPerSecond() * width).sum();
        assertEquals(total * 8 / 1e6, megabits, total * 8 / 1e6 * 1e-9);

        long transportBytes = 0;
        for (FrameTree t : trees) {
            if (t.find("ip") != null || t.find("ipv6") != null) {
                transportBytes += t.frame().originalLength();
            }
        }
        assertEquals(transportBytes, report.flows().stream().mapToLong(FlowStats::bytes).sum());
        FlowStats icmp = report.flows().stream().filter(f -> f.key().protocolName().equals("icmpv6")).findFirst()
                .orElseThrow(() -> new AssertionError("the sample's ICMPv6 frames make a conversation"));
        assertTrue(StatisticsReport.flowFilter(icmp.key()).endsWith(" && icmpv6"), StatisticsReport.flowFilter(icmp.key()));
        FlowStats biggest = report.flows().get(0);
        assertTrue(biggest.superPackets() > 0, "the bulk direction carries the super-packets");
        assertEquals(5201, biggest.key().dstPort());

        String filter = StatisticsReport.flowFilter(biggest.key());
        assertTrue(filter.contains("tcp.dstport == 5201"), filter);
        org.jumbocap.displayfilter.CompiledFilter compiled = org.jumbocap.displayfilter.DisplayFilter.compile(filter);
        assertEquals(biggest.frames(), trees.stream().filter(compiled::matches).count(), filter);
    }

    @Test
    void expertSummaryListsTheCoreCountsWorstFirst() throws IOException {
        read(SAMPLE);
        ExpertSummary summary = new ExpertSummary(statistics.core().experts());
        long items = trees.stream().mapToLong(t -> t.experts().size()).sum();
        assertTrue(items > 0, "the sample carries expert notes on its super-packets");
        assertEquals(items, summary.entries().stream().mapToLong(ExpertSummary.Entry::occurrences).sum());
        for (int i = 1; i < summary.entries().size(); i++) {
            assertTrue(summary.entries().get(i - 1).count().severity().compareTo(summary.entries().get(i).count().severity()) >= 0);
        }
        ExpertSummary.Entry first = summary.entries().get(0);
        long firstFrame = trees.stream().filter(t -> t.experts().stream().anyMatch(e -> e.id().equals(first.id())))
                .findFirst().orElseThrow().frame().number();
        assertEquals(firstFrame, first.firstFrame());
    }

    @Test
    void tcpFlagsReadLikeWireshark() {
        assertEquals("[SYN, ACK]", RowFactory.tcpFlags(0x12));
        assertEquals("[FIN, PSH, ACK]", RowFactory.tcpFlags(0x19));
        assertEquals("[]", RowFactory.tcpFlags(0));
    }
}
