package org.jumbocap.fast;

import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.jumbo.JumboRules;

/**
 * The fast path: decodes just enough of a frame to fill a reusable {@link FastSummary} (flow, lengths,
 * jumbogram kind, TCP/UDP header facts) without building a tree and without allocating. Like gopacket's
 * DecodingLayerParser it knows a fixed set of layers: Ethernet with any 802.1Q / 802.1ad tags, Linux
 * cooked v1 and v2, raw IP, null/loopback, IPv4, IPv6 with its extension-header chain, TCP, UDP, and
 * the VXLAN, Geneve and IP-in-IP tunnels, which it enters so the summary describes the innermost packet.
 *
 * <p>It follows the full dissectors' length rules: a layer's length is what the layer below carried, an
 * IP header claiming more is cut to that, and real lengths of zero-length IP headers come from {@link
 * JumboRules}, so summary and tree agree (tests compare them on every sample frame). Every walk is
 * bounded (tags, extension headers, tunnel depth) and every read is checked against the captured length:
 * a short capture sets {@link FastSummary#truncated} instead of throwing, and where the tree would show
 * more than the summary can say (an ICMP error's quoted packet, a partly captured header) it sets
 * {@link FastSummary#incomplete}. Stateless: one instance may be shared by threads, each with its own
 * summary.
 */
public final class FastDecoder {
    /** Nested tunnels (VXLAN, Geneve, IP-in-IP) the decoder enters before it stops. */
    public static final int MAX_TUNNEL_DEPTH = 4;
    /** VLAN tags followed in one Ethernet header. */
    public static final int MAX_VLAN_TAGS = 8;
    /** IPv6 extension headers followed before the walk gives up on finding the transport (the tree's bound). */
    public static final int MAX_EXTENSION_HEADERS = 32;

    public static final int VXLAN_PORT = 4789;
    public static final int GENEVE_PORT = 6081;

    private static final int ETHERTYPE_IPV4 = 0x0800;
    private static final int ETHERTYPE_IPV6 = 0x86DD;
    private static final int ETHERTYPE_VLAN = 0x8100;
    private static final int ETHERTYPE_QINQ = 0x88A8;
    private static final int ETHERTYPE_QINQ_OLD = 0x9100;
    private static final int ETHERTYPE_TRANSPARENT_ETHERNET = 0x6558;

    private static final int HOP_BY_HOP = 0;
    private static final int ICMP = 1;
    private static final int IPIP = 4;
    private static final int TCP = 6;
    private static final int UDP = 17;
    private static final int IPV6_IN_IP = 41;
    private static final int ROUTING = 43;
    private static final int FRAGMENT = 44;
    private static final int ESP = 50;
    private static final int AUTH = 51;
    private static final int ICMPV6 = 58;
    private static final int NO_NEXT_HEADER = 59;
    private static final int DEST_OPTS = 60;
    private static final int MOBILITY = 135;
    private static final int JUMBO_OPTION = 0xC2;

    /** Decodes a record from a capture reader; the record's array is read, never kept. */
    public void decode(FrameRecord frame, FastSummary s) {
        decode(frame.data(), frame.capturedLength(), frame.originalLength(), frame.linkType(), s);
        s.frameNumber = frame.number();
    }

    /**
     * @param data           frame bytes; {@code [0, capturedLength)} are valid
     * @param capturedLength bytes captured
     * @param originalLength length on the wire as the capture reports it
     * @param linkType       LINKTYPE_ value
     * @param s              reset and filled
     */
    public void decode(byte[] data, int capturedLength, long originalLength, int linkType, FastSummary s) {
        s.reset();
        int cap = Math.max(0, Math.min(capturedLength, data.length));
        s.linkType = linkType;
        s.capturedLength = cap;
        s.originalLength = Math.max(originalLength, cap);
        link(data, cap, s, linkType, s.originalLength);
    }

