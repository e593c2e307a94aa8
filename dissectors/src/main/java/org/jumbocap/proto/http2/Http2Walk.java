package org.jumbocap.proto.http2;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.field.FieldDef;
import org.jumbocap.tree.FieldNode;

/**
 * One direction of an HTTP/2 connection walked frame by frame from an {@link Http2State}: the same walk
 * keeps the direction's state in TCP reassembly's in-order step (without output) and decodes a segment's
 * frames into the tree and the Info column (with an {@link Out}), so the two never disagree. Everything it
 * holds is bounded: the dynamic table by {@link Hpack#MAX_TABLE_SIZE}, a header block awaiting CONTINUATION
 * by {@link #MAX_HEADER_BLOCK}, the streams it remembers by {@link #MAX_STREAMS}, a decoded header list
 * shown by {@link #MAX_LIST_SHOWN}.
 */
final class Http2Walk {
    static final int FRAME_HEADER = 9;
    static final int DATA = 0;
    static final int HEADERS = 1;
    static final int PRIORITY = 2;
    static final int RST_STREAM = 3;
    static final int SETTINGS = 4;
    static final int PUSH_PROMISE = 5;
    static final int PING = 6;
    static final int GOAWAY = 7;
    static final int WINDOW_UPDATE = 8;
    static final int CONTINUATION = 9;
    private static final int END_STREAM = 0x1;
    private static final int ACK = 0x1;
    private static final int END_HEADERS = 0x4;
    private static final int PADDED = 0x8;
    private static final int PRIORITY_FLAG = 0x20;
    private static final int SETTINGS_HEADER_TABLE_SIZE = 1;
    private static final int SETTINGS_MAX_FRAME_SIZE = 5;
    private static final int GRPC_PREFIX = 5;

    /** A header block split over CONTINUATION frames is gathered up to this size; past it, it is not decoded. */
    static final int MAX_HEADER_BLOCK = 64 * 1024;
    /** Open streams whose media type or gRPC message is remembered, per direction. */
    static final int MAX_STREAMS = 256;
    /** A decoded header list is shown up to this size (RFC 9113's measure: 32 per field besides its octets). */
    static final long MAX_LIST_SHOWN = 256 * 1024;

    private static final Map<Integer, String> REASONS = Map.ofEntries(Map.entry(100, "Continue"),
            Map.entry(101, "Switching Protocols"), Map.entry(200, "OK"), Map.entry(201, "Created"), Map.entry(202, "Accepted"),
            Map.entry(203, "Non-authoritative Information"), Map.entry(204, "No Content"), Map.entry(205, "Reset Content"),
            Map.entry(206, "Partial Content"), Map.entry(300, "Multiple Choices"), Map.entry(301, "Moved Permanently"),
            Map.entry(302, "Found"), Map.entry(303, "See Other"), Map.entry(304, "Not Modified"),
            Map.entry(307, "Temporary Redirect"), Map.entry(308, "Permanent Redirect"), Map.entry(400, "Bad Request"),
            Map.entry(401, "Unauthorized"), Map.entry(403, "Forbidden"), Map.entry(404, "Not Found"),
            Map.entry(405, "Method Not Allowed"), Map.entry(406, "Not Acceptable"), Map.entry(408, "Request Time-out"),
            Map.entry(409, "Conflict"), Map.entry(410, "Gone"), Map.entry(411, "Length Required"),
            Map.entry(412, "Precondition Failed"), Map.entry(413, "Request Entity Too Large"),
            Map.entry(414, "Request-URI Too Long"), Map.entry(415, "Unsupported Media Type"),
            Map.entry(416, "Requested Range Not Satisfiable"), Map.entry(417, "Expectation Failed"),
            Map.entry(429, "Too Many Requests"), Map.entry(500, "Internal Server Error"), Map.entry(501, "Not Implemented"),
            Map.entry(502, "Bad Gateway"), Map.entry(503, "Service Unavailable"), Map.entry(504, "Gateway Time-out"),
            Map.entry(505, "HTTP Version not supported"));

    /**
     * The streams whose content-type said application/grpc (either direction's HEADERS), the newest
     * {@link #MAX_STREAMS} of them; its version counts the additions, so a direction sees the other's.
     */
    static final class StreamSet {
        final LinkedHashSet<Integer> ids;
        long version;

