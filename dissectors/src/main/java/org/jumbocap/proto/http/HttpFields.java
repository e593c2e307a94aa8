package org.jumbocap.proto.http;

import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/** HTTP/1.x (RFC 9112) fields, Wireshark's names, and expert items. */
public final class HttpFields {
    public static final FieldDef HTTP = FieldDef.protocol("http", "Hypertext Transfer Protocol");
    public static final FieldDef REQUEST = FieldDef.of("http.request", "Request", FieldType.BOOLEAN, "The message is a request");
    public static final FieldDef RESPONSE = FieldDef.of("http.response", "Response", FieldType.BOOLEAN, "The message is a response");
    public static final FieldDef REQUEST_METHOD = FieldDef.of("http.request.method", "Request Method", FieldType.STRING, "Request method");
    public static final FieldDef REQUEST_URI = FieldDef.of("http.request.uri", "Request URI", FieldType.STRING, "Request target");
    public static final FieldDef REQUEST_VERSION = FieldDef.of("http.request.version", "Request Version", FieldType.STRING, "HTTP version of a request");
    public static final FieldDef RESPONSE_VERSION = FieldDef.of("http.response.version", "Response Version", FieldType.STRING, "HTTP version of a response");
    public static final FieldDef RESPONSE_CODE = FieldDef.of("http.response.code", "Status Code", FieldType.UINT16, "Response status code");
    public static final FieldDef RESPONSE_PHRASE = FieldDef.of("http.response.phrase", "Response Phrase", FieldType.STRING, "Response reason phrase");
    public static final FieldDef REQUEST_LINE = FieldDef.of("http.request.line", "Request line", FieldType.STRING, "A header line of a request");
    public static final FieldDef RESPONSE_LINE = FieldDef.of("http.response.line", "Response line", FieldType.STRING, "A header line of a response");
    public static final FieldDef HOST = FieldDef.of("http.host", "Host", FieldType.STRING, "Host header");
    public static final FieldDef USER_AGENT = FieldDef.of("http.user_agent", "User-Agent", FieldType.STRING, "User-Agent header");
    public static final FieldDef SERVER = FieldDef.of("http.server", "Server", FieldType.STRING, "Server header");
    public static final FieldDef CONTENT_TYPE = FieldDef.of("http.content_type", "Content-Type", FieldType.STRING, "Content-Type header");
    public static final FieldDef CONTENT_LENGTH_HEADER = FieldDef.of("http.content_length_header", "Content-Length", FieldType.STRING,
            "Content-Length header as sent");
    public static final FieldDef CONTENT_LENGTH = FieldDef.of("http.content_length", "Content length", FieldType.UINT64,
            "Body length from Content-Length");
    public static final FieldDef TRANSFER_ENCODING = FieldDef.of("http.transfer_encoding", "Transfer-Encoding", FieldType.STRING,
            "Transfer-Encoding header");
    public static final FieldDef CONNECTION = FieldDef.of("http.connection", "Connection", FieldType.STRING, "Connection header");
    public static final FieldDef CHUNK_SIZE = FieldDef.of("http.chunk_size", "Chunk size", FieldType.UINT32, "Size of a chunk of a chunked body");
    public static final FieldDef BODY = FieldDef.of("http.file_data", "File Data", FieldType.BYTES, "The message body (chunks joined)");

    public static final ExpertDef BODY_CONTINUES = new ExpertDef("http.body.continues", ExpertGroup.UNDECODED, Severity.NOTE,
            "Body of %d bytes continues past the bytes at hand (%d here)");
    public static final ExpertDef MALFORMED_CHUNK = new ExpertDef("http.chunk.malformed", ExpertGroup.MALFORMED, Severity.WARN,
            "Chunk size line is not a hexadecimal size");

    private HttpFields() {
    }
}
