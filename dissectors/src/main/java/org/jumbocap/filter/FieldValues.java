package org.jumbocap.filter;

import org.jumbocap.expert.ExpertFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jumbocap.expert.ExpertItem;
import org.jumbocap.tree.FrameTree;

/** The values of the fields one filter reads, gathered from a frame's tree in one walk. */
final class FieldValues {
    private final List<Object>[] slots;

    @SuppressWarnings("unchecked")
    private FieldValues(int count) {
        slots = new List[count];
    }

    List<Object> get(int slot) {
        List<Object> l = slots[slot];
        return l == null ? List.of() : l;
    }

    private void add(int slot, Object value) {
        if (slots[slot] == null) {
            slots[slot] = new ArrayList<>(2);
        }
        slots[slot].add(value);
    }

    /**
     * @param treeSlots   slot of each tree field name the filter reads
     * @param expertSlots slot of each expert pseudo-field, by its FieldDef name; may be empty
     */
    static FieldValues collect(FrameTree tree, int slotCount, Map<String, Integer> treeSlots,
                               Map<String, Integer> expertSlots) {
        FieldValues v = new FieldValues(slotCount);
        if (!treeSlots.isEmpty()) {
            tree.walk(node -> {
                Integer slot = treeSlots.get(node.name());
                if (slot != null) {
                    v.add(slot, node.value());
                }
            });
        }
        if (!expertSlots.isEmpty()) {
            Integer any = expertSlots.get(ExpertFields.EXPERT.name());
            Integer id = expertSlots.get(ExpertFields.ID.name());
            Integer message = expertSlots.get(ExpertFields.MESSAGE.name());
            Integer severity = expertSlots.get(ExpertFields.SEVERITY.name());
            Integer group = expertSlots.get(ExpertFields.GROUP.name());
            for (ExpertItem e : tree.experts()) {
                if (any != null) {
                    v.add(any, e.id());
                }
                if (id != null) {
                    v.add(id, e.id());
                }
                if (message != null) {
                    v.add(message, e.message());
                }
                if (severity != null) {
                    v.add(severity, (long) e.severity().ordinal());
                }
                if (group != null) {
                    v.add(group, (long) e.group().ordinal());
                }
            }
        }
        return v;
    }
}
