package org.jumbocap.pipeline;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.dissect.SegmentPlan;
import org.jumbocap.field.FieldDef;
import org.jumbocap.proto.icmp.IcmpFields;
import org.jumbocap.proto.icmp.Icmpv6Fields;
import org.jumbocap.proto.ipv4.Ipv4Fields;
import org.jumbocap.proto.ipv6.Ipv6Fields;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.pipeline.tcp.TcpAnalysisFlag;
import org.jumbocap.proto.tcp.TcpAnalysisFields;
import org.jumbocap.proto.tcp.TcpFields;
import org.jumbocap.proto.tcp.TcpFlags;
import org.jumbocap.proto.udp.UdpFields;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * The protocol and info columns of a frame's one-line summary, the text the command line's {@code read}
 * prints and the viewer lists, so the two cannot say different things. Each comes two ways that give the
 * same text: from the frame's summary where it holds what the text needs (the fast path), and from its
 * tree otherwise.
 */
public final class SummaryText {
    private static final Map<String, String> PROTOCOL_NAMES = Map.ofEntries(
            Map.entry("tcp", "TCP"), Map.entry("udp", "UDP"), Map.entry("ipv6", "IPv6"), Map.entry("ip", "IPv4"),
            Map.entry("icmpv6", "ICMPv6"), Map.entry("icmp", "ICMP"), Map.entry("arp", "ARP"),
            Map.entry("eth", "Ethernet"), Map.entry("vlan", "802.1Q"), Map.entry("vxlan", "VXLAN"),
            Map.entry("geneve", "Geneve"), Map.entry("sll", "SLL"), Map.entry("esp", "ESP"), Map.entry("ah", "AH"));
    private static final String TCP_NAME = PROTOCOL_NAMES.get(TcpFields.TCP.protocolName());
    private static final String UDP_NAME = PROTOCOL_NAMES.get(UdpFields.UDP.protocolName());
    /** Layers that say nothing about what the frame is. */
    private static final List<String> NOT_A_PROTOCOL = List.of("frame", "data", "jumbo");
    /*
     * Fields are looked up by their declaration (identity), not by filter name: name lookups were a sixth
     * of the CPU time of `read`. The analysed TCP values (relative sequence numbers) are shown when the
     * tree has them (the pipeline followed the conversation), the raw ones otherwise; the window likewise
     * scaled by the handshake's window scale when the conversation was followed.
     */
    private static final FieldDef TCP_WINDOW_SIZE = TcpAnalysisFields.WINDOW_SIZE;
    /**
     * Analysis marks of a segment whose bytes come before the next one the stream expects: reassembly takes it
     * as segment data of bytes already followed (a retransmission, or one out of order: analysis-scenarios.pcap
     * frame 29), and tshark does not call it a segment of a reassembled PDU.
     */
    private static final int RETRANSMITTED = TcpAnalysisFlag.RETRANSMISSION.bit() | TcpAnalysisFlag.FAST_RETRANSMISSION.bit()
            | TcpAnalysisFlag.SPURIOUS_RETRANSMISSION.bit() | TcpAnalysisFlag.OUT_OF_ORDER.bit();

    /** "[flags]" of TCP's info by the header's 12 flag bits, made at first use (a race makes equal Strings). */
    private static final String[] BRACKETED_FLAGS = new String[1 << 12];

    private SummaryText() {
    }

    /**
     * Where {@link #appendTransportInfo} writes TCP's or UDP's info text: pieces that are the project's own
     * (flag names, analysis marks, labels) and decimal numbers, all ASCII, so nothing in them is escaped.
     */
    public interface InfoOut {
        /** Text of ASCII characters only. */
        void appendAscii(String text);

        void appendNumber(long n);
    }

    /** An {@link InfoOut} over a StringBuilder, for the info text as a String. */
    private record StringInfoOut(StringBuilder s) implements InfoOut {
        @Override
        public void appendAscii(String text) {
            s.append(text);
        }

        @Override
        public void appendNumber(long n) {
            s.append(n);
        }
    }

    // ---- from the summary ------------------------------------------------------------------------

    /** The frame's innermost protocol layer as the summary records it, or null when it records none. */
    public static FieldDef topLayer(FrameSummary summary) {
        FieldDef top = null;
        for (int i = 0; i < summary.protocolLayerCount; i++) {
            FieldDef layer = summary.protocolLayers[i];
            if (isProtocol(layer)) {
                top = layer;
            }
        }
        return top;
    }