    private static void link(byte[] d, int cap, FastSummary s, int linkType, long end) {
        switch (linkType) {
            case LinkTypes.ETHERNET -> ethernet(d, cap, s, 0, end, 0);
            case LinkTypes.LINUX_SLL -> {
                if (need(cap, s, 0, 16)) {
                    ethertype(d, cap, s, u16(d, 14), 16, end - 16, 0);
                }
            }
            case LinkTypes.LINUX_SLL2 -> {
                if (need(cap, s, 0, 20)) {
                    ethertype(d, cap, s, u16(d, 0), 20, end - 20, 0);
                }
            }
            case LinkTypes.RAW, LinkTypes.RAW_12, LinkTypes.RAW_14 -> rawIp(d, cap, s, 0, end, 0);
            case LinkTypes.IPV4 -> ipv4(d, cap, s, 0, end, 0);
            case LinkTypes.IPV6 -> ipv6(d, cap, s, 0, end, 0);
            case LinkTypes.NULL, LinkTypes.LOOP -> {
                if (need(cap, s, 0, 4)) {
                    loopback(d, cap, s, linkType == LinkTypes.NULL, end);
                }
            }
            default -> {
            }
        }
    }

    /** BSD loopback: a 4-byte address family, host byte order for NULL and network order for LOOP. */
    private static void loopback(byte[] d, int cap, FastSummary s, boolean hostByteOrder, long end) {
        long family = u32(d, 0);
        // a family is a small number: in the high half it was written little-endian
        if (hostByteOrder && (family & 0xFFFF) == 0 && family != 0) {
            family = Integer.reverseBytes((int) family) & 0xFFFFFFFFL;
        }
        if (family == 2) {
            ipv4(d, cap, s, 4, end - 4, 0);
        } else if (family == 10 || family == 24 || family == 28 || family == 30) {
            ipv6(d, cap, s, 4, end - 4, 0);
        }
    }

    private static void rawIp(byte[] d, int cap, FastSummary s, int off, long length, int depth) {
        if (!need(cap, s, off, 1)) {
            return;
        }
        int version = (d[off] & 0xFF) >>> 4;
        if (version == 4) {
            ipv4(d, cap, s, off, length, depth);
        } else if (version == 6) {
            ipv6(d, cap, s, off, length, depth);
        }
    }

    /** @param length bytes the layer below carried from {@code off} (reported, not captured) */
    private static void ethernet(byte[] d, int cap, FastSummary s, int off, long length, int depth) {
        if (need(cap, s, off, 14)) {
            ethertype(d, cap, s, u16(d, off + 12), off + 14, length - 14, depth);
        }
    }

    private static void ethertype(byte[] d, int cap, FastSummary s, int type, int off, long length, int depth) {
        int tags = 0;
        while (type == ETHERTYPE_VLAN || type == ETHERTYPE_QINQ || type == ETHERTYPE_QINQ_OLD) {
            if (tags++ == MAX_VLAN_TAGS) {
                s.incomplete = true;
                return;
            }
            if (!need(cap, s, off, 4)) {
                return;
            }
            type = u16(d, off + 2);
            off += 4;
            length -= 4;
        }
        if (type == ETHERTYPE_IPV6) {
            ipv6(d, cap, s, off, length, depth);
        } else if (type == ETHERTYPE_IPV4) {
            ipv4(d, cap, s, off, length, depth);
        }
    }

