package org.jumbocap.proto.ipv6.ext;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.tree.FieldNode;

/** Routing header (43): type 0 and 2 addresses, type 4 (segment routing) with its segment list, others raw. */
final class RoutingHeader implements ExtensionHeader {
    static final RoutingHeader INSTANCE = new RoutingHeader();
    private static final int FIXED = 4;
    private static final int DATA_START = 8;
    private static final int ADDRESS = 16;
    private static final int TYPE_SOURCE_ROUTE = 0;
    private static final int TYPE_MIPV6 = 2;
    private static final int TYPE_SEGMENT_ROUTING = 4;

    @Override
    public int length(FrameBuffer b, int offset) {
        return (b.u8(offset + 1) + 1) * 8;
    }

    @Override
    public int dissect(ChainState s, FieldNode ipLayer, int offset, int length) {
        FrameBuffer b = s.ctx().buffer();
        FieldNode header = ipLayer.add(ExtFields.ROUTING, offset, length, null);
        int next = b.u8(offset);
        header.add(ExtFields.ROUTING_NXT, offset, 1, next);
        header.add(ExtFields.ROUTING_LEN, offset + 1, 1, b.u8(offset + 1));
        header.add(ExtFields.ROUTING_LEN_OCT, offset + 1, 1, length).generated().setText("Length: " + length + " bytes");
        int type = b.u8(offset + 2);
        FieldNode typeNode = header.add(ExtFields.ROUTING_TYPE, offset + 2, 1, type);
        header.add(ExtFields.ROUTING_SEGLEFT, offset + 3, 1, b.u8(offset + 3));
        int end = offset + length;
        if (type == TYPE_SOURCE_ROUTE) {
            s.ctx().expert(typeNode, ExtFields.ROUTING_TYPE0_DEPRECATED);
            header.add(ExtFields.ROUTING_SRC_RESERVED, offset + FIXED, 4, b.bytes(offset + FIXED, 4));
            addresses(b, header, ExtFields.ROUTING_SRC_ADDR, offset + DATA_START, end);
        } else if (type == TYPE_MIPV6) {
            header.add(ExtFields.ROUTING_MIPV6_RESERVED, offset + FIXED, 4, b.bytes(offset + FIXED, 4));
            addresses(b, header, ExtFields.ROUTING_MIPV6_HOME, offset + DATA_START, end);
        } else if (type == TYPE_SEGMENT_ROUTING) {
            segmentRouting(s, header, offset, length);
        } else {
            header.add(ExtFields.ROUTING_UNKNOWN_DATA, offset + FIXED, length - FIXED, b.bytes(offset + FIXED, length - FIXED));
        }
        return next;
    }

    /** Whole addresses from {@code from} to {@code end}; bounded by the header's length. */
    private static void addresses(FrameBuffer b, FieldNode header, org.jumbocap.field.FieldDef field, int from, int end) {
        for (int p = from; p + ADDRESS <= end; p += ADDRESS) {
            header.add(field, p, ADDRESS, b.bytes(p, ADDRESS));
        }
    }

    private static void segmentRouting(ChainState s, FieldNode header, int offset, int length) {
        FrameBuffer b = s.ctx().buffer();
        int lastEntry = b.u8(offset + 4);
        FieldNode last = header.add(ExtFields.SRH_LAST_ENTRY, offset + 4, 1, lastEntry);
        header.add(ExtFields.SRH_FLAGS, offset + 5, 1, b.u8(offset + 5));
        header.add(ExtFields.SRH_TAG, offset + 6, 2, b.bytes(offset + 6, 2));
        int segments = lastEntry + 1;
        int needed = DATA_START + segments * ADDRESS;
        if (needed > length) {
            s.ctx().expert(last, ExtFields.SRH_SEGMENTS_OVERRUN, segments, needed, length);
        }
        int listEnd = offset + Math.min(needed, length);
        addresses(b, header, ExtFields.SRH_ADDR, offset + DATA_START, listEnd);
        if (needed < length) {
            header.add(ExtFields.SRH_TLVS, offset + needed, length - needed, b.bytes(offset + needed, length - needed));
        }
    }
}
