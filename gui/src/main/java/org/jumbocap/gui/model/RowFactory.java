package org.jumbocap.gui.model;

import java.util.function.Supplier;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.proto.tcp.TcpFlags;
import org.jumbocap.tree.FrameTree;

/** Turns a frame's fast summary into a packet-list row. One instance per background thread. */
public final class RowFactory {
    private final RowStrings strings = new RowStrings();

    /**
     * @param tree the frame's full tree, asked for only when the summary cannot make the protocol and info
     *             text exactly (an ICMP error, a frame without IP, an IPv4 fragment)
     */
    public PacketRow row(FrameRecord frame, FrameSummary s, long firstNanos, Supplier<FrameTree> tree) {
        String src = strings.address(s.ipVersion, s.srcHi, s.srcLo);
        String dst = strings.address(s.ipVersion, s.dstHi, s.dstLo);
        long realLength = s.ipVersion == 0 ? -1 : s.l3PayloadLength;
        String info = SummaryText.info(s);
        String protocol = SummaryText.protocol(s);
        if (info == null || protocol == null) {
            FrameTree t = tree.get();
            info = SummaryText.info(t);
            protocol = SummaryText.protocol(t);
        }
        return new PacketRow(frame.number(), frame.timestampNanos(), frame.timestampNanos() - firstNanos, src, dst,
                strings.shared(protocol), frame.originalLength(), frame.capturedLength(), s.jumboKind, realLength,
                frame.fileOffset(), s.srcPort, s.dstPort, s.tcpFlags, s.tcpSeq, s.transportPayloadLength,
                s.tunnelDepth, s.truncated, info);
    }

    static String tcpFlags(int flags) {
        StringBuilder b = TcpFlags.appendNames(flags, new StringBuilder("["));
        return b.append(']').toString();
    }
}