    /** Whether the layer says what the frame is (not "frame", "data" nor "jumbo"). */
    private static boolean isProtocol(FieldDef layer) {
        // TCP, UDP and IP, the layers of nearly every frame, without a look at the name
        return layer == TcpFields.TCP || layer == UdpFields.UDP || layer == Ipv4Fields.IP || layer == Ipv6Fields.IPV6
                || !NOT_A_PROTOCOL.contains(layer.name());
    }

    /** True when the innermost IP header carries TCP or UDP, so the summary's ports belong to it. */
    public static boolean transportAboveIp(FrameSummary summary) {
        boolean transport = false;
        boolean afterIp = false;
        for (int i = 0; i < summary.protocolLayerCount; i++) {
            FieldDef layer = summary.protocolLayers[i];
            if (layer == Ipv4Fields.IP || layer == Ipv6Fields.IPV6) {
                afterIp = true;
                transport = false;
            } else if (afterIp && (layer == TcpFields.TCP || layer == UdpFields.UDP)) {
                transport = true;
            }
        }
        return transport;
    }

    /**
     * The info text made from the summary alone, or null when the summary cannot make it exactly (an ICMP
     * error's quote, a frame without IP or whose top layer is not TCP, UDP or a named ICMP type, an IPv4
     * fragment): then {@link #info(FrameTree)} makes it.
     */
    public static String info(FrameSummary summary) {
        return info(summary, null);
    }

    /**
     * {@link #info(FrameSummary)} with the frame's TCP conversation analysis (null when conversations were
     * not followed): relative numbers and tshark's analysis marks, as the tree of the frame gives them.
     */
    public static String info(FrameSummary summary, TcpAnalysis analysis) {
        if (summary.incomplete || summary.ipVersion == 0 || summary.protocolLayerCount == 0) {
            return null;
        }
        FieldDef top = topLayer(summary);
        if (hasTransportInfo(summary, top)) {
            StringBuilder s = new StringBuilder(96);
            appendTransportInfo(summary, top, analysis, new StringInfoOut(s));
            return s.toString();
        }
        if ((top == IcmpFields.ICMP || top == Icmpv6Fields.ICMPV6) && summary.icmpType >= 0) {
            return (top == IcmpFields.ICMP ? IcmpFields.TYPE : Icmpv6Fields.TYPE).valueNames().get((long) summary.icmpType);
        }
        return null;
    }

    /**
     * True when the info text is TCP's or UDP's from the summary ({@code top} its {@link #topLayer}, the
     * frame complete and with IP): {@link #appendTransportInfo} writes it.
     */
    public static boolean hasTransportInfo(FrameSummary summary, FieldDef top) {
        return (top == TcpFields.TCP || top == UdpFields.UDP) && transportAboveIp(summary);
    }

    /**
     * The info text of a frame whose {@link #hasTransportInfo} ({@code top} its {@link #topLayer}), as
     * {@link #info(FrameSummary, TcpAnalysis)} gives it, written piece by piece to {@code out}: no String of
     * its own per frame.
     */
    public static void appendTransportInfo(FrameSummary summary, FieldDef top, TcpAnalysis analysis, InfoOut out) {
        if (top == UdpFields.UDP) {
            if (summary.udpLengthField >= 8) {
                out.appendAscii("Len=");
                out.appendNumber(summary.udpLengthField - 8);
            }
            return;
        }
        SegmentPlan plan = summary.decodedWith;
        if (plan != null && plan.onlyBeginsAMessage()) {
            out.appendAscii(TcpFields.SEGMENT_OF_A_PDU);
            return;
        }
        appendTcpInfo(summary, analysis, plan != null && plan.onlyContinuesAMessage(), out);
    }

    /** TCP's info text from the summary: flags, Seq, Ack, Win, Len, MSS and WS. */
    static String tcpInfo(FrameSummary summary, TcpAnalysis analysis) {
        StringBuilder s = new StringBuilder(96);
        appendTcpInfo(summary, analysis, false, new StringInfoOut(s));
        return s.toString();
    }

    /** {@link #tcpInfo(FrameSummary, TcpAnalysis)}, marked as tshark marks a segment inside a longer message. */
    private static void appendTcpInfo(FrameSummary summary, TcpAnalysis analysis, boolean insideAMessage, InfoOut out) {
        boolean tracked = analysis != null && analysis.tracked;
        if (tracked && analysis.flags != 0) {
            StringBuilder marks = new StringBuilder(48);
            TcpAnalysisFlag.appendMarks(marks, analysis.flags, analysis.duplicateAckFrame, analysis.duplicateAckNumber);
            out.appendAscii(marks.toString());
        }
        int flags = summary.tcpFlags;
        out.appendAscii(bracketedFlags(flags));
        appendIf(out, " Seq=", tracked ? analysis.seq : summary.tcpSeq);
        if (flags >= 0 && (flags & 0x10) != 0) {
            appendIf(out, " Ack=", tracked ? analysis.ack : summary.tcpAck);
        }
        appendIf(out, " Win=", tracked && analysis.windowSize >= 0 ? analysis.windowSize : summary.tcpWindow);
        appendIf(out, " Len=", summary.transportPayloadLength);
        appendIf(out, " MSS=", summary.tcpMss);
        appendIf(out, " WS=", summary.tcpWindowScaleMultiplier);
        if (insideAMessage) {
            out.appendAscii(" ");
            out.appendAscii(TcpFields.SEGMENT_OF_A_PDU);
        }
    }

