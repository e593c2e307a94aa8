package org.jumbocap.cli.render;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jumbocap.cli.engine.FrameContext;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.FieldDef;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.jumbo.JumboFields;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.proto.icmp.IcmpFields;
import org.jumbocap.proto.icmp.Icmpv6Fields;
import org.jumbocap.proto.ipv4.Ipv4Fields;
import org.jumbocap.proto.ipv6.Ipv6Fields;
import org.jumbocap.proto.link.LinkFields;
import org.jumbocap.proto.tcp.TcpFields;
import org.jumbocap.proto.tcp.TcpFlags;
import org.jumbocap.proto.udp.UdpFields;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FieldFormat;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * The one-line summary of a frame: number, time, source and destination (with ports), innermost
 * protocol, length on the wire, info, then the marks that matter here: the real length of a jumbogram or
 * BIG TCP super-packet, and every error or warning the dissectors found.
 */
public final class SummaryLine {
    private static final Map<String, String> PROTOCOL_NAMES = Map.ofEntries(
            Map.entry("tcp", "TCP"), Map.entry("udp", "UDP"), Map.entry("ipv6", "IPv6"), Map.entry("ip", "IPv4"),
            Map.entry("icmpv6", "ICMPv6"), Map.entry("icmp", "ICMP"), Map.entry("arp", "ARP"),
            Map.entry("eth", "Ethernet"), Map.entry("vlan", "802.1Q"), Map.entry("vxlan", "VXLAN"),
            Map.entry("geneve", "Geneve"), Map.entry("sll", "SLL"), Map.entry("esp", "ESP"), Map.entry("ah", "AH"));
    /** Layers that say nothing about what the frame is. */
    private static final List<String> NOT_A_PROTOCOL = List.of("frame", "data", "jumbo");
    /*
     * Fields are looked up by their declaration (identity), not by filter name: name lookups were a sixth
     * of the CPU time of `read`. The analysed TCP values (relative sequence numbers, scaled window) are
     * shown when some module declares them, the raw ones otherwise.
     */
    private static final FieldDef TCP_SEQ = declared("tcp.seq");
    private static final FieldDef TCP_ACK = declared("tcp.ack");
    private static final FieldDef TCP_WINDOW_SIZE = declared("tcp.window_size");

    private final TimeFormat timeFormat;
    private final Colors colors;

    public SummaryLine(TimeFormat timeFormat, Colors colors) {
        this.timeFormat = timeFormat;
        this.colors = colors;
    }

    public String render(FrameTree tree, FrameContext context) {
        StringBuilder s = new StringBuilder(160);
        padLeft(s, Long.toString(tree.frame().number()), 5).append(' ');
        s.append(timeFormat.format(tree.frame().timestampNanos(), context)).append(' ');
        List<FieldNode> own = ownLayers(tree);
        FieldNode ip = innermostIp(own);
        FieldNode transport = transportAbove(own, ip);
        s.append(endpoints(tree, ip, transport)).append(' ');
        FieldNode top = innermostProtocol(own);
        s.append(protocolName(top)).append(' ');
        s.append(tree.frame().originalLength()).append(' ');
        s.append(info(top, transport));
        String jumbo = jumboMark(own);
        if (jumbo != null) {
            s.append(' ').append(colors.jumbo(jumbo));
        }
        for (ExpertItem e : tree.experts()) {
            if (e.severity() == Severity.ERROR || e.severity() == Severity.WARN) {
                s.append(' ').append(colors.severity(e.severity(),
                        "[!" + e.severity().name() + " " + e.id() + "]"));
            }
        }
        return s.toString();
    }

