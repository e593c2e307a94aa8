package org.jumbocap.stats;

import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.field.FieldDef;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.io.VnetHeader;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.pipeline.tcp.TcpAnalysisFlag;
import org.jumbocap.pipeline.tcp.TcpAnalysisTree;
import org.jumbocap.proto.icmp.IcmpFields;
import org.jumbocap.proto.icmp.Icmpv6Fields;
import org.jumbocap.proto.ipv4.Ipv4Fields;
import org.jumbocap.proto.ipv6.Ipv6Fields;
import org.jumbocap.proto.tcp.TcpFields;
import org.jumbocap.proto.udp.UdpFields;

/**
 * Everything the statistics count of one frame, read once, from its summary ({@link #read(FrameSummary, FrameRecord, TcpAnalysis)}
 * here) or from its tree ({@link TreeFacts}), and then handed to each part. One instance is reused for every
 * frame; it holds numbers only, never a reference into the frame, so the last frame is not kept alive.
 */
final class FrameFacts {
    static final int IPV6_HEADER = 40;

    // the frame record
    long number;
    long timestampNanos;
    /** Frame length on the wire. */
    long length;
    long capturedLength;
    boolean cut;
    int linkType;
    /** The file recorded the kernel's facts for the frame (a flags word or a virtio_net_hdr). */
    boolean recorded;
    /** Recorded direction ({@link PacketFlags#direction}), or -1 without a flags word. */
    int direction;
    /** The flags word has the TCP segmentation offload bit. */
    boolean tsoFlag;
    /** Recorded gso_type without the ECN bit, or -1 without a virtio_net_hdr. */
    int gsoKind;
    /** The kernel called the frame a super-packet (a gso_type and a gso_size). */
    boolean gsoSuperPacket;
    /** Its gso_type is udp_l4: a UDP GSO super-packet. */
    boolean gsoUdp;
    /** Segments (or datagrams) its transport payload becomes at the gso_size, or 0 when not known. */
    long gsoSegments;
    /** Kind of the last jumbo verdict anywhere in the frame, or null. */
    JumboKind jumboKind;

    // the conversation's IP packet: the innermost, unless an ICMP error quotes a packet
    /** The frame has an IP layer; everything below is meaningful only then. */
    boolean hasIp;
    /** The IP packet's transport layer (TCP, UDP, ICMP, ICMPv6), or null. */
    FieldDef transport;
    /** Protocol after the IP header and extension headers, for a packet without a known transport; or -1. */
    int upperProtocol;
    boolean hasAddresses;
    int version;
    long srcHi;
    long srcLo;
    long dstHi;
    long dstLo;
    /** Real IP packet length, jumbo-aware, or -1. */
    long ipLength;
    /** Bytes of the IP header, with options and extension headers. */
    long ipHeaderLength;
    int srcPort;
    int dstPort;
    long tcpPayload;
    long tcpFlags;
    long tcpHeaderLength;
    long announcedMss;
    long udpLength;
    /** The UDP decoder marked the datagram a suspected UDP GSO super-packet (no kernel facts in the file). */
    boolean udpGsoSuspected;
    ChecksumState checksum;
    boolean retransmission;
    boolean lostSegment;
    boolean duplicateAck;
    boolean outOfOrder;
    /** The ACK's RTT in nanoseconds, as its tree shows it, or -1. */
    long ackRttNanos;

    boolean isTcp() {
        return transport == TcpFields.TCP;
    }

    boolean isUdp() {
        return transport == UdpFields.UDP;
    }

    /** Copies what the counters need of the frame record. */
    void readRecord(FrameRecord rec) {
        number = rec.number();
        timestampNanos = rec.timestampNanos();
        length = rec.originalLength();
        capturedLength = rec.capturedLength();
        cut = rec.isCut();
        linkType = rec.linkType();
        long flags = rec.packetFlags();
        VnetHeader vnet = rec.vnetHeader();
        recorded = flags != PacketFlags.NONE || vnet != null;
        direction = flags == PacketFlags.NONE ? -1 : PacketFlags.direction(flags);
        tsoFlag = PacketFlags.has(flags, PacketFlags.TCP_SEGMENTATION_OFFLOADED);
        gsoKind = vnet == null ? -1 : vnet.gsoKind();
        gsoSuperPacket = vnet != null && vnet.isSuperPacket();
        gsoUdp = gsoKind == VnetHeader.GSO_UDP_L4;
        gsoSegments = 0;
        udpGsoSuspected = false;
    }

