package org.jumbocap.proto.tcp;

import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/**
 * The fields and expert items of TCP conversation analysis (Wireshark's names, severities and messages),
 * declared with TCP's own. The TCP dissector never adds them: they need the conversation's earlier frames,
 * so the in-order conversation step of the pipeline ({@code org.jumbocap.pipeline.tcp}) adds them to the
 * TCP layer. The jumbo additions say how many wire segments a super-packet stands for and how many an ACK
 * acknowledges.
 */
public final class TcpAnalysisFields {
    public static final FieldDef STREAM = FieldDef.of("tcp.stream", "Stream index", FieldType.UINT32,
            "Conversation number, from 0 in order of first appearance");
    public static final FieldDef SEQ = FieldDef.of("tcp.seq", "Sequence Number", FieldType.UINT32,
            "Sequence number relative to the conversation's first (raw with relative numbers off)");
    public static final FieldDef NXTSEQ = FieldDef.of("tcp.nxtseq", "Next Sequence Number", FieldType.UINT32,
            "Sequence number after this segment (data, SYN and FIN counted), relative like tcp.seq");
    public static final FieldDef ACK = FieldDef.of("tcp.ack", "Acknowledgment Number", FieldType.UINT32,
            "Acknowledgment number relative to the peer's first sequence number (raw with relative numbers off)");

    public static final FieldDef WINDOW_SIZE = FieldDef.of("tcp.window_size", "Calculated window size", FieldType.UINT32,
            "The window field scaled by the sender's window scale from the handshake (not on a SYN)");
    public static final FieldDef WINDOW_SIZE_SCALING_FACTOR = FieldDef.of("tcp.window_size_scalefactor",
            "Window size scaling factor", FieldType.INT32,
            "2 to the window scale; -1 when the handshake was not captured, -2 when a side did not offer scaling");

