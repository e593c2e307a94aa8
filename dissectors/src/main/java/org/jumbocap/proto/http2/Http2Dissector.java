package org.jumbocap.proto.http2;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.HeuristicDissector;
import org.jumbocap.dissect.SegmentPlan;
import org.jumbocap.dissect.StreamPduDissector;
import org.jumbocap.tree.FieldNode;

/**
 * HTTP/2 over cleartext TCP (h2c with prior knowledge, RFC 9113 section 3.3): every frame that starts in
 * the segment (a BIG TCP super-packet carries dozens of DATA frames), each with its header (length, type,
 * flags, stream) and its payload as its type says; HEADERS, PUSH_PROMISE and CONTINUATION decoded with
 * HPACK where the direction was followed from its start, "HPACK state unknown" where not; gRPC's
 * length-prefixed messages on streams whose content-type is application/grpc. TCP reassembly measures the
 * frames ({@link StreamPduDissector}), so a frame that runs across segments is decoded whole in the segment
 * that completes it, and keeps each direction's state (its HPACK dynamic table) in stream order
 * ({@link Http2State}). Found by heuristic on any TCP port, as no port is HTTP/2's: the client's connection
 * preface ("PRI * HTTP/2.0"), or a SETTINGS frame of known settings alone at a segment's start, which begins
 * the server's.
 */
final class Http2Dissector implements HeuristicDissector, StreamPduDissector {
    static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    /** Frame types past this one are taken for bytes that are not a frame header when looking for a boundary. */
    private static final int LAST_KNOWN_TYPE = 0x10;
    /** RFC 9113's initial SETTINGS_MAX_FRAME_SIZE. */
    private static final long DEFAULT_MAX_FRAME_SIZE = 16_384;
    /** A server's connection preface names at most this many settings here (RFC 9113 defines six, extensions two). */
    private static final int MAX_PREFACE_SETTINGS = 10;

    @Override
    public boolean accepts(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        int available = (int) Math.min(b.remaining(offset), length);
        return isPreface(b, offset, available) || isServerPreface(b, offset, available);
    }

    static boolean isPreface(FrameBuffer b, int at, int available) {
        if (available < PREFACE.length) {
            return false;
        }
        for (int i = 0; i < PREFACE.length; i++) {
            if (b.u8(at + i) != (PREFACE[i] & 0xFF)) {
                return false;
            }
        }
        return true;
    }

    /** A SETTINGS frame (not an ACK, stream 0) of settings this decoder knows, whole in the bytes at hand. */
    static boolean isServerPreface(FrameBuffer b, int at, int available) {
        if (available < Http2Walk.FRAME_HEADER) {
            return false;
        }
        int length = b.u24(at);
        if (b.u8(at + 3) != Http2Walk.SETTINGS || b.u8(at + 4) != 0 || b.u32(at + 5) != 0 || length == 0 || length % 6 != 0
                || length > 6 * MAX_PREFACE_SETTINGS || available < Http2Walk.FRAME_HEADER + length) {
            return false;
        }
        for (int q = at + Http2Walk.FRAME_HEADER; q < at + Http2Walk.FRAME_HEADER + length; q += 6) {
            if (!Http2Fields.SETTINGS.containsKey((long) b.u16(q))) {
                return false;
            }
        }
        return true;
    }

    /** A frame's length from its header (the client's preface is one message of 24 bytes). */
    @Override
    public long pduLength(FrameBuffer b, int offset, int available) {
        int preface = Math.min(available, PREFACE.length);
        boolean prefaceSoFar = true;
        for (int i = 0; i < preface && prefaceSoFar; i++) {
            prefaceSoFar = b.u8(offset + i) == (PREFACE[i] & 0xFF);
        }
        if (prefaceSoFar) {
            return available >= PREFACE.length ? PREFACE.length : NEED_MORE;
        }
        if (available >= 4 && b.u8(offset + 3) > LAST_KNOWN_TYPE) {
            return NOT_A_BOUNDARY;
        }
        if (available < Http2Walk.FRAME_HEADER) {
            return NEED_MORE;
        }
        int type = b.u8(offset + 3);
        boolean streamZero = (b.u32(offset + 5) & 0x7FFFFFFFL) == 0;
        // frames RFC 9113 allows only on a stream, or only on the connection: bytes that break this are no
        // frame header, which keeps the search for a boundary after a gap from taking a frame's middle for one
        if (streamZero ? type <= Http2Walk.RST_STREAM || type == Http2Walk.PUSH_PROMISE || type == Http2Walk.CONTINUATION
                : type == Http2Walk.SETTINGS || type == Http2Walk.PING || type == Http2Walk.GOAWAY) {
            return NOT_A_BOUNDARY;
        }
        return Http2Walk.FRAME_HEADER + (long) b.u24(offset);
    }

    /** As above, and no longer than the receiving side's SETTINGS_MAX_FRAME_SIZE where its SETTINGS were seen. */
    @Override
    public long pduLength(FrameBuffer b, int offset, int available, Object memory) {
        long n = pduLength(b, offset, available);
        if (n > Http2Walk.FRAME_HEADER && memory instanceof Side side && !isPreface(b, offset, available)) {
            Connection c = side.connection;
            int peer = 1 - side.index;
            if (c.settingsSeen[peer] && n - Http2Walk.FRAME_HEADER > c.maxFrameSize[peer]) {
                return NOT_A_BOUNDARY;
            }
        }
        return n;
    }

