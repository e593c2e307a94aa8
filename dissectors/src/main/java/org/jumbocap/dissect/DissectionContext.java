package org.jumbocap.dissect;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.buffer.TruncatedException;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/** The state of one frame's dissection, passed from layer to layer. */
public final class DissectionContext {
    /** Bound on nested layers (tunnel in tunnel, extension headers); the walk never loops. */
    public static final int MAX_DEPTH = 64;

    private final DissectorRegistry registry;
    private final FrameBuffer buffer;
    private final FrameTree tree;
    private int depth;
    private int tunnelDepth;
    private IpContext ip;
    private FieldNode currentLayer;

    public DissectionContext(DissectorRegistry registry, FrameRecord frame, FrameTree tree) {
        this.registry = registry;
        this.buffer = frame.buffer();
        this.tree = tree;
    }

    public DissectorRegistry registry() {
        return registry;
    }

    public FrameBuffer buffer() {
        return buffer;
    }

    public FrameTree tree() {
        return tree;
    }

    /** Adds a top-level layer and makes it the one that truncation notes attach to. */
    public FieldNode addLayer(FieldDef protocol, int offset, int length) {
        currentLayer = tree.addLayer(protocol, offset, length);
        return currentLayer;
    }

    public FieldNode currentLayer() {
        return currentLayer;
    }

    /** Records an expert item on a node. */
    public void expert(FieldNode node, ExpertDef def, Object... args) {
        tree.expert(node, def, args);
    }

    /** The innermost IP layer seen so far, for the transport's pseudo-header; null before any. */
    public IpContext ip() {
        return ip;
    }

    public void setIp(IpContext ip) {
        this.ip = ip;
    }

    /** How many tunnels (VXLAN, Geneve, IP-in-IP) enclose the layer being dissected. */
    public int tunnelDepth() {
        return tunnelDepth;
    }

    /** Dissects a tunnel's inner frame one level deeper. */
    public void handoffTunnel(String table, int key, int offset, long length) {
        tunnelDepth++;
        try {
            handoff(table, key, offset, length);
        } finally {
            tunnelDepth--;
        }
    }

    /**
     * Hands the bytes from {@code offset} to the dissector registered for {@code key} in the table, or
     * shows them as data when none is. A read past the captured bytes or a dissector failure becomes an
     * expert item on the layer that was being dissected; the frame's other layers stay.
     */
    public void handoff(String table, int key, int offset, long length) {
        Dissector d = registry.table(table).get(key);
        call(d != null ? d : DataDissector.INSTANCE, offset, length);
    }

    /** Runs a dissector directly, with the same protection as {@link #handoff}. */
    public void call(Dissector d, int offset, long length) {
        if (offset >= buffer.capturedLength() && d != DataDissector.INSTANCE && buffer.isCut()) {
            if (currentLayer != null) {
                expert(currentLayer, FrameFields.LAYER_TRUNCATED, currentLayer.def().label() + " payload", offset);
            }
            return;
        }
        if (depth >= MAX_DEPTH) {
            expert(currentLayer != null ? currentLayer : tree.layers().get(0), FrameFields.TOO_DEEP, MAX_DEPTH);
            return;
        }
        depth++;
        try {
            d.dissect(this, offset, length);
        } catch (TruncatedException e) {
            FieldNode at = currentLayer != null ? currentLayer : tree.layers().get(0);
            if (buffer.isCut()) {
                expert(at, FrameFields.LAYER_TRUNCATED, at.def().label(), e.offset());
            } else {
                expert(at, FrameFields.LAYER_MALFORMED, at.def().label(), (long) e.offset() + e.length(),
                        buffer.capturedLength());
            }
        } catch (RuntimeException e) {
            FieldNode at = currentLayer != null ? currentLayer : tree.layers().get(0);
            expert(at, FrameFields.DISSECTOR_BUG, at.def().name(), String.valueOf(e));
        } finally {
            depth--;
        }
    }
}