        StreamSet() {
            this(Set.of());
        }

        StreamSet(Set<Integer> from) {
            ids = new LinkedHashSet<>(from);
        }

        void add(int stream) {
            if (ids.add(stream)) {
                if (ids.size() > MAX_STREAMS) {
                    ids.remove(ids.iterator().next());
                }
                version++;
            }
        }

        boolean contains(int stream) {
            return ids.contains(stream);
        }
    }

    /** Where a decode writes: the tree's HTTP/2 layer and the frame's Info text. */
    static final class Out {
        final DissectionContext ctx;
        final FieldNode http2;
        final StringBuilder info;

        Out(DissectionContext ctx, FieldNode http2, StringBuilder info) {
            this.ctx = ctx;
            this.http2 = http2;
            this.info = info;
        }

        void append(String text) {
            if (info != null) {
                info.append(info.length() > 0 ? ", " : "").append(text);
            }
        }
    }

    private boolean started;
    private boolean known;
    private Hpack.Table table;
    private Hpack.Decoder decoder;
    /** The decoding side's SETTINGS_HEADER_TABLE_SIZE, which this direction's size updates may not pass. */
    long peerTableSetting;
    /** The SETTINGS_HEADER_TABLE_SIZE this direction last advertised, or -1 (for the other direction's limit). */
    long advertisedTableSize = -1;
    /** The SETTINGS_MAX_FRAME_SIZE this direction last advertised, or -1 (the other direction's frame limit). */
    long advertisedMaxFrameSize = -1;
    private byte[] pending;
    private int pendingLength;
    private int pendingStream;
    private final Map<Integer, String> mediaTypes;
    private final StreamSet grpcStreams;
    /** The gRPC streams' version in the state last taken: the other direction may have added one since. */
    private long grpcVersionTaken = -1;
    private final Map<Integer, Http2State.GrpcProgress> grpc;
    /** Something changed since {@link #state()} was last taken. */
    private boolean changed = true;

    /**
     * @param grpcStreams the set of gRPC streams to add to: the connection's own in the in-order step (both
     *                    directions see it), null for a copy of the state's (a decode changes nothing shared)
     */
    Http2Walk(Http2State from, StreamSet grpcStreams) {
        started = from.started();
        known = from.hpackKnown();
        table = from.table();
        peerTableSetting = from.peerTableSetting();
        pending = from.pendingBlock() == null ? null : from.pendingBlock().clone();
        pendingLength = pending == null ? 0 : pending.length;
        pendingStream = from.pendingStream();
        mediaTypes = new HashMap<>(from.mediaTypes());
        this.grpcStreams = grpcStreams != null ? grpcStreams : new StreamSet(from.grpcStreams());
        grpc = new HashMap<>(from.grpc());
    }

    /** The direction's state now, as an immutable value (the same one while nothing changes). */
    private Http2State last;

    Http2State state() {
        if (changed || last == null || grpcVersionTaken != grpcStreams.version) {
            Hpack.Table t = decoder != null ? decoder.table() : table;
            last = new Http2State(started, known, t, peerTableSetting,
                    pending == null ? null : java.util.Arrays.copyOf(pending, pendingLength), pendingStream,
                    Map.copyOf(mediaTypes), Set.copyOf(grpcStreams.ids), Map.copyOf(grpc));
            changed = false;
            grpcVersionTaken = grpcStreams.version;
        }
        return last;
    }

    boolean started() {
        return started;
    }

    /** The client's connection preface: the direction starts here, its HPACK state known. */
    void preface() {
        reset(true);
    }

    private void reset(boolean start) {
        started = true;
        known = start;
        table = Hpack.Table.INITIAL;
        decoder = null;
        pending = null;
        pendingLength = 0;
        mediaTypes.clear();
        grpc.clear();
        changed = true;
    }

    /**
     * Bytes of the direction were passed over: a header block may have changed the dynamic table unseen, and
     * where a gRPC message stands is no longer known.
     */
    void lost() {
        started = true;
        if (known || pending != null || !grpc.isEmpty()) {
            known = false;
            decoder = null;
            pending = null;
            pendingLength = 0;
            grpc.clear();
            changed = true;
        }
    }

