package org.jumbocap.stats;

/**
 * Counts of one direction of a conversation. A super-packet is a frame carrying more than one segment's
 * worth of transport payload: more than the MSS the receiver announced when that is known, otherwise a
 * jumbogram or an IP packet longer than an Ethernet frame can be.
 */
public final class FlowStats {
    /** Largest IP packet an Ethernet frame without jumbo frames carries; beyond it a packet was merged. */
    static final long ETHERNET_MTU = 1500;

    private final FlowKey key;
    private long frames;
    private long bytes;
    private long payloadBytes;
    private long largestFrame;
    private long superPackets;
    private long superPacketBytes;
    private long superPacketPayload;
    private long segmentsInSuperPackets;
    private long jumbograms;
    private long firstFrame;
    private long firstNanos;
    private long lastNanos;
    /** MSS this side announced in its SYN, or -1. */
    private int announcedMss = -1;

    FlowStats(FlowKey key) {
        this.key = key;
    }

    /**
     * @param frameLength    frame length on the wire
     * @param payload        transport payload bytes, or -1 when unknown
     * @param ipLength       real IP packet length (jumbo-aware), or -1
     * @param jumbo          the frame is a jumbogram or BIG TCP super-packet
     * @param receiverMss    MSS the other side announced, or -1
     */
    void add(long frameNumber, long nanos, long frameLength, long payload, long ipLength, boolean jumbo, int receiverMss) {
        if (frames == 0) {
            firstFrame = frameNumber;
            firstNanos = nanos;
        }
        lastNanos = nanos;
        frames++;
        bytes += frameLength;
        if (payload > 0) {
            payloadBytes += payload;
        }
        largestFrame = Math.max(largestFrame, frameLength);
        if (jumbo) {
            jumbograms++;
        }
        boolean isSuper = receiverMss > 0 ? payload > receiverMss : jumbo || ipLength > ETHERNET_MTU;
        if (isSuper) {
            superPackets++;
            superPacketBytes += frameLength;
            if (payload > 0) {
                superPacketPayload += payload;
            }
            if (receiverMss > 0) {
                segmentsInSuperPackets += (payload + receiverMss - 1) / receiverMss;
            }
        }
    }

    void announceMss(int mss) {
        announcedMss = mss;
    }

    public FlowKey key() {
        return key;
    }

    public long frames() {
        return frames;
    }

    /** Sum of frame lengths on the wire. */
    public long bytes() {
        return bytes;
    }

    public long payloadBytes() {
        return payloadBytes;
    }

    public long largestFrame() {
        return largestFrame;
    }

    public double meanFrame() {
        return frames == 0 ? 0 : (double) bytes / frames;
    }

    public long superPackets() {
        return superPackets;
    }

    public long superPacketBytes() {
        return superPacketBytes;
    }

    public double meanSuperPacket() {
        return superPackets == 0 ? 0 : (double) superPacketBytes / superPackets;
    }

    /** Frames whose real length came from a jumbo rule (RFC 2675 option or a zero length field). */
    public long jumbograms() {
        return jumbograms;
    }

    /** MSS this side announced in its SYN, or -1 when no SYN of this side was seen. */
    public int announcedMss() {
        return announcedMss;
    }

    /**
     * Mean number of MSS-sized segments a super-packet of this direction stands for, or -1 when the
     * receiver's MSS is unknown or there were none. Counted with the MSS in force when each frame was seen.
     */
    public double segmentsPerSuperPacket() {
        return superPackets == 0 || segmentsInSuperPackets == 0 ? -1 : (double) segmentsInSuperPackets / superPackets;
    }

    public long superPacketPayload() {
        return superPacketPayload;
    }

    public long firstFrame() {
        return firstFrame;
    }

    public long durationNanos() {
        return lastNanos - firstNanos;
    }
}
