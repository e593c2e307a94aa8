package org.jumbocap.proto.ipv6.ext;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.tree.FieldNode;

/** Mobility header (135, RFC 6275): payload protocol, length, message type, checksum, then the message raw. */
final class MobilityHeader implements ExtensionHeader {
    static final MobilityHeader INSTANCE = new MobilityHeader();
    private static final int FIXED = 6;

    @Override
    public int length(FrameBuffer b, int offset) {
        return (b.u8(offset + 1) + 1) * 8;
    }

    @Override
    public int dissect(ChainState s, FieldNode ipLayer, int offset, int length) {
        FrameBuffer b = s.ctx().buffer();
        FieldNode header = ipLayer.add(ExtFields.MIPV6, offset, length, null);
        int next = b.u8(offset);
        header.add(ExtFields.MIP6_PROTO, offset, 1, next);
        header.add(ExtFields.MIP6_HLEN, offset + 1, 1, b.u8(offset + 1));
        header.add(ExtFields.MIP6_MHTYPE, offset + 2, 1, b.u8(offset + 2));
        header.add(ExtFields.MIP6_RESERVED, offset + 3, 1, b.u8(offset + 3));
        header.add(ExtFields.MIP6_CSUM, offset + 4, 2, b.u16(offset + 4));
        header.add(ExtFields.MIP6_DATA, offset + FIXED, length - FIXED, b.bytes(offset + FIXED, length - FIXED));
        return next;
    }
}
