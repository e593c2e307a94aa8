package org.jumbocap.displayfilter;

import java.util.HashMap;
import java.util.Map;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.field.FieldType;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.pipeline.tcp.TcpAnalysisFlag;

/**
 * The fields a filter can read from a {@link FrameSummary} with exactly the meaning they have in the tree,
 * every occurrence included (an outer and an inner {@code ip.src} of a VXLAN frame). Fields whose
 * summary value means something else are left out: {@code ipv6.nxt} is mapped to the fixed header's
 * value the summary keeps per layer, never to {@code ipProto} (the transport after the chain).
 */
enum FastField {
    FRAME_LEN("frame.len", ValueKind.INTEGER),
    FRAME_CAP_LEN("frame.cap_len", ValueKind.INTEGER),
    IP("ip", ValueKind.PRESENCE),
    IP_SRC("ip.src", ValueKind.ADDRESS),
    IP_DST("ip.dst", ValueKind.ADDRESS),
    IP_ADDR("ip.addr", ValueKind.ADDRESS),
    IP_PROTO("ip.proto", ValueKind.INTEGER),
    IPV6("ipv6", ValueKind.PRESENCE),
    IPV6_SRC("ipv6.src", ValueKind.ADDRESS),
    IPV6_DST("ipv6.dst", ValueKind.ADDRESS),
    IPV6_ADDR("ipv6.addr", ValueKind.ADDRESS),
    IPV6_NXT("ipv6.nxt", ValueKind.INTEGER),
    TCP("tcp", ValueKind.PRESENCE),
    TCP_SRCPORT("tcp.srcport", ValueKind.INTEGER),
    TCP_DSTPORT("tcp.dstport", ValueKind.INTEGER),
    TCP_PORT("tcp.port", ValueKind.INTEGER),
    TCP_LEN("tcp.len", ValueKind.INTEGER),
    TCP_SEQ_RAW("tcp.seq_raw", ValueKind.INTEGER),
    TCP_HDR_LEN("tcp.hdr_len", ValueKind.INTEGER),
    TCP_FLAGS("tcp.flags", ValueKind.INTEGER),
    TCP_FLAGS_FIN("tcp.flags.fin", ValueKind.INTEGER, 0x01),
    TCP_FLAGS_SYN("tcp.flags.syn", ValueKind.INTEGER, 0x02),
    TCP_FLAGS_RESET("tcp.flags.reset", ValueKind.INTEGER, 0x04),
    TCP_FLAGS_PUSH("tcp.flags.push", ValueKind.INTEGER, 0x08),
    TCP_FLAGS_ACK("tcp.flags.ack", ValueKind.INTEGER, 0x10),
    TCP_FLAGS_URG("tcp.flags.urg", ValueKind.INTEGER, 0x20),
    TCP_FLAGS_ECE("tcp.flags.ece", ValueKind.INTEGER, 0x40),
    TCP_FLAGS_CWR("tcp.flags.cwr", ValueKind.INTEGER, 0x80),
    TCP_FLAGS_AE("tcp.flags.ae", ValueKind.INTEGER, 0x100),
    TCP_FLAGS_RES("tcp.flags.res", ValueKind.INTEGER, 0xE00),
    UDP("udp", ValueKind.PRESENCE),
    UDP_SRCPORT("udp.srcport", ValueKind.INTEGER),
    UDP_DSTPORT("udp.dstport", ValueKind.INTEGER),
    UDP_PORT("udp.port", ValueKind.INTEGER),
    JUMBO("jumbo", ValueKind.PRESENCE),
    JUMBO_KIND("jumbo.kind", ValueKind.STRING),
    JUMBO_LENGTH("jumbo.length", ValueKind.INTEGER),
    /* TCP conversation analysis: read from the frame's TcpAnalysis, which the pipeline makes in order */
    TCP_STREAM("tcp.stream", ValueKind.INTEGER),
    TCP_SEQ("tcp.seq", ValueKind.INTEGER),
    TCP_ACK("tcp.ack", ValueKind.INTEGER),
    TCP_NXTSEQ("tcp.nxtseq", ValueKind.INTEGER),
    TCP_ANALYSIS_FLAGS("tcp.analysis.flags", ValueKind.FLAG),
    TCP_ANALYSIS_ACKS_FRAME("tcp.analysis.acks_frame", ValueKind.INTEGER),
    TCP_ANALYSIS_BYTES_IN_FLIGHT("tcp.analysis.bytes_in_flight", ValueKind.INTEGER),
    TCP_ANALYSIS_DUPLICATE_ACK_NUM("tcp.analysis.duplicate_ack_num", ValueKind.INTEGER),
    TCP_ANALYSIS_DUPLICATE_ACK_FRAME("tcp.analysis.duplicate_ack_frame", ValueKind.INTEGER),
    TCP_ANALYSIS_WIRE_SEGMENTS("tcp.analysis.wire_segments", ValueKind.INTEGER),
    TCP_ANALYSIS_EFFECTIVE_MSS("tcp.analysis.effective_mss", ValueKind.INTEGER),
    TCP_ANALYSIS_ACKED_BYTES("tcp.analysis.acked_bytes", ValueKind.INTEGER),
    TCP_ANALYSIS_ACKED_SEGMENTS("tcp.analysis.acked_segments", ValueKind.INTEGER),
    TCP_ANALYSIS_REUSED_PORTS(TcpAnalysisFlag.REUSED_PORTS),
    TCP_ANALYSIS_RETRANSMISSION(TcpAnalysisFlag.RETRANSMISSION),
    TCP_ANALYSIS_FAST_RETRANSMISSION(TcpAnalysisFlag.FAST_RETRANSMISSION),
    TCP_ANALYSIS_SPURIOUS_RETRANSMISSION(TcpAnalysisFlag.SPURIOUS_RETRANSMISSION),
    TCP_ANALYSIS_OUT_OF_ORDER(TcpAnalysisFlag.OUT_OF_ORDER),
    TCP_ANALYSIS_LOST_SEGMENT(TcpAnalysisFlag.LOST_SEGMENT),
    TCP_ANALYSIS_ACK_LOST_SEGMENT(TcpAnalysisFlag.ACK_LOST_SEGMENT),
    TCP_ANALYSIS_WINDOW_UPDATE(TcpAnalysisFlag.WINDOW_UPDATE),
    TCP_ANALYSIS_WINDOW_FULL(TcpAnalysisFlag.WINDOW_FULL),
    TCP_ANALYSIS_KEEP_ALIVE(TcpAnalysisFlag.KEEP_ALIVE),
    TCP_ANALYSIS_KEEP_ALIVE_ACK(TcpAnalysisFlag.KEEP_ALIVE_ACK),
    TCP_ANALYSIS_DUPLICATE_ACK(TcpAnalysisFlag.DUPLICATE_ACK),
    TCP_ANALYSIS_ZERO_WINDOW_PROBE(TcpAnalysisFlag.ZERO_WINDOW_PROBE),
    TCP_ANALYSIS_ZERO_WINDOW(TcpAnalysisFlag.ZERO_WINDOW),
    TCP_ANALYSIS_ZERO_WINDOW_PROBE_ACK(TcpAnalysisFlag.ZERO_WINDOW_PROBE_ACK);

