package org.jumbocap.cli.render;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jumbocap.cli.engine.FrameContext;
import org.jumbocap.expert.ExpertItem;
import org.jumbocap.expert.Severity;
import org.jumbocap.jumbo.JumboKind;
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
    private static final String[] TCP_FLAG_NAMES = {"FIN", "SYN", "RST", "PSH", "ACK", "URG", "ECE", "CWR", "AE"};

    private final TimeFormat timeFormat;
    private final Colors colors;

    public SummaryLine(TimeFormat timeFormat, Colors colors) {
        this.timeFormat = timeFormat;
        this.colors = colors;
    }

    public String render(FrameTree tree, FrameContext context) {
        StringBuilder s = new StringBuilder(160);
        s.append(String.format(Locale.ROOT, "%5d", tree.frame().number())).append(' ');
        s.append(timeFormat.format(tree.frame().timestampNanos(), context)).append(' ');
        FieldNode ip = innermostIp(tree);
        FieldNode transport = transportAbove(tree, ip);
        s.append(endpoints(tree, ip, transport)).append(' ');
        FieldNode top = innermostProtocol(tree);
        s.append(protocolName(top)).append(' ');
        s.append(tree.frame().originalLength()).append(' ');
        s.append(info(top, transport));
        String jumbo = jumboMark(tree);
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

    /** "[JUMBO ipv6-hbh 184,252 B]" or "[BIG TCP ipv4-zero-length ...]", or null for an ordinary frame. */
    public static String jumboMark(FrameTree tree) {
        FieldNode kindNode = null;
        for (FieldNode layer : ownLayers(tree)) {
            FieldNode k = layer.find("jumbo.kind");
            if (k != null) {
                kindNode = k;
            }
        }
        if (kindNode == null) {
            return null;
        }
        JumboKind kind = JumboKind.fromLabel(String.valueOf(kindNode.value()));
        FieldNode jumbo = kindNode.parent();
        FieldNode length = jumbo != null ? jumbo.find("jumbo.length") : null;
        String label = kind == JumboKind.IPV6_HBH ? "JUMBO" : "BIG TCP";
        String kindText = kind != null ? kind.label() : String.valueOf(kindNode.value());
        if (length == null || length.longValue() < 0) {
            return "[" + label + " " + kindText + "]";
        }
        return String.format(Locale.ROOT, "[%s %s %,d B]", label, kindText, length.longValue());
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

    static FieldNode innermostIp(FrameTree tree) {
        FieldNode ip = null;
        for (FieldNode layer : ownLayers(tree)) {
            if (layer.name().equals("ip") || layer.name().equals("ipv6")) {
                ip = layer;
            }
        }
        return ip;
    }

    static FieldNode transportAbove(FrameTree tree, FieldNode ip) {
        if (ip == null) {
            return null;
        }
        FieldNode transport = null;
        boolean after = false;
        for (FieldNode layer : ownLayers(tree)) {
            if (layer == ip) {
                after = true;
            } else if (after && (layer.name().equals("tcp") || layer.name().equals("udp"))) {
                transport = layer;
            }
        }
        return transport;
    }

    private static FieldNode innermostProtocol(FrameTree tree) {
        FieldNode top = null;
        List<FieldNode> own = ownLayers(tree);
        for (FieldNode layer : own) {
            if (!NOT_A_PROTOCOL.contains(layer.name())) {
                top = layer;
            }
        }
        return top != null ? top : own.get(own.size() - 1);
    }

    static String protocolName(FieldNode layer) {
        String name = layer.def().protocolName();
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
            version = ip.name().equals("ipv6") ? 6 : 4;
            src = text(ip.find(ip.name() + ".src"));
            dst = text(ip.find(ip.name() + ".dst"));
            if (transport != null) {
                srcPort = (int) value(transport, transport.name() + ".srcport");
                dstPort = (int) value(transport, transport.name() + ".dstport");
            }
        } else {
            FieldNode linkSource = tree.find("eth.src");
            src = text(linkSource != null ? linkSource : tree.find("sll.src.eth"));
            dst = text(tree.find("eth.dst"));
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
            return transport.name().equals("tcp") ? tcpInfo(transport) : udpInfo(transport);
        }
        if (top == null) {
            return "";
        }
        if (top.name().equals("ip") && (value(top, "ip.flags.mf") == 1 || value(top, "ip.frag_offset") > 0)) {
            FieldNode proto = top.find("ip.proto");
            String protoText = proto == null ? "?" : proto.value() instanceof Long v && proto.def().valueNames().containsKey(v)
                    ? proto.def().valueNames().get(v) + " " + v : proto.valueText();
            return "Fragmented IP protocol (proto=" + protoText + ", off=" + Math.max(0, value(top, "ip.frag_offset"))
                    + ", ID=" + (value(top, "ip.id") < 0 ? "?" : String.format(Locale.ROOT, "%04x", value(top, "ip.id"))) + ")";
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
        long flags = value(tcp, "tcp.flags");
        s.append('[');
        int written = 0;
        for (int bit = 0; bit < TCP_FLAG_NAMES.length; bit++) {
            if (flags >= 0 && (flags & (1L << bit)) != 0) {
                if (written++ > 0) {
                    s.append(", ");
                }
                s.append(TCP_FLAG_NAMES[bit]);
            }
        }
        s.append(']');
        long seq = value(tcp, "tcp.seq");
        if (seq < 0) {
            seq = value(tcp, "tcp.seq_raw");
        }
        appendIf(s, " Seq=", seq);
        if (flags >= 0 && (flags & 0x10) != 0) {
            long ack = value(tcp, "tcp.ack");
            appendIf(s, " Ack=", ack >= 0 ? ack : value(tcp, "tcp.ack_raw"));
        }
        long win = value(tcp, "tcp.window_size");
        appendIf(s, " Win=", win >= 0 ? win : value(tcp, "tcp.window_size_value"));
        appendIf(s, " Len=", value(tcp, "tcp.len"));
        appendIf(s, " MSS=", value(tcp, "tcp.options.mss_val"));
        appendIf(s, " WS=", value(tcp, "tcp.options.wscale.multiplier"));
        return s.toString();
    }

    private static String udpInfo(FieldNode udp) {
        long length = value(udp, "udp.length");
        return length >= 8 ? "Len=" + (length - 8) : "";
    }

    private static void appendIf(StringBuilder s, String label, long v) {
        if (v >= 0) {
            s.append(label).append(v);
        }
    }

    private static long value(FieldNode layer, String name) {
        FieldNode n = layer.find(name);
        return n == null ? -1 : n.longValue();
    }
}