    /**
     * One frame, {@code available} bytes of it at {@code at} (a decode may have less than the whole frame;
     * the in-order step always has it whole). The first frame of a direction not followed before starts it:
     * known when it is a SETTINGS frame, which begins a server's connection preface.
     */
    void frame(FrameBuffer b, int at, int available, Out out) {
        int length = b.u24(at);
        int type = b.u8(at + 3);
        int flags = b.u8(at + 4);
        long streamWord = b.u32(at + 5);
        int stream = (int) (streamWord & 0x7FFFFFFFL);
        if (!started) {
            reset(type == SETTINGS && (flags & ACK) == 0 && stream == 0);
        }
        String typeName = Http2Fields.FRAME_TYPES.getOrDefault((long) type, "Unknown type (" + type + ")");
        int here = Math.max(0, Math.min(length, available - FRAME_HEADER));
        FieldNode node = FieldNode.OFF;
        if (out != null) {
            node = out.http2.add(Http2Fields.STREAM, at, FRAME_HEADER + here, null);
            if (out.ctx.hasTree()) {
                node.setText("Stream: " + typeName + ", Stream ID: " + stream + ", Length " + length);
            }
            node.add(Http2Fields.LENGTH, at, 3, (long) length);
            node.add(Http2Fields.TYPE, at + 3, 1, (long) type);
            FieldNode f = node.add(Http2Fields.FLAGS, at + 4, 1, (long) flags);
            flagBits(f, at + 4, type, flags);
            node.add(Http2Fields.RESERVED, at + 5, 4, streamWord & 0x80000000L);
            node.add(Http2Fields.STREAM_ID, at + 5, 4, (long) stream);
        }
        String text = typeName + "[" + stream + "]";
        if (here < length) {
            if (out != null) {
                out.ctx.expert(node, Http2Fields.FRAME_CONTINUES, length, here);
                out.append(text);
            }
            return;
        }
        int p = at + FRAME_HEADER;
        switch (type) {
            case DATA -> text += data(b, p, length, flags, stream, node, out);
            case HEADERS, PUSH_PROMISE -> text += headers(b, p, length, type, flags, stream, node, out);
            case CONTINUATION -> {
                node.add(Http2Fields.CONTINUATION_BLOCK, p, length, out == null ? null : out.ctx.bytesValue(p, length));
                text += continuation(b, p, length, flags, stream, node, out);
            }
            case PRIORITY -> {
                if (fixedLength(length, 5, node, out)) {
                    priority(b, p, node);
                }
            }
            case RST_STREAM -> {
                if (fixedLength(length, 4, node, out)) {
                    node.add(Http2Fields.RST_STREAM_ERROR, p, 4, b.u32(p));
                }
                forget(stream);
            }
            case SETTINGS -> settings(b, p, length, node, out);
            case PING -> {
                if (fixedLength(length, 8, node, out) && out != null) {
                    node.add((flags & ACK) != 0 ? Http2Fields.PONG : Http2Fields.PING, p, 8, out.ctx.treeBytes(p, 8));
                }
            }
            case GOAWAY -> {
                if (length < 8) {
                    badLength(length, node, out);
                } else {
                    node.add(Http2Fields.GOAWAY_LAST_STREAM_ID, p, 4, b.u32(p) & 0x7FFFFFFFL);
                    node.add(Http2Fields.GOAWAY_ERROR, p + 4, 4, b.u32(p + 4));
                    if (length > 8) {
                        node.add(Http2Fields.GOAWAY_DEBUG, p + 8, length - 8, out == null ? null : out.ctx.bytesValue(p + 8, length - 8));
                    }
                }
            }
            case WINDOW_UPDATE -> {
                if (fixedLength(length, 4, node, out)) {
                    node.add(Http2Fields.WINDOW_SIZE_INCREMENT, p, 4, b.u32(p) & 0x7FFFFFFFL);
                }
            }
            default -> {
                if (length > 0) {
                    node.add(Http2Fields.UNKNOWN_PAYLOAD, p, length, out == null ? null : out.ctx.bytesValue(p, length));
                }
            }
        }
        if (out != null) {
            out.append(text);
        }
    }

