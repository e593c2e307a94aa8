package org.jumbocap.gui.model;

import org.jumbocap.expert.Severity;
import org.jumbocap.jumbo.JumboKind;

/**
 * One precomputed line of the packet list. Built off the UI thread from the fast summary, so the table
 * cells only read fields. Strings that repeat (addresses, protocol names) are shared through {@link
 * RowStrings}, which keeps a million rows small.
 */
public final class PacketRow {
    private final long number;
    private final long timestampNanos;
    private final long relativeNanos;
    private final String source;
    private final String destination;
    private final String protocol;
    private final long length;
    private final int capturedLength;
    private final short tcpFlags;
    private final byte tunnelDepth;
    private final boolean truncated;
    private final long tcpSeq;
    private final long transportPayloadLength;
    private final JumboKind jumboKind;
    private final long realLength;
    private final long fileOffset;
    private final int sourcePort;
    private final int destinationPort;
    private volatile Severity worstExpert;
    private final String info;

    public PacketRow(long number, long timestampNanos, long relativeNanos, String source, String destination,
                     String protocol, long length, int capturedLength, JumboKind jumboKind, long realLength,
                     long fileOffset, int sourcePort, int destinationPort, int tcpFlags, long tcpSeq,
                     long transportPayloadLength, int tunnelDepth, boolean truncated, String info) {
        this.info = info;
        this.number = number;
        this.timestampNanos = timestampNanos;
        this.relativeNanos = relativeNanos;
        this.source = source;
        this.destination = destination;
        this.protocol = protocol;
        this.length = length;
        this.capturedLength = capturedLength;
        this.jumboKind = jumboKind;
        this.realLength = realLength;
        this.fileOffset = fileOffset;
        this.sourcePort = sourcePort;
        this.destinationPort = destinationPort;
        this.tcpFlags = (short) tcpFlags;
        this.tcpSeq = tcpSeq;
        this.transportPayloadLength = transportPayloadLength;
        this.tunnelDepth = (byte) Math.min(tunnelDepth, Byte.MAX_VALUE);
        this.truncated = truncated;
    }

    public long number() {
        return number;
    }

    public long timestampNanos() {
        return timestampNanos;
    }

    /** Nanoseconds since the first frame of the capture. */
    public long relativeNanos() {
        return relativeNanos;
    }

    public double relativeSeconds() {
        return relativeNanos / 1e9;
    }

    public String source() {
        return source;
    }

    public String destination() {
        return destination;
    }

    public String protocol() {
        return protocol;
    }

    /** Frame length on the wire as the capture reports it. */
    public long length() {
        return length;
    }

    public int capturedLength() {
        return capturedLength;
    }

    /** The info text of the frame's summary line, as {@code jumbocap read} prints it. */
    public String info() {
        return info;
    }

    /** TCP flags (NS as 0x100), or -1 when not TCP. */
    public int tcpFlags() {
        return tcpFlags;
    }

    public long tcpSeq() {
        return tcpSeq;
    }

    /** TCP or UDP payload bytes, jumbo-aware, or -1. */
    public long transportPayloadLength() {
        return transportPayloadLength;
    }

    public int tunnelDepth() {
        return tunnelDepth;
    }

    /** A header the summary needed ran past the captured bytes. */
    public boolean isTruncated() {
        return truncated;
    }

    /** Null for an ordinary packet. */
    public JumboKind jumboKind() {
        return jumboKind;
    }

    public boolean isJumbo() {
        return jumboKind != null;
    }

    /** Real layer-3 payload length as {@code JumboRules} decided it (-1 without IP). */
    public long realLength() {
        return realLength;
    }

    /** Where the record starts in its file, or -1 for frames kept in memory. */
    public long fileOffset() {
        return fileOffset;
    }

    public int sourcePort() {
        return sourcePort;
    }

    public int destinationPort() {
        return destinationPort;
    }

    /** Worst expert severity once the expert scan has seen the frame, else null. */
    public Severity worstExpert() {
        return worstExpert;
    }

    public void setWorstExpert(Severity severity) {
        this.worstExpert = severity;
    }

    @Override
    public String toString() {
        return number + " " + source + " -> " + destination + " " + protocol + " " + length + " " + info();
    }
}
