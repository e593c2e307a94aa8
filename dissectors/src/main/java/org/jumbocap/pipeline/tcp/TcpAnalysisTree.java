package org.jumbocap.pipeline.tcp;

import java.util.ArrayList;
import java.util.List;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;
import org.jumbocap.proto.tcp.TcpAnalysisFields;
import org.jumbocap.proto.tcp.TcpFields;
import org.jumbocap.tree.FieldFormat;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * Adds a frame's {@link TcpAnalysis} to its tree, where Wireshark shows it: {@code tcp.stream} after the
 * ports, {@code tcp.seq} / {@code tcp.nxtseq} / {@code tcp.ack} beside their raw values, then the
 * "Timestamps" and "SEQ/ACK analysis" subtrees before the payload, with an expert item on each finding.
 */
public final class TcpAnalysisTree {
    private TcpAnalysisTree() {
    }

    /** Adds the analysis to the innermost TCP layer of {@code tree}; nothing when the frame was not tracked. */
    public static void addTo(FrameTree tree, TcpAnalysis a) {
        if (a != null) {
            DnsTransactions.addTo(tree, a);
        }
        if (a == null || !a.tracked) {
            return;
        }
        FieldNode tcp = innermostTcp(tree);
        if (tcp == null) {
            return;
        }
        int offset = tcp.offset();
        FieldNode stream = insertAfter(tcp, TcpFields.PORT, node(TcpAnalysisFields.STREAM, offset, a.stream).generated());
        if (a.conversationCap >= 0) {
            tree.expert(stream, TcpAnalysisFields.CONVERSATION_CAP, a.conversationCap);
        }
        if (a.finClosing != 0) {
            // on the flags' letters, where Wireshark puts it
            FieldNode flags = tcp.child(TcpFields.FLAGS);
            FieldNode letters = flags == null ? null : flags.child(TcpFields.FLAGS_STR);
            tree.expert(letters != null ? letters : tcp, closingExpert(a));
        }
        String kind = a.relative ? "    (relative sequence number)" : "";
        FieldNode seqRaw = tcp.child(TcpFields.SEQ_RAW);
        int seqAt = seqRaw != null ? seqRaw.offset() : offset + 4;
        FieldNode seq = new FieldNode(TcpAnalysisFields.SEQ, seqAt, seqRaw != null ? 4 : 0, a.seq);
        insertBefore(tcp, TcpFields.SEQ_RAW, seq);
        long seqValue = a.seq;
        seq.setText(() -> "Sequence Number: " + seqValue + kind);
        long next = a.nextSeq;
        if (next >= 0) {
            insertAfter(tcp, TcpFields.SEQ_RAW, node(TcpAnalysisFields.NXTSEQ, offset, next).generated()
                    .setText(() -> "Next Sequence Number: " + next + kind));
        }
        FieldNode ackRaw = tcp.child(TcpFields.ACK_RAW);
        if (ackRaw != null) {
            long ackValue = a.ack;
            String ackKind = a.relative ? "    (relative ack number)" : "";
            insertBefore(tcp, TcpFields.ACK_RAW, new FieldNode(TcpAnalysisFields.ACK, ackRaw.offset(), 4, ackValue))
                    .setText(() -> "Acknowledgment Number: " + ackValue + ackKind);
        }

        if (a.windowSize >= 0 && tcp.child(TcpFields.WINDOW_SIZE_VALUE) != null) {
            int factor = a.windowScalingFactor;
            FieldNode value = tcp.child(TcpFields.WINDOW_SIZE_VALUE);
            long size = a.windowSize;
            insertAfter(tcp, TcpFields.WINDOW_SIZE_VALUE, new FieldNode(TcpAnalysisFields.WINDOW_SIZE, value.offset(),
                    value.length(), size).generated().setText(() -> "Calculated window size: " + size));
            if (factor != 0) {
                insertAfter(tcp, TcpAnalysisFields.WINDOW_SIZE, node(TcpAnalysisFields.WINDOW_SIZE_SCALING_FACTOR, offset, (long) factor).generated()
                        .setText(() -> "Window size scaling factor: " + factor
                                + (factor == -1 ? " (unknown)" : factor == -2 ? " (no window scaling used)" : "")));
            }
        }

        int at = tcp.lastIndexOf(TcpFields.PAYLOAD);
        if (at < 0) {
            at = tcp.children().size();
        }
        FieldNode times = tcp.insert(at++, node(TcpAnalysisFields.TIMESTAMPS, offset, null).generated());
        seconds(times, TcpAnalysisFields.TIME_RELATIVE, offset, a.timeRelativeNanos);
        seconds(times, TcpAnalysisFields.TIME_DELTA, offset, a.timeDeltaNanos);
        if (!a.hasAnalysisTree()) {
            return;
        }
        FieldNode analysis = tcp.insert(at, node(TcpAnalysisFields.ANALYSIS, offset, null).generated());
        if (a.acksFrame >= 0) {
            analysis.add(node(TcpAnalysisFields.ACKS_FRAME, offset, a.acksFrame).generated());
            if (a.ackRttNanos > 0) {
                seconds(analysis, TcpAnalysisFields.ACK_RTT, offset, a.ackRttNanos);
            }
        }
        if (a.initialRttNanos > 0) {
            seconds(analysis, TcpAnalysisFields.INITIAL_RTT, offset, a.initialRttNanos);
        }
        if (a.bytesInFlight > 0) {
            analysis.add(node(TcpAnalysisFields.BYTES_IN_FLIGHT, offset, a.bytesInFlight).generated());
        }
        if (a.flags != 0) {
            FieldNode flags = analysis.add(node(TcpAnalysisFields.FLAGS, offset, null).generated());
            for (TcpAnalysisFlag f : TcpAnalysisFlag.TREE_ORDER) {
                if (!a.has(f)) {
                    continue;
                }
                FieldNode n = flags.add(node(f.field(), offset, null).generated());
                if (f == TcpAnalysisFlag.DUPLICATE_ACK) {
                    tree.expert(n, f.expert(), a.duplicateAckNumber);
                } else {
                    tree.expert(n, f.expert());
                }
            }
            if (a.has(TcpAnalysisFlag.DUPLICATE_ACK)) {
                analysis.add(node(TcpAnalysisFields.DUPLICATE_ACK_NUM, offset, a.duplicateAckNumber).generated());
                analysis.add(node(TcpAnalysisFields.DUPLICATE_ACK_FRAME, offset, a.duplicateAckFrame).generated());
            }
        }
        if (a.wireSegments >= 0) {
            analysis.add(node(TcpAnalysisFields.EFFECTIVE_MSS, offset, a.effectiveMss).generated());
            analysis.add(node(TcpAnalysisFields.WIRE_SEGMENTS, offset, a.wireSegments).generated());
        }
        if (a.ackedBytes >= 0) {
            analysis.add(node(TcpAnalysisFields.ACKED_BYTES, offset, a.ackedBytes).generated());
            if (a.ackedSegments >= 0) {
                analysis.add(node(TcpAnalysisFields.ACKED_SEGMENTS, offset, a.ackedSegments).generated());
            }
        }
    }

