package org.jumbocap.pipeline.tcp;

import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;
import org.jumbocap.proto.tcp.TcpAnalysisFields;

/**
 * The findings of TCP sequence analysis, one table: the field and expert item each one adds and its mark
 * in the summary line. Declared in the order Wireshark adds them to the tree; tshark prepends each mark to
 * the Info column in that order, so the marks read in the reverse order ({@link #MARK_ORDER}).
 */
public enum TcpAnalysisFlag {
    REUSED_PORTS(TcpAnalysisFields.REUSED_PORTS, TcpAnalysisFields.EXPERT_REUSED_PORTS, "[TCP Port numbers reused]"),
    RETRANSMISSION(TcpAnalysisFields.RETRANSMISSION, TcpAnalysisFields.EXPERT_RETRANSMISSION, "[TCP Retransmission]"),
    FAST_RETRANSMISSION(TcpAnalysisFields.FAST_RETRANSMISSION, TcpAnalysisFields.EXPERT_FAST_RETRANSMISSION, "[TCP Fast Retransmission]"),
    SPURIOUS_RETRANSMISSION(TcpAnalysisFields.SPURIOUS_RETRANSMISSION, TcpAnalysisFields.EXPERT_SPURIOUS_RETRANSMISSION,
            "[TCP Spurious Retransmission]"),
    OUT_OF_ORDER(TcpAnalysisFields.OUT_OF_ORDER, TcpAnalysisFields.EXPERT_OUT_OF_ORDER, "[TCP Out-Of-Order]"),
    LOST_SEGMENT(TcpAnalysisFields.LOST_SEGMENT, TcpAnalysisFields.EXPERT_LOST_SEGMENT, "[TCP Previous segment not captured]"),
    ACK_LOST_SEGMENT(TcpAnalysisFields.ACK_LOST_SEGMENT, TcpAnalysisFields.EXPERT_ACK_LOST_SEGMENT, "[TCP ACKed unseen segment]"),
    WINDOW_UPDATE(TcpAnalysisFields.WINDOW_UPDATE, TcpAnalysisFields.EXPERT_WINDOW_UPDATE, "[TCP Window Update]"),
    WINDOW_FULL(TcpAnalysisFields.WINDOW_FULL, TcpAnalysisFields.EXPERT_WINDOW_FULL, "[TCP Window Full]"),
    KEEP_ALIVE(TcpAnalysisFields.KEEP_ALIVE, TcpAnalysisFields.EXPERT_KEEP_ALIVE, "[TCP Keep-Alive]"),
    KEEP_ALIVE_ACK(TcpAnalysisFields.KEEP_ALIVE_ACK, TcpAnalysisFields.EXPERT_KEEP_ALIVE_ACK, "[TCP Keep-Alive ACK]"),
    /** Its mark names the frame it repeats and its number: {@code [TCP Dup ACK 12#3]}. */
    DUPLICATE_ACK(TcpAnalysisFields.DUPLICATE_ACK, TcpAnalysisFields.EXPERT_DUPLICATE_ACK, "[TCP Dup ACK "),
    ZERO_WINDOW_PROBE(TcpAnalysisFields.ZERO_WINDOW_PROBE, TcpAnalysisFields.EXPERT_ZERO_WINDOW_PROBE, "[TCP ZeroWindowProbe]"),
    ZERO_WINDOW(TcpAnalysisFields.ZERO_WINDOW, TcpAnalysisFields.EXPERT_ZERO_WINDOW, "[TCP ZeroWindow]"),
    ZERO_WINDOW_PROBE_ACK(TcpAnalysisFields.ZERO_WINDOW_PROBE_ACK, TcpAnalysisFields.EXPERT_ZERO_WINDOW_PROBE_ACK,
            "[TCP ZeroWindowProbeAck]");

    private static final TcpAnalysisFlag[] VALUES = values();
    /** Every flag in the order the tree lists them; read by index, it allocates nothing (as values() does). */
    public static final java.util.List<TcpAnalysisFlag> TREE_ORDER = java.util.List.of(VALUES);
    /** The order the marks read in the summary line: the reverse of the tree's. */
    public static final java.util.List<TcpAnalysisFlag> MARK_ORDER;

    static {
        java.util.List<TcpAnalysisFlag> reversed = new java.util.ArrayList<>(java.util.List.of(VALUES));
        java.util.Collections.reverse(reversed);
        MARK_ORDER = java.util.List.copyOf(reversed);
    }

    private final FieldDef field;
    private final ExpertDef expert;
    private final String mark;

    TcpAnalysisFlag(FieldDef field, ExpertDef expert, String mark) {
        this.field = field;
        this.expert = expert;
        this.mark = mark;
    }

    public int bit() {
        return 1 << ordinal();
    }

    public boolean in(int flags) {
        return (flags & bit()) != 0;
    }

    public FieldDef field() {
        return field;
    }

    public ExpertDef expert() {
        return expert;
    }

    /** The summary line's mark (for {@link #DUPLICATE_ACK} only its start). */
    public String mark() {
        return mark;
    }

    /**
     * The marks of the findings in {@code flags}, as tshark writes them at the start of the Info column:
     * "[TCP Retransmission] ", "[TCP Dup ACK 23#2] ", ... (tshark prepends each one, so the last found reads
     * first). A fast or spurious retransmission shows only its own mark.
     */
    public static void appendMarks(StringBuilder s, int flags, long duplicateAckFrame, long duplicateAckNumber) {
        if (flags == 0) {
            return;
        }
        int retransmissionKinds = FAST_RETRANSMISSION.bit() | SPURIOUS_RETRANSMISSION.bit();
        for (TcpAnalysisFlag f : MARK_ORDER) {
            if (!f.in(flags) || (f == RETRANSMISSION && (flags & retransmissionKinds) != 0)) {
                continue;
            }
            s.append(f.mark);
            if (f == DUPLICATE_ACK) {
                s.append(duplicateAckFrame).append('#').append(duplicateAckNumber).append(']');
            }
            s.append(' ');
        }
    }

    /** The flag whose field this is, or null. */
    public static TcpAnalysisFlag ofField(String filterName) {
        for (TcpAnalysisFlag f : VALUES) {
            if (f.field.name().equals(filterName)) {
                return f;
            }
        }
        return null;
    }
}