    /** The segments a recorded super-packet becomes, once the transport payload's length is known. */
    void readSegments(FrameRecord rec, long transportPayload) {
        if (gsoSuperPacket && transportPayload > 0) {
            gsoSegments = rec.vnetHeader().segments(transportPayload);
        }
    }

    /**
     * This frame's facts from its summary and its TCP analysis (null when conversations were not followed).
     * The summary must be exact (neither incomplete nor truncated); otherwise the tree is read instead.
     */
    FrameFacts read(FrameSummary s, FrameRecord rec, TcpAnalysis analysis) {
        readRecord(rec);
        readSegments(rec, s.transportPayloadLength);
        jumboKind = null;
        for (int i = 0; i < s.ipLayerCount; i++) {
            if (s.layerJumboKind[i] != null) {
                jumboKind = s.layerJumboKind[i];
            }
        }
        hasIp = s.ipVersion != 0 && s.ipLayerCount != 0;
        if (!hasIp) {
            return this;
        }
        transport = null;
        boolean afterIp = false;
        for (int i = 0; i < s.protocolLayerCount; i++) {
            FieldDef def = s.protocolLayers[i];
            if (def == Ipv4Fields.IP || def == Ipv6Fields.IPV6) {
                afterIp = true;
                transport = null;
            } else if (afterIp && transport == null && (def == TcpFields.TCP || def == UdpFields.UDP
                    || def == IcmpFields.ICMP || def == Icmpv6Fields.ICMPV6)) {
                transport = def;
            }
        }
        upperProtocol = s.ipProto < 0 || s.ipProto > 255 ? -1 : s.ipProto;
        hasAddresses = true;
        version = s.ipVersion;
        srcHi = s.srcHi;
        srcLo = s.srcLo;
        dstHi = s.dstHi;
        dstLo = s.dstLo;
        ipHeaderLength = s.ipHeaderLength;
        ipLength = (version == 6 ? IPV6_HEADER : s.ipHeaderLength) + s.l3PayloadLength;
        srcPort = s.srcPort;
        dstPort = s.dstPort;
        tcpPayload = s.transportPayloadLength;
        tcpFlags = Math.max(0, s.tcpFlags);
        tcpHeaderLength = s.tcpHeaderLength;
        announcedMss = s.tcpMss;
        udpLength = s.udpLengthField;
        udpGsoSuspected = isUdp() && s.hasExpert(UdpFields.GSO_SUSPECTED_NOTE);
        checksum = isTcp() ? ChecksumStatuses.TCP.of(s.transportChecksum)
                : isUdp() ? ChecksumStatuses.UDP.of(s.transportChecksum) : ChecksumState.NOT_CHECKED;
        retransmission = lostSegment = duplicateAck = outOfOrder = false;
        ackRttNanos = -1;
        // what the tree's tcp.analysis subtree would hold (TcpAnalysisTree adds it on these conditions)
        if (isTcp() && analysis != null && analysis.hasAnalysisTree()) {
            retransmission = analysis.has(TcpAnalysisFlag.RETRANSMISSION);
            lostSegment = analysis.has(TcpAnalysisFlag.LOST_SEGMENT);
            duplicateAck = analysis.has(TcpAnalysisFlag.DUPLICATE_ACK);
            outOfOrder = analysis.has(TcpAnalysisFlag.OUT_OF_ORDER);
            if (analysis.acksFrame >= 0 && analysis.ackRttNanos > 0) {
                ackRttNanos = Math.round(TcpAnalysisTree.secondsValue(analysis.ackRttNanos) * 1e9);
            }
        }
        return this;
    }
}
