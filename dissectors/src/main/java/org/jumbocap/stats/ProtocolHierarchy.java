package org.jumbocap.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jumbocap.dissect.FrameFields;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.field.FieldDef;
import org.jumbocap.tree.FrameTree;

/**
 * Protocol Hierarchy Statistics, as tshark's {@code -z io,phs}: each frame's protocols in the order its
 * tree lists them ({@code frame.protocols}, "eth:ipv6:tcp:data") make one path from the root, and every
 * node of the path counts the frame and its length on the wire. A protocol that appears twice in a frame
 * (DNS in DNS, Ethernet in VXLAN) is a child of itself, as in tshark. Children keep the order they first
 * appeared in. Memory grows with the number of distinct paths, never with the number of frames. Not
 * thread-safe: feed it from one thread.
 */
public final class ProtocolHierarchy {
    /** One protocol at one place in the hierarchy: the frames whose path passes through it, and their bytes. */
    public static final class Node {
        private final String name;
        private final Map<String, Node> children = new LinkedHashMap<>();
        private long frames;
        private long bytes;
        private long endFrames;
        /**
         * The children met through a summary's layers, by their declaration: the few protocols above this
         * one found by a comparison of references, not by a hash of the name, for each layer of each frame.
         */
        private FieldDef[] knownLayers = new FieldDef[0];
        private Node[] knownChildren = new Node[0];

        private Node(String name) {
            this.name = name;
        }

        /** The child for a layer; a new one the first time its name is met. */
        Node child(FieldDef layer) {
            FieldDef[] known = knownLayers;
            for (int i = 0; i < known.length; i++) {
                if (known[i] == layer) {
                    return knownChildren[i];
                }
            }
            Node child = children.computeIfAbsent(layer.name(), Node::new);
            if (known.length < MAX_KNOWN_LAYERS) {
                knownLayers = Arrays.copyOf(known, known.length + 1);
                knownLayers[known.length] = layer;
                knownChildren = Arrays.copyOf(knownChildren, known.length + 1);
                knownChildren[known.length] = child;
            }
            return child;
        }

        /** The protocol's filter name ("ipv6"); empty for the root. */
        public String name() {
            return name;
        }

        public long frames() {
            return frames;
        }

        /** Frames whose highest protocol this is: their path ends here (Wireshark's "End Packets"). */
        public long endFrames() {
            return endFrames;
        }

        /** Frame lengths on the wire ({@code frame.len}), summed. */
        public long bytes() {
            return bytes;
        }

        /** The protocols found right above this one, in the order they first appeared. */
        public List<Node> children() {
            return Collections.unmodifiableList(new ArrayList<>(children.values()));
        }
    }

    /** Declarations a node remembers its children by; past them (a node of many protocols) the name is looked up. */
    private static final int MAX_KNOWN_LAYERS = 8;

    private final Node root = new Node("");

    /** Counts a dissected frame: its tree's protocols, and its length on the wire. */
    public void add(FrameTree tree) {
        add(tree.protocols(), tree.frame().originalLength());
    }

    /**
     * Counts a frame by its protocols, {@code frame.protocols} style ("eth:ipv6:tcp"; empty for a frame
     * nothing decoded), and its length on the wire.
     */
    public void add(String protocols, long frameLength) {
        Node node = root;
        node.frames++;
        node.bytes += frameLength;
        if (protocols.isEmpty()) {
            node.endFrames++;
            return;
        }
        int start = 0;
        while (start <= protocols.length()) {
            int end = protocols.indexOf(':', start);
            if (end < 0) {
                end = protocols.length();
            }
            String name = protocols.substring(start, end);
            node = node.children.computeIfAbsent(name, Node::new);
            node.frames++;
            node.bytes += frameLength;
            start = end + 1;
        }
        node.endFrames++;
    }

    /**
     * Counts a frame by its summary's layers, which are its tree's when the summary is complete
     * ({@link FrameSummary#incomplete} false): no tree and no string per frame, for {@code stats} over long captures.
     */
    public void add(FrameSummary summary, long frameLength) {
        Node node = root;
        node.frames++;
        node.bytes += frameLength;
        for (int i = 0; i < summary.protocolLayerCount; i++) {
            FieldDef layer = summary.protocolLayers[i];
            if (layer == FrameFields.FRAME || layer.name().equals("frame")) {
                // as frame.protocols leaves it out
                continue;
            }
            node = node.child(layer);
            node.frames++;
            node.bytes += frameLength;
        }
        node.endFrames++;
    }

    /** The root: every frame counted, with the first layers (link types) as its children. */
    public Node root() {
        return root;
    }

    /**
     * The table as tshark's {@code -z io,phs} prints it: two spaces of indent per level, the name padded
     * to 40 columns, then the frames and bytes. Names are filter names, never text from the capture.
     *
     * @param filter the display filter that chose the frames ("" for every frame)
     */
    public String format(String filter) {
        String rule = "=".repeat(67) + "\n";
        StringBuilder s = new StringBuilder();
        s.append('\n').append(rule).append("Protocol Hierarchy Statistics\n").append("Filter: ").append(filter).append("\n\n");
        for (Node child : root.children.values()) {
            format(child, 0, s);
        }
        s.append(rule);
        return s.toString();
    }

    private static void format(Node node, int depth, StringBuilder s) {
        String name = "  ".repeat(depth) + node.name;
        s.append(String.format(Locale.ROOT, "%-40s frames:%d bytes:%d\n", name, node.frames, node.bytes));
        for (Node child : node.children.values()) {
            format(child, depth + 1, s);
        }
    }
}