    private static void ipv4(byte[] d, int cap, FastSummary s, int off, long length, int depth) {
        if (!needHeader(cap, s, off, 20)) {
            return;
        }
        int headerLength = (d[off] & 0x0F) * 4;
        if (headerLength < 20) {
            // the tree shows the broken header's first fields; the summary has no IP layer to offer
            s.incomplete = true;
            return;
        }
        int totalLength = u16(d, off + 2);
        JumboKind kind = JumboRules.ipv4Kind(totalLength, headerLength, length);
        long realTotal = JumboRules.ipv4TotalLength(kind, totalLength, length);
        int protocol = d[off + 9] & 0xFF;
        int layer = beginIpLayer(s, 4, protocol, off);
        s.srcHi = 0;
        s.srcLo = u32(d, off + 12);
        s.dstHi = 0;
        s.dstLo = u32(d, off + 16);
        s.l3PayloadLength = realTotal - headerLength;
        s.jumboKind = kind;
        endIpLayer(s, layer);
        s.ipProto = protocol;
        if (!needHeader(cap, s, off, headerLength)) {
            // the tree stops inside the cut options, before its length verdict and the transport
            return;
        }
        if (realTotal < headerLength || (u16(d, off + 6) & 0x1FFF) != 0) {
            return;
        }
        // a header claiming more than the layer below carried is cut to what it carried
        long carried = Math.min(realTotal, length);
        transport(d, cap, s, protocol, off + headerLength, carried - headerLength, depth);
    }

    private static void ipv6(byte[] d, int cap, FastSummary s, int off, long length, int depth) {
        if (!needHeader(cap, s, off, 40)) {
            return;
        }
        int payloadLength = u16(d, off + 4);
        int nextHeader = d[off + 6] & 0xFF;
        long bytesAfterFixedHeader = length - 40;
        int layer = beginIpLayer(s, 6, nextHeader, off);
        s.srcHi = u64(d, off + 8);
        s.srcLo = u64(d, off + 16);
        s.dstHi = u64(d, off + 24);
        s.dstLo = u64(d, off + 32);
        if (bytesAfterFixedHeader < 0) {
            s.l3PayloadLength = payloadLength;
            endIpLayer(s, layer);
            return;
        }

        int header = nextHeader;
        int p = off + 40;
        boolean hasJumboOption = false;
        long jumboValue = 0;
        boolean toTransport = true;
        boolean walked = false;
        for (int count = 0; ; count++) {
            if (!isExtensionHeader(header)) {
                walked = true;
                break;
            }
            if (count == MAX_EXTENSION_HEADERS) {
                break;
            }
            if (header == ESP) {
                walked = true;
                toTransport = false;
                break;
            }
            int size;
            if (header == FRAGMENT) {
                size = 8;
            } else {
                if (!need(cap, s, p, 2)) {
                    break;
                }
                size = header == AUTH ? ((d[p + 1] & 0xFF) + 2) * 4 : ((d[p + 1] & 0xFF) + 1) * 8;
            }
            if (!need(cap, s, p, size)) {
                break;
            }
            int next = d[p] & 0xFF;
            if (header == HOP_BY_HOP && !hasJumboOption) {
                long value = jumboOption(d, p + 2, p + size);
                if (value >= 0) {
                    hasJumboOption = true;
                    jumboValue = value;
                }
            } else if (header == FRAGMENT && (u16(d, p + 2) >>> 3) != 0) {
                // a later fragment: the rest is opaque
                header = next;
                p += size;
                walked = true;
                toTransport = false;
                break;
            }
            header = next;
            p += size;
        }

        JumboKind kind = JumboRules.ipv6Kind(payloadLength, hasJumboOption, bytesAfterFixedHeader);
        long realPayload = JumboRules.ipv6PayloadLength(kind, payloadLength, jumboValue, bytesAfterFixedHeader);
        s.l3PayloadLength = realPayload;
        s.jumboKind = kind;
        endIpLayer(s, layer);
        if (!walked) {
            // the chain ran past the captured bytes or past the walk's bound: the transport is unknown
            return;
        }
        s.ipProto = header;
        long carried = Math.min(realPayload, bytesAfterFixedHeader);
        long upperLayerLength = carried - (p - off - 40);
        if (toTransport && upperLayerLength >= 0 && header != NO_NEXT_HEADER) {
            transport(d, cap, s, header, p, upperLayerLength, depth);
        }
    }

