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
    /** TCP flags byte (with the NS bit as 0x100), or -1. */
    public int tcpFlags = -1;
    public long tcpSeq = -1;
    /** Transport payload bytes (TCP segment data, UDP data), jumbo-aware, or -1. */
    public long transportPayloadLength = -1;
    public int tunnelDepth;
    /** True when a header the summary needed ran past the captured bytes. */
    public boolean truncated;

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
    }

    public boolean isJumbo() {
        return jumboKind != null;
    }
}
