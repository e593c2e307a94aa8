package org.jumbocap.stats;

import java.util.List;
import org.jumbocap.dissect.FrameFields;
import org.jumbocap.field.FieldDef;
import org.jumbocap.jumbo.JumboFields;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.proto.icmp.IcmpFields;
import org.jumbocap.proto.icmp.Icmpv6Fields;
import org.jumbocap.proto.ipv4.Ipv4Fields;
import org.jumbocap.proto.ipv6.Ipv6Fields;
import org.jumbocap.proto.ipv6.ext.ExtFields;
import org.jumbocap.proto.tcp.TcpAnalysisFields;
import org.jumbocap.proto.tcp.TcpFields;
import org.jumbocap.proto.udp.UdpFields;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * What one frame's tree says, read with one pass over the layers and, in the layers that matter, with
 * fields looked up by their declarations among the direct children ({@link FieldNode#child}, which
 * walks the children without making a list view of them). One instance is reused for every frame.
 */
final class TreeFacts {
    private static final int SYN = 0x02;
    private static final int IPV4_HEADER = 20;
    private static final int IPV6_HEADER = FrameFacts.IPV6_HEADER;

    /** IP layer of the frame's conversation: the innermost, unless an ICMP error quotes a packet. */
    private FieldNode ip;
    private byte[] src;
    private byte[] dst;
    private long ipTotalLength;
    private long ipHeaderLength;
    private long ipv6PayloadLength;
    /** {@code jumbo.length} under the conversation's IP layer, or -1. */
    private long jumboLength;
    /** IPv4 protocol or IPv6 next header field of the conversation's IP layer. */
    private long protocolField;
    /** Kind of the last jumbo verdict anywhere in the frame. */
    private JumboKind frameJumboKind;

    private FieldDef transportDef;
    private int srcPort;
    private int dstPort;
    private long tcpLength;
    private long tcpFlags;
    private long tcpHeaderLength;
    private long announcedMss;
    private boolean retransmission;
    private boolean lostSegment;
    private boolean duplicateAck;
    private boolean outOfOrder;
    private long ackRttNanos;
    private long udpLength;
    private boolean udpGsoSuspected;
    private FieldNode checksumStatus;

    /** Reads the frame's tree into {@code into}, keeping no reference into the tree afterwards. */
    FrameFacts read(FrameTree tree, FrameFacts into) {
        into.readRecord(tree.frame());
        FieldNode segments = tree.find(FrameFields.GSO_SEGMENTS);
        if (segments != null) {
            into.gsoSegments = segments.longValue();
        }
        scan(tree);
        into.jumboKind = frameJumboKind;
        into.hasIp = ip != null;
        if (ip != null) {
            copyTo(into);
        }
        forget();
        return into;
    }

    private void scan(FrameTree tree) {
        ip = null;
        frameJumboKind = null;
        transportDef = null;
        boolean quote = false;
        FieldNode transport = null;
        List<FieldNode> layers = tree.layers();
        for (int i = 0, n = layers.size(); i < n; i++) {
            FieldNode layer = layers.get(i);
            FieldDef def = layer.def();
            if (def == Ipv4Fields.IP || def == Ipv6Fields.IPV6) {
                if (quote) {
                    readJumboOnly(layer);
                } else {
                    readIp(layer);
                    transport = null;
                }
            } else if (!quote && ip != null && transport == null) {
                if (def == TcpFields.TCP || def == UdpFields.UDP) {
                    transport = layer;
                } else if (def == IcmpFields.ICMP || def == Icmpv6Fields.ICMPV6) {
                    transport = layer;
                    quote = true;
                }
            }
        }
        if (transport != null) {
            transportDef = transport.def();
            if (transportDef == TcpFields.TCP) {
                readTcp(transport);
            } else if (transportDef == UdpFields.UDP) {
                readUdp(transport);
            }
        }
    }

    /** What the conversation counts of the frame just scanned, which has an IP layer. */
    private void copyTo(FrameFacts f) {
        f.transport = transportDef;
        f.upperProtocol = transportDef == null ? upperProtocol() : -1;
        f.hasAddresses = src != null && dst != null && src.length == dst.length && (src.length == 4 || src.length == 16);
        if (f.hasAddresses) {
            f.version = src.length == 4 ? 4 : 6;
            f.srcHi = FlowKey.high(src);
            f.srcLo = FlowKey.low(src);
            f.dstHi = FlowKey.high(dst);
            f.dstLo = FlowKey.low(dst);
        }
        f.ipLength = ipLength();
        f.ipHeaderLength = ip.length();
        f.srcPort = srcPort;
        f.dstPort = dstPort;
        f.tcpPayload = tcpLength;
        f.tcpFlags = tcpFlags;
        f.tcpHeaderLength = tcpHeaderLength;
        f.announcedMss = announcedMss;
        f.udpLength = udpLength;
        f.udpGsoSuspected = transportDef == UdpFields.UDP && udpGsoSuspected;
        f.checksum = transportDef == TcpFields.TCP ? ChecksumStatuses.TCP.of(checksumStatus)
                : transportDef == UdpFields.UDP ? ChecksumStatuses.UDP.of(checksumStatus) : ChecksumState.NOT_CHECKED;
        boolean tcp = transportDef == TcpFields.TCP;
        f.retransmission = tcp && retransmission;
        f.lostSegment = tcp && lostSegment;
        f.duplicateAck = tcp && duplicateAck;
        f.outOfOrder = tcp && outOfOrder;
        f.ackRttNanos = tcp ? ackRttNanos : -1;
    }

    /** Drops the references into the frame's tree, so the statistics do not keep the last frame alive. */
    private void forget() {
        ip = null;
        src = null;
        dst = null;
        checksumStatus = null;
    }

    private void readIp(FieldNode layer) {
        ip = layer;
        boolean v4 = layer.def() == Ipv4Fields.IP;
        src = bytesOf(layer.child(v4 ? Ipv4Fields.SRC : Ipv6Fields.SRC));
        dst = bytesOf(layer.child(v4 ? Ipv4Fields.DST : Ipv6Fields.DST));
        if (v4) {
            ipTotalLength = longOf(layer.child(Ipv4Fields.LEN));
            ipHeaderLength = longOf(layer.child(Ipv4Fields.HDR_LEN));
            protocolField = longOf(layer.child(Ipv4Fields.PROTO));
        } else {
            ipv6PayloadLength = longOf(layer.child(Ipv6Fields.PLEN));
            protocolField = longOf(layer.child(Ipv6Fields.NXT));
        }
        jumboLength = -1;
        FieldNode jumbo = layer.child(JumboFields.JUMBO);
        if (jumbo != null) {
            noteJumboKind(jumbo);
            jumboLength = longOf(jumbo.child(JumboFields.LENGTH));
        }
    }

    /** The packet an ICMP error quotes still makes the frame a jumbo frame, as the {@code jumbo} filter says. */
    private void readJumboOnly(FieldNode layer) {
        FieldNode jumbo = layer.child(JumboFields.JUMBO);
        if (jumbo != null) {
            noteJumboKind(jumbo);
        }
    }

    private void noteJumboKind(FieldNode jumbo) {
        FieldNode kind = jumbo.child(JumboFields.KIND);
        JumboKind k = kind == null || kind.value() == null ? null : JumboKind.fromLabel(kind.value().toString());
        if (k != null) {
            frameJumboKind = k;
        }
    }

    private void readTcp(FieldNode tcp) {
        srcPort = (int) longOf(tcp.child(TcpFields.SRCPORT));
        dstPort = (int) longOf(tcp.child(TcpFields.DSTPORT));
        tcpHeaderLength = longOf(tcp.child(TcpFields.HDR_LEN));
        tcpFlags = Math.max(0, longOf(tcp.child(TcpFields.FLAGS)));
        tcpLength = longOf(tcp.child(TcpFields.LEN));
        checksumStatus = childOf(tcp.child(TcpFields.CHECKSUM), TcpFields.CHECKSUM_STATUS);
        retransmission = lostSegment = duplicateAck = outOfOrder = false;
        ackRttNanos = -1;
        FieldNode analysis = tcp.child(TcpAnalysisFields.ANALYSIS);
        if (analysis != null) {
            FieldNode rtt = analysis.child(TcpAnalysisFields.ACK_RTT);
            if (rtt != null && rtt.value() instanceof Double seconds) {
                ackRttNanos = Math.round(seconds * 1e9);
            }
            FieldNode flags = analysis.child(TcpAnalysisFields.FLAGS);
            if (flags != null) {
                retransmission = flags.child(TcpAnalysisFields.RETRANSMISSION) != null;
                lostSegment = flags.child(TcpAnalysisFields.LOST_SEGMENT) != null;
                duplicateAck = flags.child(TcpAnalysisFields.DUPLICATE_ACK) != null;
                outOfOrder = flags.child(TcpAnalysisFields.OUT_OF_ORDER) != null;
            }
        }
        announcedMss = -1;
        if ((tcpFlags & SYN) != 0) {
            FieldNode mss = childOf(childOf(tcp.child(TcpFields.OPTIONS), TcpFields.OPT_MSS), TcpFields.MSS_VAL);
            announcedMss = longOf(mss);
        }
    }

    private void readUdp(FieldNode udp) {
        srcPort = (int) longOf(udp.child(UdpFields.SRCPORT));
        dstPort = (int) longOf(udp.child(UdpFields.DSTPORT));
        udpLength = longOf(udp.child(UdpFields.LENGTH));
        udpGsoSuspected = udp.child(UdpFields.GSO_SUSPECTED) != null;
        checksumStatus = childOf(udp.child(UdpFields.CHECKSUM), UdpFields.CHECKSUM_STATUS);
    }

    /**
     * Real IP packet length (jumbo-aware) of the conversation's IP layer, or -1: from the layer's own
     * jumbo verdict, so an ordinary packet inside a jumbogram's tunnel keeps its header's length.
     */
    private long ipLength() {
        if (ip.def() == Ipv6Fields.IPV6) {
            if (jumboLength >= 0) {
                return IPV6_HEADER + jumboLength;
            }
            return ipv6PayloadLength < 0 ? -1 : IPV6_HEADER + ipv6PayloadLength;
        }
        if (jumboLength >= 0) {
            return (ipHeaderLength < 0 ? IPV4_HEADER : ipHeaderLength) + jumboLength;
        }
        return ipTotalLength;
    }

    /**
     * The protocol after the IP header and, for IPv6, its extension-header chain (50 for ESP, 44's
     * payload for a fragment's next header...), or -1 when the header did not say.
     */
    private int upperProtocol() {
        long protocol = protocolField;
        if (ip.def() == Ipv6Fields.IPV6) {
            // only here, for the rare packet no transport was dissected for, is the chain looked at
            FieldNode last = null;
            List<FieldNode> children = ip.children();
            for (int i = 0, n = children.size(); i < n; i++) {
                FieldDef d = children.get(i).def();
                if (d == ExtFields.HOPOPTS || d == ExtFields.DSTOPTS || d == ExtFields.ROUTING || d == ExtFields.FRAGHDR
                        || d == ExtFields.AH || d == ExtFields.MIPV6) {
                    last = children.get(i);
                }
            }
            if (last != null) {
                List<FieldNode> fields = last.children();
                for (int i = 0, n = fields.size(); i < n; i++) {
                    FieldDef d = fields.get(i).def();
                    if (d == ExtFields.HOPOPTS_NXT || d == ExtFields.DSTOPTS_NXT || d == ExtFields.ROUTING_NXT
                            || d == ExtFields.FRAGHDR_NXT || d == ExtFields.AH_NEXT_HEADER || d == ExtFields.MIP6_PROTO) {
                        protocol = fields.get(i).longValue();
                        break;
                    }
                }
            }
        }
        return protocol < 0 || protocol > 255 ? -1 : (int) protocol;
    }

    private static FieldNode childOf(FieldNode parent, FieldDef def) {
        return parent == null ? null : parent.child(def);
    }

    private static long longOf(FieldNode n) {
        return n == null ? -1 : n.longValue();
    }

    private static byte[] bytesOf(FieldNode n) {
        return n != null && n.value() instanceof byte[] b ? b : null;
    }
}