    private static void flagBits(FieldNode f, int at, int type, int flags) {
        switch (type) {
            case DATA -> {
                f.add(Http2Fields.FLAGS_END_STREAM, at, 1, (flags & END_STREAM) != 0);
                f.add(Http2Fields.FLAGS_PADDED, at, 1, (flags & PADDED) != 0);
            }
            case HEADERS -> {
                f.add(Http2Fields.FLAGS_END_STREAM, at, 1, (flags & END_STREAM) != 0);
                f.add(Http2Fields.FLAGS_END_HEADERS, at, 1, (flags & END_HEADERS) != 0);
                f.add(Http2Fields.FLAGS_PADDED, at, 1, (flags & PADDED) != 0);
                f.add(Http2Fields.FLAGS_PRIORITY, at, 1, (flags & PRIORITY_FLAG) != 0);
            }
            case PUSH_PROMISE -> {
                f.add(Http2Fields.FLAGS_END_HEADERS, at, 1, (flags & END_HEADERS) != 0);
                f.add(Http2Fields.FLAGS_PADDED, at, 1, (flags & PADDED) != 0);
            }
            case CONTINUATION -> f.add(Http2Fields.FLAGS_END_HEADERS, at, 1, (flags & END_HEADERS) != 0);
            case SETTINGS, PING -> f.add(Http2Fields.FLAGS_ACK, at, 1, (flags & ACK) != 0);
            default -> {
            }
        }
    }

    private static boolean fixedLength(int length, int expected, FieldNode node, Out out) {
        if (length == expected) {
            return true;
        }
        badLength(length, node, out);
        return false;
    }

    private static void badLength(int length, FieldNode node, Out out) {
        if (out != null) {
            out.ctx.expert(node, Http2Fields.BAD_LENGTH, length);
        }
    }

    private static void priority(FrameBuffer b, int p, FieldNode node) {
        long word = b.u32(p);
        node.add(Http2Fields.EXCLUSIVE, p, 4, (word & 0x80000000L) != 0);
        node.add(Http2Fields.STREAM_DEPENDENCY, p, 4, word & 0x7FFFFFFFL);
        node.add(Http2Fields.WEIGHT, p + 4, 1, (long) b.u8(p + 4));
    }

    /** The pad length, 0 when the frame is not padded (shown as tshark does), or -1 when it is too long. */
    private static int padding(FrameBuffer b, int p, int length, int flags, FieldNode node, Out out) {
        if ((flags & PADDED) == 0) {
            node.add(Http2Fields.PAD_LENGTH, p, 0, 0L).generated();
            return 0;
        }
        int pad = length > 0 ? b.u8(p) : 0;
        node.add(Http2Fields.PAD_LENGTH, p, Math.min(1, length), (long) pad);
        if (length == 0 || pad >= length) {
            if (out != null) {
                out.ctx.expert(node, Http2Fields.BAD_PADDING, pad, length);
            }
            return -1;
        }
        return pad;
    }

    private String data(FrameBuffer b, int p, int length, int flags, int stream, FieldNode node, Out out) {
        int pad = padding(b, p, length, flags, node, out);
        if (pad < 0) {
            return "";
        }
        int from = p + ((flags & PADDED) != 0 ? 1 : 0);
        int n = p + length - pad - from;
        if (n > 0) {
            node.add(Http2Fields.DATA_DATA, from, n, out == null ? null : out.ctx.bytesValue(from, n));
        }
        if (pad > 0) {
            node.add(Http2Fields.PADDING, from + n, pad, out == null ? null : out.ctx.bytesValue(from + n, pad));
        }
        if (grpcStreams.contains(stream) && n > 0) {
            grpc(b, from, n, stream, node, out);
        }
        return (flags & END_STREAM) != 0 ? ended(stream) : "";
    }

    /** The stream ends in this direction: the Info column names its media type, as tshark's does. */
    private String ended(int stream) {
        String media = mediaTypes.remove(stream);
        if (media != null) {
            changed = true;
        }
        if (grpc.remove(stream) != null) {
            changed = true;
        }
        return media != null ? " (" + media + ")" : "";
    }

    private void forget(int stream) {
        if (mediaTypes.remove(stream) != null | grpc.remove(stream) != null) {
            changed = true;
        }
    }