    /**
     * The same line as {@link #render(FrameTree, FrameContext)}, made from the frame's summary without a
     * tree, or null when the summary cannot make it exactly (an ICMP error's quote, a frame without IP or
     * whose top layer is not TCP, UDP or a named ICMP type, an IPv4 fragment): the caller then dissects.
     */
    public String render(FrameSummary summary, FrameRecord frame, FrameContext context) {
        if (summary.incomplete || summary.ipVersion == 0 || summary.protocolLayerCount == 0) {
            return null;
        }
        FieldDef top = null;
        boolean transportAboveIp = false;
        boolean afterIp = false;
        for (int i = 0; i < summary.protocolLayerCount; i++) {
            FieldDef layer = summary.protocolLayers[i];
            if (layer == Ipv4Fields.IP || layer == Ipv6Fields.IPV6) {
                afterIp = true;
                transportAboveIp = false;
            } else if (afterIp && (layer == TcpFields.TCP || layer == UdpFields.UDP)) {
                transportAboveIp = true;
            }
            if (!NOT_A_PROTOCOL.contains(layer.name())) {
                top = layer;
            }
        }
        String info;
        if (top == TcpFields.TCP && transportAboveIp) {
            info = tcpInfo(summary);
        } else if (top == UdpFields.UDP && transportAboveIp) {
            info = summary.udpLengthField >= 8 ? "Len=" + (summary.udpLengthField - 8) : "";
        } else if ((top == IcmpFields.ICMP || top == Icmpv6Fields.ICMPV6) && summary.icmpType >= 0) {
            info = (top == IcmpFields.ICMP ? IcmpFields.TYPE : Icmpv6Fields.TYPE).valueNames().get((long) summary.icmpType);
            if (info == null) {
                return null;
            }
        } else {
            return null;
        }
        StringBuilder s = new StringBuilder(160);
        padLeft(s, Long.toString(frame.number()), 5).append(' ');
        s.append(timeFormat.format(frame.timestampNanos(), context)).append(' ');
        boolean v6 = summary.ipVersion == 6;
        int srcPort = transportAboveIp ? summary.srcPort : -1;
        int dstPort = transportAboveIp ? summary.dstPort : -1;
        s.append(endpoint(summary.ipVersion, address(v6, summary.srcHi, summary.srcLo), srcPort)).append(" → ")
                .append(endpoint(summary.ipVersion, address(v6, summary.dstHi, summary.dstLo), dstPort)).append(' ');
        s.append(protocolName(top)).append(' ');
        s.append(frame.originalLength()).append(' ');
        s.append(info);
        String jumbo = jumboMark(summary);
        if (jumbo != null) {
            s.append(' ').append(colors.jumbo(jumbo));
        }
        for (int i = 0; i < summary.expertCount; i++) {
            ExpertDef e = summary.experts[i];
            if (e.severity() == Severity.ERROR || e.severity() == Severity.WARN) {
                s.append(' ').append(colors.severity(e.severity(), "[!" + e.severity().name() + " " + e.id() + "]"));
            }
        }
        return s.toString();
    }

    private static String address(boolean v6, long hi, long lo) {
        byte[] a = new byte[v6 ? 16 : 4];
        if (v6) {
            for (int i = 0; i < 8; i++) {
                a[i] = (byte) (hi >>> (56 - 8 * i));
                a[8 + i] = (byte) (lo >>> (56 - 8 * i));
            }
        } else {
            for (int i = 0; i < 4; i++) {
                a[i] = (byte) (lo >>> (24 - 8 * i));
            }
        }
        return FieldFormat.address(a);
    }

    private static String jumboMark(FrameSummary summary) {
        JumboKind kind = null;
        long length = -1;
        for (int i = 0; i < summary.ipLayerCount; i++) {
            if (summary.layerJumboKind[i] != null) {
                kind = summary.layerJumboKind[i];
                length = summary.layerL3PayloadLength[i];
            }
        }
        if (kind == null) {
            return null;
        }
        String label = kind == JumboKind.IPV6_HBH ? "JUMBO" : "BIG TCP";
        StringBuilder mark = new StringBuilder(48).append('[').append(label).append(' ').append(kind.label()).append(' ');
        return appendGrouped(mark, length).append(" B]").toString();
    }

    private static String tcpInfo(FrameSummary summary) {
        StringBuilder s = new StringBuilder(96);
        int flags = summary.tcpFlags;
        s.append('[');
        if (flags >= 0) {
            TcpFlags.appendNames(flags, s);
        }
        s.append(']');
        appendIf(s, " Seq=", summary.tcpSeq);
        if (flags >= 0 && (flags & 0x10) != 0) {
            appendIf(s, " Ack=", summary.tcpAck);
        }
        appendIf(s, " Win=", summary.tcpWindow);
        appendIf(s, " Len=", summary.transportPayloadLength);
        appendIf(s, " MSS=", summary.tcpMss);
        appendIf(s, " WS=", summary.tcpWindowScaleMultiplier);
        return s.toString();
    }

    /** "[JUMBO ipv6-hbh 184,252 B]" or "[BIG TCP ipv4-zero-length ...]", or null for an ordinary frame. */
    public static String jumboMark(FrameTree tree) {
        return jumboMark(ownLayers(tree));
    }

    private static String jumboMark(List<FieldNode> own) {
        FieldNode kindNode = null;
        for (FieldNode layer : own) {
            // JumboMarks puts the verdict right under the IP layer: layer > jumbo > jumbo.kind
            FieldNode mark = layer.child(JumboFields.JUMBO);
            FieldNode k = mark != null ? mark.child(JumboFields.KIND) : null;
            if (k != null) {
                kindNode = k;
            }
        }
        if (kindNode == null) {
            return null;
        }
        JumboKind kind = JumboKind.fromLabel(String.valueOf(kindNode.value()));
        FieldNode jumbo = kindNode.parent();
        FieldNode length = jumbo != null ? jumbo.child(JumboFields.LENGTH) : null;
        String label = kind == JumboKind.IPV6_HBH ? "JUMBO" : "BIG TCP";
        String kindText = kind != null ? kind.label() : String.valueOf(kindNode.value());
        if (length == null || length.longValue() < 0) {
            return "[" + label + " " + kindText + "]";
        }
        StringBuilder mark = new StringBuilder(48).append('[').append(label).append(' ').append(kindText).append(' ');
        return appendGrouped(mark, length.longValue()).append(" B]").toString();
    }

