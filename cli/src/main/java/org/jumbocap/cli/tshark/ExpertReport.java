package org.jumbocap.cli.tshark;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.pipeline.tcp.TcpAnalysisTree;
import org.jumbocap.render.FrameContext;
import org.jumbocap.render.SafeText;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FieldNode;

/**
 * {@code -z expert[,LEVEL][,FILTER]}: the expert items of the frames read (of LEVEL and above), as tshark's tap-expert.c lists them: per
 * severity, errors first, each distinct (group, protocol, message) once with how often it was seen, in
 * order of first appearance. jumbocap's own groups (jumbo, truncated) keep their names.
 */
final class ExpertReport implements TsharkStatistic {
    private record Key(ExpertGroup group, String protocol, String message) {
    }

    private final TapFilter filter;
    /** tshark's level: the items of this severity and above are listed. */
    private final Severity least;
    private final Map<Severity, Map<Key, long[]>> bySeverity = new EnumMap<>(Severity.class);

    ExpertReport(TapFilter filter, Severity least) {
        this.filter = filter;
        this.least = least;
    }

    @Override
    public void frame(FramePipeline frame, FrameContext context) {
        // the tree is built only for a frame with a finding: the summary and the analysis say which
        if (frame.summary().expertCount == 0 && !TcpAnalysisTree.hasExperts(frame.tcpAnalysis())) {
            return;
        }
        if (!filter.passes(frame)) {
            return;
        }
        for (ExpertItem item : frame.tree().experts()) {
            if (item.severity().compareTo(least) < 0) {
                continue;
            }
            Key key = new Key(item.group(), protocol(item), item.message());
            bySeverity.computeIfAbsent(item.severity(), s -> new LinkedHashMap<>())
                    .computeIfAbsent(key, k -> new long[1])[0]++;
        }
    }

    private static String protocol(ExpertItem item) {
        for (FieldNode n = item.node(); n != null; n = n.parent()) {
            if (n.isProtocol()) {
                return SummaryText.protocolName(n.def());
            }
        }
        String id = item.id();
        int dot = id.indexOf('.');
        return (dot < 0 ? id : id.substring(0, dot)).toUpperCase(Locale.ROOT);
    }

    @Override
    public void render(StringBuilder s) {
        severity(s, Severity.ERROR, "Errors");
        severity(s, Severity.WARN, "Warns");
        severity(s, Severity.NOTE, "Notes");
        severity(s, Severity.CHAT, "Chats");
    }

    private void severity(StringBuilder s, Severity severity, String label) {
        Map<Key, long[]> items = bySeverity.getOrDefault(severity, Map.of());
        if (items.isEmpty()) {
            return;
        }
        long total = 0;
        for (long[] n : items.values()) {
            total += n[0];
        }
        s.append('\n').append(label).append(" (").append(total).append(")\n");
        s.append("=============\n");
        s.append("   Frequency      Group           Protocol  Summary\n");
        List<Map.Entry<Key, long[]>> entries = new ArrayList<>(items.entrySet());
        for (Map.Entry<Key, long[]> e : entries) {
            Key k = e.getKey();
            s.append(CNumbers.pad(Long.toString(e.getValue()[0]), 12)).append(' ')
                    .append(CNumbers.pad(groupName(k.group()), 10)).append(' ')
                    .append(CNumbers.pad(k.protocol(), 18)).append("  ")
                    .append(SafeText.of(k.message())).append('\n');
        }
    }

    /** Wireshark's expert_group_vals where the group is one of its own. */
    private static String groupName(ExpertGroup group) {
        return switch (group) {
            case CHECKSUM -> "Checksum";
            case SEQUENCE -> "Sequence";
            case MALFORMED -> "Malformed";
            case PROTOCOL -> "Protocol";
            case UNDECODED -> "Undecoded";
            case COMMENTS -> "Comment";
            case JUMBO -> "Jumbo";
            case TRUNCATED -> "Truncated";
        };
    }
}