    enum ValueKind {
        /** A protocol layer. */
        PRESENCE,
        /** A label without a value (an analysis finding): presence only. */
        FLAG,
        INTEGER, ADDRESS, STRING
    }

    private static final Map<String, FastField> BY_NAME = new HashMap<>();

    static {
        for (FastField f : values()) {
            BY_NAME.put(f.filterName, f);
        }
    }

    final String filterName;
    final ValueKind kind;
    private final int flagBit;
    private final TcpAnalysisFlag analysisFlag;

    FastField(String filterName, ValueKind kind) {
        this(filterName, kind, 0);
    }

    FastField(String filterName, ValueKind kind, int flagBit) {
        this.filterName = filterName;
        this.kind = kind;
        this.flagBit = flagBit;
        this.analysisFlag = null;
    }

    FastField(TcpAnalysisFlag flag) {
        this.filterName = flag.field().name();
        this.kind = ValueKind.FLAG;
        this.flagBit = 0;
        this.analysisFlag = flag;
    }

    /** True for the fields of TCP conversation analysis, which need the frame's {@link TcpAnalysis}. */
    boolean needsAnalysis() {
        return ordinal() >= TCP_STREAM.ordinal();
    }

    /** Names of the fields {@link #needsAnalysis}. */
    static boolean needsAnalysis(String name) {
        FastField f = BY_NAME.get(name);
        return f != null && f.needsAnalysis();
    }

