package org.jumbocap.segment;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jumbocap.stats.FlowKey;

/**
 * What a {@link Segmenter} did: frames in and out, super-packets split, frames left whole by reason, and
 * for every flow that had a super-packet the rule its segment size came from. Memory grows with the number
 * of such flows, not frames.
 */
public final class SegmentReport {
    /** One direction of a flow whose super-packets were split (or left whole). */
    public static final class FlowUse {
        private SizeRule rule;
        private int segmentSize;
        private long superPackets;
        private long segments;

        public SizeRule rule() {
            return rule;
        }

        /** Payload bytes per segment of the flow's latest super-packet. */
        public int segmentSize() {
            return segmentSize;
        }

        public long superPackets() {
            return superPackets;
        }

        public long segments() {
            return segments;
        }
    }

    long framesIn;
    long framesWritten;
    long superPacketsSplit;
    long segmentsWritten;
    long bytesWritten;
    long checksumsCompleted;
    long framesDelayed;
    long longestDelay;
    private final Map<KeepReason, long[]> kept = new EnumMap<>(KeepReason.class);
    private final Map<FlowKey, FlowUse> flows = new LinkedHashMap<>();

    public long framesIn() {
        return framesIn;
    }

    /** Records written: segments plus frames copied. */
    public long framesWritten() {
        return framesWritten;
    }

    public long superPacketsSplit() {
        return superPacketsSplit;
    }

    public long segmentsWritten() {
        return segmentsWritten;
    }

    /** Frame bytes written (record headers not counted). */
    public long bytesWritten() {
        return bytesWritten;
    }

    /** Frames that needed no split, written as they came (an offloaded checksum completed). */
    public long framesCopied() {
        return framesWritten - segmentsWritten - keptWhole();
    }

    /**
     * Frames that needed no split but whose TCP or UDP checksum was left for the NIC: written with it completed,
     * as the NIC would have sent them.
     */
    public long checksumsCompleted() {
        return checksumsCompleted;
    }

    /**
     * Frames written later than their own time because the segments before them reached past it (the
     * output stays in time order), and the longest such delay in nanoseconds.
     */
    public long framesDelayed() {
        return framesDelayed;
    }

    public long longestDelayNanos() {
        return longestDelay;
    }

    /** Frames that were super-packets or jumbograms but were left whole, by reason: count and first frame. */
    public Map<KeepReason, long[]> keptByReason() {
        return Collections.unmodifiableMap(kept);
    }

    public long keptWhole() {
        long n = 0;
        for (long[] v : kept.values()) {
            n += v[0];
        }
        return n;
    }

    /** The flows (directions) with super-packets, in the order first seen. */
    public Map<FlowKey, FlowUse> flows() {
        return Collections.unmodifiableMap(flows);
    }

    void keep(KeepReason reason, long frameNumber) {
        long[] v = kept.computeIfAbsent(reason, r -> new long[] {0, frameNumber});
        v[0]++;
    }

    void split(FlowKey flow, SizeRule rule, int segmentSize, int segments) {
        superPacketsSplit++;
        segmentsWritten += segments;
        if (flow != null) {
            FlowUse use = flows.computeIfAbsent(flow, f -> new FlowUse());
            use.rule = rule;
            use.segmentSize = segmentSize;
            use.superPackets++;
            use.segments += segments;
        }
    }
}
