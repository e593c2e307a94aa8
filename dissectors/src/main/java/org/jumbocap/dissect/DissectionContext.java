package org.jumbocap.dissect;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.buffer.TruncatedException;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.VnetHeader;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * The state of one frame's dissection, passed from layer to layer. Every dissector fills the frame's
 * {@link FrameSummary}; the tree is optional ({@link #hasTree}): without one, {@link #addLayer} returns
 * {@link FieldNode#OFF}, which keeps nothing, so the same dissector body decodes for a one-line summary
 * and for the full tree, as Wireshark's dissectors run with a null tree.
 */
public final class DissectionContext {
    /** Bound on nested layers (tunnel in tunnel, extension headers); the walk never loops. */
    public static final int MAX_DEPTH = 64;

    private final DissectorRegistry registry;
    private FrameBuffer buffer;
    private FrameTree tree;
    private FrameSummary summary;
    private boolean verifyChecksums;
    private int depth;
    private int tunnelDepth;
    private IpContext ip;
    private final IpContext ipSlot = new IpContext();
    private FieldNode currentLayer;
    private FieldDef currentLayerDef;
    private boolean partialDatagram;
    private SegmentPlan segmentPlan;
    /** The frame's own bytes, while {@link #buffer} may be a reassembled message's. */
    private FrameBuffer frameBuffer;
    private boolean recordedGso;
    /** The kernel's gso_size when the frame is a UDP GSO super-packet (gso_type udp_l4), else 0. */
    private int udpGsoSize;

    /** A context that builds {@code tree} (null for none) and fills a summary of its own. */
    public DissectionContext(DissectorRegistry registry, FrameRecord frame, FrameTree tree) {
        this(registry);
        reset(frame.buffer(), tree, new FrameSummary(), true);
        setKernelFacts(frame.vnetHeader());
    }

    /** A context to be {@link #reset} for each frame; reused, it allocates nothing per frame. */
    public DissectionContext(DissectorRegistry registry) {
        this.registry = registry;
    }

    /**
     * Prepares the context for the next frame.
     *
     * @param tree            the tree to build, or null for the summary alone
     * @param summary         reset by the caller and filled here
     * @param verifyChecksums sum the covered bytes to call a TCP, UDP or ICMP checksum good or bad; when
     *                        false only the offload judgement (pseudo-header sum) is made and the others
     *                        are "unverified", as in Wireshark's default
     */
    public void reset(FrameBuffer buffer, FrameTree tree, FrameSummary summary, boolean verifyChecksums) {
        reset(buffer, tree, summary, verifyChecksums, null);
    }

    /** As {@link #reset(FrameBuffer, FrameTree, FrameSummary, boolean)}, with TCP reassembly's plan for the frame's segment. */
    public void reset(FrameBuffer buffer, FrameTree tree, FrameSummary summary, boolean verifyChecksums, SegmentPlan plan) {
        this.segmentPlan = plan;
        this.frameBuffer = buffer;
        this.buffer = buffer;
        this.tree = tree;
        this.summary = summary;
        this.verifyChecksums = verifyChecksums;
        this.depth = 0;
        this.tunnelDepth = 0;
        this.ip = null;
        this.currentLayer = null;
        this.currentLayerDef = null;
        this.partialDatagram = false;
        this.recordedGso = false;
        this.udpGsoSize = 0;
    }

    /**
     * True when the file recorded the kernel's virtio_net_hdr for this frame: its gso_type and gso_size settle
     * whether the frame is a GSO super-packet, so a decoder does not guess it from the bytes.
     */
    public boolean hasRecordedGso() {
        return recordedGso;
    }

    /**
     * Takes what the kernel recorded for the frame being decoded (its virtio_net_hdr; null for none), after
     * {@link #reset}: whether the frame has it ({@link #hasRecordedGso}) and, for a UDP GSO super-packet, the
     * size its datagrams are cut at ({@link #udpGsoSize}).
     */
    public void setKernelFacts(VnetHeader facts) {
        this.recordedGso = facts != null;
        this.udpGsoSize = facts != null && facts.isSuperPacket() && facts.gsoKind() == VnetHeader.GSO_UDP_L4
                ? facts.gsoSize() : 0;
    }

    /**
     * The segment size at which the kernel cuts this frame's UDP payload into datagrams, from the recorded
     * virtio_net_hdr (gso_type udp_l4); 0 when the frame is not a UDP GSO super-packet or its facts were not
     * recorded. A protocol that is one message per datagram (QUIC) decodes one at each boundary.
     */
    public int udpGsoSize() {
        return udpGsoSize;
    }

    public DissectorRegistry registry() {
        return registry;
    }

    public FrameBuffer buffer() {
        return buffer;
    }

    /** The tree being built, or null when only the summary is. */
    public FrameTree tree() {
        return tree;
    }

    /** True when a tree is built: guards work whose only product is tree content (texts, byte copies). */
    public boolean hasTree() {
        return tree != null;
    }

    public FrameSummary summary() {
        return summary;
    }

    /** What TCP reassembly decided for this frame's segment, or null: decode the payload as it comes. */
    public SegmentPlan segmentPlan() {
        return segmentPlan;
    }

    /** Whether checksums are verified over the bytes they cover (see {@link #reset}). */
    public boolean verifyChecksums() {
        return verifyChecksums;
    }

    /**
     * A copy of captured bytes as a field value for the tree. Without a tree it copies nothing but checks
     * the same range, so both modes stop at the same truncation.
     */
    public byte[] treeBytes(int offset, int length) {
        if (tree != null) {
            return buffer.bytes(offset, length);
        }
        if (!buffer.has(offset, length)) {
            throw new TruncatedException(offset, length);
        }
        return null;
    }

    /**
     * The value of a bytes field of a long run (a payload, encrypted data): null, so the node points at the
     * frame's bytes without a copy, except in a message TCP reassembly gathered (see {@link #callOn}), whose
     * bytes are not the frame's: then a copy for the tree.
     */
    public byte[] bytesValue(int offset, int length) {
        return buffer == frameBuffer ? null : treeBytes(offset, length);
    }

    /** Adds a top-level layer and makes it the one that truncation notes attach to. */
    public FieldNode addLayer(FieldDef protocol, int offset, int length) {
        summary.addProtocolLayer(protocol, offset);
        currentLayerDef = protocol;
        currentLayer = tree != null ? tree.addLayer(protocol, offset, length) : FieldNode.OFF;
        return currentLayer;
    }

    /**
     * The Info column text of the current layer, shown when it is the frame's innermost protocol; made
     * only when asked, and only kept when a tree is built (the summary alone leaves such frames to the tree).
     */
    public void setInfo(java.util.function.Supplier<String> text) {
        if (tree != null && currentLayer != null) {
            tree.setInfo(currentLayer, text);
        }
    }

    /**
     * Names the current layer in the Protocol column when it is the frame's innermost protocol, where its
     * declaration's name is not the one Wireshark shows ("RARP" for the ARP layer of a reverse request).
     * {@code name} should be a constant: the summary keeps it for every frame.
     */
    public void setProtocolColumn(String name) {
        summary.setProtocolColumn(name);
        if (tree != null && currentLayer != null) {
            tree.setProtocolColumn(currentLayer, name);
        }
    }

    public FieldNode currentLayer() {
        return currentLayer;
    }

    /** As {@link #expert(FieldNode, ExpertDef, Object...)}, boxing nothing when no tree is built. */
    public void expert(FieldNode node, ExpertDef def) {
        summary.addExpert(def);
        if (tree != null) {
            tree.expert(node, def);
        }
    }

    /** As {@link #expert(FieldNode, ExpertDef, Object...)}, boxing nothing when no tree is built. */
    public void expert(FieldNode node, ExpertDef def, long a) {
        summary.addExpert(def);
        if (tree != null) {
            tree.expert(node, def, a);
        }
    }

    /** As {@link #expert(FieldNode, ExpertDef, Object...)}, boxing nothing when no tree is built. */
    public void expert(FieldNode node, ExpertDef def, long a, long b) {
        summary.addExpert(def);
        if (tree != null) {
            tree.expert(node, def, a, b);
        }
    }

    /** Records an expert item on a node: in the summary always, in the tree when one is built. */
    public void expert(FieldNode node, ExpertDef def, Object... args) {
        summary.addExpert(def);
        if (tree != null) {
            tree.expert(node, def, args);
        }
    }

    /** The innermost IP layer seen so far, for the transport's pseudo-header; null before any. */
    public IpContext ip() {
        return ip;
    }

    /**
     * Makes an IP layer the innermost one.
     *
     * @param sourceOffset      frame offset of the source address; the destination's follows in {@code destinationOffset}
     * @param upperLayerLength  bytes of the transport header and payload
     * @param jumboKind         null for an ordinary packet
     * @param moreFragments     a first fragment: the bytes after it are a partial datagram
     */
    public void setIp(int version, int sourceOffset, int destinationOffset, long upperLayerLength, JumboKind jumboKind,
                      boolean moreFragments) {
        ipSlot.set(version, sourceOffset, destinationOffset, upperLayerLength, jumboKind, moreFragments);
        ip = ipSlot;
        if (moreFragments) {
            partialDatagram = true;
        }
    }

    /**
     * True when a layer dissected so far says the bytes after it are incomplete: an enclosing IP packet is
     * a first fragment (the rest of the datagram, and of any tunnelled packet in it, is elsewhere), or an
     * ICMP error quotes only the start of the invoking packet.
     */
    public boolean isPartialDatagram() {
        return partialDatagram;
    }

    /** Says the bytes after the current layer are a partial datagram (see {@link #isPartialDatagram}). */
    public void markPartialDatagram() {
        partialDatagram = true;
    }

    /** How many tunnels (VXLAN, Geneve, IP-in-IP) enclose the layer being dissected. */
    public int tunnelDepth() {
        return tunnelDepth;
    }

    /** Dissects a tunnel's inner frame one level deeper. */
    public void handoffTunnel(String table, int key, int offset, long length) {
        handoffTunnel(registry.table(table).get(key), offset, length);
    }

    /** Dissects a tunnel's inner packet with {@code d} (null: as data) one level deeper. */
    public void handoffTunnel(Dissector d, int offset, long length) {
        tunnelDepth++;
        if (tunnelDepth > summary.tunnelDepth) {
            summary.tunnelDepth = tunnelDepth;
        }
        try {
            call(d != null ? d : DataDissector.INSTANCE, offset, length);
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
        handoff(registry.table(table), key, offset, length);
    }

    /** {@link #handoff(String, int, int, long)} with the table already looked up (hot paths keep it). */
    public void handoff(DissectorTable table, int key, int offset, long length) {
        Dissector d = table.get(key);
        call(d != null ? d : DataDissector.INSTANCE, offset, length);
    }

    /** Runs a dissector directly, with the same protection as {@link #handoff}. */
    public void call(Dissector d, int offset, long length) {
        if (offset >= buffer.capturedLength() && d != DataDissector.INSTANCE && buffer.isCut()) {
            summary.truncated = true;
            if (currentLayerDef != null) {
                expert(currentLayer, FrameFields.LAYER_TRUNCATED, currentLayerDef.label() + " payload", offset);
            }
            return;
        }
        if (depth >= MAX_DEPTH) {
            expert(layerForNote(), FrameFields.TOO_DEEP, MAX_DEPTH);
            return;
        }
        depth++;
        try {
            d.dissect(this, offset, length);
        } catch (TruncatedException e) {
            summary.truncated = true;
            FieldNode at = layerForNote();
            String label = currentLayerDef != null ? currentLayerDef.label() : FrameFields.FRAME.label();
            if (buffer.isCut()) {
                expert(at, FrameFields.LAYER_TRUNCATED, label, e.offset());
            } else {
                expert(at, FrameFields.LAYER_MALFORMED, label, (long) e.offset() + e.length(), buffer.capturedLength());
            }
        } catch (RuntimeException e) {
            String name = currentLayerDef != null ? currentLayerDef.name() : FrameFields.FRAME.name();
            expert(layerForNote(), FrameFields.DISSECTOR_BUG, name, String.valueOf(e));
        } finally {
            depth--;
        }
    }

    /**
     * Runs a dissector over other bytes than the frame's (a message TCP reassembly gathered from several
     * frames), into the same tree and summary; the frame's bytes are the view again afterwards.
     */
    public void callOn(FrameBuffer other, Dissector d, long length) {
        FrameBuffer own = buffer;
        buffer = other;
        try {
            call(d, 0, length);
        } finally {
            buffer = own;
        }
    }

    private FieldNode layerForNote() {
        if (currentLayer != null) {
            return currentLayer;
        }
        return tree != null ? tree.layers().get(0) : FieldNode.OFF;
    }
}
