package org.jumbocap.export;

import static org.jumbocap.export.ExportColumn.*;

import java.util.Arrays;
import java.util.List;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.pipeline.tcp.TcpAnalysisFlag;
import org.jumbocap.pipeline.tcp.TcpAnalysisTree;
import org.jumbocap.field.FieldDef;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.io.VnetHeader;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.proto.ipv4.Ipv4Fields;
import org.jumbocap.proto.ipv6.Ipv6Fields;
import org.jumbocap.proto.tunnel.TunnelFields;
import org.jumbocap.stats.FlowStats;
import org.jumbocap.tree.ExpertItem;

/**
 * Fills a {@link FrameRow} from the pipeline's summary of a frame: no tree is built, except for the rare
 * frame whose summary had no room for every expert item ({@link FrameSummary#incomplete}). The TCP columns,
 * segment counts included, come from the pipeline's TCP conversations (the MSS each SYN announced), so the
 * extractor keeps no TCP state of its own.
 */
public final class RowExtractor {
    private static final int TCP = 6;
    private static final int TCP_FIXED_HEADER = 20;

    private final AddressText addresses = new AddressText();
    /** The conversation's expert items of the frame being filled. */
    private final ExpertDef[] analysisExperts = new ExpertDef[TcpAnalysisTree.MAX_EXPERTS];
    private String file;
    /** The protocol of the layer sequences met last ({@link #protocol(FrameSummary)}), replaced in turn. */
    private static final int PROTOCOL_MEMO = 8;
    private final FieldDef[][] memoLayers = new FieldDef[PROTOCOL_MEMO][];
    private final String[][] memoColumns = new String[PROTOCOL_MEMO][];
    private final String[] memoProtocols = new String[PROTOCOL_MEMO];
    private int memoNext;

    /** A new file: its name goes in every row, and TCP state starts afresh. */
    public void startFile(String fileName) {
        this.file = fileName;
    }

    /** The row of the frame the pipeline last accepted. */
    public void fill(FramePipeline pipeline, FrameRow row) {
        FrameSummary s = pipeline.summary();
        FrameRecord frame = pipeline.frame();
        row.clear();
        row.setString(FILE, file);
        row.setLong(FRAME_NUMBER, frame.number());
        long nanos = frame.timestampNanos();
        row.setLong(TIME, Math.floorDiv(nanos, 1000L));
        row.setLong(TIME_NS, nanos);
        row.setLong(INTERFACE_ID, frame.interfaceId());
        row.setLong(LINK_TYPE, frame.linkType());
        row.setLong(FRAME_LENGTH, frame.originalLength());
        row.setLong(CAPTURED_LENGTH, frame.capturedLength());
        row.setBoolean(CUT, frame.isCut());
        row.setLong(TUNNEL_DEPTH, s.tunnelDepth);
        if (s.ipVersion == 4 || s.ipVersion == 6) {
            ip(pipeline, s, row);
        }
        tunnel(s, row);
        experts(pipeline, s, row);
        tcpAnalysis(pipeline, row);
        kernelFacts(frame, s, row);
        String protocol = protocol(s);
        if (protocol != null) {
            row.setString(APP_PROTOCOL, protocol);
        }
    }

    /**
     * {@link SummaryText#protocol(FrameSummary)}, which depends on the frame's layers and the Protocol column
     * texts they gave alone, remembered for the last {@link #PROTOCOL_MEMO} sequences of them: a capture
     * repeats a few, and finding the name again by look-ups was a quarter of the row's cost (4 % of the
     * dissecting thread's CPU on 3 M small frames). A layer or a text not the same object is a new sequence.
     */
    private String protocol(FrameSummary s) {
        int n = s.protocolLayerCount;
        for (int e = 0; e < PROTOCOL_MEMO; e++) {
            FieldDef[] layers = memoLayers[e];
            if (layers != null && layers.length == n && sameLayers(s, layers, memoColumns[e])) {
                return memoProtocols[e];
            }
        }
        String protocol = SummaryText.protocol(s);
        int e = memoNext;
        memoNext = (e + 1) % PROTOCOL_MEMO;
        memoLayers[e] = Arrays.copyOf(s.protocolLayers, n);
        memoColumns[e] = Arrays.copyOf(s.protocolLayerColumns, n);
        memoProtocols[e] = protocol;
        return protocol;
    }

    private static boolean sameLayers(FrameSummary s, FieldDef[] layers, String[] columns) {
        for (int i = 0; i < layers.length; i++) {
            if (s.protocolLayers[i] != layers[i] || s.protocolLayerColumns[i] != columns[i]) {
                return false;
            }
        }
        return true;
    }

    /** The kernel's facts the file recorded for the frame: epb_flags and the virtio_net_hdr. */
    private static void kernelFacts(FrameRecord frame, FrameSummary s, FrameRow row) {
        long flags = frame.packetFlags();
        if (flags != PacketFlags.NONE) {
            row.setLong(PACKET_FLAGS, flags);
            row.setString(DIRECTION, directionText(PacketFlags.direction(flags)));
        }
        VnetHeader vnet = frame.vnetHeader();
        if (vnet != null) {
            row.setString(GSO_TYPE, VnetHeader.gsoTypeName(vnet.gsoType()));
            row.setLong(GSO_SIZE, vnet.gsoSize());
            if (vnet.isSuperPacket() && s.transportPayloadLength >= 0) {
                row.setLong(GSO_SEGMENTS, (int) Math.min(vnet.segments(s.transportPayloadLength), Integer.MAX_VALUE));
            }
        }
    }

