package org.jumbocap.proto.ipv6.ext;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.tree.FieldNode;

/**
 * Walks an IPv6 packet's extension headers in a loop bounded by the captured bytes: each step moves
 * forward by a header's length, at least 8 bytes, so a crafted chain can neither loop nor recurse, and a
 * chain of any length reaches its transport (200 Destination Options headers are 1,600 bytes, nothing
 * more). A chain out of RFC 8200 section 4.1 order, or repeating a header, is a warning, not an end. The
 * headers are decoded as subtrees of the IPv6 layer, as Wireshark shows them.
 */
public final class ExtensionChain {
    public static final int HOP_BY_HOP = 0;
    public static final int ROUTING = 43;
    public static final int FRAGMENT = 44;
    public static final int ESP = 50;
    public static final int AH = 51;
    public static final int NO_NEXT_HEADER = 59;
    public static final int DESTINATION_OPTIONS = 60;
    public static final int MOBILITY = 135;

    /**
     * One walk state per thread, reused: the IPv6 dissector reads all it needs from it before it hands the
     * payload on, so a tunnelled IPv6 packet's walk may overwrite it.
     */
    private static final ThreadLocal<ChainState> STATES = ThreadLocal.withInitial(ChainState::new);

    private ExtensionChain() {
    }

    /** True for next-header values this walk decodes as extension headers. */
    public static boolean isExtensionHeader(int nextHeader) {
        return header(nextHeader) != null;
    }

    private static ExtensionHeader header(int nextHeader) {
        return switch (nextHeader) {
            case HOP_BY_HOP -> OptionsHeader.HOP_BY_HOP;
            case ROUTING -> RoutingHeader.INSTANCE;
            case FRAGMENT -> FragmentHeader.INSTANCE;
            case ESP -> EspHeader.INSTANCE;
            case AH -> AuthenticationHeader.INSTANCE;
            case DESTINATION_OPTIONS -> OptionsHeader.DESTINATION;
            case MOBILITY -> MobilityHeader.INSTANCE;
            default -> null;
        };
    }

    /**
     * Place of a header in RFC 8200 section 4.1's recommended order. Destination Options come before a
     * Routing header (for the destinations it lists) or last (for the final destination).
     */
    private static int rank(int header, int next) {
        return switch (header) {
            case HOP_BY_HOP -> 0;
            case ROUTING -> 2;
            case FRAGMENT -> 3;
            case AH -> 4;
            case ESP -> 5;
            case DESTINATION_OPTIONS -> next == ROUTING ? 1 : 6;
            default -> 7;
        };
    }

    /**
     * @param ipLayer         the IPv6 layer node the headers go under
     * @param firstNextHeader the fixed header's next-header value
     * @param firstOffset     frame offset right after the fixed header
     */
    public static ChainState walk(DissectionContext ctx, FieldNode ipLayer, int firstNextHeader, int firstOffset) {
        ChainState s = STATES.get().start(ctx, ipLayer, firstNextHeader, firstOffset);
        FrameBuffer b = ctx.buffer();
        int lastRank = -1;
        int lastHeader = -1;
        boolean orderNoted = false;
        boolean repeatNoted = false;
        int destinationOptions = 0;
        int seen = 0;
        while (s.end() == ChainState.End.UPPER_LAYER) {
            int type = s.nextHeader();
            ExtensionHeader header = header(type);
            if (header == null) {
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
            int bit = bit(type);
            if (type == DESTINATION_OPTIONS ? ++destinationOptions > 2 : (seen & bit) != 0) {
                if (!repeatNoted) {
                    repeatNoted = true;
                    ctx.expert(ipLayer, ExtFields.EXT_REPEATED, name(type), count(ctx, type, firstNextHeader, firstOffset));
                }
            }
            seen |= bit;
            int rank = rank(type, next);
            if (type != HOP_BY_HOP && rank < lastRank && !orderNoted) {
                orderNoted = true;
                ctx.expert(ipLayer, ExtFields.EXT_ORDER, name(type), name(lastHeader));
            }
            if (type != HOP_BY_HOP && rank >= lastRank) {
                lastRank = rank;
                lastHeader = type;
            }
            s.advance(length, next);
        }
        return s;
    }

    private static int bit(int type) {
        return switch (type) {
            case HOP_BY_HOP -> 1;
            case ROUTING -> 2;
            case FRAGMENT -> 4;
            case ESP -> 8;
            case AH -> 16;
            case DESTINATION_OPTIONS -> 32;
            default -> 64;
        };
    }

    private static String name(int type) {
        return switch (type) {
            case HOP_BY_HOP -> "Hop-by-Hop Options";
            case ROUTING -> "Routing";
            case FRAGMENT -> "Fragment";
            case ESP -> "ESP";
            case AH -> "Authentication";
            case DESTINATION_OPTIONS -> "Destination Options";
            default -> "Mobility";
        };
    }

    /**
     * How often {@code type} occurs in the whole captured chain, for the repetition note: counted once, when
     * the note is made, by a second walk over the lengths alone, bounded by the bytes as the first.
     */
    private static int count(DissectionContext ctx, int type, int firstNextHeader, int firstOffset) {
        FrameBuffer b = ctx.buffer();
        int n = 0;
        int header = firstNextHeader;
        int p = firstOffset;
        while (true) {
            ExtensionHeader h = header(header);
            if (h == null || header == ESP || !b.has(p, h.lengthBytes())) {
                return n;
            }
            int length = h.length(b, p);
            if (!b.has(p, length)) {
                return n;
            }
            n += header == type ? 1 : 0;
            header = b.u8(p);
            p += length;
        }
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
