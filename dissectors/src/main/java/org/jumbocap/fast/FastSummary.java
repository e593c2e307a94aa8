package org.jumbocap.fast;

import org.jumbocap.jumbo.JumboKind;

/**
 * The allocation-free summary of a frame: which flow, how long, whether it is a jumbogram, where the
 * transport header starts. One instance is reused for every frame ({@link FastDecoder#decode} resets
 * it). Addresses are kept as numbers so no array is allocated: IPv4 in the low 32 bits of {@code srcLo}
 * / {@code dstLo}, IPv6 as high and low 64 bits. For a tunnelled frame the summary describes the
 * innermost IP packet and {@link #tunnelDepth} says how many tunnels enclose it.
 */
public final class FastSummary {
    public long frameNumber;
    public int linkType;
    public int capturedLength;
    public long originalLength;

    /** Frame offset of the (innermost) IP header, or -1. */
    public int ipOffset = -1;
    /** 4, 6, or 0 when the frame holds no IP. */
    public int ipVersion;
    public long srcHi;
    public long srcLo;
    public long dstHi;
    public long dstLo;
    /** Transport protocol after the extension-header chain (6 TCP, 17 UDP, 58 ICMPv6...), or -1. */
    public int ipProto = -1;
    /** Real layer-3 payload length (bytes after the fixed IP header), jumbo-aware. */
    public long l3PayloadLength;
    /** Null for an ordinary packet. */
    public JumboKind jumboKind;

    /** Frame offset of the transport header, or -1. */
    public int transportOffset = -1;
    /** Ports for TCP and UDP, else -1. */
    public int srcPort = -1;
    public int dstPort = -1;
    /** TCP flags: the 12 bits after the data offset (0x100 AE, 0xE00 reserved), or -1. */
    public int tcpFlags = -1;
    public long tcpSeq = -1;
    /** Transport payload bytes (TCP segment data, UDP data), jumbo-aware, or -1. */
    public long transportPayloadLength = -1;
    public int tunnelDepth;
    /** True when a header the summary needed ran past the captured bytes. */
    public boolean truncated;
    /**
     * True when the full tree holds layers this summary does not describe: the packet quoted by an ICMP
     * error, or nesting past the decoder's bounds. A display filter answered from such a summary may
     * differ from the tree's answer, so filtering code dissects these frames in full.
     */
    public boolean incomplete;

    /*
     * Every IP header and UDP header of the frame, outermost first, so a display filter evaluated on the
     * summary sees the same occurrences as one evaluated on the tree (a VXLAN frame has two ip.src and
     * two udp.port). Arrays are sized once for the deepest tunnel nesting the decoder follows.
     */
    /** Most IP headers (and UDP headers) a frame can contribute: one per tunnel level plus the outer one. */
    public static final int MAX_LAYERS = FastDecoder.MAX_TUNNEL_DEPTH + 1;
    public int ipLayerCount;
    public final int[] layerIpVersion = new int[MAX_LAYERS];
    /** The header's own protocol field: IPv4 protocol, IPv6 fixed header's next header. */
    public final int[] layerProtocolField = new int[MAX_LAYERS];
    public final long[] layerSrcHi = new long[MAX_LAYERS];
    public final long[] layerSrcLo = new long[MAX_LAYERS];
    public final long[] layerDstHi = new long[MAX_LAYERS];
    public final long[] layerDstLo = new long[MAX_LAYERS];
    public final long[] layerL3PayloadLength = new long[MAX_LAYERS];
    public final JumboKind[] layerJumboKind = new JumboKind[MAX_LAYERS];
    public int udpCount;
    public final int[] udpSrcPort = new int[MAX_LAYERS];
    public final int[] udpDstPort = new int[MAX_LAYERS];
    /** TCP header length in bytes (data offset times 4), or -1. */
    public int tcpHeaderLength = -1;

    /** Resets every field to "not present". */
    public void reset() {
        frameNumber = 0;
        linkType = 0;
        capturedLength = 0;
        originalLength = 0;
        ipOffset = -1;
        ipVersion = 0;
        srcHi = srcLo = dstHi = dstLo = 0;
        ipProto = -1;
        l3PayloadLength = 0;
        jumboKind = null;
        transportOffset = -1;
        srcPort = dstPort = -1;
        tcpFlags = -1;
        tcpSeq = -1;
        transportPayloadLength = -1;
        tunnelDepth = 0;
        truncated = false;
        incomplete = false;
        ipLayerCount = 0;
        udpCount = 0;
        tcpHeaderLength = -1;
    }

    public boolean isJumbo() {
        return jumboKind != null;
    }

    /** True when any IP header of the frame (outer or inner) is a jumbogram. */
    public boolean anyJumbo() {
        for (int i = 0; i < ipLayerCount; i++) {
            if (layerJumboKind[i] != null) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "FastSummary{ip=" + ipVersion + " proto=" + ipProto + " ports=" + srcPort + ">" + dstPort
                + " l3len=" + l3PayloadLength + " jumbo=" + jumboKind + " tlen=" + transportPayloadLength
                + " tunnels=" + tunnelDepth + (truncated ? " truncated" : "") + (incomplete ? " incomplete" : "") + "}";
    }
}
