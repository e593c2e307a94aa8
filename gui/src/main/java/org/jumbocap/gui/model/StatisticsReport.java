package org.jumbocap.gui.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import org.jumbocap.stats.CaptureStatistics;
import org.jumbocap.stats.FlowKey;
import org.jumbocap.stats.FlowStats;
import org.jumbocap.stats.SizeHistogram;

/**
 * What the statistics window draws, ready to show: the core's size histogram with the jumbo frames of
 * each bucket beside it, where the 64 KiB marker goes, throughput over time (a view of the listed rows
 * the core does not keep), and the core's flows per direction. Built in the background.
 */
public final class StatisticsReport {
    /** Largest IP packet a 16-bit length field can describe; longer ones need a jumbo rule. */
    public static final long CLASSIC_LIMIT = 65535;

    /** One histogram bucket: the core's bounds (upper -1 when open), all frames and the jumbo ones. */
    public record SizeBin(String label, long lower, long upper, long frames, long jumboFrames) {
    }

    public record ThroughputPoint(double seconds, double megabitsPerSecond) {
    }

    private final CaptureStatistics core;
    private final List<SizeBin> sizeBins;
    private final List<ThroughputPoint> throughput;
    private final List<FlowStats> flows;
    private final long largestFrame;

    private StatisticsReport(CaptureStatistics core, List<SizeBin> sizeBins, List<ThroughputPoint> throughput,
                             List<FlowStats> flows, long largestFrame) {
        this.core = core;
        this.sizeBins = sizeBins;
        this.throughput = throughput;
        this.flows = flows;
        this.largestFrame = largestFrame;
    }

    /**
     * @param statistics     the frames' dissections, accumulated
     * @param rows           the same frames' rows, for the time axis
     * @param throughputBins how many time slices the throughput curve has at most
     */
    public static StatisticsReport of(StatisticsAccumulator statistics, List<PacketRow> rows, int throughputBins) {
        CaptureStatistics core = statistics.core();
        List<SizeHistogram.Bucket> all = core.sizes().buckets();
        List<SizeHistogram.Bucket> jumbo = statistics.jumboSizes().buckets();
        List<SizeBin> bins = new ArrayList<>(all.size());
        for (int i = 0; i < all.size(); i++) {
            SizeHistogram.Bucket b = all.get(i);
            bins.add(new SizeBin(b.label(), b.lower(), b.upper(), b.count(), jumbo.get(i).count()));
        }
        List<FlowStats> flows = new ArrayList<>(core.directions());
        flows.sort(Comparator.comparingLong(FlowStats::bytes).reversed());
        long largest = 0;
        double end = 0;
        for (PacketRow r : rows) {
            largest = Math.max(largest, r.length());
            end = Math.max(end, r.relativeSeconds());
        }
        return new StatisticsReport(core, Collections.unmodifiableList(bins), throughput(rows, end, throughputBins),
                Collections.unmodifiableList(flows), largest);
    }

    /** The shared core numbers: frames, bytes, jumbo kinds, checksums, conversations, expert counts. */
    public CaptureStatistics core() {
        return core;
    }

    public List<SizeBin> sizeBins() {
        return sizeBins;
    }

    /** Index of the first bucket holding only frames longer than {@link #CLASSIC_LIMIT}: the marker's place. */
    public int firstBinAboveLimit() {
        for (int i = 0; i < sizeBins.size(); i++) {
            if (sizeBins.get(i).lower() > CLASSIC_LIMIT) {
                return i;
            }
        }
        return -1;
    }

    public List<ThroughputPoint> throughput() {
        return throughput;
    }

    /** TCP and UDP directions, most bytes first. */
    public List<FlowStats> flows() {
        return flows;
    }

    public long frames() {
        return core.frames();
    }

    public long jumboFrames() {
        return core.jumboFrames();
    }

    public long largestFrame() {
        return largestFrame;
    }

    /** The display filter that lists one direction's frames. */
    public static String flowFilter(FlowKey key) {
        String family = key.ipVersion() == 6 ? "ipv6" : "ip";
        StringBuilder f = new StringBuilder();
        f.append(family).append(".src == ").append(key.sourceAddress()).append(" && ").append(family)
                .append(".dst == ").append(key.destinationAddress());
        String transport = key.protocolName();
        if (key.srcPort() >= 0 && (transport.equals("tcp") || transport.equals("udp"))) {
            f.append(" && ").append(transport).append(".srcport == ").append(key.srcPort())
                    .append(" && ").append(transport).append(".dstport == ").append(key.dstPort());
        } else if (transport.equals("icmp") || transport.equals("icmpv6")) {
            // without it the row's filter would also take TCP between the same two addresses
            f.append(" && ").append(transport);
        }
        return f.toString();
    }

    private static List<ThroughputPoint> throughput(List<PacketRow> rows, double end, int maxBins) {
        if (rows.isEmpty()) {
            return List.of();
        }
        double width = end <= 0 ? 1 : Math.max(end / Math.max(1, maxBins), 1e-6);
        int bins = (int) Math.min(maxBins, Math.floor(end / width) + 1);
        double[] bytes = new double[bins];
        for (PacketRow r : rows) {
            int b = (int) Math.min(bins - 1, Math.floor(r.relativeSeconds() / width));
            bytes[Math.max(0, b)] += r.length();
        }
        List<ThroughputPoint> points = new ArrayList<>(bins);
        for (int i = 0; i < bins; i++) {
            points.add(new ThroughputPoint(i * width, bytes[i] * 8 / width / 1e6));
        }
        return Collections.unmodifiableList(points);
    }
}