    /**
     * The fast field for a declared field, or null when the summary cannot answer for it with the
     * tree's meaning (unknown name, or the registry declares it with another value type).
     */
    static FastField forField(String name, FieldType declared) {
        FastField f = BY_NAME.get(name);
        if (f == null) {
            return null;
        }
        boolean typeFits = switch (f.kind) {
            case PRESENCE -> declared == FieldType.PROTOCOL;
            case FLAG -> declared == FieldType.NONE;
            case INTEGER -> declared.isInteger();
            case ADDRESS -> declared == (f.filterName.startsWith("ipv6") ? FieldType.IPV6 : FieldType.IPV4);
            case STRING -> declared == FieldType.STRING;
        };
        return typeFits ? f : null;
    }

    /** How many occurrences the frame has; {@code a} is null when the conversations were not followed. */
    int count(FrameSummary s, TcpAnalysis a) {
        if (needsAnalysis()) {
            return analysisCount(a);
        }
        return switch (this) {
            case FRAME_LEN, FRAME_CAP_LEN -> 1;
            case IP, IP_SRC, IP_DST, IP_PROTO -> layersOfVersion(s, 4);
            case IP_ADDR -> 2 * layersOfVersion(s, 4);
            case IPV6, IPV6_SRC, IPV6_DST, IPV6_NXT -> layersOfVersion(s, 6);
            case IPV6_ADDR -> 2 * layersOfVersion(s, 6);
            case TCP -> hasTcp(s) ? 1 : 0;
            case TCP_SRCPORT, TCP_DSTPORT -> hasTcp(s) ? 1 : 0;
            case TCP_PORT -> hasTcp(s) ? 2 : 0;
            case TCP_LEN -> hasTcp(s) && s.transportPayloadLength >= 0 ? 1 : 0;
            case TCP_SEQ_RAW -> hasTcp(s) && s.tcpSeq >= 0 ? 1 : 0;
            case TCP_HDR_LEN -> hasTcp(s) && s.tcpHeaderLength >= 0 ? 1 : 0;
            case TCP_FLAGS, TCP_FLAGS_FIN, TCP_FLAGS_SYN, TCP_FLAGS_RESET, TCP_FLAGS_PUSH, TCP_FLAGS_ACK,
                    TCP_FLAGS_URG, TCP_FLAGS_ECE, TCP_FLAGS_CWR, TCP_FLAGS_AE, TCP_FLAGS_RES -> hasTcp(s) && s.tcpFlags >= 0 ? 1 : 0;
            case UDP, UDP_SRCPORT, UDP_DSTPORT -> s.udpCount;
            case UDP_PORT -> 2 * s.udpCount;
            case JUMBO, JUMBO_KIND, JUMBO_LENGTH -> jumboLayers(s);
            default -> throw new IllegalStateException(filterName);
        };
    }

