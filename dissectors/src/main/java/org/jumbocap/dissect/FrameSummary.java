package org.jumbocap.dissect;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;
import org.jumbocap.jumbo.JumboKind;

/**
 * The allocation-free summary of a frame: which flow, how long, whether it is a jumbogram, where the
 * transport header starts, which layers and expert findings it has. The dissectors fill it as they decode,
 * with or without a tree ({@link FrameDissector#summarize}, {@link FrameDissector#dissect}): the summary
 * and the tree come from the same decode, so they cannot disagree. One instance is reused for every frame
 * ({@link #reset}). Addresses are kept as numbers so no array is allocated: IPv4 in the low 32 bits of {@code srcLo}
 * / {@code dstLo}, IPv6 as high and low 64 bits. For a tunnelled frame the summary describes the
 * innermost IP packet and {@link #tunnelDepth} says how many tunnels enclose it.
 */
public final class FrameSummary {
    /** Nested tunnels (VXLAN, Geneve, IP-in-IP) the summary has room for. */
    public static final int MAX_TUNNEL_DEPTH = 4;
    /** Top-level layers (frame, eth, vlan, ipv6, tcp, ...) the summary records. */
    public static final int MAX_PROTOCOL_LAYERS = 24;
    /** Expert findings the summary records. */
    public static final int MAX_EXPERTS = 16;

    public long frameNumber;
    public int linkType;
    public int capturedLength;
    public long originalLength;

    /** Frame offset of the (innermost) IP header, or -1. */
    public int ipOffset = -1;
    /** 4, 6, or 0 when the frame holds no IP. */
    public int ipVersion;
    public long srcHi;
    public long srcLo;
    public long dstHi;
    public long dstLo;
    /** Transport protocol after the extension-header chain (6 TCP, 17 UDP, 58 ICMPv6...), or -1. */
    public int ipProto = -1;
    /** Real layer-3 payload length (bytes after the fixed IP header), jumbo-aware. */
    public long l3PayloadLength;
    /** Bytes of the (innermost) IP layer: the IPv4 header with options, the IPv6 header with its extension headers; or -1. */
    public int ipHeaderLength = -1;
    /** Null for an ordinary packet. */
    public JumboKind jumboKind;

    /** Frame offset of the transport header, or -1. */
    public int transportOffset = -1;
    /** Ports for TCP and UDP, else -1. */
    public int srcPort = -1;
    public int dstPort = -1;
    /** TCP flags: the 12 bits after the data offset (0x100 AE, 0xE00 reserved), or -1. */
    public int tcpFlags = -1;
    public long tcpSeq = -1;
    /** Transport payload bytes (TCP segment data, UDP data), jumbo-aware, or -1. */
    public long transportPayloadLength = -1;
    public int tunnelDepth;
    /** True when a header the summary needed ran past the captured bytes. */
    public boolean truncated;
    /**
     * True when the full tree holds layers this summary does not describe: the packet quoted by an ICMP
     * error (decoded only with a tree), or more layers, IP headers or expert items than the summary has
     * room for. A display filter answered from such a summary may
     * differ from the tree's answer, so filtering code dissects these frames in full.
     */
    public boolean incomplete;

