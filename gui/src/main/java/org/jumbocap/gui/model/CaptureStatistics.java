package org.jumbocap.gui.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Aggregates over packet rows for the statistics view: a size histogram whose bin edges fall on the
 * 64 KiB limit of classic IP, throughput over time, and per-flow totals. Pure computation, run in the
 * background.
 */
public final class CaptureStatistics {
    /** Bin upper edges (exclusive) of the size histogram; the last bin is open. */
    public static final long[] SIZE_EDGES = {1519, 9217, 16385, 32769, 65536, 98305, 131073, 196609, 262145, 524289};
    /** Index of the first bin above the classic 64 KiB limit, where the chart draws its marker. */
    public static final int FIRST_JUMBO_BIN = 5;

    public record SizeBin(String label, long frames, long jumboFrames) {
    }

    public record ThroughputPoint(double seconds, double megabitsPerSecond) {
    }

    /** One direction of one conversation. */
    public record Flow(String protocol, String source, int sourcePort, String destination, int destinationPort,
                       long frames, long bytes, long largestFrame, long jumboFrames, double firstSeconds,
                       double lastSeconds) {
        public String sourceEndpoint() {
            return endpoint(source, sourcePort);
        }

        public String destinationEndpoint() {
            return endpoint(destination, destinationPort);
        }

        private static String endpoint(String address, int port) {
            if (port < 0) {
                return address;
            }
            return address.indexOf(':') >= 0 ? "[" + address + "]:" + port : address + ":" + port;
        }

        /** The display filter that shows this flow's frames. */
        public String filter() {
            String family = source.indexOf(':') >= 0 ? "ipv6" : "ip";
            StringBuilder f = new StringBuilder();
            f.append(family).append(".src == ").append(source).append(" && ").append(family).append(".dst == ").append(destination);
            String transport = protocol.toLowerCase(java.util.Locale.ROOT);
            if (sourcePort >= 0 && (transport.equals("tcp") || transport.equals("udp"))) {
                f.append(" && ").append(transport).append(".srcport == ").append(sourcePort)
                        .append(" && ").append(transport).append(".dstport == ").append(destinationPort);
            }
            return f.toString();
        }
    }

    private final List<SizeBin> sizeBins;
    private final List<ThroughputPoint> throughput;
    private final List<Flow> flows;
    private final long frames;
    private final long jumboFrames;
    private final long largestFrame;

    private CaptureStatistics(List<SizeBin> sizeBins, List<ThroughputPoint> throughput, List<Flow> flows, long frames,
                              long jumboFrames, long largestFrame) {
        this.sizeBins = sizeBins;
        this.throughput = throughput;
        this.flows = flows;
        this.frames = frames;
        this.jumboFrames = jumboFrames;
        this.largestFrame = largestFrame;
    }

    public List<SizeBin> sizeBins() {
        return sizeBins;
    }

    public List<ThroughputPoint> throughput() {
        return throughput;
    }

    public List<Flow> flows() {
        return flows;
    }

    public long frames() {
        return frames;
    }

    public long jumboFrames() {
        return jumboFrames;
    }

    public long largestFrame() {
        return largestFrame;
    }

    private record FlowKey(String protocol, String source, int sourcePort, String destination, int destinationPort) {
    }

    private static final class FlowTotals {
        long frames;
        long bytes;
        long largest;
        long jumbo;
        double first = Double.MAX_VALUE;
        double last;
    }

    /** @param throughputBins how many time slices the throughput curve has at most */
    public static CaptureStatistics of(List<PacketRow> rows, int throughputBins) {
        long[] binFrames = new long[SIZE_EDGES.length + 1];
        long[] binJumbo = new long[SIZE_EDGES.length + 1];
        Map<FlowKey, FlowTotals> flowTotals = new HashMap<>();
        long jumbo = 0;
        long largest = 0;
        double end = 0;
        for (PacketRow r : rows) {
            int bin = sizeBin(r.length());
            binFrames[bin]++;
            if (r.isJumbo()) {
                binJumbo[bin]++;
                jumbo++;
            }
            largest = Math.max(largest, r.length());
            end = Math.max(end, r.relativeSeconds());
            if (!r.source().isEmpty()) {
                FlowTotals t = flowTotals.computeIfAbsent(new FlowKey(r.protocol(), r.source(), r.sourcePort(),
                        r.destination(), r.destinationPort()), k -> new FlowTotals());
                t.frames++;
                t.bytes += r.length();
                t.largest = Math.max(t.largest, r.length());
                t.jumbo += r.isJumbo() ? 1 : 0;
                t.first = Math.min(t.first, r.relativeSeconds());
                t.last = Math.max(t.last, r.relativeSeconds());
            }
        }
        List<SizeBin> bins = new ArrayList<>(binFrames.length);
        for (int i = 0; i < binFrames.length; i++) {
            bins.add(new SizeBin(binLabel(i), binFrames[i], binJumbo[i]));
        }
        List<Flow> flows = new ArrayList<>(flowTotals.size());
        flowTotals.forEach((k, t) -> flows.add(new Flow(k.protocol(), k.source(), k.sourcePort(), k.destination(),
                k.destinationPort(), t.frames, t.bytes, t.largest, t.jumbo, t.first, t.last)));
        flows.sort(Comparator.comparingLong(Flow::bytes).reversed());
        return new CaptureStatistics(Collections.unmodifiableList(bins), throughput(rows, end, throughputBins),
                Collections.unmodifiableList(flows), rows.size(), jumbo, largest);
    }

    static int sizeBin(long length) {
        for (int i = 0; i < SIZE_EDGES.length; i++) {
            if (length < SIZE_EDGES[i]) {
                return i;
            }
        }
        return SIZE_EDGES.length;
    }

    private static String binLabel(int i) {
        long low = i == 0 ? 0 : SIZE_EDGES[i - 1];
        if (i == SIZE_EDGES.length) {
            return "\u2265 " + human(low);
        }
        return human(low) + "\u2013" + human(SIZE_EDGES[i] - 1);
    }

    private static String human(long bytes) {
        if (bytes < 1024 * 4) {
            return Long.toString(bytes);
        }
        return Math.round(bytes / 1024.0) + "K";
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