    /** The {@link ExportColumn#DIRECTION} value of epb_flags' direction bits. */
    public static String directionText(int direction) {
        return switch (direction) {
            case PacketFlags.DIRECTION_INBOUND -> "inbound";
            case PacketFlags.DIRECTION_OUTBOUND -> "outbound";
            default -> "unknown";
        };
    }

    private void ip(FramePipeline pipeline, FrameSummary s, FrameRow row) {
        row.setLong(IP_VERSION, s.ipVersion);
        row.setString(SRC_ADDR, addresses.of(s.ipVersion, s.srcHi, s.srcLo));
        row.setString(DST_ADDR, addresses.of(s.ipVersion, s.dstHi, s.dstLo));
        row.setLong(IP_PAYLOAD_LENGTH, s.l3PayloadLength);
        if (s.jumboKind != null) {
            row.setString(JUMBO_KIND, s.jumboKind.label());
        }
        if (s.ipProto >= 0) {
            row.setLong(IP_PROTO, s.ipProto);
        }
        if (s.srcPort >= 0) {
            row.setLong(SRC_PORT, s.srcPort);
            row.setLong(DST_PORT, s.dstPort);
        }
        if (s.transportPayloadLength >= 0) {
            row.setLong(PAYLOAD_LENGTH, s.transportPayloadLength);
        }
        if (s.ipProto == TCP && s.tcpFlags >= 0) {
            tcp(s, pipeline.tcpAnalysis(), row);
        }
    }

    private static void tcp(FrameSummary s, TcpAnalysis a, FrameRow row) {
        row.setLong(TCP_FLAGS, s.tcpFlags);
        row.setLong(TCP_SEQ, s.tcpSeq);
        row.setLong(TCP_ACK, s.tcpAck);
        row.setLong(TCP_WINDOW, s.tcpWindow);
        if (s.transportChecksum != null) {
            row.setString(TCP_CHECKSUM, checksumText(s.transportChecksum));
        }
        // the conversation's MSS, from both SYNs, as it counts the wire segments of tcp.analysis
        int inForce = a.tracked ? a.mssInForce : -1;
        if (s.transportPayloadLength >= 0 && s.tcpHeaderLength >= TCP_FIXED_HEADER) {
            int segmentSize = FlowStats.effectiveMss(inForce, s.tcpHeaderLength - TCP_FIXED_HEADER);
            if (segmentSize > 0) {
                long segments = (s.transportPayloadLength + segmentSize - 1) / segmentSize;
                row.setLong(TCP_SEGMENTS, (int) Math.min(segments, Integer.MAX_VALUE));
            }
        }
    }

    /** The {@link ExportColumn#TCP_CHECKSUM} value of a verdict. */
    public static String checksumText(ChecksumVerdict v) {
        return switch (v) {
            case GOOD -> "good";
            case BAD -> "bad";
            case OFFLOADED -> "offloaded";
            case NOT_CHECKED -> "unverified";
            case NOT_PRESENT -> "not-present";
        };
    }

    /** The innermost tunnel: the last VXLAN or Geneve layer, or an IP header directly inside another. */
    private static void tunnel(FrameSummary s, FrameRow row) {
        if (s.tunnelDepth == 0) {
            return;
        }
        String kind = null;
        FieldDef previous = null;
        for (int i = 0; i < s.protocolLayerCount; i++) {
            FieldDef layer = s.protocolLayers[i];
            if (layer == TunnelFields.VXLAN) {
                kind = "vxlan";
            } else if (layer == TunnelFields.GENEVE) {
                kind = "geneve";
            } else if (isIp(layer) && isIp(previous)) {
                kind = "ip-in-ip";
            }
            previous = layer;
        }
        row.setString(TUNNEL_KIND, kind);
        if (s.tunnelVni >= 0) {
            row.setLong(TUNNEL_VNI, s.tunnelVni);
        }
    }

    private static boolean isIp(FieldDef layer) {
        return layer == Ipv4Fields.IP || layer == Ipv6Fields.IPV6;
    }

    private void experts(FramePipeline pipeline, FrameSummary s, FrameRow row) {
        row.startList(EXPERT_IDS);
        if (s.incomplete) {
            List<ExpertItem> items = pipeline.tree().experts();
            for (ExpertItem item : items) {
                row.addToList(EXPERT_IDS, item.id());
            }
            return;
        }
        for (int i = 0; i < s.expertCount; i++) {
            row.addToList(EXPERT_IDS, s.experts[i].id());
        }
        // the conversation's findings, which the tree lists after the dissectors' own
        TcpAnalysis a = pipeline.tcpAnalysis();
        for (int i = 0, n = TcpAnalysisTree.experts(a, analysisExperts); i < n; i++) {
            row.addToList(EXPERT_IDS, analysisExperts[i].id());
        }
    }

    /** tcp_stream and tcp_analysis: the conversation's index and the analysis flags, by their filter names. */
    private static void tcpAnalysis(FramePipeline pipeline, FrameRow row) {
        TcpAnalysis a = pipeline.tcpAnalysis();
        if (a == null || !a.tracked) {
            return;
        }
        row.setLong(TCP_STREAM, a.stream);
        row.startList(TCP_ANALYSIS);
        if (a.hasAnalysisTree() && a.flags != 0) {
            List<TcpAnalysisFlag> all = TcpAnalysisFlag.TREE_ORDER;
            for (int i = 0; i < all.size(); i++) {
                if (a.has(all.get(i))) {
                    row.addToList(TCP_ANALYSIS, all.get(i).field().name());
                }
            }
        }
    }
}
