package org.jumbocap.pipeline;

import org.jumbocap.displayfilter.CompiledFilter;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.DissectorTable;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.dissect.HeuristicDissector;
import org.jumbocap.dissect.Tables;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.jumbo.JumboRules;
import org.jumbocap.proto.ip.IpProtocols;
import org.jumbocap.proto.ipv4.Ipv4Dissector;
import org.jumbocap.proto.ipv6.Ipv6Dissector;
import org.jumbocap.proto.ipv6.ext.ChainState;
import org.jumbocap.proto.ipv6.ext.ExtensionChain;
import org.jumbocap.proto.tcp.TcpDissector;
import org.jumbocap.proto.udp.UdpDissector;
import org.jumbocap.tree.FieldNode;

/**
 * A display filter on header fields alone (addresses, ports, lengths, TCP flags, the jumbogram verdict:
 * {@link CompiledFilter#canUseFastPath} without {@link CompiledFilter#readsConversation}) decided from a
 * frame's headers, as BPF would decide it: Ethernet, one IPv4 or IPv6 header (its extension headers walked by
 * {@link ExtensionChain}, its length by {@link JumboRules}), then TCP or UDP, nothing past them. The headers
 * fill the same {@link FrameSummary} fields the dissectors fill, and the filter is evaluated on them, so the
 * verdict is the one the summary would give. A frame whose layers the walk cannot vouch for, where the full
 * decode could find more layers or mark its summary incomplete (VLAN tags and other link types, fragments,
 * tunnels, ICMP with its quoted packet, a UDP payload a port or heuristic dissector claims, a cut or
 * malformed header), is {@link #UNDECIDED}: decode it in full. One instance per thread.
 */
public final class HeaderFilter {
    public static final int NO_MATCH = 0;
    public static final int MATCH = 1;
    /** The headers alone cannot settle the verdict as the full decode would: decode the frame. */
    public static final int UNDECIDED = 2;

    private static final int ETHERNET_HEADER = 14;
    private static final int ETHERTYPE_IPV4 = 0x0800;
    private static final int ETHERTYPE_IPV6 = 0x86DD;
    private static final int IPV4_MIN_HEADER = 20;
    private static final int IPV6_HEADER = 40;
    private static final int TCP_MIN_HEADER = 20;
    private static final int UDP_HEADER = 8;
    private static final int ICMP = 1;
    private static final int TCP = 6;
    private static final int UDP = 17;
    private static final int ICMPV6 = 58;

    private final CompiledFilter filter;
    private final DissectorRegistry registry;
    private final DissectorTable ipProtocols;
    private final boolean tcpByProtocol;
    private final boolean udpByProtocol;
    /** UDP ports whose payload a dissector takes, by port: a lookup per datagram. */
    private final boolean[] udpPortClaimed = new boolean[65536];
    private final HeuristicDissector[] udpHeuristics;
    private final boolean ipv4ByEthertype;
    private final boolean ipv6ByEthertype;
    private final FrameSummary summary = new FrameSummary();
    /** For the extension-header walk and the UDP heuristics' look at the payload; nothing of it is kept. */
    private final FrameSummary scratch = new FrameSummary();
    private DissectionContext context;
    /** The frame being walked, its bytes in memory and how many of them: a header past them is left undecided. */
    private FrameRecord frame;
    private byte[] bytes;
    private int limit;