    private String headers(FrameBuffer b, int p, int length, int type, int flags, int stream, FieldNode node, Out out) {
        int pad = padding(b, p, length, flags, node, out);
        if (pad < 0) {
            return "";
        }
        int from = p + ((flags & PADDED) != 0 ? 1 : 0);
        int fixed = type == HEADERS ? ((flags & PRIORITY_FLAG) != 0 ? 5 : 0) : 4;
        if (from + fixed > p + length - pad) {
            badLength(length, node, out);
            return "";
        }
        if (type == HEADERS && fixed > 0) {
            priority(b, from, node);
        } else if (type == PUSH_PROMISE) {
            node.add(Http2Fields.PUSH_PROMISE_STREAM, from, 4, b.u32(from) & 0x7FFFFFFFL);
        }
        from += fixed;
        int n = p + length - pad - from;
        node.add(Http2Fields.HEADER_BLOCK, from, n, out == null ? null : out.ctx.bytesValue(from, n));
        if (pad > 0) {
            node.add(Http2Fields.PADDING, from + n, pad, out == null ? null : out.ctx.bytesValue(from + n, pad));
        }
        String text;
        if ((flags & END_HEADERS) != 0) {
            dropPending();
            text = block(b.bytes(from, n), 0, n, type == PUSH_PROMISE ? -1 : stream, node, out, from);
        } else {
            dropPending();
            pendingStream = type == PUSH_PROMISE ? -1 : stream;
            pending = new byte[0];
            text = appendPending(b, from, n, node, out);
        }
        return type == HEADERS && (flags & END_STREAM) != 0 ? text + ended(stream) : text;
    }

    private String continuation(FrameBuffer b, int p, int length, int flags, int stream, FieldNode node, Out out) {
        if (pending == null) {
            // the HEADERS before it was not seen (or not gathered): its block cannot be decoded
            if (known && (flags & END_HEADERS) != 0) {
                known = false;
                changed = true;
            }
            hpackUnknown(node, out);
            return "";
        }
        String text = appendPending(b, p, length, node, out);
        if ((flags & END_HEADERS) != 0 && pending != null) {
            byte[] block = java.util.Arrays.copyOf(pending, pendingLength);
            int target = pendingStream;
            dropPending();
            return block(block, 0, block.length, target, node, out, -1);
        }
        return text;
    }

    private String appendPending(FrameBuffer b, int p, int n, FieldNode node, Out out) {
        if ((long) pendingLength + n > MAX_HEADER_BLOCK) {
            if (out != null) {
                out.ctx.expert(node, Http2Fields.HEADER_BLOCK_TOO_LARGE, MAX_HEADER_BLOCK);
            }
            dropPending();
            known = false;
            return "";
        }
        if (pendingLength + n > pending.length) {
            pending = java.util.Arrays.copyOf(pending, Math.min(MAX_HEADER_BLOCK, Math.max(pendingLength + n, 2 * pending.length)));
        }
        System.arraycopy(b.bytes(p, n), 0, pending, pendingLength, n);
        pendingLength += n;
        changed = true;
        return "";
    }

    private void dropPending() {
        if (pending != null) {
            pending = null;
            pendingLength = 0;
            changed = true;
        }
    }

    private void hpackUnknown(FieldNode node, Out out) {
        if (out != null) {
            out.ctx.expert(node, Http2Fields.HPACK_UNKNOWN);
        }
    }

    /**
     * Decodes a whole header block (from the frame at {@code frameAt}, or gathered over CONTINUATION frames
     * when -1) for {@code stream} (-1: a pushed request, whose stream's media type is not the response's);
     * returns the Info text after the frame type: ": GET /path" or ": 200 OK".
     */
    private String block(byte[] block, int at, int n, int stream, FieldNode node, Out out, int frameAt) {
        if (!known) {
            hpackUnknown(node, out);
            return "";
        }
        if (decoder == null) {
            decoder = new Hpack.Decoder(table);
        }
        changed = true;
        BlockSink sink = new BlockSink(node, out, frameAt);
        try {
            decoder.decode(block, at, n, peerTableSetting, sink);
        } catch (Hpack.Failure e) {
            if (out != null) {
                out.ctx.expert(node, Http2Fields.HPACK_ERROR, e.getMessage());
            }
            known = false;
            decoder = null;
            return "";
        }
        if (out != null) {
            node.add(Http2Fields.HEADER_LENGTH, frameAt < 0 ? node.offset() : frameAt, 0, sink.listSize).generated();
            node.add(Http2Fields.HEADER_COUNT, frameAt < 0 ? node.offset() : frameAt, 0, (long) sink.count).generated();
        }
        if (stream > 0 && sink.contentType != null) {
            String media = sink.contentType;
            int semicolon = media.indexOf(';');
            media = (semicolon >= 0 ? media.substring(0, semicolon) : media).trim().toLowerCase(Locale.ROOT);
            if (media.startsWith("application/grpc")) {
                grpcStreams.add(stream);
            } else if (mediaTypes.size() < MAX_STREAMS) {
                mediaTypes.put(stream, media);
            }
        }
        if (sink.method != null) {
            return ": " + sink.method + " " + (sink.path != null ? sink.path : "");
        }
        if (sink.status != null) {
            int code = parseStatus(sink.status);
            String reason = REASONS.get(code);
            return ": " + sink.status + (reason != null ? " " + reason : "");
        }
        return "";
    }