    public static final FieldDef ANALYSIS = FieldDef.of("tcp.analysis", "SEQ/ACK analysis", FieldType.NONE,
            "What the conversation's earlier frames say about this one");
    public static final FieldDef ACKS_FRAME = FieldDef.of("tcp.analysis.acks_frame", "This is an ACK to the segment in frame",
            FieldType.UINT32, "Frame whose segment this ACK acknowledges exactly");
    public static final FieldDef ACK_RTT = FieldDef.of("tcp.analysis.ack_rtt", "The RTT to ACK the segment was", FieldType.DOUBLE,
            "Seconds from the acknowledged segment to this ACK");
    public static final FieldDef INITIAL_RTT = FieldDef.of("tcp.analysis.initial_rtt", "iRTT", FieldType.DOUBLE,
            "Seconds from the SYN to the ACK of the SYN-ACK");
    public static final FieldDef BYTES_IN_FLIGHT = FieldDef.of("tcp.analysis.bytes_in_flight", "Bytes in flight", FieldType.UINT32,
            "Bytes sent and not yet acknowledged once this segment is sent");
    public static final FieldDef WIRE_SEGMENTS = FieldDef.of("tcp.analysis.wire_segments", "Wire segments", FieldType.UINT32,
            "Segments of the effective MSS this segment stands for on the wire: more than 1 for a GSO/GRO super-packet");
    public static final FieldDef EFFECTIVE_MSS = FieldDef.of("tcp.analysis.effective_mss", "Effective MSS", FieldType.UINT32,
            "Segment size the sender cuts data into: the MSS of the SYNs less the options of this segment");
    public static final FieldDef ACKED_BYTES = FieldDef.of("tcp.analysis.acked_bytes", "Newly acknowledged bytes", FieldType.UINT32,
            "Bytes of the peer this ACK acknowledges for the first time");
    public static final FieldDef ACKED_SEGMENTS = FieldDef.of("tcp.analysis.acked_segments", "Newly acknowledged wire segments",
            FieldType.UINT32, "Wire segments of the peer's effective MSS this ACK acknowledges for the first time (GRO merges their ACKs)");
    public static final FieldDef FLAGS = FieldDef.of("tcp.analysis.flags", "TCP Analysis Flags", FieldType.NONE,
            "Present when any analysis finding below is");
    public static final FieldDef RETRANSMISSION = FieldDef.of("tcp.analysis.retransmission", "Retransmission", FieldType.NONE,
            "This frame is a (suspected) retransmission");
    public static final FieldDef FAST_RETRANSMISSION = FieldDef.of("tcp.analysis.fast_retransmission", "Fast retransmission",
            FieldType.NONE, "This frame is a (suspected) fast retransmission");
    public static final FieldDef SPURIOUS_RETRANSMISSION = FieldDef.of("tcp.analysis.spurious_retransmission",
            "Spurious retransmission", FieldType.NONE, "This frame is a (suspected) spurious retransmission");
    public static final FieldDef OUT_OF_ORDER = FieldDef.of("tcp.analysis.out_of_order", "Out-of-order", FieldType.NONE,
            "This frame is a (suspected) out-of-order segment");
    public static final FieldDef REUSED_PORTS = FieldDef.of("tcp.analysis.reused_ports", "Reused ports", FieldType.NONE,
            "A new session started with the same ports as an earlier one");
    public static final FieldDef LOST_SEGMENT = FieldDef.of("tcp.analysis.lost_segment", "Previous segment not captured",
            FieldType.NONE, "Previous segment(s) not captured");
    public static final FieldDef ACK_LOST_SEGMENT = FieldDef.of("tcp.analysis.ack_lost_segment", "ACKed unseen segment",
            FieldType.NONE, "ACKed segment that wasn't captured");
    public static final FieldDef WINDOW_UPDATE = FieldDef.of("tcp.analysis.window_update", "Window update", FieldType.NONE,
            "TCP window update");
    public static final FieldDef WINDOW_FULL = FieldDef.of("tcp.analysis.window_full", "Window full", FieldType.NONE,
            "TCP window specified by the receiver is now completely full");
    public static final FieldDef KEEP_ALIVE = FieldDef.of("tcp.analysis.keep_alive", "Keep-alive", FieldType.NONE,
            "TCP keep-alive segment");
    public static final FieldDef KEEP_ALIVE_ACK = FieldDef.of("tcp.analysis.keep_alive_ack", "Keep-alive ACK", FieldType.NONE,
            "ACK to a TCP keep-alive segment");
    public static final FieldDef DUPLICATE_ACK = FieldDef.of("tcp.analysis.duplicate_ack", "Duplicate ACK", FieldType.NONE,
            "An ACK that repeats the last one with no data and the same window");
    public static final FieldDef DUPLICATE_ACK_NUM = FieldDef.of("tcp.analysis.duplicate_ack_num", "Duplicate ACK #", FieldType.UINT32,
            "How many duplicates of the same ACK so far");
    public static final FieldDef DUPLICATE_ACK_FRAME = FieldDef.of("tcp.analysis.duplicate_ack_frame", "Duplicate to the ACK in frame",
            FieldType.UINT32, "The ACK this one repeats");
    public static final FieldDef ZERO_WINDOW = FieldDef.of("tcp.analysis.zero_window", "Zero window", FieldType.NONE,
            "TCP Zero Window segment");
    public static final FieldDef ZERO_WINDOW_PROBE = FieldDef.of("tcp.analysis.zero_window_probe", "Zero window probe",
            FieldType.NONE, "TCP Zero Window Probe");
    public static final FieldDef ZERO_WINDOW_PROBE_ACK = FieldDef.of("tcp.analysis.zero_window_probe_ack", "Zero window probe ACK",
            FieldType.NONE, "ACK to a TCP Zero Window Probe");

    public static final FieldDef TIMESTAMPS = FieldDef.of("tcp.timestamps", "Timestamps", FieldType.NONE,
            "Times within the conversation");
    public static final FieldDef TIME_RELATIVE = FieldDef.of("tcp.time_relative", "Time since first frame in this TCP stream",
            FieldType.DOUBLE, "Seconds since the conversation's first frame");
    public static final FieldDef TIME_DELTA = FieldDef.of("tcp.time_delta", "Time since previous frame in this TCP stream",
            FieldType.DOUBLE, "Seconds since the conversation's previous frame");