    private HeaderFilter(CompiledFilter filter, DissectorRegistry registry) {
        this.filter = filter;
        this.registry = registry;
        this.ipProtocols = registry.table(Tables.IP_PROTO);
        this.tcpByProtocol = ipProtocols.get(TCP) instanceof TcpDissector;
        this.udpByProtocol = ipProtocols.get(UDP) instanceof UdpDissector;
        DissectorTable udpPorts = registry.table(Tables.UDP_PORT);
        for (int port = 0; port < udpPortClaimed.length; port++) {
            udpPortClaimed[port] = udpPorts.get(port) != null;
        }
        this.udpHeuristics = registry.table(Tables.UDP_HEURISTIC).inKeyOrder().stream()
                .filter(d -> d instanceof HeuristicDissector).toArray(HeuristicDissector[]::new);
        DissectorTable ethertypes = registry.table(Tables.ETHERTYPE);
        this.ipv4ByEthertype = ethertypes.get(ETHERTYPE_IPV4) == Ipv4Dissector.INSTANCE;
        this.ipv6ByEthertype = ethertypes.get(ETHERTYPE_IPV6) == Ipv6Dissector.INSTANCE;
    }

    /** True when the filter reads header fields alone, so {@link #of} gives a header filter for it. */
    public static boolean decidesFromHeaders(CompiledFilter filter) {
        return filter.canUseFastPath() && !filter.readsConversation();
    }

    /** A header filter for {@code filter}, or null when it reads more than header fields. */
    public static HeaderFilter of(CompiledFilter filter, DissectorRegistry registry) {
        return decidesFromHeaders(filter) ? new HeaderFilter(filter, registry) : null;
    }

    /** {@link #MATCH}, {@link #NO_MATCH} or {@link #UNDECIDED} for the frame. */
    public int decide(FrameRecord frame) {
        FrameSummary s = headers(frame);
        if (s == null) {
            return UNDECIDED;
        }
        return filter.matches(s, null) ? MATCH : NO_MATCH;
    }

    /**
     * The summary's header fields from the headers alone, or null when the walk cannot vouch for them.
     * Valid until the next call.
     */
    FrameSummary headers(FrameRecord frame) {
        FrameSummary s = summary;
        clear(s);
        s.capturedLength = frame.capturedLength();
        s.originalLength = frame.originalLength();
        // the bytes in memory, not a FrameBuffer view: no object per frame, and a super-packet's payload unread
        this.frame = frame;
        this.bytes = frame.loadedBytes();
        this.limit = Math.min(frame.loadedLength(), frame.capturedLength());
        if (frame.linkType() != LinkTypes.ETHERNET || !has(0, ETHERNET_HEADER) || frame.optionProblem() != null) {
            return null;
        }
        int ethertype = u16(12);
        long carried = frame.originalLength() - ETHERNET_HEADER;
        boolean known;
        if (ethertype == ETHERTYPE_IPV4 && ipv4ByEthertype) {
            known = ipv4(ETHERNET_HEADER, carried);
        } else if (ethertype == ETHERTYPE_IPV6 && ipv6ByEthertype) {
            known = ipv6(ETHERNET_HEADER, carried);
        } else {
            known = false;
        }
        return known ? s : null;
    }

    /**
     * Clears what the filter reads ({@code FastField}'s fields of the headers), and only that: the whole
     * {@link FrameSummary#reset} is most of the time a frame takes here.
     */
    private static void clear(FrameSummary s) {
        s.ipLayerCount = 0;
        s.udpCount = 0;
        s.ipProto = -1;
        s.transportOffset = -1;
        s.srcPort = -1;
        s.dstPort = -1;
        s.tcpSeq = -1;
        s.tcpHeaderLength = -1;
        s.tcpFlags = -1;
        s.transportPayloadLength = -1;
    }

    /** Records the frame's only IP layer, as {@link FrameSummary#beginIpLayer} and {@link FrameSummary#endIpLayer} do. */
    private static void ipLayer(FrameSummary s, int version, int protocolField, long srcHi, long srcLo, long dstHi,
                                long dstLo, long l3PayloadLength, JumboKind kind) {
        s.ipLayerCount = 1;
        s.layerIpVersion[0] = version;
        s.layerProtocolField[0] = protocolField;
        s.layerSrcHi[0] = srcHi;
        s.layerSrcLo[0] = srcLo;
        s.layerDstHi[0] = dstHi;
        s.layerDstLo[0] = dstLo;
        s.layerL3PayloadLength[0] = l3PayloadLength;
        s.layerJumboKind[0] = kind;
    }

