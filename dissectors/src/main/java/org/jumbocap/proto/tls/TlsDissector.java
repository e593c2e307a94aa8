package org.jumbocap.proto.tls;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.HeuristicDissector;
import org.jumbocap.dissect.SegmentPlan;
import org.jumbocap.dissect.StreamPduDissector;
import org.jumbocap.tree.FieldNode;

/**
 * The TLS record layer over TCP: every record that starts in the segment (a BIG TCP super-packet carries
 * a dozen), each with its type, version and length; a record that runs past the segment is listed with
 * its claimed length and a note that it continues (there is no TCP reassembly). A handshake record whole
 * in the segment is decoded: Client Hello (SNI, ALPN, supported versions, cipher suites) and Server Hello
 * (version and cipher chosen). Alerts show level and description when not encrypted. The Protocol column
 * is the connection's version: the Server Hello's choice (in its frame, or remembered by TCP reassembly
 * for the frames after it, {@link #conversationState}), else the first record's version and the Info column lists the records as tshark does ("Application Data, Application Data").
 * Registered on port 443 and as a heuristic on every TCP port: content type 20 to 23, version 3.0 to
 * 1.3, a length of at most 2^14 + 2048.
 */
final class TlsDissector implements HeuristicDissector, StreamPduDissector {
    static final int PORT = 443;
    private static final int HEADER = 5;
    private static final int MAX_RECORD = (1 << 14) + 2048;
    private static final int TLS13 = 0x0304;

    /** Stops a handshake message's decode where its bytes end. */
    private static final class Stop extends RuntimeException {
        static final Stop INSTANCE = new Stop();

        private Stop() {
            super(null, null, false, false);
        }
    }

    @Override
    public boolean accepts(DissectionContext ctx, int offset, long length) {
        return length >= HEADER && looksLikeRecord(ctx.buffer(), offset);
    }

    static boolean looksLikeRecord(FrameBuffer b, int at) {
        if (!b.has(at, HEADER)) {
            return false;
        }
        int type = b.u8(at);
        int version = b.u16(at + 1);
        int length = b.u16(at + 3);
        return type >= 20 && type <= 23 && version >= 0x0300 && version <= 0x0304 && length > 0 && length <= MAX_RECORD;
    }

    /** A record's length from its header; the first bytes of a header are checked as far as they go. */
    @Override
    public long pduLength(FrameBuffer b, int offset, int available) {
        if (available >= HEADER) {
            return looksLikeRecord(b, offset) ? HEADER + b.u16(offset + 3) : NOT_A_BOUNDARY;
        }
        int type = b.u8(offset);
        if (type < 20 || type > 23 || available >= 2 && b.u8(offset + 1) != 3
                || available >= 3 && b.u8(offset + 2) > 4) {
            return NOT_A_BOUNDARY;
        }
        return NEED_MORE;
    }

    /**
     * The conversation's version as its Server Hello chose it, which tshark remembers for the records after
     * it: those of TLS 1.3 still say 0x0303 in their headers. Written only by the in-order step.
     */
    private static final class Chosen {
        int version = -1;
    }

    /** The versions a Server Hello can choose, as the immutable states a segment's plan carries. */
    private static final Integer[] STATES = {0x0300, 0x0301, 0x0302, 0x0303, 0x0304};

    @Override
    public Object conversationMemory() {
        return new Chosen();
    }

    @Override
    public void measured(FrameBuffer b, int offset, int available, Object memory) {
        if (memory instanceof Chosen chosen) {
            int version = serverHelloVersion(b, offset, available);
            if (version >= 0) {
                chosen.version = version;
            }
        }
    }

    @Override
    public Object conversationState(Object memory) {
        if (memory instanceof Chosen chosen && chosen.version >= 0x0300 && chosen.version <= 0x0304) {
            return STATES[chosen.version - 0x0300];
        }
        return null;
    }