    /*
     * Every IP header and UDP header of the frame, outermost first, so a display filter evaluated on the
     * summary sees the same occurrences as one evaluated on the tree (a VXLAN frame has two ip.src and
     * two udp.port). Arrays are sized once for the deepest tunnel nesting the decoder follows.
     */
    /** Most IP headers (and UDP headers) a frame can contribute: one per tunnel level plus the outer one. */
    public static final int MAX_LAYERS = MAX_TUNNEL_DEPTH + 1;
    public int ipLayerCount;
    public final int[] layerIpVersion = new int[MAX_LAYERS];
    /** The header's own protocol field: IPv4 protocol, IPv6 fixed header's next header. */
    public final int[] layerProtocolField = new int[MAX_LAYERS];
    public final long[] layerSrcHi = new long[MAX_LAYERS];
    public final long[] layerSrcLo = new long[MAX_LAYERS];
    public final long[] layerDstHi = new long[MAX_LAYERS];
    public final long[] layerDstLo = new long[MAX_LAYERS];
    public final long[] layerL3PayloadLength = new long[MAX_LAYERS];
    public final JumboKind[] layerJumboKind = new JumboKind[MAX_LAYERS];
    /** Frame offset of each IP header. */
    public final int[] layerIpOffset = new int[MAX_LAYERS];
    /**
     * Bytes from the IP header's start to the header after it: IPv4 IHL times 4; IPv6 40 plus the
     * extension headers walked; 0 when the layer's header was not decoded that far.
     */
    public final int[] layerHeaderLength = new int[MAX_LAYERS];
    /** The IP packet is a fragment: IPv4 MF or a fragment offset, or an IPv6 Fragment header. */
    public final boolean[] layerFragment = new boolean[MAX_LAYERS];
    /** IPv6: frame offset and length of the first Hop-by-Hop header, or -1 and 0 when there is none. */
    public final int[] layerHopByHopOffset = new int[MAX_LAYERS];
    public final int[] layerHopByHopLength = new int[MAX_LAYERS];
    /** IPv6: frame offset of the Jumbo Payload option (its type byte) in the Hop-by-Hop header, or -1. */
    public final int[] layerJumboOptionOffset = new int[MAX_LAYERS];
    /** IPv6: the Hop-by-Hop header holds nothing but a Jumbo Payload option and padding. */
    public final boolean[] layerHopByHopOnlyJumbo = new boolean[MAX_LAYERS];
    public int udpCount;
    public final int[] udpSrcPort = new int[MAX_LAYERS];
    public final int[] udpDstPort = new int[MAX_LAYERS];
    /** Frame offset and length field of each UDP header, outermost first. */
    public final int[] udpOffset = new int[MAX_LAYERS];
    public final int[] udpLength = new int[MAX_LAYERS];
    /** TCP header length in bytes (data offset times 4), or -1. */
    public int tcpHeaderLength = -1;
    /** TCP acknowledgment number, window field, MSS and window-scale multiplier options, or -1. */
    public long tcpAck = -1;
    public int tcpWindow = -1;
    /**
     * The dissector TCP handed its payload to when it measures messages across segments (the stream's
     * protocol for TCP reassembly, which follows the frames in order), else null.
     */
    public StreamPduDissector tcpPayloadDissector;
    /** The reassembly plan the frame was decoded with (null: its payload as it came). */
    public SegmentPlan decodedWith;
    public int tcpMss = -1;
    public int tcpWindowScaleMultiplier = -1;
    /**
     * Verdict on the innermost TCP or UDP checksum, or null: {@link ChecksumVerdict#NOT_CHECKED} or
     * {@link ChecksumVerdict#OFFLOADED} when only the offload judgement was made, the summed verdict when
     * the decode verified checksums.
     */
    public ChecksumVerdict transportChecksum;
    /** VNI of the innermost VXLAN or Geneve header, or -1. */
    public int tunnelVni = -1;
    /** MAC addresses (48 bits) of the innermost Ethernet header, or -1 when the frame has none. */
    public long ethSrc = -1;
    public long ethDst = -1;
    /** SACK blocks a TCP segment's SACK option carries (raw edges); at most four fit in the options. */
    public static final int MAX_SACK_BLOCKS = 4;
    public int tcpSackBlocks;
    public final long[] tcpSackLeft = new long[MAX_SACK_BLOCKS];
    public final long[] tcpSackRight = new long[MAX_SACK_BLOCKS];
    /** UDP header's length field of the innermost UDP layer, or -1. */
    public int udpLengthField = -1;
    /** ICMP or ICMPv6 type of the first ICMP layer, or -1. */
    public int icmpType = -1;
    /** IPv4 fragment facts of the innermost IPv4 header: more-fragments flag, offset in bytes, identification. */
    public boolean ipv4MoreFragments;
    public int ipv4FragmentOffset;
    public int ipv4Id = -1;