    private static boolean isExtensionHeader(int header) {
        return header == HOP_BY_HOP || header == ROUTING || header == FRAGMENT || header == ESP || header == AUTH
                || header == DEST_OPTS || header == MOBILITY;
    }

    /**
     * Value of the first well-formed Jumbo Payload option among the options in {@code [from, to)}, or -1.
     * Like the tree, an option running past the header ends the scan.
     */
    private static long jumboOption(byte[] d, int from, int to) {
        int i = from;
        while (i < to) {
            int type = d[i] & 0xFF;
            if (type == 0) {
                i++;
                continue;
            }
            if (i + 2 > to) {
                return -1;
            }
            int length = d[i + 1] & 0xFF;
            if (i + 2 + length > to) {
                return -1;
            }
            if (type == JUMBO_OPTION && length == 4) {
                return u32(d, i + 2);
            }
            i += 2 + length;
        }
        return -1;
    }

    /** Starts the next IP layer: it becomes the innermost, so transport facts of outer layers are cleared. */
    private static int beginIpLayer(FastSummary s, int version, int protocolField, int off) {
        s.ipOffset = off;
        s.ipVersion = version;
        s.ipProto = -1;
        s.transportOffset = -1;
        s.srcPort = s.dstPort = -1;
        s.tcpFlags = -1;
        s.tcpSeq = -1;
        s.tcpHeaderLength = -1;
        s.transportPayloadLength = -1;
        s.jumboKind = null;
        s.l3PayloadLength = 0;
        int layer = s.ipLayerCount;
        if (layer < FastSummary.MAX_LAYERS) {
            s.layerIpVersion[layer] = version;
            s.layerProtocolField[layer] = protocolField;
        }
        return layer;
    }

    private static void endIpLayer(FastSummary s, int layer) {
        if (layer >= FastSummary.MAX_LAYERS) {
            s.incomplete = true;
            return;
        }
        s.layerSrcHi[layer] = s.srcHi;
        s.layerSrcLo[layer] = s.srcLo;
        s.layerDstHi[layer] = s.dstHi;
        s.layerDstLo[layer] = s.dstLo;
        s.layerL3PayloadLength[layer] = s.l3PayloadLength;
        s.layerJumboKind[layer] = s.jumboKind;
        s.ipLayerCount = layer + 1;
    }

    /**
     * @param off    frame offset of the transport header
     * @param length upper-layer length the IP layer computed (jumbo-aware, cut to what the layer below carried)
     */
    private static void transport(byte[] d, int cap, FastSummary s, int protocol, int off, long length, int depth) {
        switch (protocol) {
            case TCP -> tcp(d, cap, s, off, length);
            case UDP -> udp(d, cap, s, off, length, depth);
            case IPIP, IPV6_IN_IP -> {
                if (depth >= MAX_TUNNEL_DEPTH) {
                    s.incomplete = true;
                    return;
                }
                s.tunnelDepth = depth + 1;
                if (protocol == IPIP) {
                    ipv4(d, cap, s, off, length, depth + 1);
                } else {
                    ipv6(d, cap, s, off, length, depth + 1);
                }
            }
            case ICMP, ICMPV6 -> {
                // an error message quotes the invoking packet, which the tree dissects and this summary does not
                if (off < cap && length > 8) {
                    int type = d[off] & 0xFF;
                    if (protocol == ICMP ? type == 3 || type == 4 || type == 5 || type == 11 || type == 12 : type < 128) {
                        s.incomplete = true;
                    }
                }
            }
            default -> {
            }
        }
    }