    public static final ExpertDef EXPERT_RETRANSMISSION = new ExpertDef("tcp.analysis.retransmission", ExpertGroup.SEQUENCE,
            Severity.NOTE, "This frame is a (suspected) retransmission");
    public static final ExpertDef EXPERT_FAST_RETRANSMISSION = new ExpertDef("tcp.analysis.fast_retransmission", ExpertGroup.SEQUENCE,
            Severity.NOTE, "This frame is a (suspected) fast retransmission");
    public static final ExpertDef EXPERT_SPURIOUS_RETRANSMISSION = new ExpertDef("tcp.analysis.spurious_retransmission",
            ExpertGroup.SEQUENCE, Severity.NOTE, "This frame is a (suspected) spurious retransmission");
    public static final ExpertDef EXPERT_OUT_OF_ORDER = new ExpertDef("tcp.analysis.out_of_order", ExpertGroup.SEQUENCE,
            Severity.WARN, "This frame is a (suspected) out-of-order segment");
    public static final ExpertDef EXPERT_REUSED_PORTS = new ExpertDef("tcp.analysis.reused_ports", ExpertGroup.SEQUENCE,
            Severity.NOTE, "A new tcp session is started with the same ports as an earlier session in this trace");
    public static final ExpertDef EXPERT_LOST_SEGMENT = new ExpertDef("tcp.analysis.lost_segment", ExpertGroup.SEQUENCE,
            Severity.WARN, "Previous segment(s) not captured (common at capture start)");
    public static final ExpertDef EXPERT_ACK_LOST_SEGMENT = new ExpertDef("tcp.analysis.ack_lost_segment", ExpertGroup.SEQUENCE,
            Severity.WARN, "ACKed segment that wasn't captured (common at capture start)");
    public static final ExpertDef EXPERT_WINDOW_UPDATE = new ExpertDef("tcp.analysis.window_update", ExpertGroup.SEQUENCE,
            Severity.CHAT, "TCP window update");
    public static final ExpertDef EXPERT_WINDOW_FULL = new ExpertDef("tcp.analysis.window_full", ExpertGroup.SEQUENCE,
            Severity.WARN, "TCP window specified by the receiver is now completely full");
    public static final ExpertDef EXPERT_KEEP_ALIVE = new ExpertDef("tcp.analysis.keep_alive", ExpertGroup.SEQUENCE,
            Severity.NOTE, "TCP keep-alive segment");
    public static final ExpertDef EXPERT_KEEP_ALIVE_ACK = new ExpertDef("tcp.analysis.keep_alive_ack", ExpertGroup.SEQUENCE,
            Severity.NOTE, "ACK to a TCP keep-alive segment");
    public static final ExpertDef EXPERT_DUPLICATE_ACK = new ExpertDef("tcp.analysis.duplicate_ack", ExpertGroup.SEQUENCE,
            Severity.NOTE, "Duplicate ACK (#%d)");
    public static final ExpertDef EXPERT_ZERO_WINDOW = new ExpertDef("tcp.analysis.zero_window", ExpertGroup.SEQUENCE,
            Severity.WARN, "TCP Zero Window segment");
    public static final ExpertDef EXPERT_ZERO_WINDOW_PROBE = new ExpertDef("tcp.analysis.zero_window_probe", ExpertGroup.SEQUENCE,
            Severity.NOTE, "TCP Zero Window Probe");
    public static final ExpertDef EXPERT_ZERO_WINDOW_PROBE_ACK = new ExpertDef("tcp.analysis.zero_window_probe_ack",
            ExpertGroup.SEQUENCE, Severity.NOTE, "ACK to a TCP Zero Window Probe");
    public static final ExpertDef CONNECTION_FIN_ACTIVE = new ExpertDef("tcp.connection.fin_active", ExpertGroup.SEQUENCE,
            Severity.NOTE, "This frame initiates the connection closing");
    public static final ExpertDef CONNECTION_FIN_PASSIVE = new ExpertDef("tcp.connection.fin_passive", ExpertGroup.SEQUENCE,
            Severity.NOTE, "This frame undergoes the connection closing");
    public static final ExpertDef CONVERSATION_CAP = new ExpertDef("tcp.analysis.conversation_cap", ExpertGroup.SEQUENCE,
            Severity.NOTE, "%d TCP conversations open at once: the least recently seen was forgotten, its later frames start a new stream");

    private TcpAnalysisFields() {
    }
}