    /** The declaration of every top-level layer, in order ({@code frame} first), as the tree would hold them. */
    public int protocolLayerCount;
    public final FieldDef[] protocolLayers = new FieldDef[MAX_PROTOCOL_LAYERS];
    /** Frame offset of each layer in {@link #protocolLayers}. */
    public final int[] protocolLayerOffsets = new int[MAX_PROTOCOL_LAYERS];
    /**
     * The Protocol column name a layer in {@link #protocolLayers} gave for itself ("RARP", "TLSv1.3"), or
     * null for its declaration's name: the column is decided without a tree (the viewer's packet list).
     */
    public final String[] protocolLayerColumns = new String[MAX_PROTOCOL_LAYERS];
    /** Every expert finding, in the order the tree would list them. */
    public int expertCount;
    public final ExpertDef[] experts = new ExpertDef[MAX_EXPERTS];

    /** Resets every field to "not present". */
    public void reset() {
        // a frame-level fact: the IP layers the decode clears on the way must keep it
        decodedWith = null;
        frameNumber = 0;
        linkType = 0;
        capturedLength = 0;
        originalLength = 0;
        ipOffset = -1;
        ipVersion = 0;
        clearInnermostIp();
        tunnelDepth = 0;
        tunnelVni = -1;
        ethSrc = -1;
        ethDst = -1;
        truncated = false;
        incomplete = false;
        ipLayerCount = 0;
        udpCount = 0;
        icmpType = -1;
        protocolLayerCount = 0;
        expertCount = 0;
    }

    /** Records a top-level layer; past the room for them the summary is incomplete. */
    void addProtocolLayer(FieldDef def, int offset) {
        if (protocolLayerCount < MAX_PROTOCOL_LAYERS) {
            protocolLayerOffsets[protocolLayerCount] = offset;
            protocolLayerColumns[protocolLayerCount] = null;
            protocolLayers[protocolLayerCount++] = def;
        } else {
            incomplete = true;
        }
    }

    /** Names the last layer added in the Protocol column (a constant: nothing is allocated per frame). */
    void setProtocolColumn(String name) {
        if (protocolLayerCount > 0) {
            protocolLayerColumns[protocolLayerCount - 1] = name;
        }
    }

    /** Records an expert finding; past the room for them the summary is incomplete. */
    void addExpert(ExpertDef def) {
        if (expertCount < MAX_EXPERTS) {
            experts[expertCount++] = def;
        } else {
            incomplete = true;
        }
    }

    /** True when the frame has a finding with this id. */
    public boolean hasExpert(ExpertDef def) {
        for (int i = 0; i < expertCount; i++) {
            if (experts[i] == def) {
                return true;
            }
        }
        return false;
    }

    /**
     * Starts the next IP layer: it becomes the innermost, so transport facts of outer layers are cleared.
     *
     * @return the layer's index, for {@link #endIpLayer}
     */
    public int beginIpLayer(int version, int protocolField, int offset) {
        ipOffset = offset;
        ipVersion = version;
        clearInnermostIp();
        int layer = ipLayerCount;
        if (layer < MAX_LAYERS) {
            layerIpVersion[layer] = version;
            layerProtocolField[layer] = protocolField;
            layerSrcHi[layer] = layerSrcLo[layer] = layerDstHi[layer] = layerDstLo[layer] = 0;
            layerL3PayloadLength[layer] = 0;
            layerJumboKind[layer] = null;
            layerIpOffset[layer] = offset;
            layerHeaderLength[layer] = 0;
            layerFragment[layer] = false;
            layerHopByHopOffset[layer] = -1;
            layerHopByHopLength[layer] = 0;
            layerJumboOptionOffset[layer] = -1;
            layerHopByHopOnlyJumbo[layer] = false;
            ipLayerCount = layer + 1;
        } else {
            incomplete = true;
        }
        return layer;
    }

