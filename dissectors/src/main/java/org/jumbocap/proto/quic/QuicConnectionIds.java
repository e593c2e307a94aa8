package org.jumbocap.proto.quic;

import java.util.List;
import org.jumbocap.buffer.FrameBuffer;

/**
 * Connection ids a frame's short header packets may carry, known from the long headers of earlier frames:
 * the pipeline's in-order step finds them (a short header's destination connection id has no length on the
 * wire, RFC 9000 section 17.3) and hands them to the frame's decode in its plan. Immutable.
 */
public final class QuicConnectionIds {
    /** At most this many per frame: the pipeline gives the few the frame's own packets matched. */
    public static final int MAX = 8;
    private final byte[][] ids;

    private QuicConnectionIds(byte[][] ids) {
        this.ids = ids;
    }

    /** The first {@link #MAX} of {@code ids}, copied. */
    public static QuicConnectionIds of(List<byte[]> ids) {
        return new QuicConnectionIds(ids.stream().limit(MAX).map(byte[]::clone).toArray(byte[][]::new));
    }

    /**
     * The length of the longest known id the bytes at {@code at} begin with, all of it before {@code end} and
     * captured; -1 for none.
     */
    int match(FrameBuffer b, int at, long end) {
        int best = -1;
        for (byte[] id : ids) {
            if (id.length > best && at + (long) id.length <= end && b.has(at, id.length) && same(b, at, id)) {
                best = id.length;
            }
        }
        return best;
    }

    private static boolean same(FrameBuffer b, int at, byte[] id) {
        for (int i = 0; i < id.length; i++) {
            if ((byte) b.u8(at + i) != id[i]) {
                return false;
            }
        }
        return true;
    }
}
