package org.jumbocap.proto.ipv4;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.dissect.DataDissector;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.jumbo.JumboRules;
import org.jumbocap.proto.ip.IpProtocols;
import org.jumbocap.proto.ip.JumboMarks;
import org.jumbocap.tree.FieldNode;

/**
 * IPv4 header, options and hand-off to the transport. A total length of 0 on a packet that carries more is
 * a Linux BIG TCP super-packet ({@link JumboRules#ipv4Kind}): its length comes from the frame.
 */
public final class Ipv4Dissector implements Dissector {
    public static final Ipv4Dissector INSTANCE = new Ipv4Dissector();
    static final int MIN_HEADER = 20;
    private static final int FRAGMENT_UNIT = 8;

    private Ipv4Dissector() {
    }

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        int versionAndIhl = b.u8(offset);
        int version = versionAndIhl >>> 4;
        int headerLength = (versionAndIhl & 0x0F) * 4;
        FieldNode layer = ctx.addLayer(Ipv4Fields.IP, offset, Math.max(headerLength, MIN_HEADER));
        FieldNode versionNode = layer.add(Ipv4Fields.VERSION, offset, 1, version);
        if (version != 4) {
            ctx.expert(versionNode, Ipv4Fields.BAD_VERSION, version);
        }
        FieldNode hdrLenNode = layer.add(Ipv4Fields.HDR_LEN, offset, 1, headerLength);
        FrameSummary summary = ctx.summary();
        if (headerLength < MIN_HEADER) {
            // the tree shows the broken header's first fields; the summary has no IP layer to offer
            summary.incomplete = true;
            ctx.expert(hdrLenNode, Ipv4Fields.BAD_HEADER_LENGTH, headerLength);
            return;
        }
        if (!b.has(offset, MIN_HEADER)) {
            summary.notePartialHeader(b, offset);
        }
        int ds = b.u8(offset + 1);
        FieldNode dsNode = layer.add(Ipv4Fields.DSFIELD, offset + 1, 1, ds);
        dsNode.add(Ipv4Fields.DSFIELD_DSCP, offset + 1, 1, ds >>> 2);
        dsNode.add(Ipv4Fields.DSFIELD_ECN, offset + 1, 1, ds & 3);
        int totalLength = b.u16(offset + 2);
        FieldNode lenNode = layer.add(Ipv4Fields.LEN, offset + 2, 2, totalLength);
        int id = b.u16(offset + 4);
        FieldNode idNode = layer.add(Ipv4Fields.ID, offset + 4, 2, id);
        if (ctx.hasTree()) {
            idNode.setText(() -> String.format(java.util.Locale.ROOT, "Identification: 0x%04x (%d)", id, id));
        }
        int flagsAndOffset = b.u16(offset + 6);
        int flags = flagsAndOffset >>> 13;
        FieldNode flagsNode = layer.add(Ipv4Fields.FLAGS, offset + 6, 1, flags);
        flagsNode.add(Ipv4Fields.FLAGS_RB, offset + 6, 1, (flags >>> 2) & 1);
        flagsNode.add(Ipv4Fields.FLAGS_DF, offset + 6, 1, (flags >>> 1) & 1);
        flagsNode.add(Ipv4Fields.FLAGS_MF, offset + 6, 1, flags & 1);
        boolean moreFragments = (flags & 1) != 0;
        int fragmentOffset = (flagsAndOffset & 0x1FFF) * FRAGMENT_UNIT;
        FieldNode fragNode = layer.add(Ipv4Fields.FRAG_OFFSET, offset + 6, 2, fragmentOffset);
        layer.add(Ipv4Fields.TTL, offset + 8, 1, b.u8(offset + 8));
        int protocol = b.u8(offset + 9);
        layer.add(Ipv4Fields.PROTO, offset + 9, 1, protocol);
        addChecksum(ctx, layer, offset, headerLength);
        long srcAddress = b.u32(offset + 12);
        long dstAddress = b.u32(offset + 16);
        if (ctx.hasTree()) {
            byte[] src = b.bytes(offset + 12, 4);
            byte[] dst = b.bytes(offset + 16, 4);
            layer.add(Ipv4Fields.SRC, offset + 12, 4, src);
            layer.add(Ipv4Fields.DST, offset + 16, 4, dst);
            layer.add(Ipv4Fields.ADDR, offset + 12, 4, src).hidden();
            layer.add(Ipv4Fields.ADDR, offset + 16, 4, dst).hidden();
        }
        JumboKind kind = JumboRules.ipv4Kind(totalLength, headerLength, length);
        long realTotal = JumboRules.ipv4TotalLength(kind, totalLength, length);
        int summaryLayer = summary.beginIpLayer(4, protocol, offset);
        summary.srcLo = srcAddress;
        summary.dstLo = dstAddress;
        summary.l3PayloadLength = realTotal - headerLength;
        summary.ipHeaderLength = headerLength;
        summary.jumboKind = kind;
        summary.ipv4Id = id;
        summary.ipv4MoreFragments = moreFragments;
        summary.ipv4FragmentOffset = fragmentOffset;
        summary.setIpHeaders(summaryLayer, headerLength, moreFragments || fragmentOffset > 0);
        summary.endIpLayer(summaryLayer);
        summary.ipProto = protocol;
        if (headerLength > MIN_HEADER) {
            Ipv4Options.dissect(ctx, layer, offset + MIN_HEADER, headerLength - MIN_HEADER);
        }

