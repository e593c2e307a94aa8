package org.jumbocap.proto.http;

import java.util.ArrayDeque;
import java.util.Locale;
import java.util.Set;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.StreamPduDissector;
import org.jumbocap.tree.FieldNode;

/**
 * HTTP/1.x over TCP: each message that starts in the bytes given, its request or status line, its header
 * lines (the common ones as their own fields), and its body as Content-Length or the chunked coding says.
 * It measures its messages for TCP reassembly ({@link StreamPduDissector}): a header block ends at the
 * first empty line, the body follows by Content-Length or its chunks; a response to HEAD and a 1xx, 204
 * or 304 response have none. A response that says neither (HTTP/1.0, the body running to the connection's
 * close) is measured as its header. Registered on Wireshark's default HTTP ports.
 */
final class HttpDissector implements StreamPduDissector {
    static final int[] PORTS = {80, 3128, 3132, 5985, 8080, 8088, 11371};
    /** A header block longer than this is not HTTP to the measure (Wireshark's default limit is similar). */
    private static final int MAX_HEADER = 64 * 1024;
    private static final int MAX_CHUNK_LINE = 64;
    /** Requests whose answer is awaited, kept per conversation; more than this are forgotten (pipelining is rare). */
    private static final int MAX_AWAITED = 64;
    private static final Set<String> METHODS = Set.of("GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH",
            "CONNECT", "TRACE");
    /** Media types tshark names in the Info column after a response's status line. */
    private static final Set<String> SHOWN_MEDIA = Set.of("application/json", "application/xml", "application/javascript");

    /** A message's header, as far as the bytes at hand tell. */
    private static final class Head {
        boolean request;
        String method;
        int status = -1;
        int headerLength;
        long contentLength = -1;
        boolean chunked;
    }

    /** The conversation's requests not yet answered: true for a HEAD. */
    private static final class Awaited {
        final ArrayDeque<Boolean> heads = new ArrayDeque<>();
    }

    @Override
    public Object conversationMemory() {
        return new Awaited();
    }

    @Override
    public long pduLength(FrameBuffer b, int offset, int available) {
        return pduLength(b, offset, available, null);
    }

    @Override
    public long pduLength(FrameBuffer b, int offset, int available, Object memory) {
        Head head = new Head();
        long header = parseHead(b, offset, available, head);
        if (header <= 0) {
            return header;
        }
        boolean answersHead = !head.request && memory instanceof Awaited a && Boolean.TRUE.equals(a.heads.peekFirst());
        return header + bodyLength(b, offset, available, head, answersHead || nextIsResponse(b, offset, available, head));
    }

    @Override
    public void measured(FrameBuffer b, int offset, int available, Object memory) {
        if (!(memory instanceof Awaited awaited)) {
            return;
        }
        Head head = new Head();
        if (parseHead(b, offset, available, head) <= 0) {
            return;
        }
        if (head.request) {
            if (awaited.heads.size() == MAX_AWAITED) {
                awaited.heads.pollFirst();
            }
            awaited.heads.addLast("HEAD".equals(head.method));
        } else if (head.status >= 200) {
            awaited.heads.pollFirst();
        }
    }

    /**
     * A response followed at once by another status line has no body, whatever its Content-Length says: the
     * answer to a HEAD, known so without the request (a decode of the frame alone, or after a gap).
     */
    private static boolean nextIsResponse(FrameBuffer b, int offset, int available, Head head) {
        return !head.request && !head.chunked && head.contentLength > 0 && available - head.headerLength >= 7
                && b.string(offset + head.headerLength, 7).equals("HTTP/1.");
    }

    /**
     * The body's length after the header: 0 where the message has none, Content-Length, or the chunks up to
     * and with the last one, whose end must be at hand ({@link #NEED_MORE} otherwise, as 0 is added to the header).
     */
    private static long bodyLength(FrameBuffer b, int offset, int available, Head head, boolean answersHead) {
        if (!head.request && (answersHead || head.status < 200 || head.status == 204 || head.status == 304)) {
            return 0;
        }
        if (head.chunked) {
            long chunks = chunksLength(b, offset + head.headerLength, available - head.headerLength, null);
            return chunks < 0 ? -head.headerLength : chunks;
        }
        return Math.max(0, head.contentLength);
    }

