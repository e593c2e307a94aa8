package org.jumbocap.gui.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.Severity;
import org.jumbocap.tree.ExpertItem;

/**
 * The expert findings of a capture as Wireshark's Expert Information window lists them: by severity
 * (Error, Warning, Note, Chat), then by finding (one expert id: its group, protocol and summary), then
 * each frame with the finding and its message. Counts are those of {@code jumbocap stats}' expert table,
 * one per item. Fed one frame at a time, from one thread.
 */
public final class ExpertInformation {
    /** Every item of one expert id. */
    public static final class Finding {
        private final ExpertDef def;
        /** Frame numbers of every item, in frame order; the first {@link #count} are set. */
        private long[] frames = new long[4];
        private int count;
        /** The messages of the first {@link #MESSAGES_KEPT} items. */
        private final List<String> messages = new ArrayList<>();

        private Finding(ExpertDef def) {
            this.def = def;
        }

        private void add(long frame, ExpertItem item) {
            if (count == frames.length) {
                frames = java.util.Arrays.copyOf(frames, count * 2);
            }
            frames[count++] = frame;
            if (messages.size() < MESSAGES_KEPT) {
                messages.add(item.message());
            }
        }

        public String id() {
            return def.id();
        }

        public Severity severity() {
            return def.severity();
        }

        /** Wireshark's group name, "Sequence", "Checksum". */
        public String group() {
            String g = def.group().filterName();
            return g.isEmpty() ? g : Character.toUpperCase(g.charAt(0)) + g.substring(1);
        }

        /** The protocol the id belongs to, its first part: "tcp" of {@code tcp.analysis.retransmission}. */
        public String protocol() {
            int dot = def.id().indexOf('.');
            return dot < 0 ? def.id() : def.id().substring(0, dot);
        }

        /**
         * The declaration's message with "\u2026" where each item's values go ("Duplicate ACK (#\u2026)"): one
         * line for the finding, whose frames then show their own messages.
         */
        public String summary() {
            return PLACEHOLDER.matcher(def.summary()).replaceAll(m -> m.group().equals("%%") ? "%" : "\u2026");
        }

        public long count() {
            return count;
        }

        /** The frame of item {@code i} (0 to {@link #count} - 1), in frame order. */
        public long frame(int i) {
            return frames[i];
        }

        /** Item {@code i}'s own message, or the summary beyond the first {@link #MESSAGES_KEPT}. */
        public String message(int i) {
            return i < messages.size() ? messages.get(i) : summary();
        }

        /** The display filter that lists this finding's frames. */
        public String filter() {
            return "expert.id == \"" + def.id() + "\"";
        }
    }

    /**
     * Items whose own message is kept, per finding: a capture of millions of frames has a checksum note
     * on each, and their frame numbers are enough beyond the first.
     */
    public static final int MESSAGES_KEPT = 1_000;

    /** A {@link String#format} placeholder of a declared message. */
    private static final java.util.regex.Pattern PLACEHOLDER = java.util.regex.Pattern.compile("%%|%[-#+ 0,(\\d.$]*[a-zA-Z]");

    private final Map<String, Finding> findings = new LinkedHashMap<>();

    /** Adds a frame's items. */
    public void add(long frame, List<ExpertItem> items) {
        for (int i = 0, n = items.size(); i < n; i++) {
            ExpertItem item = items.get(i);
            findings.computeIfAbsent(item.id(), id -> new Finding(item.def())).add(frame, item);
        }
    }

    /** Findings of every severity, worst first, then the most frequent first. */
    public Map<Severity, List<Finding>> bySeverity() {
        Map<Severity, List<Finding>> out = new EnumMap<>(Severity.class);
        for (Finding f : findings.values()) {
            out.computeIfAbsent(f.severity(), s -> new ArrayList<>()).add(f);
        }
        for (List<Finding> list : out.values()) {
            list.sort(Comparator.comparingLong(Finding::count).reversed());
        }
        return out;
    }

    /** Items of one severity. */
    public long count(Severity severity) {
        return findings.values().stream().filter(f -> f.severity() == severity).mapToLong(Finding::count).sum();
    }

    /** The finding of an id, or null. */
    public Finding finding(String id) {
        return findings.get(id);
    }

    /** The heading of a severity as Wireshark's window names it. */
    public static String label(Severity severity) {
        return switch (severity) {
            case ERROR -> "Error";
            case WARN -> "Warning";
            case NOTE -> "Note";
            case CHAT -> "Chat";
        };
    }
}
