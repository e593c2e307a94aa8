package org.jumbocap.expert;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/**
 * The expert pseudo-fields (Wireshark's {@code _ws.expert.*}): they are not tree nodes, a filter
 * evaluates them against the frame's expert items ({@code FrameTree.experts()}). Severity and group
 * are integers named by their filter names, so {@code expert.severity == "warn"} and
 * {@code expert.severity >= warn} both work.
 */
public final class ExpertFields {
    public static final FieldDef EXPERT = FieldDef.protocol("expert", "Expert Info");
    public static final FieldDef ID = FieldDef.of("expert.id", "Expert id", FieldType.STRING,
            "Stable id of an expert item, e.g. frame.cut_by_snaplen");
    public static final FieldDef MESSAGE = FieldDef.of("expert.message", "Message", FieldType.STRING,
            "Formatted message of an expert item");
    public static final FieldDef SEVERITY = new FieldDef("expert.severity", "Severity level", FieldType.UINT8, Base.DEC,
            "Severity of an expert item: chat, note, warn or error", severityNames());
    public static final FieldDef GROUP = new FieldDef("expert.group", "Group", FieldType.UINT8, Base.DEC,
            "Group of an expert item: checksum, sequence, malformed, protocol, jumbo, truncated, undecoded, comments",
            groupNames());

    private ExpertFields() {
    }

    /** The declarations, for the field registry. */
    public static List<FieldDef> all() {
        return List.of(EXPERT, ID, MESSAGE, SEVERITY, GROUP);
    }

    private static Map<Long, String> severityNames() {
        Map<Long, String> m = new LinkedHashMap<>();
        for (Severity s : Severity.values()) {
            m.put((long) s.ordinal(), s.filterName());
        }
        return m;
    }

    private static Map<Long, String> groupNames() {
        Map<Long, String> m = new LinkedHashMap<>();
        for (ExpertGroup g : ExpertGroup.values()) {
            m.put((long) g.ordinal(), g.filterName());
        }
        return m;
    }
}
