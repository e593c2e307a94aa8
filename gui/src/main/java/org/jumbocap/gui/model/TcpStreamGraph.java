package org.jumbocap.gui.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The segments one side of a TCP stream sent, for the Stevens graph (relative sequence number over time)
 * and the throughput graph. A super-packet is one segment of many wire segments: in the Stevens graph it
 * is one tall step, and its tooltip says how many segments of which size it stands for (the gso_size the
 * kernel recorded, else the MSS of the handshake, as the core's TCP analysis counts them).
 */
public final class TcpStreamGraph {
    /** How many throughput intervals the stream's span is cut into (fewer for a short stream). */
    public static final int THROUGHPUT_INTERVALS = 100;

    /**
     * One data segment.
     *
     * @param seconds      time since the capture's first frame
     * @param seq          relative sequence number of its first byte
     * @param length       payload bytes
     * @param wireSegments wire segments it stands for (1 for an ordinary segment)
     * @param segmentSize  the size those are cut at (gso_size or MSS), -1 when unknown
     * @param recordedSize true when {@code segmentSize} is the kernel's recorded gso_size
     */
    public record Segment(long frame, double seconds, long seq, long length, long wireSegments, int segmentSize,
                          boolean recordedSize) {
        /** "Frame 23: Seq 1 to 184,201 (184,200 bytes): 129 segments of 1,428 bytes (...)". */
        public String describe() {
            String s = String.format(Locale.ROOT, "Frame %,d: Seq %,d to %,d (%,d bytes)", frame, seq, seq + length, length);
            if (wireSegments > 1) {
                s += String.format(Locale.ROOT, ": %,d segments of %,d bytes (%s)", wireSegments, segmentSize,
                        recordedSize ? "the recorded gso_size" : "the MSS less the TCP options");
            }
            return s;
        }
    }

    /** Bits per second over one interval. */
    public record Rate(double seconds, double bitsPerSecond) {
    }

    private final long stream;
    private final String sender;
    private final List<Segment> segments;

    public TcpStreamGraph(long stream, String sender, List<Segment> segments) {
        this.stream = stream;
        this.sender = sender;
        this.segments = List.copyOf(segments);
    }

    public long stream() {
        return stream;
    }

    /** "2001:db8:1::1 port 42790 → 2001:db8:1::2 port 5201": the side whose data is drawn. */
    public String sender() {
        return sender;
    }

    /** Data segments in frame order. */
    public List<Segment> segments() {
        return segments;
    }

    public long bytes() {
        return segments.stream().mapToLong(Segment::length).sum();
    }

    /** Payload bits per second in equal intervals from the first data segment to the last. */
    public List<Rate> throughput() {
        List<Rate> out = new ArrayList<>();
        if (segments.isEmpty()) {
            return out;
        }
        double first = segments.get(0).seconds();
        double last = segments.get(segments.size() - 1).seconds();
        int n = last > first ? Math.min(THROUGHPUT_INTERVALS, Math.max(1, segments.size())) : 1;
        double width = last > first ? (last - first) / n : 1;
        long[] bytes = new long[n];
        for (Segment s : segments) {
            int k = (int) Math.min(n - 1, Math.floor((s.seconds() - first) / width));
            bytes[k] += s.length();
        }
        for (int k = 0; k < n; k++) {
            out.add(new Rate(first + k * width, bytes[k] * 8 / width));
        }
        return out;
    }
}
