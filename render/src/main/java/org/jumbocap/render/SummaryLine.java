package org.jumbocap.render;

import java.util.List;
import java.util.Locale;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.FieldDef;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.jumbo.JumboFields;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.pipeline.tcp.TcpAnalysisTree;
import org.jumbocap.proto.ipv4.Ipv4Fields;
import org.jumbocap.proto.ipv6.Ipv6Fields;
import org.jumbocap.proto.link.LinkFields;
import org.jumbocap.proto.tcp.TcpFields;
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
    /** " → " between the endpoints, encoded once. */
    private static final byte[] ARROW = " → ".getBytes(java.nio.charset.StandardCharsets.UTF_8);

    private final TimeFormat timeFormat;
    private final Colors colors;

    /** tcpdump's -e: the link-level header's text before the endpoints ({@link LinkHeaderText}). */
    private final boolean linkHeader;

    public SummaryLine(TimeFormat timeFormat, Colors colors) {
        this(timeFormat, colors, false);
    }

    public SummaryLine(TimeFormat timeFormat, Colors colors, boolean linkHeader) {
        this.timeFormat = timeFormat;
        this.colors = colors;
        this.linkHeader = linkHeader;
    }

    public String render(FrameTree tree, FrameContext context) {
        StringBuilder s = new StringBuilder(160);
        padLeft(s, Long.toString(tree.frame().number()), 5).append(' ');
        s.append(timeFormat.format(tree.frame().timestampNanos(), context)).append(' ');
        if (linkHeader) {
            s.append(LinkHeaderText.of(tree.frame()));
        }
        List<FieldNode> own = SummaryText.ownLayers(tree);
        FieldNode ip = SummaryText.innermostIp(own);
        FieldNode transport = SummaryText.transportAbove(own, ip);
        s.append(endpoints(tree, ip, transport)).append(' ');
        s.append(SummaryText.protocol(tree)).append(' ');
        s.append(tree.frame().originalLength()).append(' ');
        SafeText.append(s, SummaryText.info(tree));
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
        return render(summary, null, frame, context);
    }

    /**
     * {@link #render(FrameSummary, FrameRecord, FrameContext)} with the frame's TCP conversation analysis
     * (null when the conversations were not followed): relative numbers and the analysis marks, byte for
     * byte as the tree of the same frame gives them.
     */
    public String render(FrameSummary summary, TcpAnalysis analysis, FrameRecord frame, FrameContext context) {
        Utf8Text s = new Utf8Text(192);
        return render(summary, analysis, frame, context, s) ? s.toString() : null;
    }

    /**
     * {@link #render(FrameSummary, TcpAnalysis, FrameRecord, FrameContext)} appended to {@code out}; false
     * (and {@code out} as it was) when the summary cannot make the line.
     */
    public boolean render(FrameSummary summary, TcpAnalysis analysis, FrameRecord frame, FrameContext context,
                          StringBuilder out) {
        Utf8Text line = new Utf8Text(192);
        if (!render(summary, analysis, frame, context, line)) {
            return false;
        }
        out.append(line);
        return true;
    }

    /**
     * {@link #render(FrameSummary, TcpAnalysis, FrameRecord, FrameContext)} appended to {@code out} as
     * UTF-8, the numbers and addresses written digit by digit, with no text of its own per field; false
     * (and {@code out} as it was) when the summary cannot make the line. Safe on several threads at once.
     */
    public boolean render(FrameSummary summary, TcpAnalysis analysis, FrameRecord frame, FrameContext context,
                          Utf8Text out) {
        if (summary.incomplete || summary.ipVersion == 0 || summary.protocolLayerCount == 0) {
            return false;
        }
        FieldDef top = SummaryText.topLayer(summary);
        // TCP's and UDP's info, made of the project's own names and numbers, goes into the line as it is made;
        // any other is a String from the dissectors, escaped
        boolean transportInfo = SummaryText.hasTransportInfo(summary, top);
        String info = transportInfo ? null : SummaryText.info(summary, analysis);
        if (!transportInfo && info == null) {
            return false;
        }
        boolean transportAboveIp = transportInfo || SummaryText.transportAboveIp(summary);
        Utf8Text s = out;
        appendPadded(s, frame.number(), 5).append(' ');
        timeFormat.appendTo(s, frame.timestampNanos(), context);
        s.append(' ');
        if (linkHeader) {
            s.append(LinkHeaderText.of(frame));
        }
        boolean v6 = summary.ipVersion == 6;
        int srcPort = transportAboveIp ? summary.srcPort : -1;
        int dstPort = transportAboveIp ? summary.dstPort : -1;
        appendEndpoints(s, v6, summary.srcHi, summary.srcLo, srcPort, summary.dstHi, summary.dstLo, dstPort);
        s.append(' ');
        s.append(SummaryText.protocol(summary)).append(' ');
        s.append(frame.originalLength()).append(' ');
        if (transportInfo) {
            SummaryText.appendTransportInfo(summary, top, analysis, s);
        } else {
            SafeText.append(s, info);
        }
        appendJumboMark(s, summary);
        for (int i = 0; i < summary.expertCount; i++) {
            appendExpert(s, summary.experts[i]);
        }
        if (top == TcpFields.TCP && transportAboveIp && TcpAnalysisTree.hasExperts(analysis)) {
            // the tree lists the conversation's findings after the dissectors' own
            ExpertDef[] experts = new ExpertDef[TcpAnalysisTree.MAX_EXPERTS];
            int n = TcpAnalysisTree.experts(analysis, experts);
            for (int i = 0; i < n; i++) {
                appendExpert(s, experts[i]);
            }
        }
        return true;
    }

    private void appendExpert(Utf8Text s, ExpertDef e) {
        if (e.severity() != Severity.ERROR && e.severity() != Severity.WARN) {
            return;
        }
        s.append(' ');
        if (colors.enabled()) {
            s.append(colors.severity(e.severity(), "[!" + e.severity().name() + " " + e.id() + "]"));
        } else {
            s.append("[!").append(e.severity().name()).append(' ').append(e.id()).append(']');
        }
    }

    /**
     * "source → destination", copied from the text an earlier frame of the same endpoints made when there is
     * one: a capture's frames mostly belong to a few conversations, and writing the addresses and ports
     * digit by digit was about a third of the line's time on small frames.
     */
    private void appendEndpoints(Utf8Text s, boolean v6, long srcHi, long srcLo, int srcPort,
                                 long dstHi, long dstLo, int dstPort) {
        long h = (srcHi ^ Long.rotateLeft(srcLo, 16) ^ Long.rotateLeft(dstHi, 32) ^ Long.rotateLeft(dstLo, 48)
                ^ ((long) srcPort << 20) ^ dstPort ^ (v6 ? 1L << 62 : 0)) * 0x9E3779B97F4A7C15L;
        // two slots a pair may be in, so two pairs that share one do not keep replacing each other
        EndpointText[] texts = endpointTexts;
        int first = (int) (h >>> (64 - ENDPOINT_SLOT_BITS));
        int second = (int) (h >>> (64 - 2 * ENDPOINT_SLOT_BITS)) & (texts.length - 1);
        EndpointText a = texts[first];
        if (a != null && a.is(v6, srcHi, srcLo, srcPort, dstHi, dstLo, dstPort)) {
            s.appendUtf8(a.utf8);
            return;
        }
        EndpointText b = texts[second];
        if (b != null && b.is(v6, srcHi, srcLo, srcPort, dstHi, dstLo, dstPort)) {
            s.appendUtf8(b.utf8);
            return;
        }
        int start = s.length();
        appendEndpoint(s, v6, srcHi, srcLo, srcPort).appendUtf8(ARROW);
        appendEndpoint(s, v6, dstHi, dstLo, dstPort);
        texts[a == null || b != null ? first : second] = new EndpointText(v6, srcHi, srcLo, srcPort, dstHi, dstLo,
                dstPort, java.util.Arrays.copyOfRange(s.array(), start, s.length()));
    }

    /** log2 of the slots of {@link #endpointTexts}. */
    private static final int ENDPOINT_SLOT_BITS = 8;

    /**
     * The endpoint pairs' text by a hash of their addresses and ports, each slot the last pair put in it.
     * Shared by the threads that render: an entry is immutable (final fields), so a thread sees either a
     * whole entry or an older one, and a slot lost to a race is only made again.
     */
    private final EndpointText[] endpointTexts = new EndpointText[1 << ENDPOINT_SLOT_BITS];

    private record EndpointText(boolean v6, long srcHi, long srcLo, int srcPort, long dstHi, long dstLo, int dstPort,
                                byte[] utf8) {
        boolean is(boolean v6, long srcHi, long srcLo, int srcPort, long dstHi, long dstLo, int dstPort) {
            return this.srcLo == srcLo && this.dstLo == dstLo && this.srcPort == srcPort && this.dstPort == dstPort
                    && this.srcHi == srcHi && this.dstHi == dstHi && this.v6 == v6;
        }
    }

    /** "[2001:db8::1]:5201", "192.0.2.1:5201", or the address alone for a port of -1. */
    private static Utf8Text appendEndpoint(Utf8Text s, boolean v6, long hi, long lo, int port) {
        if (port >= 0 && v6) {
            s.append('[');
        }
        if (v6) {
            appendIpv6(s, hi, lo);
        } else {
            s.append(lo >>> 24 & 0xFF).append('.').append(lo >>> 16 & 0xFF).append('.')
                    .append(lo >>> 8 & 0xFF).append('.').append(lo & 0xFF);
        }
        if (port >= 0) {
            s.append(v6 ? "]:" : ":").append(port);
        }
        return s;
    }

    /** The address as {@link FieldFormat#address} writes it (RFC 5952: the longest run of two or more zero words as "::"). */
    static Utf8Text appendIpv6(Utf8Text s, long hi, long lo) {
        int bestStart = -1;
        int bestLen = 0;
        for (int i = 0; i < 8; ) {
            if (word(hi, lo, i) == 0) {
                int j = i;
                while (j < 8 && word(hi, lo, j) == 0) {
                    j++;
                }
                if (j - i > bestLen && j - i >= 2) {
                    bestStart = i;
                    bestLen = j - i;
                }
                i = j;
            } else {
                i++;
            }
        }
        boolean afterWord = false; // the last thing written was a word, not "::" nor nothing
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                s.append("::");
                i += bestLen - 1;
                afterWord = false;
                continue;
            }
            if (afterWord) {
                s.append(':');
            }
            afterWord = true;
            s.appendHex(word(hi, lo, i));
        }
        return s;
    }

    private static int word(long hi, long lo, int i) {
        return (int) ((i < 4 ? hi >>> (48 - 16 * i) : lo >>> (48 - 16 * (i - 4))) & 0xFFFF);
    }

    private void appendJumboMark(Utf8Text s, FrameSummary summary) {
        if (colors.enabled()) {
            String jumbo = jumboMark(summary);
            if (jumbo != null) {
                s.append(' ').append(colors.jumbo(jumbo));
            }
            return;
        }
        JumboKind kind = null;
        long length = -1;
        for (int i = 0; i < summary.ipLayerCount; i++) {
            if (summary.layerJumboKind[i] != null) {
                kind = summary.layerJumboKind[i];
                length = summary.layerL3PayloadLength[i];
            }
        }
        if (kind != null) {
            s.append(" [").append(kind == JumboKind.IPV6_HBH ? "JUMBO" : "BIG TCP").append(' ').append(kind.label()).append(' ');
            appendGrouped(s, length).append(" B]");
        }
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
        Utf8Text mark = new Utf8Text(48).append('[').append(label).append(' ').append(kind.label()).append(' ');
        return appendGrouped(mark, length).append(" B]").toString();
    }

    /** "[JUMBO ipv6-hbh 184,252 B]" or "[BIG TCP ipv4-zero-length ...]", or null for an ordinary frame. */
    public static String jumboMark(FrameTree tree) {
        return jumboMark(SummaryText.ownLayers(tree));
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
        Utf8Text mark = new Utf8Text(48).append('[').append(label).append(' ').append(kindText).append(' ');
        return appendGrouped(mark, length.longValue()).append(" B]").toString();
    }

    private static final long[] POWERS_OF_TEN = {1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L,
            10_000_000L, 100_000_000L, 1_000_000_000L, 10_000_000_000L, 100_000_000_000L, 1_000_000_000_000L,
            10_000_000_000_000L, 100_000_000_000_000L, 1_000_000_000_000_000L, 10_000_000_000_000_000L,
            100_000_000_000_000_000L, 1_000_000_000_000_000_000L};

    /** Decimal digits of {@code n}, which is not negative. */
    private static int digits(long n) {
        int d = 1;
        while (d < POWERS_OF_TEN.length && n >= POWERS_OF_TEN[d]) {
            d++;
        }
        return d;
    }

    /** {@code n} with a comma every three digits, as {@code %,d} in {@link Locale#ROOT} writes it. */
    static Utf8Text appendGrouped(Utf8Text s, long n) {
        if (n == Long.MIN_VALUE) {
            return s.append("-9,223,372,036,854,775,808");
        }
        if (n < 0) {
            s.append('-');
            n = -n;
        }
        int d = digits(n);
        for (int i = d - 1; i >= 0; i--) {
            if (i < d - 1 && (i + 1) % 3 == 0) {
                s.append(',');
            }
            s.append((char) ('0' + n / POWERS_OF_TEN[i] % 10));
        }
        return s;
    }

    /** {@code n} right-aligned in {@code width} characters, as {@code %5d} pads a number. */
    static Utf8Text appendPadded(Utf8Text s, long n, int width) {
        int length = n >= 0 ? digits(n) : n == Long.MIN_VALUE ? 20 : 1 + digits(-n);
        for (int i = length; i < width; i++) {
            s.append(' ');
        }
        return s.append(n);
    }

    /** {@code text} right-aligned in {@code width} characters, as {@code %5d} pads a number. */
    static StringBuilder padLeft(StringBuilder s, String text, int width) {
        for (int i = text.length(); i < width; i++) {
            s.append(' ');
        }
        return s.append(text);
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

    /** Integer value of a field the layer's dissector adds directly under the layer, or -1. */
    private static long childValue(FieldNode layer, FieldDef def) {
        FieldNode n = layer.child(def);
        return n == null ? -1 : n.longValue();
    }
}
