package org.jumbocap.proto.tunnel;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.dissect.Tables;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.tree.FieldNode;

/**
 * Geneve (RFC 8926): 8-byte header, options shown raw, then the inner frame by its protocol type, one
 * tunnel level deeper: 0x6558 is an Ethernet frame, anything else an ethertype (IPv4, IPv6).
 */
public final class GeneveDissector implements Dissector {
    public static final int UDP_PORT = 6081;
    static final int HEADER = 8;
    static final int TRANSPARENT_ETHERNET = 0x6558;

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        int first = b.u8(offset);
        int version = first >>> 6;
        int optionsLength = (first & 0x3F) * 4;
        FieldNode layer = ctx.addLayer(TunnelFields.GENEVE, offset, Math.min(HEADER + optionsLength, b.remaining(offset)));
        FieldNode versionNode = layer.add(TunnelFields.GENEVE_VERSION, offset, 1, (long) version);
        layer.add(TunnelFields.GENEVE_OPT_LEN, offset, 1, (long) optionsLength)
                .setText(() -> "Options Length: " + optionsLength + " bytes (" + optionsLength / 4 + ")");
        if (version != 0) {
            ctx.expert(versionNode, TunnelFields.GENEVE_VERSION_UNKNOWN, version);
            return;
        }
        int flags = b.u8(offset + 1);
        FieldNode flagsNode = layer.add(TunnelFields.GENEVE_FLAGS, offset + 1, 1, (long) flags);
        flagsNode.add(TunnelFields.GENEVE_FLAG_OAM, offset + 1, 1, (flags & 0x80) != 0);
        flagsNode.add(TunnelFields.GENEVE_FLAG_CRITICAL, offset + 1, 1, (flags & 0x40) != 0);
        int protocol = b.u16(offset + 2);
        layer.add(TunnelFields.GENEVE_PROTO_TYPE, offset + 2, 2, (long) protocol);
        int vni = b.u24(offset + 4);
        ctx.summary().tunnelVni = vni;
        layer.add(TunnelFields.GENEVE_VNI, offset + 4, 3, (long) vni);
        layer.add(TunnelFields.GENEVE_RESERVED, offset + 7, 1, (long) b.u8(offset + 7));
        if (HEADER + optionsLength > length) {
            ctx.expert(layer, TunnelFields.GENEVE_OPT_LEN_BEYOND, optionsLength, length);
            return;
        }
        if (optionsLength > 0) {
            FieldNode options = layer.add(TunnelFields.GENEVE_OPTIONS, offset + HEADER, optionsLength, null)
                    .setText(() -> "Geneve Options (" + optionsLength + " bytes)");
            walkOptions(ctx, options, offset + HEADER, offset + HEADER + optionsLength);
        }
        int inner = offset + HEADER + optionsLength;
        long innerLength = length - HEADER - optionsLength;
        if (innerLength <= 0) {
            return;
        }
        if (protocol == TRANSPARENT_ETHERNET) {
            ctx.handoffTunnel(Tables.LINK_TYPE, LinkTypes.ETHERNET, inner, innerLength);
        } else {
            ctx.handoffTunnel(Tables.ETHERTYPE, protocol, inner, innerLength);
        }
    }

    /** Options: class, type (critical bit), length in 4-byte words after the option's own header, body raw. */
    private static void walkOptions(DissectionContext ctx, FieldNode options, int start, int end) {
        FrameBuffer b = ctx.buffer();
        int p = start;
        while (p + 4 <= end) {
            int type = b.u8(p + 2);
            int optionLength = 4 + (b.u8(p + 3) & 0x1F) * 4;
            FieldNode option = options.add(TunnelFields.GENEVE_OPTION, p, Math.min(optionLength, end - p), null);
            option.add(TunnelFields.GENEVE_OPTION_CLASS, p, 2, (long) b.u16(p));
            FieldNode typeNode = option.add(TunnelFields.GENEVE_OPTION_TYPE, p + 2, 1, (long) type);
            typeNode.add(TunnelFields.GENEVE_OPTION_CRITICAL, p + 2, 1, (type & 0x80) != 0);
            FieldNode len = option.add(TunnelFields.GENEVE_OPTION_LENGTH, p + 3, 1, (long) optionLength);
            int optionClass = b.u16(p);
            option.setText(() -> String.format(java.util.Locale.ROOT, "Option class 0x%04x type 0x%02x (%d bytes)", optionClass, type, optionLength));
            if (optionLength > end - p) {
                ctx.expert(len, TunnelFields.GENEVE_OPTION_LENGTH_INVALID, optionLength, end - p);
                return;
            }
            if (optionLength > 4) {
                option.add(TunnelFields.GENEVE_OPTION_DATA, p + 4, optionLength - 4, ctx.treeBytes(p + 4, optionLength - 4));
            }
            p += optionLength;
        }
        if (p < end) {
            FieldNode tail = options.add(TunnelFields.GENEVE_OPTION, p, end - p, null);
            ctx.expert(tail, TunnelFields.GENEVE_OPTION_LENGTH_INVALID, 4, end - p);
        }
    }
}
