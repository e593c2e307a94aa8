package org.jumbocap.gui.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jumbocap.expert.ExpertItem;
import org.jumbocap.expert.ExpertDef;

/** Expert items of a capture grouped by id: how many, and the first frames that carry each. */
public final class ExpertSummary {
    /** Frames remembered per id; the filter {@code expert.id == "..."} finds the rest. */
    public static final int FRAMES_KEPT = 1000;

    private final Map<String, Entry> byId = new LinkedHashMap<>();

    /** One expert id's totals. */
    public static final class Entry {
        private final ExpertDef def;
        private final String firstMessage;
        private long count;
        private final List<Long> frames = new ArrayList<>();

        Entry(ExpertDef def, String firstMessage) {
            this.def = def;
            this.firstMessage = firstMessage;
        }

        public ExpertDef def() {
            return def;
        }

        public String firstMessage() {
            return firstMessage;
        }

        public long count() {
            return count;
        }

        public List<Long> frames() {
            return Collections.unmodifiableList(frames);
        }

        /** The display filter that lists this id's frames. */
        public String filter() {
            return "expert.id == \"" + def.id() + "\"";
        }
    }

    public void add(long frameNumber, ExpertItem item) {
        Entry e = byId.computeIfAbsent(item.id(), id -> new Entry(item.def(), item.message()));
        e.count++;
        if (e.frames.size() < FRAMES_KEPT && (e.frames.isEmpty() || e.frames.get(e.frames.size() - 1).longValue() != frameNumber)) {
            e.frames.add(frameNumber);
        }
    }

    /** Entries, worst severity first, then by count. */
    public List<Entry> entries() {
        List<Entry> list = new ArrayList<>(byId.values());
        list.sort(Comparator.comparing((Entry e) -> e.def().severity()).reversed()
                .thenComparing(Comparator.comparingLong(Entry::count).reversed()));
        return list;
    }

    public boolean isEmpty() {
        return byId.isEmpty();
    }
}
