package org.jumbocap.proto.ipv6.ext;

import java.util.Map;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.tree.FieldNode;

/**
 * Walks an IPv6 packet's extension headers in a loop bounded by {@link #MAX_HEADERS}: each step moves
 * forward by a header's positive length, so a crafted chain can neither loop nor recurse. The headers
 * are decoded as subtrees of the IPv6 layer, as Wireshark shows them.
 */
public final class ExtensionChain {
    /** Longest chain decoded; real packets carry a handful, RFC 8200 recommends at most one of each kind. */
    public static final int MAX_HEADERS = 32;
    public static final int HOP_BY_HOP = 0;
    public static final int ROUTING = 43;
    public static final int FRAGMENT = 44;
    public static final int ESP = 50;
    public static final int AH = 51;
    public static final int NO_NEXT_HEADER = 59;
    public static final int DESTINATION_OPTIONS = 60;
    public static final int MOBILITY = 135;

    private static final Map<Integer, ExtensionHeader> HEADERS = Map.of(
            HOP_BY_HOP, OptionsHeader.HOP_BY_HOP,
            ROUTING, RoutingHeader.INSTANCE,
            FRAGMENT, FragmentHeader.INSTANCE,
            ESP, EspHeader.INSTANCE,
            AH, AuthenticationHeader.INSTANCE,
            DESTINATION_OPTIONS, OptionsHeader.DESTINATION,
            MOBILITY, MobilityHeader.INSTANCE);

    private ExtensionChain() {
    }

    /** True for next-header values this walk decodes as extension headers. */
    public static boolean isExtensionHeader(int nextHeader) {
        return HEADERS.containsKey(nextHeader);
    }

    /**
     * @param ipLayer         the IPv6 layer node the headers go under
     * @param firstNextHeader the fixed header's next-header value
     * @param firstOffset     frame offset right after the fixed header
     */
    public static ChainState walk(DissectionContext ctx, FieldNode ipLayer, int firstNextHeader, int firstOffset) {
        ChainState s = new ChainState(ctx, ipLayer, firstNextHeader, firstOffset);
        FrameBuffer b = ctx.buffer();
        while (s.end() == ChainState.End.UPPER_LAYER) {
            ExtensionHeader header = HEADERS.get(s.nextHeader());
            if (header == null) {
                return s;
            }
            if (s.index() == MAX_HEADERS) {
                ctx.expert(ipLayer, ExtFields.EXT_TOO_MANY, MAX_HEADERS);
                s.end(ChainState.End.STOPPED);
                return s;
            }
            int offset = s.offset();
            if (!captured(s, b, offset, header.lengthBytes())) {
                return s;
            }
            int length = header.length(b, offset);
            if (!captured(s, b, offset, length)) {
                return s;
            }
            int next = header.dissect(s, ipLayer, offset, length);
            s.advance(length, next);
        }
        return s;
    }

    /** False (with a note or an error, and the walk stopped) when the header's bytes are not all there. */
    private static boolean captured(ChainState s, FrameBuffer b, int offset, int length) {
        if (b.has(offset, length)) {
            return true;
        }
        if (b.isCut()) {
            s.ctx().expert(s.ipLayer(), ExtFields.EXT_TRUNCATED, offset);
        } else {
            s.ctx().expert(s.ipLayer(), ExtFields.EXT_OVERRUN, offset, length, b.capturedLength());
        }
        s.end(ChainState.End.STOPPED);
        return false;
    }
}
