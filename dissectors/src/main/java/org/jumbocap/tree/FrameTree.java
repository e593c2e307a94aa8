package org.jumbocap.tree;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;
import org.jumbocap.io.FrameRecord;

/**
 * The full dissection of one frame: the protocol layers in order, each with its fields, and every expert
 * item found. The first layer is always {@code frame}.
 */
public final class FrameTree {
    private final FrameRecord frame;
    private final List<FieldNode> layers = new ArrayList<>(8);
    private final List<ExpertItem> experts = new ArrayList<>(4);
    /** The Info column text a layer gives, as Wireshark's col_set_str; most frames have none. */
    private Map<FieldNode, Supplier<String>> infos;
    /** The Protocol column name a layer gives for itself ("RARP", "TLSv1.3"); most layers give none. */
    private Map<FieldNode, String> columnNames;

    public FrameTree(FrameRecord frame) {
        this.frame = frame;
    }

    public FrameRecord frame() {
        return frame;
    }

    /** Adds a protocol layer node at the top level and returns it. */
    public FieldNode addLayer(FieldDef protocol, int offset, int length) {
        FieldNode layer = new FieldNode(protocol, offset, length, null);
        layers.add(layer);
        return layer;
    }

    public List<FieldNode> layers() {
        return Collections.unmodifiableList(layers);
    }

    /**
     * Says what the Info column shows when {@code layer} is the frame's innermost protocol (an ARP
     * request's "Who has ...", a DNS query's "Standard query ..."): the layer's own words, made when asked.
     */
    public void setInfo(FieldNode layer, Supplier<String> text) {
        if (infos == null) {
            infos = new IdentityHashMap<>(2);
        }
        infos.put(layer, text);
    }

    /** The Info column text {@code layer} gave, or null when it gave none. */
    public String info(FieldNode layer) {
        Supplier<String> text = infos == null ? null : infos.get(layer);
        return text == null ? null : text.get();
    }

    /** Names {@code layer} in the Protocol column when it is the frame's innermost protocol. */
    public void setProtocolColumn(FieldNode layer, String name) {
        if (columnNames == null) {
            columnNames = new IdentityHashMap<>(2);
        }
        columnNames.put(layer, name);
    }

    /** The Protocol column name {@code layer} gave, or null when it gave none. */
    public String protocolColumn(FieldNode layer) {
        return columnNames == null ? null : columnNames.get(layer);
    }

    /** Records an expert item on a field; its message is the declaration's summary formatted with args, when asked for. */
    public ExpertItem expert(FieldNode node, ExpertDef def, Object... args) {
        ExpertItem item = ExpertItem.of(def, node, args);
        node.attach(item);
        experts.add(item);
        return item;
    }

    /** Every expert item of the frame, in the order found. */
    public List<ExpertItem> experts() {
        return Collections.unmodifiableList(experts);
    }

    public boolean hasExpert(String id) {
        for (ExpertItem e : experts) {
            if (e.id().equals(id)) {
                return true;
            }
        }
        return false;
    }

    /** First field with this filter name anywhere in the frame, or null. */
    public FieldNode find(String name) {
        for (FieldNode layer : layers) {
            FieldNode f = layer.find(name);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    /** First field declared by {@code def} anywhere in the frame, or null. */
    public FieldNode find(FieldDef def) {
        for (int i = 0, n = layers.size(); i < n; i++) {
            FieldNode f = layers.get(i).find(def);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    /** Every field with this filter name, in frame order (a tunnelled frame has two {@code ipv6.src}). */
    public List<FieldNode> findAll(String name) {
        List<FieldNode> out = new ArrayList<>(2);
        walk(n -> {
            if (n.name().equals(name)) {
                out.add(n);
            }
        });
        return out;
    }

    public void walk(Consumer<FieldNode> visitor) {
        for (FieldNode layer : layers) {
            layer.walk(visitor);
        }
    }

    /** The innermost field covering a frame offset, for the hex pane's click-to-select. */
    public FieldNode fieldAt(int offset) {
        FieldNode[] best = {null};
        walk(n -> {
            if (!n.isHidden() && n.length() > 0 && offset >= n.offset() && offset < n.offset() + n.length()) {
                if (best[0] == null || n.length() <= best[0].length()) {
                    best[0] = n;
                }
            }
        });
        return best[0];
    }

    /** Protocol names in order, "eth:ethertype:ipv6:tcp" style, like Wireshark's frame.protocols. */
    public String protocols() {
        StringBuilder s = new StringBuilder();
        for (FieldNode layer : layers) {
            if (layer.name().equals("frame")) {
                continue;
            }
            if (s.length() > 0) {
                s.append(':');
            }
            s.append(layer.name());
        }
        return s.toString();
    }
}