    /** Both directions' memory: the gRPC streams, and each side's SETTINGS_HEADER_TABLE_SIZE, the other's limit. */
    private static final class Connection {
        final Http2Walk.StreamSet grpcStreams = new Http2Walk.StreamSet();
        final long[] tableSetting = {Hpack.DEFAULT_TABLE_SIZE, Hpack.DEFAULT_TABLE_SIZE};
        /** Each side's SETTINGS_MAX_FRAME_SIZE (the largest it advertised), which the other side's frames keep to. */
        final long[] maxFrameSize = {DEFAULT_MAX_FRAME_SIZE, DEFAULT_MAX_FRAME_SIZE};
        /** The side's connection preface was followed, so its frame size limit is known. */
        final boolean[] settingsSeen = new boolean[2];
        int sides;
    }

    /** One direction's memory: its walk, kept in stream order by the frames TCP reassembly measured. */
    private static final class Side {
        final Connection connection;
        final int index;
        final Http2Walk walk;

        Side(Connection connection) {
            this.connection = connection;
            this.index = Math.min(connection.sides++, 1);
            this.walk = new Http2Walk(Http2State.NOT_STARTED, connection.grpcStreams);
        }
    }

    @Override
    public Object conversationMemory() {
        return new Connection();
    }

    @Override
    public Object directionMemory(Object conversationMemory) {
        return conversationMemory instanceof Connection c ? new Side(c) : null;
    }

    @Override
    public void measured(FrameBuffer b, int offset, int available, Object memory) {
        if (!(memory instanceof Side side)) {
            return;
        }
        Http2Walk walk = side.walk;
        Connection c = side.connection;
        if (isPreface(b, offset, available)) {
            walk.preface();
            c.settingsSeen[side.index] = true;
            return;
        }
        if (available < Http2Walk.FRAME_HEADER) {
            return;
        }
        boolean first = !walk.started();
        walk.peerTableSetting = Math.min(c.tableSetting[1 - side.index], Hpack.MAX_TABLE_SIZE);
        walk.advertisedTableSize = -1;
        walk.advertisedMaxFrameSize = -1;
        walk.frame(b, offset, available, null);
        if (first && walk.state().hpackKnown()) {
            c.settingsSeen[side.index] = true;
        }
        if (walk.advertisedTableSize >= 0) {
            c.tableSetting[side.index] = walk.advertisedTableSize;
        }
        if (walk.advertisedMaxFrameSize > c.maxFrameSize[side.index]) {
            c.maxFrameSize[side.index] = walk.advertisedMaxFrameSize;
        }
    }

    /** Only the connection's preface says HTTP/2: after a gap, frames are looked for in whatever follows. */
    @Override
    public boolean searchesAfterGap() {
        return true;
    }

    @Override
    public void lost(Object memory) {
        if (memory instanceof Side side) {
            side.walk.lost();
        }
    }

    @Override
    public Object conversationState(Object memory) {
        return memory instanceof Side side ? side.walk.state() : null;
    }

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        int captured = (int) Math.max(0, Math.min(b.remaining(offset), length));
        SegmentPlan plan = ctx.segmentPlan();
        boolean afterReassembled = plan != null && plan.reassembled != null
                && !(offset == 0 && length == plan.reassembled.length && b.capturedLength() == plan.reassembled.length);
        String before = ctx.hasTree() ? earlierInfo(ctx) : null;
        FieldNode http2 = ctx.addLayer(Http2Fields.HTTP2, offset, captured);
        ctx.setProtocolColumn("HTTP2");
        StringBuilder info = null;
        if (ctx.hasTree()) {
            info = new StringBuilder(before != null ? before : "");
            ctx.setInfo(info::toString);
        }
        Http2State state = plan != null && plan.conversationState instanceof Http2State s ? s : Http2State.NOT_STARTED;
        Http2Walk walk = new Http2Walk(state, null);
        if (plan != null && (plan.skippedAfterGap > 0 || plan.tooLongMessage >= 0 && plan.reassembled == null && plan.ownStart > 0)) {
            // bytes before this segment's own frames were passed over: the in-order step forgot the state there
            walk.lost();
        }
        if (afterReassembled) {
            // the message this segment completed came first: its effect on the state is replayed, not shown again
            FrameBuffer whole = FrameBuffer.wrap(plan.reassembled);
            if (isPreface(whole, 0, plan.reassembled.length)) {
                walk.preface();
            } else if (plan.reassembled.length >= Http2Walk.FRAME_HEADER) {
                walk.frame(whole, 0, plan.reassembled.length, null);
            }
        }
        Http2Walk.Out out = new Http2Walk.Out(ctx, http2, info);
        long p = offset;
        long end = (long) offset + captured;
        while (p < end) {
            int at = (int) p;
            int available = (int) (end - p);
            if (isPreface(b, at, available)) {
                http2.add(Http2Fields.MAGIC, at, PREFACE.length, ctx.hasTree() ? b.string(at, PREFACE.length) : null);
                walk.preface();
                out.append("Magic");
                p += PREFACE.length;
                continue;
            }
            if (available < Http2Walk.FRAME_HEADER) {
                ctx.expert(http2, Http2Fields.FRAME_CONTINUES, Http2Walk.FRAME_HEADER, available);
                break;
            }
            walk.frame(b, at, available, out);
            p += Http2Walk.FRAME_HEADER + (long) b.u24(at);
        }
    }

    /** The Info text of an HTTP/2 or gRPC layer decoded before in this frame (a message reassembly completed). */
    private static String earlierInfo(DissectionContext ctx) {
        List<FieldNode> layers = ctx.tree().layers();
        for (int i = layers.size() - 1; i >= 0; i--) {
            String name = layers.get(i).name();
            if (name.equals("http2") || name.equals("grpc")) {
                return ctx.tree().info(layers.get(i));
            }
            if (name.equals("tcp")) {
                break;
            }
        }
        return null;
    }
}