    /** "[PSH, ACK]": the set flags' names in brackets, "[]" for none or no flags (-1). */
    private static String bracketedFlags(int flags) {
        if (flags < 0 || flags >= BRACKETED_FLAGS.length) {
            return flags < 0 ? "[]" : bracketed(flags);
        }
        String text = BRACKETED_FLAGS[flags];
        if (text == null) {
            text = bracketed(flags);
            BRACKETED_FLAGS[flags] = text;
        }
        return text;
    }

    private static String bracketed(int flags) {
        return TcpFlags.appendNames(flags, new StringBuilder("[")).append(']').toString();
    }

    private static void appendIf(InfoOut out, String label, long v) {
        if (v >= 0) {
            out.appendAscii(label);
            out.appendNumber(v);
        }
    }

    /** The protocol column from the summary ("TCP", "ICMPv6", "ARP"), or null when it records no layer. */
    public static String protocol(FrameSummary summary) {
        int top = -1;
        for (int i = 0; i < summary.protocolLayerCount; i++) {
            if (isProtocol(summary.protocolLayers[i])) {
                top = i;
            }
        }
        if (top < 0) {
            top = summary.protocolLayerCount - 1;
        }
        if (top < 0) {
            return null;
        }
        String given = summary.protocolLayerColumns[top];
        return given != null ? given : protocolName(summary.protocolLayers[top]);
    }

    // ---- from the tree ---------------------------------------------------------------------------

    /** The info text made from the frame's tree. */
    public static String info(FrameTree tree) {
        List<FieldNode> own = ownLayers(tree);
        FieldNode top = innermostProtocol(own);
        String given = top == null ? null : tree.info(top);
        return given != null ? given : info(top, transportAbove(own, innermostIp(own)));
    }

    /** The protocol column from the frame's tree. */
    public static String protocol(FrameTree tree) {
        FieldNode top = innermostProtocol(ownLayers(tree));
        String given = tree.protocolColumn(top);
        return given != null ? given : protocolName(top.def());
    }

    /**
     * The layers that describe this frame's own packet: everything up to an ICMP error, whose quoted
     * packet (layers after it) belongs to some other frame. Tunnels are not cut: their inner packet is
     * the traffic.
     */
    public static List<FieldNode> ownLayers(FrameTree tree) {
        List<FieldNode> layers = tree.layers();
        for (int i = 0; i < layers.size(); i++) {
            String name = layers.get(i).name();
            if (name.equals("icmp") || name.equals("icmpv6")) {
                return layers.subList(0, i + 1);
            }
        }
        return layers;
    }

    public static FieldNode innermostIp(List<FieldNode> own) {
        FieldNode ip = null;
        for (FieldNode layer : own) {
            if (layer.name().equals("ip") || layer.name().equals("ipv6")) {
                ip = layer;
            }
        }
        return ip;
    }

    /** The TCP or UDP layer carried by {@code ip}, or null. */
    public static FieldNode transportAbove(List<FieldNode> own, FieldNode ip) {
        if (ip == null) {
            return null;
        }
        FieldNode transport = null;
        boolean after = false;
        for (FieldNode layer : own) {
            if (layer == ip) {
                after = true;
            } else if (after && (layer.name().equals("tcp") || layer.name().equals("udp"))) {
                transport = layer;
            }
        }
        return transport;
    }

    public static FieldNode innermostProtocol(List<FieldNode> own) {
        FieldNode top = null;
        for (FieldNode layer : own) {
            if (!NOT_A_PROTOCOL.contains(layer.name())) {
                top = layer;
            }
        }
        return top != null ? top : own.get(own.size() - 1);
    }

    public static String protocolName(FieldDef layer) {
        // the two of nearly every frame without a look-up
        if (layer == TcpFields.TCP) {
            return TCP_NAME;
        }
        if (layer == UdpFields.UDP) {
            return UDP_NAME;
        }
        String name = layer.protocolName();
        String known = PROTOCOL_NAMES.get(name);
        return known != null ? known : name.toUpperCase(Locale.ROOT);
    }