    /** Forgets the facts of the innermost IP packet and its transport, which a new (inner) IP layer replaces. */
    private void clearInnermostIp() {
        srcHi = srcLo = dstHi = dstLo = 0;
        ipProto = -1;
        l3PayloadLength = 0;
        ipHeaderLength = -1;
        jumboKind = null;
        ipv4MoreFragments = false;
        ipv4FragmentOffset = 0;
        ipv4Id = -1;
        transportOffset = -1;
        srcPort = dstPort = -1;
        tcpFlags = -1;
        tcpSeq = -1;
        tcpHeaderLength = -1;
        tcpAck = -1;
        tcpWindow = -1;
        tcpPayloadDissector = null;
        tcpMss = -1;
        tcpWindowScaleMultiplier = -1;
        transportChecksum = null;
        tcpSackBlocks = 0;
        udpLengthField = -1;
        transportPayloadLength = -1;
    }

    /**
     * Records the checksum verdict of the transport header at {@code offset} if it is the innermost one (a
     * tunnel's outer UDP header is judged after its inner packet and must not overwrite that verdict).
     */
    public void noteTransportChecksum(int offset, ChecksumVerdict verdict) {
        if (offset == transportOffset) {
            transportChecksum = verdict;
        }
    }

    /**
     * Marks the summary incomplete when a header starting at {@code offset} is only partly captured: the tree
     * shows its fields up to the cut, the summary's layer would be all or nothing. A header cut before its
     * first byte (the snaplen ended exactly there) leaves nothing for either to show.
     */
    public void notePartialHeader(FrameBuffer b, int offset) {
        incomplete |= b.has(offset, 1) || !b.isCut();
    }

    /** Copies the innermost IP facts into the layer's slot once the IP layer has found them. */
    public void endIpLayer(int layer) {
        if (layer >= MAX_LAYERS) {
            return;
        }
        layerSrcHi[layer] = srcHi;
        layerSrcLo[layer] = srcLo;
        layerDstHi[layer] = dstHi;
        layerDstLo[layer] = dstLo;
        layerL3PayloadLength[layer] = l3PayloadLength;
        layerJumboKind[layer] = jumboKind;
    }

    /**
     * Records where an IP layer's headers end and whether it is a fragment.
     *
     * @param layer the index {@link #beginIpLayer} returned
     */
    public void setIpHeaders(int layer, int headerLength, boolean fragment) {
        if (layer < MAX_LAYERS) {
            layerHeaderLength[layer] = headerLength;
            layerFragment[layer] = fragment;
        }
    }

    /** Records an IPv6 layer's first Hop-by-Hop header and the Jumbo Payload option in it (-1: none). */
    public void setHopByHop(int layer, int offset, int length, int jumboOptionOffset, boolean onlyJumbo) {
        if (layer < MAX_LAYERS) {
            layerHopByHopOffset[layer] = offset;
            layerHopByHopLength[layer] = length;
            layerJumboOptionOffset[layer] = jumboOptionOffset;
            layerHopByHopOnlyJumbo[layer] = onlyJumbo;
        }
    }

    /** Records a UDP header's ports as one more occurrence. */
    public void addUdp(int src, int dst) {
        addUdp(src, dst, -1, -1);
    }

    /** Records a UDP header: its ports, frame offset and length field. */
    public void addUdp(int src, int dst, int offset, int lengthField) {
        if (udpCount < MAX_LAYERS) {
            udpSrcPort[udpCount] = src;
            udpDstPort[udpCount] = dst;
            udpOffset[udpCount] = offset;
            udpLength[udpCount] = lengthField;
            udpCount++;
        } else {
            incomplete = true;
        }
    }

    public boolean isJumbo() {
        return jumboKind != null;
    }

    /** True when any IP header of the frame (outer or inner) is a jumbogram. */
    public boolean anyJumbo() {
        for (int i = 0; i < ipLayerCount; i++) {
            if (layerJumboKind[i] != null) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "FrameSummary{ip=" + ipVersion + " proto=" + ipProto + " ports=" + srcPort + ">" + dstPort
                + " l3len=" + l3PayloadLength + " jumbo=" + jumboKind + " tlen=" + transportPayloadLength
                + " tunnels=" + tunnelDepth + (truncated ? " truncated" : "") + (incomplete ? " incomplete" : "") + "}";
    }
}
