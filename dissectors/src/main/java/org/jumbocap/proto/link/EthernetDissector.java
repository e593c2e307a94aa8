package org.jumbocap.proto.link;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DataDissector;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.dissect.Tables;
import org.jumbocap.tree.FieldNode;

/** Ethernet II: destination, source, type; an 802.3 length below 0x600 leaves LLC bytes shown as data. */
final class EthernetDissector implements Dissector {
    static final int HEADER = 14;
    /** Values below this in the type/length field are 802.3 lengths. */
    static final int MIN_ETHERTYPE = 0x600;

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        FieldNode layer = ctx.addLayer(LinkFields.ETH, offset, HEADER);
        byte[] dst = ctx.treeBytes(offset, 6);
        byte[] src = ctx.treeBytes(offset + 6, 6);
        int type = b.u16(offset + 12);
        ctx.summary().ethDst = b.u32(offset) << 16 | b.u16(offset + 4);
        ctx.summary().ethSrc = b.u32(offset + 6) << 16 | b.u16(offset + 10);
        layer.add(LinkFields.ETH_DST, offset, 6, dst);
        layer.add(LinkFields.ETH_SRC, offset + 6, 6, src);
        layer.add(LinkFields.ETH_ADDR, offset, 6, dst).hidden();
        layer.add(LinkFields.ETH_ADDR, offset + 6, 6, src).hidden();
        handOn(ctx, layer, type, offset + 12, HEADER, offset, length, LinkFields.ETH_TYPE, LinkFields.ETH_LEN);
    }

    /**
     * Shared by Ethernet and VLAN tags: an EtherType goes to the EtherType table, an 802.3 length leaves
     * LLC bytes that are shown as data.
     */
    static void handOn(DissectionContext ctx, FieldNode layer, int typeOrLength, int fieldOffset, int headerLength,
                       int offset, long length, org.jumbocap.field.FieldDef typeField, org.jumbocap.field.FieldDef lengthField) {
        int payload = offset + headerLength;
        long remaining = Math.max(0, length - headerLength);
        if (typeOrLength >= MIN_ETHERTYPE) {
            layer.add(typeField, fieldOffset, 2, typeOrLength);
            ctx.handoff(Tables.ETHERTYPE, typeOrLength, payload, remaining);
        } else {
            layer.add(lengthField, fieldOffset, 2, typeOrLength);
            ctx.call(DataDissector.INSTANCE, payload, Math.min(remaining, typeOrLength));
        }
    }
}
