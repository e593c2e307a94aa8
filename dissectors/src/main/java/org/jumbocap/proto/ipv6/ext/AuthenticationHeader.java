package org.jumbocap.proto.ipv6.ext;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.tree.FieldNode;

/** Authentication Header (51): length in 4-byte units plus 2, SPI, sequence number and ICV. */
final class AuthenticationHeader implements ExtensionHeader {
    static final AuthenticationHeader INSTANCE = new AuthenticationHeader();
    private static final int FIXED = 12;

    @Override
    public int length(FrameBuffer b, int offset) {
        return (b.u8(offset + 1) + 2) * 4;
    }

    @Override
    public int dissect(ChainState s, FieldNode ipLayer, int offset, int length) {
        FrameBuffer b = s.ctx().buffer();
        FieldNode header = ipLayer.add(ExtFields.AH, offset, length, null);
        int next = b.u8(offset);
        header.add(ExtFields.AH_NEXT_HEADER, offset, 1, next);
        FieldNode len = header.add(ExtFields.AH_LENGTH, offset + 1, 1, b.u8(offset + 1));
        header.add(ExtFields.AH_RESERVED, offset + 2, 2, b.bytes(offset + 2, 2));
        header.add(ExtFields.AH_SPI, offset + 4, 4, b.u32(offset + 4));
        if (length < FIXED) {
            s.ctx().expert(len, ExtFields.EXT_TOO_SHORT, "Authentication Header", length, FIXED);
            return next;
        }
        header.add(ExtFields.AH_SEQUENCE, offset + 8, 4, b.u32(offset + 8));
        if (length > FIXED) {
            header.add(ExtFields.AH_ICV, offset + FIXED, length - FIXED, b.bytes(offset + FIXED, length - FIXED));
        }
        return next;
    }
}
