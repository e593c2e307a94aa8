package org.jumbocap.stats;

/**
 * Counts of one direction of a conversation. A super-packet is a frame carrying more than one segment's
 * worth of transport payload: more than the effective MSS when the handshake was seen, otherwise a
 * jumbogram or an IP packet longer than an Ethernet frame can be.
 *
 * <p>The effective MSS is what Linux really cuts a super-packet into: the MSS announced in the SYNs less
 * the TCP options every segment carries (GSO copies the super-packet's TCP header, options included, into
 * each segment), so 1440 announced becomes 1428 with timestamps.
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
    /** Super-packets seen while the MSS was known: those {@link #segmentsInSuperPackets} counts. */
    private long superPacketsWithMss;
    private long jumbograms;
    private long firstFrame;
    private long firstNanos;
    private long lastNanos;
    /** MSS this side announced in its SYN, or -1. */
    private int announcedMss = -1;
    /** Effective MSS when this direction's latest data segment was seen, or -1. */
    private int effectiveMss = -1;
    /** TCP option bytes of this direction's latest data segment, or -1. */
    private int segmentOptionsLength = -1;
    /** The other direction of the conversation once it has been seen; null before, and for a key equal to its reverse. */
    FlowStats reverse;

    private final TcpAnalysisStats tcpAnalysis = new TcpAnalysisStats();
    /** TCP: a FIN was sent in this direction; an RST in this one. */
    boolean finSent;
    boolean resetSent;

    FlowStats(FlowKey key) {
        this.key = key;
    }

    /** Capture time of this direction's last frame. */
    public long lastNanos() {
        return lastNanos;
    }

    /** What TCP conversation analysis found in this direction (all zero for other protocols). */
    public TcpAnalysisStats tcpAnalysis() {
        return tcpAnalysis;
    }

    /**
     * @param frameLength    frame length on the wire
     * @param payload        TCP segment data or UDP data; for other protocols the bytes after the IP header
     *                       chain (the whole ICMP message); -1 when unknown
     * @param ipLength       real IP packet length (jumbo-aware), or -1
     * @param jumbo          the frame is a jumbogram or BIG TCP super-packet
     * @param mss            MSS in force from the SYNs (see {@link #mssInForce}), or -1
     * @param optionsLength  TCP option bytes of this frame's header, or -1 when not TCP
     */
    void add(long frameNumber, long nanos, long frameLength, long payload, long ipLength, boolean jumbo, int mss,
             int optionsLength) {
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
        int segmentSize = effectiveMss(mss, optionsLength);
        if (payload > 0 && optionsLength >= 0) {
            segmentOptionsLength = optionsLength;
            effectiveMss = segmentSize;
        }
        boolean isSuper = segmentSize > 0 ? payload > segmentSize : jumbo || ipLength > ETHERNET_MTU;
        if (isSuper) {
            superPackets++;
            superPacketBytes += frameLength;
            if (payload > 0) {
                superPacketPayload += payload;
            }
            if (segmentSize > 0) {
                superPacketsWithMss++;
                segmentsInSuperPackets += (payload + segmentSize - 1) / segmentSize;
            }
        }
    }

    /** The segment size a sender cuts its payload into: the MSS less the options each segment repeats; -1 when unknown. */
    public static int effectiveMss(int mss, int optionsLength) {
        if (mss <= 0) {
            return -1;
        }
        int size = mss - Math.max(0, optionsLength);
        return size > 0 ? size : -1;
    }

    /**
     * The MSS that bounds what this side sends: the smaller of the two announced (the receiver's caps the
     * segments, and Linux also clamps to its own, which it announced from its own MTU), else whichever was
     * seen; -1 when neither SYN was captured.
     */
    public int mssInForce() {
        return mssInForce(announcedMss, reverse == null ? -1 : reverse.announcedMss);
    }

    /** {@link #mssInForce()} from the MSS each side announced (-1 when its SYN was not seen). */
    public static int mssInForce(int own, int peer) {
        if (peer > 0 && own > 0) {
            return Math.min(peer, own);
        }
        return peer > 0 ? peer : own;
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
     * The segment size this direction's latest data segment stands for: the MSS in force less that
     * segment's TCP options (1428 for 1440 with timestamps); -1 when no SYN was seen or no data sent.
     */
    public int effectiveMss() {
        return effectiveMss;
    }

    /** TCP option bytes the latest data segment of this direction carried (12 with timestamps), or -1. */
    public int segmentOptionsLength() {
        return segmentOptionsLength;
    }

    /**
     * Mean number of segments a super-packet of this direction stands for, each counted as
     * ceil(payload / effective MSS) with the MSS in force and the options of that super-packet; -1 when the
     * MSS was never known for one.
     */
    public double segmentsPerSuperPacket() {
        return superPacketsWithMss == 0 ? -1 : (double) segmentsInSuperPackets / superPacketsWithMss;
    }

    /** Segments all super-packets seen with a known MSS stand for. */
    public long superPacketSegments() {
        return segmentsInSuperPackets;
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