    /**
     * The chunked body's length, or -1 when its end is not in the {@code available} bytes; each chunk's size
     * is added to {@code sizes} when given.
     */
    private static long chunksLength(FrameBuffer b, int at, int available, FieldNode sizes) {
        int p = 0;
        while (p < available) {
            int lineEnd = find(b, at + p, Math.min(available - p, MAX_CHUNK_LINE), '\r', '\n');
            if (lineEnd < 0) {
                return -1;
            }
            long size = hexSize(b, at + p, lineEnd);
            if (size < 0) {
                return -1;
            }
            if (sizes != null) {
                sizes.add(HttpFields.CHUNK_SIZE, at + p, lineEnd, size);
            }
            long next = (long) p + lineEnd + 2;
            if (size == 0) {
                // the last chunk, then the trailer lines up to an empty one
                if (next + 2 <= available && b.u8(at + (int) next) == '\r' && b.u8(at + (int) next + 1) == '\n') {
                    return next + 2;
                }
                int end = find4(b, at + (int) next - 2, (int) Math.min(available - next + 2, MAX_HEADER));
                return end < 0 ? -1 : next - 2 + end + 4;
            }
            next += size + 2;
            if (next > available) {
                return -1;
            }
            p = (int) next;
        }
        return -1;
    }

    /** A chunk size (hexadecimal, extensions after ';' ignored), or -1. */
    private static long hexSize(FrameBuffer b, int at, int length) {
        long size = 0;
        int digits = 0;
        for (int i = 0; i < length; i++) {
            int c = b.u8(at + i);
            int d = Character.digit(c, 16);
            if (d < 0) {
                if (c == ';' || c == ' ') {
                    break;
                }
                return -1;
            }
            if (++digits > 15) {
                return -1;
            }
            size = size * 16 + d;
        }
        return digits == 0 ? -1 : size;
    }

    /**
     * Reads the start line and header lines into {@code head}; returns the header's length (through its empty
     * line), {@link #NEED_MORE} or {@link #NOT_A_BOUNDARY}.
     */
    private static long parseHead(FrameBuffer b, int offset, int available, Head head) {
        int word = Math.min(available, 9);
        int space = find(b, offset, word, ' ');
        if (space > 0 && METHODS.contains(b.string(offset, space))) {
            head.request = true;
            head.method = b.string(offset, space);
        } else if (available >= 7 && b.string(offset, 7).equals("HTTP/1.")) {
            head.request = false;
        } else if (space < 0 && available < 9 && couldStart(b, offset, available)) {
            return NEED_MORE;
        } else {
            return NOT_A_BOUNDARY;
        }
        int end = find4(b, offset, Math.min(available, MAX_HEADER));
        if (end < 0) {
            return available >= MAX_HEADER ? NOT_A_BOUNDARY : NEED_MORE;
        }
        head.headerLength = end + 4;
        int lineEnd = find(b, offset, end + 2, '\r', '\n');
        if (!head.request) {
            String line = b.string(offset, lineEnd);
            int sp = line.indexOf(' ');
            head.status = sp > 0 && line.length() >= sp + 4 ? parseStatus(line.substring(sp + 1, sp + 4)) : -1;
            if (head.status < 0) {
                return NOT_A_BOUNDARY;
            }
        }
        for (int p = lineEnd + 2; p < end; ) {
            int e = find(b, offset + p, end + 2 - p, '\r', '\n');
            if (e < 0) {
                break;
            }
            String line = b.string(offset + p, e);
            int colon = line.indexOf(':');
            if (colon > 0) {
                String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                String value = line.substring(colon + 1).trim();
                if (name.equals("content-length")) {
                    head.contentLength = parseLength(value);
                } else if (name.equals("transfer-encoding") && value.toLowerCase(Locale.ROOT).contains("chunked")) {
                    head.chunked = true;
                }
            }
            p += e + 2;
        }
        return head.headerLength;
    }

