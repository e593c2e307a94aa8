package org.jumbocap.proto.icmp;

import java.util.Map;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.dissect.Tables;
import org.jumbocap.tree.FieldNode;

/** ICMP for IPv4 (RFC 792): echo, errors with the quoted invoking packet, fragmentation-needed MTU (RFC 1191). */
public final class IcmpDissector implements Dissector {
    public static final int IP_PROTOCOL = 1;
    static final int ETHERTYPE_IPV4 = 0x0800;

    private static final Map<Integer, IcmpBody> BODIES = Map.of(
            IcmpFields.ECHO_REQUEST, IcmpDissector::echo,
            IcmpFields.ECHO_REPLY, IcmpDissector::echo,
            IcmpFields.DEST_UNREACHABLE, IcmpDissector::destinationUnreachable,
            IcmpFields.TIME_EXCEEDED, IcmpDissector::unusedThenInvoking,
            IcmpFields.PARAMETER_PROBLEM, IcmpDissector::parameterProblem);

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        boolean partial = ctx.isPartialDatagram();
        FieldNode layer = ctx.addLayer(IcmpFields.ICMP, offset, (int) Math.min(length, b.remaining(offset)));
        // what follows (an error's quoted packet) is only the start of some other datagram
        ctx.markPartialDatagram();
        int type = b.u8(offset);
        if (ctx.summary().icmpType < 0) {
            ctx.summary().icmpType = type;
        }
        int code = b.u8(offset + 1);
        layer.add(IcmpFields.TYPE, offset, 1, (long) type);
        FieldNode codeNode = layer.add(IcmpFields.CODE, offset + 1, 1, (long) code);
        String codeName = IcmpFields.CODE_NAMES.getOrDefault(type, Map.of()).get((long) code);
        if (codeName != null) {
            codeNode.setText(() -> "Code: " + code + " (" + codeName + ")");
        }
        FieldNode checksum = layer.add(IcmpFields.CHECKSUM, offset + 2, 2, (long) b.u16(offset + 2));
        // The ICMPv4 checksum covers the message alone: no pseudo-header.
        ChecksumVerdict.Result r = partial || !ctx.verifyChecksums()
                ? new ChecksumVerdict.Result(ChecksumVerdict.NOT_CHECKED, b.u16(offset + 2), -1)
                : ChecksumVerdict.check(b, offset, length, offset + 2, 0, false);
        IcmpChecksums.show(ctx, checksum, r, IcmpFields.CHECKSUM_STATUS, IcmpFields.CHECKSUM_BAD);
        IcmpBody body = BODIES.get(type);
        if (body != null) {
            body.decode(ctx, layer, offset, length);
        } else if (length > 4) {
            IcmpChecksums.rest(ctx, layer, IcmpFields.DATA, offset + 4, length - 4);
        }
    }

    private static void echo(DissectionContext ctx, FieldNode layer, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        layer.add(IcmpFields.IDENT, offset + 4, 2, (long) b.u16(offset + 4));
        layer.add(IcmpFields.SEQ, offset + 6, 2, (long) b.u16(offset + 6));
        if (length > 8) {
            IcmpChecksums.rest(ctx, layer, IcmpFields.DATA, offset + 8, length - 8);
        }
    }

    private static void destinationUnreachable(DissectionContext ctx, FieldNode layer, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        if (b.u8(offset + 1) == IcmpFields.FRAGMENTATION_NEEDED) {
            layer.add(IcmpFields.UNUSED, offset + 4, 2, b.bytes(offset + 4, 2));
            layer.add(IcmpFields.MTU, offset + 6, 2, (long) b.u16(offset + 6));
        } else {
            layer.add(IcmpFields.UNUSED, offset + 4, 4, b.bytes(offset + 4, 4));
        }
        invoking(ctx, offset, length);
    }

    private static void unusedThenInvoking(DissectionContext ctx, FieldNode layer, int offset, long length) {
        layer.add(IcmpFields.UNUSED, offset + 4, 4, ctx.buffer().bytes(offset + 4, 4));
        invoking(ctx, offset, length);
    }

    private static void parameterProblem(DissectionContext ctx, FieldNode layer, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        layer.add(IcmpFields.POINTER, offset + 4, 1, (long) b.u8(offset + 4));
        layer.add(IcmpFields.UNUSED, offset + 5, 3, b.bytes(offset + 5, 3));
        invoking(ctx, offset, length);
    }

    /** The quoted invoking packet, one tunnel level deeper, with the length its header states (see {@link QuotedPacket}). */
    private static void invoking(DissectionContext ctx, int offset, long length) {
        int start = offset + 8;
        if (length > 8 && ctx.buffer().remaining(start) > 0) {
            // the summary describes this frame's own packet, not the one it quotes: only the tree has both
            ctx.summary().incomplete = true;
            if (!ctx.hasTree()) {
                return;
            }
            ctx.handoffTunnel(Tables.ETHERTYPE, ETHERTYPE_IPV4, start, QuotedPacket.ipv4Length(ctx.buffer(), start, length - 8));
        }
    }
}
