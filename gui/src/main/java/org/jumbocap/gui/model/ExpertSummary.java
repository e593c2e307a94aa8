package org.jumbocap.gui.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jumbocap.stats.CaptureStatistics;

/** The core's expert counts of a capture, ordered for the expert table. */
public final class ExpertSummary {
    private final List<Entry> entries;

    /** One expert id's totals, as the core counted them. */
    public record Entry(CaptureStatistics.ExpertCount count) {
        public String id() {
            return count.id();
        }

        public long occurrences() {
            return count.count();
        }

        public long firstFrame() {
            return count.firstFrame();
        }

        public String firstMessage() {
            return count.firstMessage();
        }

        /** The display filter that lists this id's frames. */
        public String filter() {
            return "expert.id == \"" + count.id() + "\"";
        }
    }

    public ExpertSummary(List<CaptureStatistics.ExpertCount> counts) {
        List<Entry> list = new ArrayList<>(counts.size());
        for (CaptureStatistics.ExpertCount c : counts) {
            list.add(new Entry(c));
        }
        list.sort(Comparator.comparing((Entry e) -> e.count().severity()).reversed()
                .thenComparing(Comparator.comparingLong(Entry::occurrences).reversed()));
        this.entries = List.copyOf(list);
    }

    /** Entries, worst severity first, then by count. */
    public List<Entry> entries() {
        return entries;
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }
}