        if (kind != null) {
            JumboMarks.mark(ctx, layer, kind, realTotal - headerLength);
            ctx.expert(lenNode, Ipv4Fields.LEN_ZERO_BIGTCP, realTotal, realTotal - headerLength);
        } else if (totalLength < headerLength) {
            ctx.expert(lenNode, Ipv4Fields.LEN_TOO_SMALL, totalLength, headerLength);
            return;
        } else if (totalLength > length) {
            ctx.expert(lenNode, IpProtocols.insideFragment(ctx) ? Ipv4Fields.LEN_IN_FRAGMENT : Ipv4Fields.LEN_EXCEEDS_FRAME,
                    totalLength, length);
            realTotal = length;
        } else if (totalLength < length) {
            ctx.expert(lenNode, Ipv4Fields.TRAILER, length - totalLength, totalLength);
        }
        long upperLayerLength = realTotal - headerLength;
        int payload = offset + headerLength;
        ctx.setIp(4, offset + 12, offset + 16, upperLayerLength, kind, moreFragments);
        if (fragmentOffset > 0) {
            ctx.expert(fragNode, Ipv4Fields.NON_FIRST_FRAGMENT, fragmentOffset);
            ctx.call(DataDissector.INSTANCE, payload, upperLayerLength);
            return;
        }
        if (moreFragments) {
            ctx.expert(fragNode, Ipv4Fields.FRAGMENT, fragmentOffset, ", more fragments follow");
        }
        IpProtocols.handoff(ctx, protocol, payload, upperLayerLength);
    }

    private static void addChecksum(DissectionContext ctx, FieldNode layer, int offset, int headerLength) {
        FrameBuffer b = ctx.buffer();
        int checksum = b.u16(offset + 10);
        FieldNode node = layer.add(Ipv4Fields.CHECKSUM, offset + 10, 2, checksum);
        if (!b.has(offset, headerLength)) {
            layer.add(Ipv4Fields.CHECKSUM_STATUS, offset + 10, 0, Ipv4Fields.CHECKSUM_UNVERIFIED).generated();
            return;
        }
        int computed = InternetChecksum.fold(ChecksumVerdict.sum(b, offset, headerLength) - checksum);
        if (computed == checksum) {
            layer.add(Ipv4Fields.CHECKSUM_STATUS, offset + 10, 0, Ipv4Fields.CHECKSUM_GOOD).generated();
        } else {
            layer.add(Ipv4Fields.CHECKSUM_CALCULATED, offset + 10, 0, computed).generated();
            layer.add(Ipv4Fields.CHECKSUM_STATUS, offset + 10, 0, Ipv4Fields.CHECKSUM_BAD).generated();
            ctx.expert(node, Ipv4Fields.CHECKSUM_BAD_EXPERT, checksum, computed);
        }
    }
}
