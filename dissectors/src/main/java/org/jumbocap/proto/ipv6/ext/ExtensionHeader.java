package org.jumbocap.proto.ipv6.ext;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.tree.FieldNode;

/** One kind of IPv6 extension header, decoded inside the IPv6 layer by {@link ExtensionChain}. */
interface ExtensionHeader {
    /** Bytes of the header the length is read from: the walk checks these were captured first. */
    default int lengthBytes() {
        return 2;
    }

    /** Bytes the header occupies, computed from its first {@link #lengthBytes} bytes. */
    int length(FrameBuffer b, int offset);

    /**
     * Decodes a header whose bytes were all captured.
     *
     * @return the next-header value
     */
    int dissect(ChainState s, FieldNode ipLayer, int offset, int length);
}