    /** As {@code Ipv4Dissector}: the layer's facts, then the transport; false where it would differ. */
    private boolean ipv4(int offset, long length) {
        if (!has(offset, IPV4_MIN_HEADER)) {
            return false;
        }
        int headerLength = (u8(offset) & 0x0F) * 4;
        if (headerLength < IPV4_MIN_HEADER || !has(offset, headerLength)) {
            return false;
        }
        int totalLength = u16(offset + 2);
        int flagsAndOffset = u16(offset + 6);
        if ((flagsAndOffset & 0x3FFF) != 0) {
            return false; // a fragment: its transport is partial or absent
        }
        int protocol = u8(offset + 9);
        JumboKind kind = JumboRules.ipv4Kind(totalLength, headerLength, length);
        long realTotal = JumboRules.ipv4TotalLength(kind, totalLength, length);
        FrameSummary s = summary;
        ipLayer(s, 4, protocol, 0, u32(offset + 12), 0, u32(offset + 16), realTotal - headerLength, kind);
        s.ipProto = protocol;
        if (kind == null && totalLength < headerLength) {
            return false;
        }
        if (kind == null && totalLength > length) {
            realTotal = length;
        }
        return transport(protocol, offset + headerLength, realTotal - headerLength);
    }

    /** As {@code Ipv6Dissector}, the extension headers walked by {@link ExtensionChain}. */
    private boolean ipv6(int offset, long length) {
        if (!has(offset, IPV6_HEADER) || length < IPV6_HEADER) {
            return false;
        }
        int payloadLength = u16(offset + 4);
        int nextHeader = u8(offset + 6);
        long bytesAfterHeader = length - IPV6_HEADER;
        int chainStart = offset + IPV6_HEADER;
        int protocol = nextHeader;
        int upperOffset = chainStart;
        long jumboValue = 0;
        boolean hasJumbo = false;
        if (ExtensionChain.isExtensionHeader(nextHeader)) {
            ChainState chain = ExtensionChain.walk(context(), FieldNode.OFF, nextHeader, chainStart);
            if (chain.end() != ChainState.End.UPPER_LAYER || chain.fragment() != null) {
                return false; // cut, opaque (ESP) or a fragment: the dissector stops or shows data
            }
            ChainState.JumboOption jumbo = chain.firstHopByHopJumboOption();
            hasJumbo = jumbo != null;
            jumboValue = hasJumbo ? jumbo.value() : 0;
            protocol = chain.nextHeader();
            upperOffset = chain.offset();
        }
        int extensionBytes = upperOffset - chainStart;
        JumboKind kind = JumboRules.ipv6Kind(payloadLength, hasJumbo, bytesAfterHeader);
        long realPayload = JumboRules.ipv6PayloadLength(kind, payloadLength, jumboValue, bytesAfterHeader);
        FrameSummary s = summary;
        ipLayer(s, 6, nextHeader, u64(offset + 8), u64(offset + 16), u64(offset + 24), u64(offset + 32),
                realPayload, kind);
        s.ipProto = protocol;
        // the bytes that belong to the packet, cut to what the frame carried (Ipv6Dissector.checkLengths)
        long carried = kind == JumboKind.IPV6_ZERO_LENGTH ? realPayload : Math.min(realPayload, bytesAfterHeader);
        if (extensionBytes > carried || protocol == ExtensionChain.NO_NEXT_HEADER) {
            return protocol == ExtensionChain.NO_NEXT_HEADER && extensionBytes <= carried;
        }
        return transport(protocol, upperOffset, carried - extensionBytes);
    }