    /** Occurrences of an analysis field, as {@code TcpAnalysisTree} adds them to the tree. */
    private int analysisCount(TcpAnalysis a) {
        if (a == null || !a.tracked) {
            return 0;
        }
        if (analysisFlag != null) {
            return a.hasAnalysisTree() && a.has(analysisFlag) ? 1 : 0;
        }
        boolean tree = a.hasAnalysisTree();
        return switch (this) {
            case TCP_STREAM, TCP_SEQ -> 1;
            case TCP_NXTSEQ -> a.nextSeq >= 0 ? 1 : 0;
            case TCP_ACK -> a.ack >= 0 ? 1 : 0;
            case TCP_ANALYSIS_FLAGS -> tree && a.flags != 0 ? 1 : 0;
            case TCP_ANALYSIS_ACKS_FRAME -> tree && a.acksFrame >= 0 ? 1 : 0;
            case TCP_ANALYSIS_BYTES_IN_FLIGHT -> tree && a.bytesInFlight > 0 ? 1 : 0;
            case TCP_ANALYSIS_DUPLICATE_ACK_NUM, TCP_ANALYSIS_DUPLICATE_ACK_FRAME ->
                    tree && a.has(TcpAnalysisFlag.DUPLICATE_ACK) ? 1 : 0;
            case TCP_ANALYSIS_WIRE_SEGMENTS, TCP_ANALYSIS_EFFECTIVE_MSS -> tree && a.wireSegments >= 0 ? 1 : 0;
            case TCP_ANALYSIS_ACKED_BYTES -> tree && a.ackedBytes >= 0 ? 1 : 0;
            case TCP_ANALYSIS_ACKED_SEGMENTS -> tree && a.ackedBytes >= 0 && a.ackedSegments >= 0 ? 1 : 0;
            default -> throw new IllegalStateException(filterName);
        };
    }

    long integerAt(FrameSummary s, TcpAnalysis a, int i) {
        return switch (this) {
            case TCP_STREAM -> a.stream;
            case TCP_SEQ -> a.seq;
            case TCP_ACK -> a.ack;
            case TCP_NXTSEQ -> a.nextSeq;
            case TCP_ANALYSIS_ACKS_FRAME -> a.acksFrame;
            case TCP_ANALYSIS_BYTES_IN_FLIGHT -> a.bytesInFlight;
            case TCP_ANALYSIS_DUPLICATE_ACK_NUM -> a.duplicateAckNumber;
            case TCP_ANALYSIS_DUPLICATE_ACK_FRAME -> a.duplicateAckFrame;
            case TCP_ANALYSIS_WIRE_SEGMENTS -> a.wireSegments;
            case TCP_ANALYSIS_EFFECTIVE_MSS -> a.effectiveMss;
            case TCP_ANALYSIS_ACKED_BYTES -> a.ackedBytes;
            case TCP_ANALYSIS_ACKED_SEGMENTS -> a.ackedSegments;
            case FRAME_LEN -> s.originalLength;
            case FRAME_CAP_LEN -> s.capturedLength;
            case IP_PROTO -> s.layerProtocolField[nthLayer(s, 4, i)];
            case IPV6_NXT -> s.layerProtocolField[nthLayer(s, 6, i)];
            case TCP_SRCPORT -> s.srcPort;
            case TCP_DSTPORT -> s.dstPort;
            case TCP_PORT -> i == 0 ? s.srcPort : s.dstPort;
            case TCP_LEN -> s.transportPayloadLength;
            case TCP_SEQ_RAW -> s.tcpSeq;
            case TCP_HDR_LEN -> s.tcpHeaderLength;
            case TCP_FLAGS -> s.tcpFlags;
            case TCP_FLAGS_FIN, TCP_FLAGS_SYN, TCP_FLAGS_RESET, TCP_FLAGS_PUSH, TCP_FLAGS_ACK, TCP_FLAGS_URG,
                    TCP_FLAGS_ECE, TCP_FLAGS_CWR, TCP_FLAGS_AE, TCP_FLAGS_RES -> (s.tcpFlags & flagBit) != 0 ? 1 : 0;
            case UDP_SRCPORT -> s.udpSrcPort[i];
            case UDP_DSTPORT -> s.udpDstPort[i];
            case UDP_PORT -> (i & 1) == 0 ? s.udpSrcPort[i >> 1] : s.udpDstPort[i >> 1];
            case JUMBO_LENGTH -> s.layerL3PayloadLength[nthJumboLayer(s, i)];
            default -> throw new IllegalStateException(filterName + " has no integer value");
        };
    }