    /**
     * The version a record holding a Server Hello chooses (its supported_versions extension, else its
     * legacy version), or -1: the same reading as the decode's, without the tree.
     */
    static int serverHelloVersion(FrameBuffer b, int at, int available) {
        if (available < HEADER + 4 + 38 || !b.has(at, HEADER + 4 + 38) || b.u8(at) != 22 || b.u8(at + HEADER) != 2) {
            return -1;
        }
        long end = Math.min((long) at + available, (long) at + HEADER + b.u16(at + 3));
        end = Math.min(end, (long) at + HEADER + 4 + b.u24(at + HEADER + 1));
        int p = at + HEADER + 4;
        int version = b.u16(p);
        p += 35 + b.u8(p + 34) + 3;
        if (p + 2 > end) {
            return version;
        }
        long extEnd = Math.min(end, (long) p + 2 + b.u16(p));
        for (p += 2; p + 4 <= extEnd; p += 4 + b.u16(p + 2)) {
            if (b.u16(p) == 43 && b.u16(p + 2) >= 2 && p + 6 <= extEnd) {
                return b.u16(p + 4);
            }
        }
        return version;
    }

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        long end = offset + length;
        int captured = (int) Math.min(b.remaining(offset), length);
        FieldNode tls = ctx.addLayer(TlsFields.TLS, offset, Math.max(0, captured));
        StringBuilder info = ctx.hasTree() ? new StringBuilder(32) : null;
        if (info != null) {
            ctx.setInfo(info::toString);
        }
        if (!looksLikeRecord(b, offset)) {
            ctx.expert(tls, TlsFields.CONTINUATION);
            ctx.setProtocolColumn("TLS");
            append(info, "Continuation Data");
            return;
        }
        State state = new State();
        SegmentPlan plan = ctx.segmentPlan();
        if (plan != null && plan.conversationState instanceof Integer version) {
            state.serverVersion = version;
        }
        long p = offset;
        while (p + HEADER <= end) {
            int at = (int) p;
            if (!looksLikeRecord(b, at)) {
                if (b.has(at, HEADER)) {
                    ctx.expert(tls, TlsFields.UNKNOWN_RECORD);
                    append(info, "Ignored Unknown Record");
                }
                break;
            }
            int recordLength = b.u16(at + 3);
            record(ctx, tls, at, recordLength, end, info, state);
            p += HEADER + recordLength;
        }
        ctx.setProtocolColumn(columnName(state.serverVersion >= 0 ? state.serverVersion : state.firstVersion));
    }

    /** What the segment tells of the connection's version. */
    private static final class State {
        int firstVersion = -1;
        int serverVersion = -1;
    }

    private static void record(DissectionContext ctx, FieldNode tls, int at, int length, long segmentEnd, StringBuilder info,
                               State state) {
        FrameBuffer b = ctx.buffer();
        int type = b.u8(at);
        int version = b.u16(at + 1);
        if (state.firstVersion < 0) {
            state.firstVersion = version;
        }
        long recordEnd = (long) at + HEADER + length;
        boolean whole = recordEnd <= segmentEnd && b.has(at, HEADER + length);
        int here = (int) Math.max(0, Math.min(Math.min(recordEnd, segmentEnd), (long) at + b.remaining(at)) - at);
        FieldNode record = tls.add(TlsFields.RECORD, at, here, null);
        boolean protectedType = type == 23 && state.serverVersion == TLS13;
        record.add(protectedType ? TlsFields.OPAQUE_TYPE : TlsFields.CONTENT_TYPE, at, 1, type);
        record.add(TlsFields.RECORD_VERSION, at + 1, 2, version);
        record.add(TlsFields.RECORD_LENGTH, at + 3, 2, length);
        String typeName = TlsFields.CONTENT_TYPES.get((long) type);
        if (ctx.hasTree()) {
            // tshark names the layer by the connection's version once the Server Hello chose it
            int named = state.serverVersion >= 0 ? state.serverVersion : version;
            String v = TlsFields.VERSIONS.getOrDefault((long) named, String.format("0x%04x", named));
            record.setText(v + " Record Layer: " + typeName + (type == 22 ? " Protocol" : type == 20 ? " Protocol" : ""));
        }
        if (recordEnd > segmentEnd) {
            ctx.expert(record, TlsFields.RECORD_CONTINUES, length, Math.max(0, segmentEnd - at - HEADER));
        }
        int body = at + HEADER;
        switch (type) {
            case 22 -> {
                if (whole && handshakes(ctx, record, body, length, info, state)) {
                    return;
                }
                append(info, whole ? "Encrypted Handshake Message" : "Handshake");
            }
            case 21 -> {
                if (whole && length == 2) {
                    int level = b.u8(body);
                    int desc = b.u8(body + 1);
                    record.add(TlsFields.ALERT_LEVEL, body, 1, level);
                    record.add(TlsFields.ALERT_DESC, body + 1, 1, desc);
                    append(info, "Alert (Level: " + TlsFields.ALERT_LEVELS.getOrDefault((long) level, "Unknown")
                            + ", Description: " + TlsFields.ALERT_DESCRIPTIONS.getOrDefault((long) desc, "Unknown") + ")");
                } else {
                    append(info, "Encrypted Alert");
                }
            }
            case 23 -> {
                int shown = Math.max(0, here - HEADER);
                if (shown > 0 && ctx.hasTree()) {
                    record.add(TlsFields.APP_DATA, body, shown, ctx.bytesValue(body, shown))
                            .setText("Encrypted Application Data: " + shown + (shown < length ? " of " + length : "") + " bytes");
                }
                append(info, "Application Data");
            }
            default -> append(info, typeName);
        }
    }

    /**
     * The handshake messages of a whole record; false when they do not fill it exactly (an encrypted
     * Finished looks like that), so the caller calls it an encrypted handshake message.
     */
    private static boolean handshakes(DissectionContext ctx, FieldNode record, int body, int length, StringBuilder info,
                                      State state) {
        FrameBuffer b = ctx.buffer();
        int end = body + length;
        // first check the messages tile the record
        for (int p = body; p != end; ) {
            if (end - p < 4) {
                return false;
            }
            int msgLength = b.u24(p + 1);
            if (msgLength > end - p - 4) {
                return false;
            }
            p += 4 + msgLength;
        }
        for (int p = body; p < end; ) {
            int msgType = b.u8(p);
            int msgLength = b.u24(p + 1);
            FieldNode hs = record.add(TlsFields.HANDSHAKE, p, 4 + msgLength, null);
            hs.add(TlsFields.HANDSHAKE_TYPE, p, 1, msgType);
            hs.add(TlsFields.HANDSHAKE_LENGTH, p + 1, 3, msgLength);
            String name = TlsFields.HANDSHAKE_TYPES.get((long) msgType);
            String text = name != null ? name : "Unknown Handshake Message (" + msgType + ")";
            if (ctx.hasTree()) {
                hs.setText("Handshake Protocol: " + text);
            }
            append(info, text);
            if (msgType == 1 || msgType == 2) {
                try {
                    hello(ctx, hs, p + 4, p + 4 + msgLength, msgType == 1, state);
                } catch (Stop stop) {
                    ctx.expert(hs, TlsFields.HANDSHAKE_MALFORMED);
                }
            }
            p += 4 + msgLength;
        }
        return true;
    }

    private static void need(int at, int n, int end) {
        if ((long) at + n > end) {
            throw Stop.INSTANCE;
        }
    }

    private static void hello(DissectionContext ctx, FieldNode hs, int p, int end, boolean client, State state) {
        FrameBuffer b = ctx.buffer();
        need(p, 35, end);
        int version = b.u16(p);
        hs.add(TlsFields.HANDSHAKE_VERSION, p, 2, version);
        hs.add(TlsFields.RANDOM, p + 2, 32, ctx.treeBytes(p + 2, 32));
        int sidLength = b.u8(p + 34);
        hs.add(TlsFields.SESSION_ID_LENGTH, p + 34, 1, sidLength);
        p += 35 + sidLength;
        if (client) {
            need(p, 2, end);
            int csLength = b.u16(p);
            hs.add(TlsFields.CIPHER_SUITES_LENGTH, p, 2, csLength);
            need(p + 2, csLength, end);
            for (int i = 0; i + 1 < csLength; i += 2) {
                hs.add(TlsFields.CIPHERSUITE, p + 2 + i, 2, b.u16(p + 2 + i));
            }
            p += 2 + csLength;
            need(p, 1, end);
            int compLength = b.u8(p);
            hs.add(TlsFields.COMP_METHODS_LENGTH, p, 1, compLength);
            p += 1 + compLength;
        } else {
            need(p, 3, end);
            hs.add(TlsFields.CIPHERSUITE, p, 2, b.u16(p));
            p += 3;
            state.serverVersion = version;
        }
        if (p + 2 > end) {
            return;
        }
        int extLength = b.u16(p);
        hs.add(TlsFields.EXTENSIONS_LENGTH, p, 2, extLength);
        p += 2;
        if (extLength > end - p) {
            ctx.expert(hs, TlsFields.HANDSHAKE_MALFORMED);
        }
        int extEnd = Math.min(end, p + extLength);
        while (p + 4 <= extEnd) {
            int type = b.u16(p);
            int len = b.u16(p + 2);
            need(p + 4, len, extEnd);
            FieldNode ext = hs.add(TlsFields.EXTENSION_TYPE, p, 2, type);
            ext.add(TlsFields.EXTENSION_LEN, p + 2, 2, len);
            if (ctx.hasTree()) {
                String extName = TlsFields.EXTENSION_TYPE.valueNames().get((long) type);
                ext.setText("Extension: " + (extName != null ? extName : "Unknown type " + type) + " (len=" + len + ")");
            }
            try {
                extension(ctx, ext, type, p + 4, p + 4 + len, client, state);
            } catch (Stop stop) {
                // a length inside the extension overruns it: skip to the next extension, as tshark does
                ctx.expert(ext, TlsFields.HANDSHAKE_MALFORMED);
            }
            p += 4 + len;
        }
    }

    private static void extension(DissectionContext ctx, FieldNode ext, int type, int p, int end, boolean client, State state) {
        FrameBuffer b = ctx.buffer();
        switch (type) {
            case 0 -> { // server_name: list length, then (type, length, name)...
                if (end - p < 2) {
                    return;
                }
                need(p + 2, b.u16(p), end);
                for (int q = p + 2; q + 3 <= end; ) {
                    int len = b.u16(q + 1);
                    need(q + 3, len, end);
                    if (b.u8(q) == 0) {
                        ext.add(TlsFields.SERVER_NAME, q + 3, len, ctx.hasTree() ? b.string(q + 3, len) : null);
                    }
                    q += 3 + len;
                }
            }
            case 16 -> { // ALPN: list length, then (length, protocol)...
                if (end - p < 2) {
                    return;
                }
                for (int q = p + 2; q + 1 <= end; ) {
                    int len = b.u8(q);
                    need(q + 1, len, end);
                    ext.add(TlsFields.ALPN_STR, q + 1, len, ctx.hasTree() ? b.string(q + 1, len) : null);
                    q += 1 + len;
                }
            }
            case 43 -> { // supported_versions: the client's list, the server's choice
                if (client) {
                    if (end - p < 1) {
                        return;
                    }
                    int len = Math.min(b.u8(p), end - p - 1);
                    for (int i = 0; i + 1 < len; i += 2) {
                        ext.add(TlsFields.SUPPORTED_VERSION, p + 1 + i, 2, b.u16(p + 1 + i));
                    }
                } else if (end - p >= 2) {
                    int chosen = b.u16(p);
                    ext.add(TlsFields.SUPPORTED_VERSION, p, 2, chosen);
                    state.serverVersion = chosen;
                }
            }
            default -> {
            }
        }
    }

    private static void append(StringBuilder info, String text) {
        if (info != null) {
            if (info.length() > 0) {
                info.append(", ");
            }
            info.append(text);
        }
    }

    /** Wireshark's Protocol column for a version. */
    static String columnName(int version) {
        return switch (version) {
            case 0x0300 -> "SSLv3";
            case 0x0301 -> "TLSv1";
            case 0x0302 -> "TLSv1.1";
            case 0x0303 -> "TLSv1.2";
            case 0x0304 -> "TLSv1.3";
            default -> "TLS";
        };
    }
}
