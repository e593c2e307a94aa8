package org.jumbocap.gui.model;

import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.proto.tcp.TcpFlags;

/** Turns a frame's fast summary into a packet-list row. One instance per background thread. */
public final class RowFactory {
    private final RowStrings strings = new RowStrings();

    public PacketRow row(FrameRecord frame, FrameSummary s, long firstNanos) {
        String src = strings.address(s.ipVersion, s.srcHi, s.srcLo);
        String dst = strings.address(s.ipVersion, s.dstHi, s.dstLo);
        long realLength = s.ipVersion == 0 ? -1 : s.l3PayloadLength;
        return new PacketRow(frame.number(), frame.timestampNanos(), frame.timestampNanos() - firstNanos, src, dst,
                protocolName(s), frame.originalLength(), frame.capturedLength(), s.jumboKind, realLength,
                frame.fileOffset(), s.srcPort, s.dstPort, s.tcpFlags, s.tcpSeq, s.transportPayloadLength,
                s.tunnelDepth, s.truncated);
    }

    static String protocolName(FrameSummary s) {
        switch (s.ipProto) {
            case 6:
                return "TCP";
            case 17:
                return "UDP";
            case 58:
                return "ICMPv6";
            case 1:
                return "ICMP";
            default:
                break;
        }
        if (s.ipVersion == 6) {
            return "IPv6";
        }
        if (s.ipVersion == 4) {
            return "IPv4";
        }
        return "Frame";
    }

    static String info(PacketRow r) {
        StringBuilder b = new StringBuilder(80);
        if (r.sourcePort() >= 0 && r.destinationPort() >= 0) {
            b.append(r.sourcePort()).append(" \u2192 ").append(r.destinationPort());
        }
        if (r.tcpFlags() >= 0) {
            b.append(' ').append(tcpFlags(r.tcpFlags()));
            if (r.tcpSeq() >= 0) {
                b.append(" Seq=").append(r.tcpSeq());
            }
        }
        if (r.transportPayloadLength() >= 0) {
            b.append(" Len=").append(r.transportPayloadLength());
        } else if (r.realLength() >= 0) {
            b.append(" Payload=").append(r.realLength());
        }
        if (r.tunnelDepth() > 0) {
            b.append("  [tunnelled x").append(r.tunnelDepth()).append(']');
        }
        if (r.capturedLength() < r.length()) {
            b.append("  [cut: ").append(r.capturedLength()).append(" of ").append(r.length()).append(']');
        } else if (r.isTruncated()) {
            b.append("  [truncated]");
        }
        return b.toString().strip();
    }

    static String tcpFlags(int flags) {
        StringBuilder b = TcpFlags.appendNames(flags, new StringBuilder("["));
        return b.append(']').toString();
    }
}
