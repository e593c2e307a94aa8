package org.jumbocap.proto.link;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.tree.FieldNode;

/**
 * One 802.1Q or 802.1ad tag. The tag's own EtherType goes back to the EtherType table, so stacked tags
 * (QinQ) chain; the context's depth bound stops a frame made only of tags.
 */
final class VlanDissector implements Dissector {
    static final int HEADER = 4;

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        FieldNode layer = ctx.addLayer(LinkFields.VLAN, offset, HEADER);
        int tci = b.u16(offset);
        layer.add(LinkFields.VLAN_PRIORITY, offset, 2, tci >>> 13);
        layer.add(LinkFields.VLAN_DEI, offset, 2, (tci >>> 12) & 1);
        layer.add(LinkFields.VLAN_ID, offset, 2, tci & 0x0FFF);
        int type = b.u16(offset + 2);
        EthernetDissector.handOn(ctx, layer, type, offset + 2, HEADER, offset, length, LinkFields.VLAN_ETYPE, LinkFields.VLAN_LEN);
    }
}
