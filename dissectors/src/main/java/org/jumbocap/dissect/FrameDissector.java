package org.jumbocap.dissect;

import org.jumbocap.field.FieldDef;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.io.VnetHeader;
import org.jumbocap.tree.FieldFormat;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * Decodes a frame: the {@code frame} layer, then the link-type dissector and whatever it hands off to, with
 * a tree ({@link #dissect}) or without ({@link #summarize}); both fill a {@link FrameSummary} from the same
 * dissector bodies. Thread-safe: all state lives in the per-frame context.
 */
public final class FrameDissector {
    private final DissectorRegistry registry;
    private final DissectorTable linkTypes;

    public FrameDissector(DissectorRegistry registry) {
        this.registry = registry;
        this.linkTypes = registry.table(Tables.LINK_TYPE);
    }

    public FrameDissector() {
        this(DissectorRegistry.standard());
    }

    public DissectorRegistry registry() {
        return registry;
    }

    /** Dissects with no time reference (relative and delta times are 0). */
    public FrameTree dissect(FrameRecord frame) {
        return dissect(frame, frame.timestampNanos(), frame.timestampNanos());
    }

    /**
     * The full tree, checksums verified.
     *
     * @param firstNanos    timestamp of the file's first frame, for {@code frame.time_relative}
     * @param previousNanos timestamp of the previous frame, for {@code frame.time_delta}
     */
    public FrameTree dissect(FrameRecord frame, long firstNanos, long previousNanos) {
        return dissect(frame, firstNanos, previousNanos, new FrameSummary(), true);
    }

    /**
     * The full tree, filling {@code summary} from the same decode.
     *
     * @param verifyChecksums sum the bytes a TCP, UDP or ICMP checksum covers (see {@link DissectionContext#reset})
     */
    public FrameTree dissect(FrameRecord frame, long firstNanos, long previousNanos, FrameSummary summary,
                             boolean verifyChecksums) {
        return dissect(frame, firstNanos, previousNanos, summary, verifyChecksums, null);
    }

    /** The full tree, the segment's payload decoded as TCP reassembly planned it ({@code plan} null: as it comes). */
    public FrameTree dissect(FrameRecord frame, long firstNanos, long previousNanos, FrameSummary summary,
                             boolean verifyChecksums, SegmentPlan plan) {
        FrameTree tree = new FrameTree(frame);
        DissectionContext ctx = new DissectionContext(registry);
        decode(ctx, frame, tree, summary, verifyChecksums, firstNanos, previousNanos, plan);
        return tree;
    }

    /**
     * Decodes a frame without a tree: the same dissectors fill {@code summary} and nothing else, without
     * allocating. Checksums are judged for offload only (no byte is summed).
     */
    public void summarize(FrameRecord frame, FrameSummary summary) {
        summarize(frame, summary, false);
    }

    /** {@link #summarize(FrameRecord, FrameSummary)}, summing checksums when {@code verifyChecksums}. */
    public void summarize(FrameRecord frame, FrameSummary summary, boolean verifyChecksums) {
        summarize(frame, summary, verifyChecksums, null);
    }

    /** {@link #summarize(FrameRecord, FrameSummary, boolean)} with TCP reassembly's plan for the segment (null: none). */
    public void summarize(FrameRecord frame, FrameSummary summary, boolean verifyChecksums, SegmentPlan plan) {
        decode(contexts.get(), frame, null, summary, verifyChecksums, 0, 0, plan);
    }

    /** One reusable context per thread for tree-less decoding, which is never re-entered. */
    private final ThreadLocal<DissectionContext> contexts = ThreadLocal.withInitial(() -> new DissectionContext(registry()));

    private void decode(DissectionContext ctx, FrameRecord frame, FrameTree tree, FrameSummary summary,
                        boolean verifyChecksums, long firstNanos, long previousNanos, SegmentPlan plan) {
        summary.reset();
        summary.decodedWith = plan;
        summary.frameNumber = frame.number();
        summary.linkType = frame.linkType();
        summary.capturedLength = frame.capturedLength();
        summary.originalLength = frame.originalLength();
        ctx.reset(frame.buffer(), tree, summary, verifyChecksums, plan);
        ctx.setKernelFacts(frame.vnetHeader());
        FieldNode f = ctx.addLayer(FrameFields.FRAME, 0, frame.capturedLength());
        if (tree != null) {
            long ts = frame.timestampNanos();
            f.add(FrameFields.NUMBER, 0, 0, frame.number()).generated();
            f.add(FrameFields.TIME, 0, 0, ts).generated();
            addSeconds(f, FrameFields.TIME_EPOCH, ts);
            addSeconds(f, FrameFields.TIME_RELATIVE, ts - firstNanos);
            addSeconds(f, FrameFields.TIME_DELTA, ts - previousNanos);
            f.add(FrameFields.INTERFACE_ID, 0, 0, (long) frame.interfaceId()).generated();
            int linkType = frame.linkType();
            f.add(FrameFields.LINK_TYPE, 0, 0, (long) linkType).generated()
                    .setText(() -> "Link type: " + LinkTypes.name(linkType) + " (" + linkType + ")");
            f.add(FrameFields.LEN, 0, 0, frame.originalLength()).generated();
            f.add(FrameFields.CAP_LEN, 0, 0, (long) frame.capturedLength()).generated();
            addPacketFlags(f, frame.packetFlags());
        }
        if (frame.isCut()) {
            FieldNode cut = f.add(FrameFields.CUT, 0, 0, Boolean.TRUE).generated();
            ctx.expert(cut, FrameFields.CUT_BY_SNAPLEN, frame.capturedLength(), frame.originalLength());
        }
        if (frame.optionProblem() != null) {
            ctx.expert(f, FrameFields.OPTION_IGNORED, frame.optionProblem());
        }
        if (frame.exceededSnaplen() > 0) {
            FieldNode over = f.add(FrameFields.SNAPLEN_EXCEEDED, 0, 0, frame.exceededSnaplen()).generated();
            ctx.expert(over, FrameFields.OVER_SNAPLEN, frame.capturedLength(), frame.exceededSnaplen());
        }
        ctx.handoff(linkTypes, frame.linkType(), 0, frame.originalLength());
        if (tree != null) {
            VnetHeader vnet = frame.vnetHeader();
            if (vnet != null) {
                addVnetHeader(f, vnet, summary);
            }
            f.add(FrameFields.PROTOCOLS, 0, 0, tree.protocols()).generated();
        }
    }

    /** The epb_flags word and the bits Wireshark and the pcapng draft name; nothing for a frame without it. */
    private static void addPacketFlags(FieldNode frame, long flags) {
        if (flags == PacketFlags.NONE) {
            return;
        }
        FieldNode node = frame.add(FrameFields.PACKET_FLAGS, 0, 0, flags);
        node.add(FrameFields.PACKET_FLAGS_DIRECTION, 0, 0, (long) PacketFlags.direction(flags));
        node.add(FrameFields.PACKET_FLAGS_RECEPTION_TYPE, 0, 0, (long) PacketFlags.receptionType(flags));
        node.add(FrameFields.OFFLOAD_CHECKSUM_NOT_READY, 0, 0, PacketFlags.has(flags, PacketFlags.CHECKSUM_NOT_READY));
        node.add(FrameFields.OFFLOAD_CHECKSUM_VALID, 0, 0, PacketFlags.has(flags, PacketFlags.CHECKSUM_VALID));
        node.add(FrameFields.OFFLOAD_TSO, 0, 0, PacketFlags.has(flags, PacketFlags.TCP_SEGMENTATION_OFFLOADED));
    }

    /**
     * The virtio_net_hdr, after the layers are decoded: the segment count needs the transport payload's
     * length, which only a super-packet whose payload the summary knows has.
     */
    private static void addVnetHeader(FieldNode frame, VnetHeader vnet, FrameSummary summary) {
        FieldNode gso = frame.add(FrameFields.GSO, 0, 0, (Object) null);
        gso.add(FrameFields.GSO_TYPE, 0, 0, (long) vnet.gsoType());
        gso.add(FrameFields.GSO_SIZE, 0, 0, (long) vnet.gsoSize());
        if (vnet.isSuperPacket() && summary.transportPayloadLength >= 0) {
            gso.add(FrameFields.GSO_SEGMENTS, 0, 0, vnet.segments(summary.transportPayloadLength)).generated();
        }
        gso.add(FrameFields.GSO_HDR_LEN, 0, 0, (long) vnet.hdrLen());
        gso.add(FrameFields.GSO_FLAGS, 0, 0, (long) vnet.flags());
        gso.add(FrameFields.GSO_CSUM_START, 0, 0, (long) vnet.csumStart());
        gso.add(FrameFields.GSO_CSUM_OFFSET, 0, 0, (long) vnet.csumOffset());
    }

    /**
     * A time in seconds: a {@code Double} value for filter comparisons, shown as tshark shows it, with the
     * exact nanoseconds (a double near 1.7e9 seconds keeps only about a quarter of a microsecond).
     */
    private static void addSeconds(FieldNode frame, FieldDef def, long nanos) {
        double seconds = Math.floorDiv(nanos, 1_000_000_000L) + Math.floorMod(nanos, 1_000_000_000L) / 1e9;
        frame.add(def, 0, 0, (Object) seconds).generated().setValueText(() -> FieldFormat.seconds(nanos));
    }
}