    /** {@code n} with a comma every three digits, as {@code %,d} in {@link Locale#ROOT} writes it. */
    static StringBuilder appendGrouped(StringBuilder s, long n) {
        String digits = Long.toString(n);
        int start = 0;
        if (n < 0) {
            s.append('-');
            start = 1;
        }
        for (int i = start; i < digits.length(); i++) {
            int left = digits.length() - i;
            if (i > start && left % 3 == 0) {
                s.append(',');
            }
            s.append(digits.charAt(i));
        }
        return s;
    }

    /** {@code text} right-aligned in {@code width} characters, as {@code %5d} pads a number. */
    static StringBuilder padLeft(StringBuilder s, String text, int width) {
        for (int i = text.length(); i < width; i++) {
            s.append(' ');
        }
        return s.append(text);
    }

    /**
     * The layers that describe this frame's own packet: everything up to an ICMP error, whose quoted
     * packet (layers after it) belongs to some other frame. Tunnels are not cut: their inner packet is
     * the traffic.
     */
    static List<FieldNode> ownLayers(FrameTree tree) {
        List<FieldNode> layers = tree.layers();
        for (int i = 0; i < layers.size(); i++) {
            String name = layers.get(i).name();
            if (name.equals("icmp") || name.equals("icmpv6")) {
                return layers.subList(0, i + 1);
            }
        }
        return layers;
    }

    static FieldNode innermostIp(List<FieldNode> own) {
        FieldNode ip = null;
        for (FieldNode layer : own) {
            if (layer.name().equals("ip") || layer.name().equals("ipv6")) {
                ip = layer;
            }
        }
        return ip;
    }

    static FieldNode transportAbove(List<FieldNode> own, FieldNode ip) {
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

    private static FieldNode innermostProtocol(List<FieldNode> own) {
        FieldNode top = null;
        for (FieldNode layer : own) {
            if (!NOT_A_PROTOCOL.contains(layer.name())) {
                top = layer;
            }
        }
        return top != null ? top : own.get(own.size() - 1);
    }

    static String protocolName(FieldNode layer) {
        return protocolName(layer.def());
    }

    static String protocolName(FieldDef layer) {
        String name = layer.protocolName();
        String known = PROTOCOL_NAMES.get(name);
        return known != null ? known : name.toUpperCase(Locale.ROOT);
    }

    private static String endpoints(FrameTree tree, FieldNode ip, FieldNode transport) {
        String src;
        String dst;
        int srcPort = -1;
        int dstPort = -1;
        int version = 4;
        if (ip != null) {
            boolean v6 = ip.def() == Ipv6Fields.IPV6;
            version = v6 ? 6 : 4;
            src = text(ip.child(v6 ? Ipv6Fields.SRC : Ipv4Fields.SRC));
            dst = text(ip.child(v6 ? Ipv6Fields.DST : Ipv4Fields.DST));
            if (transport != null) {
                boolean tcp = transport.def() == TcpFields.TCP;
                srcPort = (int) childValue(transport, tcp ? TcpFields.SRCPORT : UdpFields.SRCPORT);
                dstPort = (int) childValue(transport, tcp ? TcpFields.DSTPORT : UdpFields.DSTPORT);
            }
        } else {
            FieldNode linkSource = tree.find(LinkFields.ETH_SRC);
            src = text(linkSource != null ? linkSource : tree.find(LinkFields.SLL_SRC_ETH));
            dst = text(tree.find(LinkFields.ETH_DST));
        }
        return endpoint(version, src, srcPort) + " → " + endpoint(version, dst, dstPort);
    }

    private static String endpoint(int version, String address, int port) {
        if (port < 0) {
            return address;
        }
        return version == 6 ? "[" + address + "]:" + port : address + ":" + port;
    }

    private static String text(FieldNode n) {
        return n == null ? "?" : n.valueText();
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

    static String tcpInfo(FieldNode tcp) {
        StringBuilder s = new StringBuilder(96);
        long flags = childValue(tcp, TcpFields.FLAGS);
        s.append('[');
        if (flags >= 0) {
            TcpFlags.appendNames((int) flags, s);
        }
        s.append(']');
        long seq = value(tcp, TCP_SEQ);
        if (seq < 0) {
            seq = childValue(tcp, TcpFields.SEQ_RAW);
        }
        appendIf(s, " Seq=", seq);
        if (flags >= 0 && (flags & 0x10) != 0) {
            long ack = value(tcp, TCP_ACK);
            appendIf(s, " Ack=", ack >= 0 ? ack : childValue(tcp, TcpFields.ACK_RAW));
        }
        long win = value(tcp, TCP_WINDOW_SIZE);
        appendIf(s, " Win=", win >= 0 ? win : childValue(tcp, TcpFields.WINDOW_SIZE_VALUE));
        appendIf(s, " Len=", childValue(tcp, TcpFields.LEN));
        FieldNode options = tcp.child(TcpFields.OPTIONS);
        appendIf(s, " MSS=", options == null ? -1 : value(options, TcpFields.MSS_VAL));
        appendIf(s, " WS=", options == null ? -1 : value(options, TcpFields.WSCALE_MULTIPLIER));
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

    private static FieldDef declared(String name) {
        return DissectorRegistry.standard().fields().find(name).orElse(null);
    }
}
