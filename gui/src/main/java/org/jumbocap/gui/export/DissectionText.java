package org.jumbocap.gui.export;

import java.util.List;
import java.util.Locale;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.FieldType;
import org.jumbocap.jumbo.JumboFields;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.proto.ipv4.Ipv4Fields;
import org.jumbocap.proto.ipv6.Ipv6Fields;
import org.jumbocap.proto.link.LinkFields;
import org.jumbocap.proto.tcp.TcpFields;
import org.jumbocap.proto.udp.UdpFields;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * Frames as {@code jumbocap read} prints them without colour: the summary line (relative time), and with
 * details the field tree as {@code read -V} writes it (four spaces a level, generated fields in brackets,
 * hidden fields left out, expert items under their field) and a blank line. Made from the core's summary
 * text and the frame's tree; a test holds it to the command line's output on the samples.
 */
public final class DissectionText {
    /** Byte fields longer than this many characters of text are cut, as {@code read -V} cuts them. */
    static final int MAX_FIELD_TEXT = 160;

    private DissectionText() {
    }

    /**
     * @param firstNanos    timestamp of the file's first frame
     * @param nanoPrecision the file keeps nanoseconds: nine decimals instead of six
     * @param details       the tree under the line, as {@code -V}
     */
    public static void frame(FrameTree tree, long firstNanos, boolean nanoPrecision, boolean details, StringBuilder out) {
        out.append(summaryLine(tree, firstNanos, nanoPrecision)).append('\n');
        if (details) {
            for (FieldNode layer : tree.layers()) {
                node(layer, 0, out);
            }
            out.append('\n');
        }
    }

    /** The summary line of {@code read}, from the tree. */
    public static String summaryLine(FrameTree tree, long firstNanos, boolean nanoPrecision) {
        StringBuilder s = new StringBuilder(160);
        String number = Long.toString(tree.frame().number());
        s.append(" ".repeat(Math.max(0, 5 - number.length()))).append(number).append(' ');
        s.append(seconds(tree.frame().timestampNanos() - firstNanos, nanoPrecision ? 9 : 6)).append(' ');
        List<FieldNode> own = SummaryText.ownLayers(tree);
        FieldNode ip = SummaryText.innermostIp(own);
        FieldNode transport = SummaryText.transportAbove(own, ip);
        s.append(endpoints(tree, ip, transport)).append(' ');
        s.append(SummaryText.protocolName(SummaryText.innermostProtocol(own).def())).append(' ');
        s.append(tree.frame().originalLength()).append(' ');
        s.append(SummaryText.info(tree));
        String jumbo = jumboMark(own);
        if (jumbo != null) {
            s.append(' ').append(jumbo);
        }
        for (ExpertItem e : tree.experts()) {
            if (e.severity() == Severity.ERROR || e.severity() == Severity.WARN) {
                s.append(" [!").append(e.severity().name()).append(' ').append(e.id()).append(']');
            }
        }
        return s.toString();
    }

    private static void node(FieldNode n, int depth, StringBuilder out) {
        if (n.isHidden()) {
            return;
        }
        String text = n.text();
        if (text.length() > MAX_FIELD_TEXT && n.def().type() == FieldType.BYTES) {
            text = text.substring(0, MAX_FIELD_TEXT) + "… (" + n.length() + " bytes)";
        }
        if (n.isGenerated() && !(text.startsWith("[") && text.endsWith("]"))) {
            text = "[" + text + "]";
        }
        indent(out, depth).append(text).append('\n');
        for (ExpertItem e : n.experts()) {
            indent(out, depth + 1).append(String.format(Locale.ROOT, "[Expert Info (%s/%s): %s] [%s]",
                    capital(e.severity().filterName()), capital(e.group().filterName()), e.message(), e.id())).append('\n');
        }
        for (FieldNode c : n.children()) {
            node(c, depth + 1, out);
        }
    }

    private static String jumboMark(List<FieldNode> own) {
        FieldNode kindNode = null;
        for (FieldNode layer : own) {
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
        FieldNode length = kindNode.parent() != null ? kindNode.parent().child(JumboFields.LENGTH) : null;
        String label = kind == JumboKind.IPV6_HBH ? "JUMBO" : "BIG TCP";
        String kindText = kind != null ? kind.label() : String.valueOf(kindNode.value());
        if (length == null || length.longValue() < 0) {
            return "[" + label + " " + kindText + "]";
        }
        return String.format(Locale.ROOT, "[%s %s %,d B]", label, kindText, length.longValue());
    }

    private static String endpoints(FrameTree tree, FieldNode ip, FieldNode transport) {
        String src;
        String dst;
        int srcPort = -1;
        int dstPort = -1;
        boolean v6 = false;
        if (ip != null) {
            v6 = ip.def() == Ipv6Fields.IPV6;
            src = text(ip.child(v6 ? Ipv6Fields.SRC : Ipv4Fields.SRC));
            dst = text(ip.child(v6 ? Ipv6Fields.DST : Ipv4Fields.DST));
            if (transport != null) {
                boolean tcp = transport.def() == TcpFields.TCP;
                srcPort = port(transport.child(tcp ? TcpFields.SRCPORT : UdpFields.SRCPORT));
                dstPort = port(transport.child(tcp ? TcpFields.DSTPORT : UdpFields.DSTPORT));
            }
        } else {
            FieldNode linkSource = tree.find(LinkFields.ETH_SRC);
            src = text(linkSource != null ? linkSource : tree.find(LinkFields.SLL_SRC_ETH));
            dst = text(tree.find(LinkFields.ETH_DST));
        }
        return endpoint(v6, src, srcPort) + " → " + endpoint(v6, dst, dstPort);
    }

    private static String endpoint(boolean v6, String address, int port) {
        if (port < 0) {
            return address;
        }
        return v6 ? "[" + address + "]:" + port : address + ":" + port;
    }

    private static int port(FieldNode n) {
        return n == null ? -1 : (int) n.longValue();
    }

    private static String text(FieldNode n) {
        return n == null ? "?" : n.valueText();
    }

    /** Exact decimal seconds, without going through a double. */
    static String seconds(long nanos, int decimals) {
        String sign = nanos < 0 ? "-" : "";
        long abs = Math.abs(nanos);
        String nine = String.format(Locale.ROOT, "%09d", abs % 1_000_000_000L);
        return sign + abs / 1_000_000_000L + "." + nine.substring(0, decimals);
    }

    private static StringBuilder indent(StringBuilder out, int depth) {
        return out.append("    ".repeat(depth));
    }

    private static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