    /** The most expert items {@link #experts(TcpAnalysis, ExpertDef[])} gives: the cap's, the closing's and one per flag. */
    public static final int MAX_EXPERTS = 2 + TcpAnalysisFlag.TREE_ORDER.size();

    /** True when {@link #experts} has something for this analysis; allocation-free, for hot loops. */
    public static boolean hasExperts(TcpAnalysis a) {
        return a != null && a.tracked && (a.conversationCap >= 0 || a.finClosing != 0 || (a.hasAnalysisTree() && a.flags != 0));
    }

    private static ExpertDef closingExpert(TcpAnalysis a) {
        return a.finClosing == TcpAnalysis.FIN_ACTIVE ? TcpAnalysisFields.CONNECTION_FIN_ACTIVE
                : TcpAnalysisFields.CONNECTION_FIN_PASSIVE;
    }

    /**
     * The expert items {@link #addTo} adds, in the order it adds them (the tree lists them in that order
     * after the dissectors' own).
     */
    public static List<ExpertDef> experts(TcpAnalysis a) {
        ExpertDef[] into = new ExpertDef[MAX_EXPERTS];
        int n = experts(a, into);
        return new ArrayList<>(java.util.Arrays.asList(into).subList(0, n));
    }

    /** The same into {@code into} (of {@link #MAX_EXPERTS}), without allocating; returns how many. */
    public static int experts(TcpAnalysis a, ExpertDef[] into) {
        if (!hasExperts(a)) {
            return 0;
        }
        int n = 0;
        if (a.conversationCap >= 0) {
            into[n++] = TcpAnalysisFields.CONVERSATION_CAP;
        }
        if (a.finClosing != 0) {
            into[n++] = closingExpert(a);
        }
        if (a.hasAnalysisTree() && a.flags != 0) {
            List<TcpAnalysisFlag> all = TcpAnalysisFlag.TREE_ORDER;
            for (int i = 0; i < all.size(); i++) {
                TcpAnalysisFlag f = all.get(i);
                if (a.has(f)) {
                    into[n++] = f.expert();
                }
            }
        }
        return n;
    }

    private static FieldNode innermostTcp(FrameTree tree) {
        FieldNode tcp = null;
        for (FieldNode layer : tree.layers()) {
            String name = layer.name();
            if (name.equals("icmp") || name.equals("icmpv6")) {
                // an ICMP error's quoted segment is another frame's
                break;
            }
            if (layer.def() == TcpFields.TCP) {
                tcp = layer;
            }
        }
        return tcp;
    }

    private static FieldNode node(FieldDef def, int offset, Object value) {
        return new FieldNode(def, offset, 0, value);
    }

    private static FieldNode node(FieldDef def, int offset, long value) {
        return new FieldNode(def, offset, 0, value);
    }

    /** A time in nanoseconds as the tree's seconds fields hold it. */
    public static double secondsValue(long nanos) {
        return Math.floorDiv(nanos, 1_000_000_000L) + Math.floorMod(nanos, 1_000_000_000L) / 1e9;
    }

    private static void seconds(FieldNode parent, FieldDef def, int offset, long nanos) {
        double value = secondsValue(nanos);
        parent.add(new FieldNode(def, offset, 0, value)).generated().setValueText(() -> FieldFormat.seconds(nanos));
    }

    private static FieldNode insertAfter(FieldNode layer, FieldDef anchor, FieldNode child) {
        int i = layer.lastIndexOf(anchor);
        return layer.insert(i < 0 ? layer.children().size() : i + 1, child);
    }

    private static FieldNode insertBefore(FieldNode layer, FieldDef anchor, FieldNode child) {
        int i = layer.lastIndexOf(anchor);
        return layer.insert(i < 0 ? layer.children().size() : i, child);
    }
}