    private static int parseStatus(String s) {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** A header block's fields into the tree, bounded, and the few the Info column and the state need. */
    private static final class BlockSink implements Hpack.Sink {
        final FieldNode node;
        final Out out;
        /** Where the block lies in the buffer; -1 when gathered from several frames (fields then point at the frame). */
        final int frameAt;
        long listSize;
        int count;
        boolean tooLarge;
        String method;
        String path;
        String status;
        String contentType;

        BlockSink(FieldNode node, Out out, int frameAt) {
            this.node = node;
            this.out = out;
            this.frameAt = frameAt;
        }

        @Override
        public void field(String representation, long index, String name, String value, int at, int length) {
            count++;
            listSize += 32 + name.length() + value.length();
            switch (name) {
                case ":method" -> method = value;
                case ":path" -> path = value;
                case ":status" -> status = value;
                case "content-type" -> contentType = value;
                default -> {
                }
            }
            if (out == null) {
                return;
            }
            if (listSize > MAX_LIST_SHOWN) {
                if (!tooLarge) {
                    // in the summary too, so a frame has the same findings with a tree and without
                    tooLarge = true;
                    out.ctx.expert(node, Http2Fields.HEADERS_TOO_LARGE, MAX_LIST_SHOWN);
                }
                return;
            }
            if (!out.ctx.hasTree()) {
                return;
            }
            int where = frameAt < 0 ? node.offset() : frameAt + at;
            int span = frameAt < 0 ? 0 : length;
            FieldNode h = node.add(Http2Fields.HEADER, where, span, null);
            h.setText("Header: " + name + ": " + value);
            h.add(Http2Fields.HEADER_NAME, where, span, name);
            h.add(Http2Fields.HEADER_VALUE, where, span, value);
            h.add(Http2Fields.HEADER_REPR, where, span, representation);
            if (index > 0) {
                h.add(Http2Fields.HEADER_INDEX, where, span, index);
            }
            FieldDef pseudo = switch (name) {
                case ":method" -> Http2Fields.METHOD;
                case ":path" -> Http2Fields.PATH;
                case ":status" -> Http2Fields.STATUS;
                case ":authority" -> Http2Fields.AUTHORITY;
                case ":scheme" -> Http2Fields.SCHEME;
                case "content-type" -> Http2Fields.CONTENT_TYPE;
                default -> null;
            };
            if (pseudo != null) {
                node.add(pseudo, where, span, value).hidden();
            }
        }

        @Override
        public void sizeUpdate(long size, int at, int length) {
            if (out != null) {
                node.add(Http2Fields.TABLE_SIZE_UPDATE, frameAt < 0 ? node.offset() : frameAt + at, frameAt < 0 ? 0 : length, size);
            }
        }

        @Override
        public void sizeOverSetting(long size, long setting) {
            if (out != null) {
                out.ctx.expert(node, Http2Fields.TABLE_SIZE_OVER_SETTING, size, setting);
            }
        }
    }

    private void settings(FrameBuffer b, int p, int length, FieldNode node, Out out) {
        if (length % 6 != 0) {
            badLength(length, node, out);
            return;
        }
        for (int q = p; q < p + length; q += 6) {
            int id = b.u16(q);
            long value = b.u32(q + 2);
            FieldNode s = node.add(Http2Fields.SETTINGS_ENTRY, q, 6, null);
            s.add(Http2Fields.SETTINGS_ID, q, 2, (long) id);
            FieldDef def = switch (id) {
                case 1 -> Http2Fields.SETTINGS_HEADER_TABLE_SIZE;
                case 2 -> Http2Fields.SETTINGS_ENABLE_PUSH;
                case 3 -> Http2Fields.SETTINGS_MAX_CONCURRENT_STREAMS;
                case 4 -> Http2Fields.SETTINGS_INITIAL_WINDOW_SIZE;
                case 5 -> Http2Fields.SETTINGS_MAX_FRAME_SIZE;
                case 6 -> Http2Fields.SETTINGS_MAX_HEADER_LIST_SIZE;
                default -> Http2Fields.SETTINGS_UNKNOWN;
            };
            s.add(def, q + 2, 4, value);
            if (id == SETTINGS_HEADER_TABLE_SIZE) {
                advertisedTableSize = value;
            } else if (id == SETTINGS_MAX_FRAME_SIZE) {
                advertisedMaxFrameSize = value;
            }
        }
    }

    /**
     * gRPC's length-prefixed messages (a flag byte, a 32-bit length) in a DATA frame's data: a message is
     * listed in the frame where it ends, as tshark lists it; one that runs on is followed into later frames.
     */
    private void grpc(FrameBuffer b, int from, int n, int stream, FieldNode node, Out out) {
        Http2State.GrpcProgress g = grpc.get(stream);
        int prefixRead = g == null ? 0 : g.prefixRead();
        long prefix = g == null ? 0 : g.prefix();
        long remaining = g == null ? 0 : g.remaining();
        int prefixAt = -1;
        int dataAt = from;
        int p = from;
        int end = from + n;
        while (p < end) {
            if (prefixRead < GRPC_PREFIX) {
                if (prefixRead == 0) {
                    prefixAt = p;
                }
                while (prefixRead < GRPC_PREFIX && p < end) {
                    prefix = (prefix << 8) | b.u8(p++);
                    prefixRead++;
                }
                if (prefixRead < GRPC_PREFIX) {
                    break;
                }
                remaining = prefix & 0xFFFFFFFFL;
                dataAt = p;
            }
            long take = Math.min(remaining, end - p);
            p += (int) take;
            remaining -= take;
            int flag = (int) (prefix >>> 32) & 0xFF;
            long length = prefix & 0xFFFFFFFFL;
            if (remaining == 0) {
                grpcMessage(flag, length, prefixAt, dataAt, p - dataAt, out);
                prefixRead = 0;
                prefix = 0;
                prefixAt = -1;
            } else if (out != null) {
                out.ctx.expert(node, Http2Fields.GRPC_CONTINUES, length);
            }
            dataAt = p;
        }
        if (prefixRead == 0) {
            if (grpc.remove(stream) != null) {
                changed = true;
            }
        } else if (grpc.containsKey(stream) || grpc.size() < MAX_STREAMS) {
            grpc.put(stream, new Http2State.GrpcProgress(prefixRead, prefix, (int) (prefix >>> 32) & 0xFF,
                    prefix & 0xFFFFFFFFL, remaining));
            changed = true;
        }
    }

    private static void grpcMessage(int flag, long length, int prefixAt, int dataAt, int dataHere, Out out) {
        if (out == null) {
            return;
        }
        DissectionContext ctx = out.ctx;
        int at = prefixAt >= 0 ? prefixAt : dataAt;
        FieldNode grpc = ctx.addLayer(Http2Fields.GRPC, at, dataAt + dataHere - at);
        ctx.setProtocolColumn("GRPC");
        if (out.info != null) {
            StringBuilder info = out.info;
            ctx.setInfo(info::toString);
        }
        if (prefixAt >= 0) {
            grpc.add(Http2Fields.GRPC_COMPRESSED, prefixAt, 1, (long) flag);
            grpc.add(Http2Fields.GRPC_LENGTH, prefixAt + 1, 4, length);
        } else {
            grpc.add(Http2Fields.GRPC_COMPRESSED, dataAt, 0, (long) flag).generated();
            grpc.add(Http2Fields.GRPC_LENGTH, dataAt, 0, length).generated();
        }
        if (dataHere > 0) {
            grpc.add(Http2Fields.GRPC_DATA, dataAt, dataHere, ctx.bytesValue(dataAt, dataHere));
        }
    }
}
