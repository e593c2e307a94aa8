package org.jumbocap.gui.model;

import java.util.function.Supplier;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.proto.link.LinkFields;
import org.jumbocap.proto.tcp.TcpFlags;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * Turns a frame's summary into its packet-list row: the packed part when the frame is read, the texts
 * when the row comes on screen. Both use the core's {@link SummaryText}, and the frame's tree only where
 * the summary cannot make the text exactly (an ICMP error, a frame without IP, an IPv4 fragment). One
 * instance per background thread.
 */
public final class RowFactory {
    private final RowStrings strings = new RowStrings();

    /** Appends the packed row of a frame just summarised. */
    public static void append(RowStore store, FrameRecord frame, FrameSummary s, Supplier<FrameTree> tree) {
        append(store, frame, s, null, tree);
    }

    /** As above, with the frame's TCP conversation analysis (null when not followed). */
    public static void append(RowStore store, FrameRecord frame, FrameSummary s, TcpAnalysis tcp, Supplier<FrameTree> tree) {
        String protocol = SummaryText.protocol(s);
        if (protocol == null) {
            protocol = SummaryText.protocol(tree.get());
        }
        store.append(frame.fileOffset(), frame.timestampNanos(), frame.originalLength(), frame.capturedLength(),
                s.ipVersion == 0 ? -1 : s.l3PayloadLength, protocol, s.jumboKind, s.truncated, tcp, s.tcpWindow);
    }

    /** The texts of a frame's row. */
    public RowText text(FrameSummary s, Supplier<FrameTree> tree) {
        return text(s, null, tree);
    }

    /** The texts of a frame's row, its Info with the TCP analysis as {@code read} shows it (null: none). */
    public RowText text(FrameSummary s, TcpAnalysis tcp, Supplier<FrameTree> tree) {
        String info = SummaryText.info(s, tcp);
        FrameTree t = info == null || s.ipVersion == 0 ? tree.get() : null;
        if (info == null) {
            info = SummaryText.info(t);
        }
        boolean ports = SummaryText.transportAboveIp(s);
        if (s.ipVersion == 0) {
            FieldNode src = t.find(LinkFields.ETH_SRC);
            if (src == null) {
                src = t.find(LinkFields.SLL_SRC_ETH);
            }
            FieldNode dst = t.find(LinkFields.ETH_DST);
            return new RowText(src == null ? "" : src.valueText(), dst == null ? "" : dst.valueText(), info, -1, -1);
        }
        return new RowText(strings.address(s.ipVersion, s.srcHi, s.srcLo), strings.address(s.ipVersion, s.dstHi, s.dstLo),
                info, ports ? s.srcPort : -1, ports ? s.dstPort : -1);
    }

    static String tcpFlags(int flags) {
        StringBuilder b = TcpFlags.appendNames(flags, new StringBuilder("["));
        return b.append(']').toString();
    }
}
