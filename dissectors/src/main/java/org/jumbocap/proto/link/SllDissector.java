package org.jumbocap.proto.link;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DataDissector;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.dissect.Tables;
import org.jumbocap.tree.FieldNode;

/** Linux cooked capture, version 1 (LINKTYPE_LINUX_SLL, 16 bytes) and version 2 (LINKTYPE_LINUX_SLL2, 20 bytes). */
final class SllDissector implements Dissector {
    static final int SLL_HEADER = 16;
    static final int SLL2_HEADER = 20;
    private static final int ARPHRD_ETHER = 1;
    private static final int ADDRESS_BYTES = 8;

    private final boolean version2;

    SllDissector(boolean version2) {
        this.version2 = version2;
    }

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        int header = version2 ? SLL2_HEADER : SLL_HEADER;
        FieldNode layer = ctx.addLayer(LinkFields.SLL, offset, header);
        int protocol;
        int protocolOffset;
        int addressOffset;
        int halen;
        int hatype;
        if (version2) {
            protocolOffset = offset;
            protocol = b.u16(offset);
            addProtocol(layer, protocol, protocolOffset);
            layer.add(LinkFields.SLL_UNUSED, offset + 2, 2, ctx.treeBytes(offset + 2, 2));
            layer.add(LinkFields.SLL_IFINDEX, offset + 4, 4, b.u32(offset + 4));
            hatype = b.u16(offset + 8);
            layer.add(LinkFields.SLL_HATYPE, offset + 8, 2, hatype);
            layer.add(LinkFields.SLL_PKTTYPE, offset + 10, 1, b.u8(offset + 10));
            halen = b.u8(offset + 11);
            layer.add(LinkFields.SLL_HALEN, offset + 11, 1, halen);
            addressOffset = offset + 12;
        } else {
            layer.add(LinkFields.SLL_PKTTYPE, offset, 2, b.u16(offset));
            hatype = b.u16(offset + 2);
            layer.add(LinkFields.SLL_HATYPE, offset + 2, 2, hatype);
            halen = b.u16(offset + 4);
            layer.add(LinkFields.SLL_HALEN, offset + 4, 2, halen);
            addressOffset = offset + 6;
            protocolOffset = offset + 14;
            protocol = b.u16(protocolOffset);
        }
        int used = Math.min(halen, ADDRESS_BYTES);
        if (hatype == ARPHRD_ETHER && halen == 6) {
            layer.add(LinkFields.SLL_SRC_ETH, addressOffset, 6, ctx.treeBytes(addressOffset, 6));
        } else if (used > 0) {
            layer.add(LinkFields.SLL_SRC_OTHER, addressOffset, used, ctx.treeBytes(addressOffset, used));
        }
        if (used < ADDRESS_BYTES) {
            layer.add(LinkFields.SLL_UNUSED, addressOffset + used, ADDRESS_BYTES - used,
                    ctx.treeBytes(addressOffset + used, ADDRESS_BYTES - used));
        }
        if (!version2) {
            addProtocol(layer, protocol, protocolOffset);
        }
        long remaining = Math.max(0, length - header);
        if (protocol >= EthernetDissector.MIN_ETHERTYPE) {
            ctx.handoff(Tables.ETHERTYPE, protocol, offset + header, remaining);
        } else {
            ctx.call(DataDissector.INSTANCE, offset + header, remaining);
        }
    }

    /** An EtherType, or below 0x600 a Linux protocol number (802.3, LLC...) whose payload stays data. */
    private static void addProtocol(FieldNode layer, int protocol, int at) {
        layer.add(protocol >= EthernetDissector.MIN_ETHERTYPE ? LinkFields.SLL_ETYPE : LinkFields.SLL_LTYPE, at, 2, protocol);
    }
}