    private static void tcp(byte[] d, int cap, FastSummary s, int off, long length) {
        needHeader(cap, s, off, 20);
        if (!need(cap, s, off, 4)) {
            return;
        }
        s.transportOffset = off;
        s.srcPort = u16(d, off);
        s.dstPort = u16(d, off + 2);
        if (!need(cap, s, off, 8)) {
            return;
        }
        s.tcpSeq = u32(d, off + 4);
        if (!need(cap, s, off, 14)) {
            return;
        }
        int headerLength = ((d[off + 12] & 0xFF) >>> 4) * 4;
        s.tcpHeaderLength = headerLength;
        s.tcpFlags = u16(d, off + 12) & 0x0FFF;
        if (headerLength >= 20 && headerLength <= length) {
            s.transportPayloadLength = length - headerLength;
        }
    }

    private static void udp(byte[] d, int cap, FastSummary s, int off, long length, int depth) {
        needHeader(cap, s, off, 8);
        if (!need(cap, s, off, 4)) {
            return;
        }
        s.transportOffset = off;
        int src = u16(d, off);
        int dst = u16(d, off + 2);
        s.srcPort = src;
        s.dstPort = dst;
        if (s.udpCount < FastSummary.MAX_LAYERS) {
            s.udpSrcPort[s.udpCount] = src;
            s.udpDstPort[s.udpCount] = dst;
            s.udpCount++;
        }
        if (!need(cap, s, off, 8)) {
            return;
        }
        int lengthField = u16(d, off + 4);
        long datagram = JumboRules.udpDatagramLength(lengthField, length);
        long payload = Math.max(0, datagram - 8);
        s.transportPayloadLength = payload;
        if (payload == 0) {
            return;
        }
        int tunnel = dst == VXLAN_PORT || dst == GENEVE_PORT ? dst : src == VXLAN_PORT || src == GENEVE_PORT ? src : 0;
        if (tunnel == 0) {
            return;
        }
        if (depth >= MAX_TUNNEL_DEPTH) {
            s.incomplete = true;
            return;
        }
        int data = off + 8;
        if (!need(cap, s, data, 8)) {
            return;
        }
        if (tunnel == VXLAN_PORT) {
            if (payload > 8) {
                s.tunnelDepth = depth + 1;
                ethernet(d, cap, s, data + 8, payload - 8, depth + 1);
            }
            return;
        }
        int optionsLength = (d[data] & 0x3F) * 4;
        int protocol = u16(d, data + 2);
        long innerLength = payload - 8 - optionsLength;
        if (innerLength <= 0) {
            return;
        }
        int inner = data + 8 + optionsLength;
        s.tunnelDepth = depth + 1;
        if (protocol == ETHERTYPE_TRANSPARENT_ETHERNET) {
            ethernet(d, cap, s, inner, innerLength, depth + 1);
        } else {
            ethertype(d, cap, s, protocol, inner, innerLength, depth + 1);
        }
    }

    /**
     * {@link #need} for an IP or transport header the tree shows as far as it was captured: a header cut
     * inside, or missing from a frame that was not cut by the snaplen (a malformed one), leaves the tree
     * with fields the summary lacks, so the summary is marked incomplete.
     */
    private static boolean needHeader(int cap, FastSummary s, int off, int length) {
        if (need(cap, s, off, length)) {
            return true;
        }
        if (off < cap || s.originalLength <= cap) {
            s.incomplete = true;
        }
        return false;
    }

    /** True when {@code length} bytes from {@code off} were captured; otherwise marks the summary truncated. */
    private static boolean need(int cap, FastSummary s, int off, int length) {
        if (off >= 0 && length >= 0 && (long) off + length <= cap) {
            return true;
        }
        s.truncated = true;
        return false;
    }

    private static int u16(byte[] d, int i) {
        return ((d[i] & 0xFF) << 8) | (d[i + 1] & 0xFF);
    }

    private static long u32(byte[] d, int i) {
        return ((long) (d[i] & 0xFF) << 24) | ((d[i + 1] & 0xFF) << 16) | ((d[i + 2] & 0xFF) << 8) | (d[i + 3] & 0xFF);
    }

    private static long u64(byte[] d, int i) {
        return (u32(d, i) << 32) | u32(d, i + 4);
    }
}
