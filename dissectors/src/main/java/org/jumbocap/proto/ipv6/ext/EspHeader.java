package org.jumbocap.proto.ipv6.ext;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.tree.FieldNode;

/** Encapsulating Security Payload (50): SPI and sequence number; the rest is encrypted and ends the chain. */
final class EspHeader implements ExtensionHeader {
    static final EspHeader INSTANCE = new EspHeader();
    private static final int FIXED = 8;

    @Override
    public int lengthBytes() {
        return 1;
    }

    @Override
    public int length(FrameBuffer b, int offset) {
        return FIXED;
    }

    @Override
    public int dissect(ChainState s, FieldNode ipLayer, int offset, int length) {
        FrameBuffer b = s.ctx().buffer();
        FieldNode header = ipLayer.add(ExtFields.ESP, offset, FIXED, null);
        header.add(ExtFields.ESP_SPI, offset, 4, b.u32(offset));
        header.add(ExtFields.ESP_SEQUENCE, offset + 4, 4, b.u32(offset + 4));
        s.end(ChainState.End.OPAQUE);
        return ExtensionChain.ESP;
    }
}