    private static String info(FieldNode top, FieldNode transport) {
        if (transport != null && top == transport) {
            return transport.def() == TcpFields.TCP ? tcpInfo(transport) : udpInfo(transport);
        }
        if (top == null) {
            return "";
        }
        if (top.def() == Ipv4Fields.IP && (value(top, Ipv4Fields.FLAGS_MF) == 1 || value(top, Ipv4Fields.FRAG_OFFSET) > 0)) {
            FieldNode proto = top.find(Ipv4Fields.PROTO);
            String protoText = proto == null ? "?" : proto.value() instanceof Long v && proto.def().valueNames().containsKey(v)
                    ? proto.def().valueNames().get(v) + " " + v : proto.valueText();
            return "Fragmented IP protocol (proto=" + protoText + ", off=" + Math.max(0, value(top, Ipv4Fields.FRAG_OFFSET))
                    + ", ID=" + (value(top, Ipv4Fields.ID) < 0 ? "?" : String.format(Locale.ROOT, "%04x", value(top, Ipv4Fields.ID))) + ")";
        }
        FieldNode type = top.find(top.name() + ".type");
        if (type != null && type.value() instanceof Long v) {
            String named = type.def().valueNames().get(v);
            if (named != null) {
                return named;
            }
        }
        return top.text();
    }

    /** TCP's info text from the tree: flags, Seq, Ack, Win, Len, MSS and WS. */
    static String tcpInfo(FieldNode tcp) {
        StringBuilder s = new StringBuilder(96);
        FieldNode analysisFlags = tcp.find(TcpAnalysisFields.FLAGS);
        int found = 0;
        if (analysisFlags != null) {
            for (FieldNode f : analysisFlags.children()) {
                TcpAnalysisFlag flag = TcpAnalysisFlag.ofField(f.name());
                found |= flag != null ? flag.bit() : 0;
            }
            TcpAnalysisFlag.appendMarks(s, found, value(tcp, TcpAnalysisFields.DUPLICATE_ACK_FRAME),
                    value(tcp, TcpAnalysisFields.DUPLICATE_ACK_NUM));
        }
        long flags = childValue(tcp, TcpFields.FLAGS);
        s.append('[');
        if (flags >= 0) {
            TcpFlags.appendNames((int) flags, s);
        }
        s.append(']');
        long seq = childValue(tcp, TcpAnalysisFields.SEQ);
        if (seq < 0) {
            seq = childValue(tcp, TcpFields.SEQ_RAW);
        }
        appendIf(s, " Seq=", seq);
        if (flags >= 0 && (flags & 0x10) != 0) {
            long ack = childValue(tcp, TcpAnalysisFields.ACK);
            appendIf(s, " Ack=", ack >= 0 ? ack : childValue(tcp, TcpFields.ACK_RAW));
        }
        long win = value(tcp, TCP_WINDOW_SIZE);
        appendIf(s, " Win=", win >= 0 ? win : childValue(tcp, TcpFields.WINDOW_SIZE_VALUE));
        appendIf(s, " Len=", childValue(tcp, TcpFields.LEN));
        FieldNode options = tcp.child(TcpFields.OPTIONS);
        appendIf(s, " MSS=", options == null ? -1 : value(options, TcpFields.MSS_VAL));
        appendIf(s, " WS=", options == null ? -1 : value(options, TcpFields.WSCALE_MULTIPLIER));
        // a payload that is only the middle of a longer message (its start is marked by the TCP layer's own Info)
        FieldNode segmentData = tcp.child(TcpFields.SEGMENT_DATA);
        FieldNode payload = tcp.child(TcpFields.PAYLOAD);
        if (segmentData != null && payload != null && segmentData.length() >= payload.length()
                && (found & RETRANSMITTED) == 0) {
            s.append(' ').append(TcpFields.SEGMENT_OF_A_PDU);
        }
        return s.toString();
    }

    private static String udpInfo(FieldNode udp) {
        long length = childValue(udp, UdpFields.LENGTH);
        return length >= 8 ? "Len=" + (length - 8) : "";
    }

    private static void appendIf(StringBuilder s, String label, long v) {
        if (v >= 0) {
            s.append(label).append(v);
        }
    }

    /** Integer value of the first field declared by {@code def} anywhere in the layer, or -1. */
    private static long value(FieldNode layer, FieldDef def) {
        FieldNode n = def == null ? null : layer.find(def);
        return n == null ? -1 : n.longValue();
    }

    /** Integer value of a field the layer's dissector adds directly under the layer, or -1. */
    private static long childValue(FieldNode layer, FieldDef def) {
        FieldNode n = layer.child(def);
        return n == null ? -1 : n.longValue();
    }
}