    /** The layer after IP: TCP or UDP as their dissectors take it, or a protocol nothing decodes further. */
    private boolean transport(int protocol, int offset, long length) {
        if (protocol == TCP && tcpByProtocol) {
            return tcp(offset, length);
        }
        if (protocol == UDP && udpByProtocol) {
            return udp(offset, length);
        }
        Dissector next = ipProtocols.get(protocol);
        // no decoder for the protocol: its payload is data, the frame has no more layers than these
        return next == null && protocol != IpProtocols.IPIP && protocol != IpProtocols.IPV6 && protocol != ICMP
                && protocol != ICMPV6;
    }

    /**
     * As {@code TcpDissector}'s header. What a TCP payload's protocol adds (TLS, HTTP, DNS) is no IP, TCP or
     * UDP layer, so the header fields are all the filter can read.
     */
    private boolean tcp(int offset, long length) {
        if (!has(offset, TCP_MIN_HEADER)) {
            return false;
        }
        int headerLength = (u8(offset + 12) >>> 4) * 4;
        if (headerLength < TCP_MIN_HEADER || headerLength > length) {
            return false;
        }
        FrameSummary s = summary;
        s.transportOffset = offset;
        s.srcPort = u16(offset);
        s.dstPort = u16(offset + 2);
        s.tcpSeq = u32(offset + 4);
        s.tcpHeaderLength = headerLength;
        s.tcpFlags = u16(offset + 12) & 0x0FFF;
        s.transportPayloadLength = length - headerLength;
        return true;
    }

    /**
     * As {@code UdpDissector}'s header: decided only when no port or heuristic dissector takes the payload,
     * which could be a tunnel with more IP and UDP layers inside.
     */
    private boolean udp(int offset, long length) {
        if (!has(offset, UDP_HEADER)) {
            return false;
        }
        int srcPort = u16(offset);
        int dstPort = u16(offset + 2);
        int lengthField = u16(offset + 4);
        FrameSummary s = summary;
        s.transportOffset = offset;
        s.srcPort = srcPort;
        s.dstPort = dstPort;
        s.udpCount = 1;
        s.udpSrcPort[0] = srcPort;
        s.udpDstPort[0] = dstPort;
        long payloadLength = Math.max(0, JumboRules.udpDatagramLength(lengthField, length) - UDP_HEADER);
        s.transportPayloadLength = payloadLength;
        if (payloadLength == 0) {
            return true;
        }
        if (udpPortClaimed[dstPort] || udpPortClaimed[srcPort]) {
            return false;
        }
        if (udpHeuristics.length == 0) {
            return true;
        }
        int payload = offset + UDP_HEADER;
        DissectionContext bytesOnly = bytesContext();
        for (HeuristicDissector h : udpHeuristics) {
            if (h.accepts(bytesOnly, payload, payloadLength)) {
                return false;
            }
        }
        return true;
    }

    /** A context over the frame's view, for the decoders' own code (the extension chain). */
    private DissectionContext context() {
        scratch.reset();
        return bytesContext();
    }

    /**
     * The same for code that reads only the frame's bytes (a heuristic's look at a payload): its summary,
     * scratch that nothing reads, is not cleared, which would cost more than the look (a third of the time
     * of a UDP datagram here).
     */
    private DissectionContext bytesContext() {
        if (context == null) {
            context = new DissectionContext(registry);
        }
        context.reset(frame.buffer(), null, scratch, false);
        return context;
    }

    /** True when the bytes {@code [offset, offset + length)} are in memory (and so captured). */
    private boolean has(int offset, int length) {
        return offset >= 0 && offset <= limit - length;
    }

    private int u8(int offset) {
        return bytes[offset] & 0xFF;
    }

    private int u16(int offset) {
        return (bytes[offset] & 0xFF) << 8 | bytes[offset + 1] & 0xFF;
    }

    private long u32(int offset) {
        return (long) u16(offset) << 16 | u16(offset + 2);
    }

    private long u64(int offset) {
        return u32(offset) << 32 | u32(offset + 4);
    }
}
