package org.jumbocap.proto.ipv6.ext;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.tree.FieldNode;

/** Fragment header (44). A non-first fragment ends the chain: what follows is the middle of a payload. */
final class FragmentHeader implements ExtensionHeader {
    static final FragmentHeader INSTANCE = new FragmentHeader();
    private static final int LENGTH = 8;

    @Override
    public int lengthBytes() {
        return 1;
    }

    @Override
    public int length(FrameBuffer b, int offset) {
        return LENGTH;
    }

    @Override
    public int dissect(ChainState s, FieldNode ipLayer, int offset, int length) {
        FrameBuffer b = s.ctx().buffer();
        FieldNode header = ipLayer.add(ExtFields.FRAGHDR, offset, LENGTH, null);
        s.setFragment(header);
        int next = b.u8(offset);
        header.add(ExtFields.FRAGHDR_NXT, offset, 1, next);
        header.add(ExtFields.FRAGHDR_RESERVED_OCTET, offset + 1, 1, b.u8(offset + 1));
        int word = b.u16(offset + 2);
        int fragmentOffset = word >>> 3;
        FieldNode offsetNode = header.add(ExtFields.FRAGHDR_OFFSET, offset + 2, 2, fragmentOffset);
        header.add(ExtFields.FRAGHDR_RESERVED_BITS, offset + 2, 2, (word >>> 1) & 3);
        boolean more = (word & 1) != 0;
        if (more) {
            s.setMoreFragments();
        }
        header.add(ExtFields.FRAGHDR_MORE, offset + 2, 2, more ? 1 : 0);
        header.add(ExtFields.FRAGHDR_IDENT, offset + 4, 4, b.u32(offset + 4));
        if (fragmentOffset != 0) {
            s.ctx().expert(offsetNode, ExtFields.FRAGMENT_NON_FIRST, fragmentOffset * 8);
            s.end(ChainState.End.OPAQUE);
        } else if (more) {
            s.ctx().expert(header, ExtFields.FRAGMENT_FIRST);
        }
        return next;
    }
}
