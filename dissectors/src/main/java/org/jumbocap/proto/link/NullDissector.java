package org.jumbocap.proto.link;

import java.util.Map;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DataDissector;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.dissect.Tables;
import org.jumbocap.tree.FieldNode;

/**
 * BSD null (LINKTYPE_NULL: 4-byte address family in the capturing host's byte order) and loopback
 * (LINKTYPE_LOOP: network byte order). BSDs disagree on AF_INET6, hence several values for IPv6.
 */
final class NullDissector implements Dissector {
    static final int HEADER = 4;
    /** Address family to the EtherType that carries the same protocol. */
    private static final Map<Long, Integer> FAMILY_TO_ETHERTYPE = Map.of(
            2L, 0x0800, 10L, 0x86DD, 24L, 0x86DD, 28L, 0x86DD, 30L, 0x86DD);

    private final boolean hostByteOrder;

    NullDissector(boolean hostByteOrder) {
        this.hostByteOrder = hostByteOrder;
    }

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        FieldNode layer = ctx.addLayer(LinkFields.NULL, offset, HEADER);
        long family = b.u32(offset);
        // A family is a small number: when it sits in the high half, the writer was little-endian.
        if (hostByteOrder && (family & 0xFFFF) == 0 && family != 0) {
            family = b.u32le(offset);
        }
        FieldNode familyNode = layer.add(LinkFields.NULL_FAMILY, offset, HEADER, family);
        Integer ethertype = FAMILY_TO_ETHERTYPE.get(family);
        long remaining = Math.max(0, length - HEADER);
        if (ethertype == null) {
            ctx.expert(familyNode, LinkFields.NULL_UNKNOWN_FAMILY, family);
            ctx.call(DataDissector.INSTANCE, offset + HEADER, remaining);
            return;
        }
        ctx.handoff(Tables.ETHERTYPE, ethertype, offset + HEADER, remaining);
    }
}