    private static boolean couldStart(FrameBuffer b, int offset, int available) {
        String start = b.string(offset, available);
        if ("HTTP/1.".startsWith(start)) {
            return true;
        }
        for (String m : METHODS) {
            if ((m + " ").startsWith(start)) {
                return true;
            }
        }
        return false;
    }

    private static int parseStatus(String digits) {
        int v = 0;
        for (int i = 0; i < digits.length(); i++) {
            int d = Character.digit(digits.charAt(i), 10);
            if (d < 0) {
                return -1;
            }
            v = v * 10 + d;
        }
        return v;
    }

    /** A Content-Length value, or -1 when it is not a decimal number (one of up to 18 digits). */
    private static long parseLength(String value) {
        if (value.isEmpty() || value.length() > 18) {
            return -1;
        }
        long v = 0;
        for (int i = 0; i < value.length(); i++) {
            int d = Character.digit(value.charAt(i), 10);
            if (d < 0) {
                return -1;
            }
            v = v * 10 + d;
        }
        return v;
    }

    /** Offset from {@code at} of the first {@code c}, within {@code length} bytes; -1 for none. */
    private static int find(FrameBuffer b, int at, int length, int c) {
        for (int i = 0; i < length; i++) {
            if (b.u8(at + i) == c) {
                return i;
            }
        }
        return -1;
    }

    /** Offset of the first pair c1 c2 (CR LF) within {@code length} bytes, or -1. */
    private static int find(FrameBuffer b, int at, int length, int c1, int c2) {
        for (int i = 0; i + 1 < length; i++) {
            if (b.u8(at + i) == c1 && b.u8(at + i + 1) == c2) {
                return i;
            }
        }
        return -1;
    }