    String stringAt(FrameSummary s, int i) {
        if (this == JUMBO_KIND) {
            JumboKind k = s.layerJumboKind[nthJumboLayer(s, i)];
            return k.label();
        }
        throw new IllegalStateException(filterName + " has no string value");
    }

    /** High 64 bits of an IPv6 occurrence (0 for IPv4). */
    long addressHiAt(FrameSummary s, int i) {
        return switch (this) {
            case IPV6_SRC -> s.layerSrcHi[nthLayer(s, 6, i)];
            case IPV6_DST -> s.layerDstHi[nthLayer(s, 6, i)];
            case IPV6_ADDR -> (i & 1) == 0 ? s.layerSrcHi[nthLayer(s, 6, i >> 1)] : s.layerDstHi[nthLayer(s, 6, i >> 1)];
            default -> 0;
        };
    }

    long addressLoAt(FrameSummary s, int i) {
        return switch (this) {
            case IP_SRC -> s.layerSrcLo[nthLayer(s, 4, i)];
            case IP_DST -> s.layerDstLo[nthLayer(s, 4, i)];
            case IP_ADDR -> (i & 1) == 0 ? s.layerSrcLo[nthLayer(s, 4, i >> 1)] : s.layerDstLo[nthLayer(s, 4, i >> 1)];
            case IPV6_SRC -> s.layerSrcLo[nthLayer(s, 6, i)];
            case IPV6_DST -> s.layerDstLo[nthLayer(s, 6, i)];
            case IPV6_ADDR -> (i & 1) == 0 ? s.layerSrcLo[nthLayer(s, 6, i >> 1)] : s.layerDstLo[nthLayer(s, 6, i >> 1)];
            default -> throw new IllegalStateException(filterName + " has no address value");
        };
    }

    /** Applies a value test to occurrence {@code i}. */
    boolean test(FrameSummary s, TcpAnalysis a, int i, ValuePredicate p) {
        return switch (kind) {
            case INTEGER -> p.testLong(integerAt(s, a, i));
            case STRING -> p.testString(stringAt(s, i));
            case ADDRESS -> p.testAddress(addressHiAt(s, i), addressLoAt(s, i));
            case PRESENCE, FLAG -> false;
        };
    }

    private static boolean hasTcp(FrameSummary s) {
        return s.ipProto == 6 && s.transportOffset >= 0;
    }

    private static int layersOfVersion(FrameSummary s, int version) {
        int n = 0;
        for (int i = 0; i < s.ipLayerCount; i++) {
            if (s.layerIpVersion[i] == version) {
                n++;
            }
        }
        return n;
    }

    private static int nthLayer(FrameSummary s, int version, int n) {
        for (int i = 0; i < s.ipLayerCount; i++) {
            if (s.layerIpVersion[i] == version && n-- == 0) {
                return i;
            }
        }
        throw new IndexOutOfBoundsException(n);
    }

    private static int jumboLayers(FrameSummary s) {
        int n = 0;
        for (int i = 0; i < s.ipLayerCount; i++) {
            if (s.layerJumboKind[i] != null) {
                n++;
            }
        }
        return n;
    }

    private static int nthJumboLayer(FrameSummary s, int n) {
        for (int i = 0; i < s.ipLayerCount; i++) {
            if (s.layerJumboKind[i] != null && n-- == 0) {
                return i;
            }
        }
        throw new IndexOutOfBoundsException(n);
    }
}
