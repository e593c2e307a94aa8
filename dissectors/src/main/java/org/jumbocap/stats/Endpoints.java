package org.jumbocap.stats;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.pipeline.FramePipeline;

/**
 * Endpoints per {@link TrafficLayer}, as Wireshark's Statistics → Endpoints counts them: packets and frame
 * bytes sent (Tx) and received (Rx), plus the jumbograms and BIG TCP super-packets among them. A frame
 * from an address to itself (loopback) counts once as sent and once as received, as in Wireshark.
 * Computed from frame summaries alone. Not thread-safe.
 */
public final class Endpoints {
    private final Map<TrafficLayer, Map<TrafficEndpoint, Endpoint>> byLayer = new EnumMap<>(TrafficLayer.class);
    private final Map<TrafficLayer, List<Endpoint>> inOrder = new EnumMap<>(TrafficLayer.class);

    /** What one endpoint sent and received. */
    public static final class Endpoint {
        private final TrafficEndpoint address;
        private long txPackets;
        private long txBytes;
        private long rxPackets;
        private long rxBytes;
        private long jumboPackets;
        private long jumboBytes;

        Endpoint(TrafficEndpoint address) {
            this.address = address;
        }

        public TrafficEndpoint address() {
            return address;
        }

        /** Packets sent plus packets received. */
        public long packets() {
            return txPackets + rxPackets;
        }

        public long bytes() {
            return txBytes + rxBytes;
        }

        public long txPackets() {
            return txPackets;
        }

        public long txBytes() {
            return txBytes;
        }

        public long rxPackets() {
            return rxPackets;
        }

        public long rxBytes() {
            return rxBytes;
        }

        /** Jumbograms and BIG TCP super-packets sent or received. */
        public long jumboPackets() {
            return jumboPackets;
        }

        public long jumboBytes() {
            return jumboBytes;
        }
    }

    /** Counts the pipeline's current frame. */
    public void add(FramePipeline pipeline) {
        add(pipeline.summary(), pipeline.frame().originalLength());
    }

    /**
     * Counts one frame at every layer it has.
     *
     * @param frameBytes the frame's length on the wire
     */
    public void add(FrameSummary s, long frameBytes) {
        boolean jumbo = s.anyJumbo();
        for (TrafficLayer layer : TrafficLayer.values()) {
            if (!layer.present(s)) {
                continue;
            }
            Endpoint src = endpoint(layer, layer.source(s));
            src.txPackets++;
            src.txBytes += frameBytes;
            Endpoint dst = endpoint(layer, layer.destination(s));
            dst.rxPackets++;
            dst.rxBytes += frameBytes;
            if (jumbo) {
                src.jumboPackets++;
                src.jumboBytes += frameBytes;
                if (dst != src) {
                    dst.jumboPackets++;
                    dst.jumboBytes += frameBytes;
                }
            }
        }
    }

    private Endpoint endpoint(TrafficLayer layer, TrafficEndpoint address) {
        Map<TrafficEndpoint, Endpoint> endpoints = byLayer.computeIfAbsent(layer, l -> new HashMap<>());
        Endpoint e = endpoints.get(address);
        if (e == null) {
            e = new Endpoint(address);
            endpoints.put(address, e);
            inOrder.computeIfAbsent(layer, l -> new ArrayList<>()).add(e);
        }
        return e;
    }

    /** The endpoints at one layer, in order of their first frame. */
    public List<Endpoint> at(TrafficLayer layer) {
        return List.copyOf(inOrder.getOrDefault(layer, List.of()));
    }
}