    /** Offset of the first CR LF CR LF within {@code length} bytes, or -1. */
    private static int find4(FrameBuffer b, int at, int length) {
        for (int i = 0; i + 3 < length; i++) {
            if (b.u8(at + i) == '\r' && b.u8(at + i + 1) == '\n' && b.u8(at + i + 2) == '\r' && b.u8(at + i + 3) == '\n') {
                return i;
            }
        }
        return -1;
    }

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        long end = offset + length;
        long p = offset;
        do {
            int at = (int) p;
            int available = (int) Math.max(0, Math.min(b.remaining(at), end - p));
            long n = message(ctx, at, available);
            if (n <= 0) {
                return;
            }
            p += n;
        } while (p < end && b.remaining((int) Math.min(p, Integer.MAX_VALUE)) > 0);
    }

    /** One message as its own layer; returns its length, or 0 when the bytes are not one (the rest is shown as continuation). */
    private long message(DissectionContext ctx, int at, int available) {
        FrameBuffer b = ctx.buffer();
        FieldNode http = ctx.addLayer(HttpFields.HTTP, at, available);
        ctx.setProtocolColumn("HTTP");
        Head head = new Head();
        long header = parseHead(b, at, available, head);
        if (header <= 0) {
            ctx.setInfo(() -> "Continuation");
            return 0;
        }
        int lineEnd = find(b, at, head.headerLength, '\r', '\n');
        String startLine = b.string(at, lineEnd);
        String[] parts = startLine.split(" ", 3);
        if (head.request) {
            http.add(HttpFields.REQUEST, at, 0, true).hidden();
            http.add(HttpFields.REQUEST_METHOD, at, parts[0].length(), ctx.hasTree() ? parts[0] : null);
            if (parts.length > 1) {
                http.add(HttpFields.REQUEST_URI, at + parts[0].length() + 1, parts[1].length(), ctx.hasTree() ? parts[1] : null);
            }
            if (parts.length > 2) {
                http.add(HttpFields.REQUEST_VERSION, at + lineEnd - parts[2].length(), parts[2].length(),
                        ctx.hasTree() ? parts[2] : null);
            }
        } else {
            http.add(HttpFields.RESPONSE, at, 0, true).hidden();
            http.add(HttpFields.RESPONSE_VERSION, at, parts[0].length(), ctx.hasTree() ? parts[0] : null);
            http.add(HttpFields.RESPONSE_CODE, at + parts[0].length() + 1, 3, (long) head.status);
            if (parts.length > 2) {
                http.add(HttpFields.RESPONSE_PHRASE, at + lineEnd - parts[2].length(), parts[2].length(),
                        ctx.hasTree() ? parts[2] : null);
            }
        }
        String mediaType = null;
        int headerEnd = head.headerLength - 2;
        for (int p = lineEnd + 2; p < headerEnd; ) {
            int e = find(b, at + p, headerEnd - p, '\r', '\n');
            int lineLength = e < 0 ? headerEnd - p : e;
            if (ctx.hasTree()) {
                String line = b.string(at + p, lineLength);
                http.add(head.request ? HttpFields.REQUEST_LINE : HttpFields.RESPONSE_LINE, at + p, lineLength + 2, line + "\r\n");
                int colon = line.indexOf(':');
                if (colon > 0) {
                    String value = line.substring(colon + 1).trim();
                    mediaType = header(http, line.substring(0, colon).trim().toLowerCase(Locale.ROOT), value, at + p,
                            lineLength, mediaType);
                }
            }
            p += lineLength + 2;
        }
        if (head.contentLength >= 0) {
            http.add(HttpFields.CONTENT_LENGTH, at, 0, head.contentLength).generated();
        }
        long body = bodyLength(b, at, available, head, nextIsResponse(b, at, available, head));
        long total = header + Math.max(0, body);
        boolean hasBody = false;
        if (head.chunked) {
            long chunks = chunksLength(b, at + head.headerLength, available - head.headerLength, http);
            hasBody = chunks != 0;
            total = chunks < 0 ? available : header + chunks;
        } else if (body > 0) {
            int here = (int) Math.min(body, available - header);
            if (here > 0) {
                http.add(HttpFields.BODY, at + (int) header, here, ctx.bytesValue(at + (int) header, here));
                hasBody = true;
            }
            if (here < body) {
                if (here > 0) {
                    ctx.expert(http, HttpFields.BODY_CONTINUES, body, here);
                }
                total = available;
            }
        }
        String shownMedia = hasBody && mediaType != null && shown(mediaType) ? mediaType : null;
        ctx.setInfo(() -> startLine + " " + (shownMedia != null ? " (" + shownMedia + ")" : ""));
        return Math.min(total, available);
    }

    private static boolean shown(String mediaType) {
        return mediaType.startsWith("text/") || SHOWN_MEDIA.contains(mediaType);
    }

    /** A header line's own field; returns the media type once Content-Type says it. */
    private static String header(FieldNode http, String name, String value, int at, int length, String mediaType) {
        switch (name) {
            case "host" -> http.add(HttpFields.HOST, at, length, value);
            case "user-agent" -> http.add(HttpFields.USER_AGENT, at, length, value);
            case "server" -> http.add(HttpFields.SERVER, at, length, value);
            case "connection" -> http.add(HttpFields.CONNECTION, at, length, value);
            case "transfer-encoding" -> http.add(HttpFields.TRANSFER_ENCODING, at, length, value);
            case "content-length" -> http.add(HttpFields.CONTENT_LENGTH_HEADER, at, length, value);
            case "content-type" -> {
                http.add(HttpFields.CONTENT_TYPE, at, length, value);
                int semicolon = value.indexOf(';');
                return (semicolon >= 0 ? value.substring(0, semicolon) : value).trim().toLowerCase(Locale.ROOT);
            }
            default -> {
            }
        }
        return mediaType;
    }
}
