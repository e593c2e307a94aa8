package org.jumbocap.proto.tunnel;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.dissect.Tables;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.tree.FieldNode;

/**
 * VXLAN (RFC 7348): an 8-byte header, then an Ethernet frame dissected one tunnel level deeper. The inner
 * length is what UDP carried, so an inner super-packet's IP layer sees its real size.
 */
public final class VxlanDissector implements Dissector {
    public static final int UDP_PORT = 4789;
    static final int HEADER = 8;

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        FieldNode layer = ctx.addLayer(TunnelFields.VXLAN, offset, Math.min(HEADER, b.remaining(offset)));
        int flags = b.u16(offset);
        FieldNode flagsNode = layer.add(TunnelFields.VXLAN_FLAGS, offset, 2, (long) flags);
        FieldNode flagI = flagsNode.add(TunnelFields.VXLAN_FLAG_I, offset, 1, (flags & 0x0800) != 0);
        flagsNode.add(TunnelFields.VXLAN_FLAGS_RESERVED, offset, 2, (long) (flags & ~0x0800 & 0xFFFF));
        layer.add(TunnelFields.VXLAN_RESERVED_16, offset + 2, 2, (long) b.u16(offset + 2));
        int vni = b.u24(offset + 4);
        ctx.summary().tunnelVni = vni;
        layer.add(TunnelFields.VXLAN_VNI, offset + 4, 3, (long) vni);
        layer.add(TunnelFields.VXLAN_RESERVED8, offset + 7, 1, (long) b.u8(offset + 7));
        if ((flags & 0x0800) == 0) {
            ctx.expert(flagI, TunnelFields.VXLAN_FLAG_I_CLEAR);
        }
        if (length > HEADER) {
            ctx.handoffTunnel(Tables.LINK_TYPE, LinkTypes.ETHERNET, offset + HEADER, length - HEADER);
        }
    }
}
