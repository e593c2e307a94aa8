package org.jumbocap.displayfilter;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.expert.ExpertFields;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * The occurrences of the fields one filter reads, gathered from a frame's tree in one walk: the tree's
 * nodes themselves (a test may need a node's bytes in the frame, not only its value), and the expert
 * pseudo-fields' values.
 */
final class FieldValues {
    private final List<Object>[] slots;
    private final FrameTree tree;
    /** The frame's bytes, viewed when a test first reads them. */
    private FrameBuffer frame;

    @SuppressWarnings("unchecked")
    private FieldValues(int count, FrameTree tree) {
        slots = new List[count];
        this.tree = tree;
    }

    /** The value of an occurrence: a node's value, or an expert pseudo-field's value. */
    static Object value(Object occurrence) {
        return occurrence instanceof FieldNode n ? n.value() : occurrence;
    }

    /**
     * The bytes of an occurrence, read in place: a byte-like value (bytes, MAC and IP addresses), a
     * string's UTF-8 bytes, or for a layer or a field that keeps no value (payloads) the bytes it covers
     * in the frame, cut at the captured length. Null for numbers and other values that are not bytes.
     */
    ByteView bytes(Object occurrence) {
        Object value = value(occurrence);
        if (value instanceof byte[] b) {
            return ByteView.of(b);
        }
        if (value instanceof String s) {
            return ByteView.of(s.getBytes(StandardCharsets.UTF_8));
        }
        if (value == null && occurrence instanceof FieldNode n) {
            if (frame == null) {
                if (tree.frame() == null) {
                    return ByteView.EMPTY;
                }
                frame = tree.frame().buffer();
            }
            int offset = n.offset();
            int length = Math.min(n.length(), frame.remaining(offset));
            if (length <= 0) {
                return ByteView.EMPTY;
            }
            return new ByteView(frame.array(), frame.arrayOffset() + offset, length);
        }
        return null;
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
        FieldValues v = new FieldValues(slotCount, tree);
        if (!treeSlots.isEmpty()) {
            tree.walk(node -> {
                Integer slot = treeSlots.get(node.name());
                if (slot != null) {
                    v.add(slot, node);
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
