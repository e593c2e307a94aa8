package org.jumbocap.stats;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.tcp.TcpAnalysis;

/**
 * Two-way conversations per {@link TrafficLayer}, as Wireshark's Statistics → Conversations counts them:
 * packets and frame bytes (length on the wire) each way, the first and last time, plus the jumbograms
 * and BIG TCP super-packets among them. Computed from frame summaries alone, so no tree is built.
 * Address A is the source of the conversation's first frame. Memory grows with the number of
 * conversations, not of frames. Not thread-safe.
 */
public final class TwoWayConversations {
    private final Map<TrafficLayer, Map<Pair, Conversation>> byLayer = new EnumMap<>(TrafficLayer.class);
    private final Map<TrafficLayer, List<Conversation>> inOrder = new EnumMap<>(TrafficLayer.class);
    private long captureStartNanos = Long.MIN_VALUE;

    /**
     * The two ends in sorted order: one key for both directions; at the TCP layer also the stream (tcp.stream), so a
     * connection that reuses the ports of a closed one is a conversation of its own, as in tshark; -1 where unknown.
     */
    private record Pair(TrafficEndpoint low, TrafficEndpoint high, long stream) {
        static Pair of(TrafficEndpoint x, TrafficEndpoint y, long stream) {
            return x.compareTo(y) <= 0 ? new Pair(x, y, stream) : new Pair(y, x, stream);
        }
    }

    /** Both directions of one conversation. */
    public static final class Conversation {
        private final TrafficEndpoint a;
        private final TrafficEndpoint b;
        private long packetsAtoB;
        private long bytesAtoB;
        private long packetsBtoA;
        private long bytesBtoA;
        private long jumboPackets;
        private long jumboBytes;
        private long firstNanos = Long.MAX_VALUE;
        private long lastNanos = Long.MIN_VALUE;

        Conversation(TrafficEndpoint a, TrafficEndpoint b) {
            this.a = a;
            this.b = b;
        }

        void add(boolean fromA, long nanos, long bytes, boolean jumbo) {
            if (fromA) {
                packetsAtoB++;
                bytesAtoB += bytes;
            } else {
                packetsBtoA++;
                bytesBtoA += bytes;
            }
            if (jumbo) {
                jumboPackets++;
                jumboBytes += bytes;
            }
            firstNanos = Math.min(firstNanos, nanos);
            lastNanos = Math.max(lastNanos, nanos);
        }

        public TrafficEndpoint a() {
            return a;
        }

        public TrafficEndpoint b() {
            return b;
        }

        public long packets() {
            return packetsAtoB + packetsBtoA;
        }

        public long bytes() {
            return bytesAtoB + bytesBtoA;
        }

        public long packetsAtoB() {
            return packetsAtoB;
        }

        public long bytesAtoB() {
            return bytesAtoB;
        }

        public long packetsBtoA() {
            return packetsBtoA;
        }

        public long bytesBtoA() {
            return bytesBtoA;
        }

        /** Jumbograms and BIG TCP super-packets (an IP header with a Jumbo option or a zero length field). */
        public long jumboPackets() {
            return jumboPackets;
        }

        public long jumboBytes() {
            return jumboBytes;
        }

        public long firstNanos() {
            return firstNanos;
        }

        /** Last frame's time minus the first's. */
        public long durationNanos() {
            return lastNanos - firstNanos;
        }

        /** Bits per second from A to B over the duration, or NaN when the duration is 0 (Wireshark shows "N/A"). */
        public double bitsPerSecondAtoB() {
            return rate(bytesAtoB);
        }

        public double bitsPerSecondBtoA() {
            return rate(bytesBtoA);
        }

        private double rate(long bytes) {
            long d = durationNanos();
            return d <= 0 ? Double.NaN : bytes * 8.0 * 1e9 / d;
        }

        /** The display filter for both directions: {@code ipv6.addr == A && tcp.port == 1 && ipv6.addr == B && tcp.port == 2}. */
        public String filter() {
            return a.filter() + " && " + b.filter();
        }
    }

    /**
     * Sets the time Rel Start counts from; without it, the first frame added. A display-filtered table
     * still counts from the capture's first frame, as Wireshark does.
     */
    public void setCaptureStart(long nanos) {
        captureStartNanos = nanos;
    }

    /** Counts the pipeline's current frame, its TCP conversation told apart by its stream when it was followed. */
    public void add(FramePipeline pipeline) {
        TcpAnalysis analysis = pipeline.tcpAnalysis();
        add(pipeline.summary(), pipeline.frame().timestampNanos(), pipeline.frame().originalLength(),
                analysis == null ? -1 : analysis.stream);
    }

    /**
     * Counts one frame at every layer it has, a TCP conversation by its addresses and ports alone.
     *
     * @param frameBytes the frame's length on the wire
     */
    public void add(FrameSummary s, long timestampNanos, long frameBytes) {
        add(s, timestampNanos, frameBytes, -1);
    }

    private void add(FrameSummary s, long timestampNanos, long frameBytes, long tcpStream) {
        if (captureStartNanos == Long.MIN_VALUE) {
            captureStartNanos = timestampNanos;
        }
        boolean jumbo = s.anyJumbo();
        for (TrafficLayer layer : TrafficLayer.values()) {
            if (!layer.present(s)) {
                continue;
            }
            TrafficEndpoint src = layer.source(s);
            TrafficEndpoint dst = layer.destination(s);
            Map<Pair, Conversation> conversations = byLayer.computeIfAbsent(layer, l -> new HashMap<>());
            Pair key = Pair.of(src, dst, layer == TrafficLayer.TCP ? tcpStream : -1);
            Conversation c = conversations.get(key);
            if (c == null) {
                c = new Conversation(src, dst);
                conversations.put(key, c);
                inOrder.computeIfAbsent(layer, l -> new ArrayList<>()).add(c);
            }
            c.add(c.a.equals(src), timestampNanos, frameBytes, jumbo);
        }
    }

    /** The conversations at one layer, in order of their first frame. */
    public List<Conversation> at(TrafficLayer layer) {
        return List.copyOf(inOrder.getOrDefault(layer, List.of()));
    }

    /** The time Rel Start counts from, or {@code Long.MIN_VALUE} before the first frame. */
    public long captureStartNanos() {
        return captureStartNanos;
    }
}
