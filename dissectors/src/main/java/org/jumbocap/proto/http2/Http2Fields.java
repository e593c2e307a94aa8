package org.jumbocap.proto.http2;

import java.util.Map;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/** HTTP/2 (RFC 9113), HPACK (RFC 7541) and gRPC's message prefix: Wireshark's field names, and expert items. */
public final class Http2Fields {
    static final Map<Long, String> FRAME_TYPES = Map.ofEntries(Map.entry(0L, "DATA"), Map.entry(1L, "HEADERS"),
            Map.entry(2L, "PRIORITY"), Map.entry(3L, "RST_STREAM"), Map.entry(4L, "SETTINGS"),
            Map.entry(5L, "PUSH_PROMISE"), Map.entry(6L, "PING"), Map.entry(7L, "GOAWAY"),
            Map.entry(8L, "WINDOW_UPDATE"), Map.entry(9L, "CONTINUATION"), Map.entry(10L, "ALTSVC"),
            Map.entry(11L, "BLOCKED"), Map.entry(12L, "ORIGIN"), Map.entry(16L, "PRIORITY_UPDATE"));
    static final Map<Long, String> SETTINGS = Map.of(1L, "Header table size", 2L, "Enable PUSH",
            3L, "Max concurrent streams", 4L, "Initial Windows size", 5L, "Max frame size", 6L, "Max header list size",
            8L, "Extended CONNECT protocol", 9L, "No RFC 7540 priorities");
    static final Map<Long, String> ERRORS = Map.ofEntries(Map.entry(0L, "NO_ERROR"), Map.entry(1L, "PROTOCOL_ERROR"),
            Map.entry(2L, "INTERNAL_ERROR"), Map.entry(3L, "FLOW_CONTROL_ERROR"), Map.entry(4L, "SETTINGS_TIMEOUT"),
            Map.entry(5L, "STREAM_CLOSED"), Map.entry(6L, "FRAME_SIZE_ERROR"), Map.entry(7L, "REFUSED_STREAM"),
            Map.entry(8L, "CANCEL"), Map.entry(9L, "COMPRESSION_ERROR"), Map.entry(10L, "CONNECT_ERROR"),
            Map.entry(11L, "ENHANCE_YOUR_CALM"), Map.entry(12L, "INADEQUATE_SECURITY"), Map.entry(13L, "HTTP_1_1_REQUIRED"));

    public static final FieldDef HTTP2 = FieldDef.protocol("http2", "HyperText Transfer Protocol 2");
    public static final FieldDef MAGIC = FieldDef.of("http2.magic", "Magic", FieldType.STRING, "The client's connection preface");
    public static final FieldDef STREAM = FieldDef.of("http2.stream", "Stream", FieldType.NONE, "One HTTP/2 frame");
    public static final FieldDef LENGTH = FieldDef.of("http2.length", "Length", FieldType.UINT24, "Length of the frame's payload");
    public static final FieldDef TYPE = FieldDef.of("http2.type", "Type", FieldType.UINT8, "Frame type").withValueNames(FRAME_TYPES);
    public static final FieldDef FLAGS = FieldDef.of("http2.flags", "Flags", FieldType.UINT8, Base.HEX, "Frame flags");
    public static final FieldDef FLAGS_END_STREAM = FieldDef.of("http2.flags.end_stream", "End Stream", FieldType.BOOLEAN,
            "DATA, HEADERS: the sender's last frame of the stream");
    public static final FieldDef FLAGS_END_HEADERS = FieldDef.of("http2.flags.eh", "End Headers", FieldType.BOOLEAN,
            "HEADERS, PUSH_PROMISE, CONTINUATION: the header block ends in this frame");
    public static final FieldDef FLAGS_PADDED = FieldDef.of("http2.flags.padded", "Padded", FieldType.BOOLEAN,
            "DATA, HEADERS, PUSH_PROMISE: a pad length and padding are present");
    public static final FieldDef FLAGS_PRIORITY = FieldDef.of("http2.flags.priority", "Priority", FieldType.BOOLEAN,
            "HEADERS: stream dependency and weight are present");
    public static final FieldDef FLAGS_ACK = FieldDef.of("http2.flags.ack.settings", "ACK", FieldType.BOOLEAN,
            "SETTINGS, PING: an acknowledgement");
    public static final FieldDef RESERVED = FieldDef.of("http2.r", "Reserved", FieldType.UINT32, Base.HEX,
            "The stream identifier's reserved bit");
    public static final FieldDef STREAM_ID = FieldDef.of("http2.streamid", "Stream Identifier", FieldType.UINT32, "Stream the frame belongs to");
    public static final FieldDef PAD_LENGTH = FieldDef.of("http2.pad_length", "Pad Length", FieldType.UINT8, "Bytes of padding");
    public static final FieldDef PADDING = FieldDef.of("http2.padding", "Padding", FieldType.BYTES, "Padding bytes");
    public static final FieldDef DATA_DATA = FieldDef.of("http2.data.data", "Data", FieldType.BYTES, "DATA frame's payload");
    public static final FieldDef EXCLUSIVE = FieldDef.of("http2.exclusive", "Exclusive", FieldType.BOOLEAN, "Exclusive stream dependency");
    public static final FieldDef STREAM_DEPENDENCY = FieldDef.of("http2.stream_dependency", "Stream Dependency", FieldType.UINT32,
            "Stream this one depends on");
    public static final FieldDef WEIGHT = FieldDef.of("http2.headers.weight", "Weight", FieldType.UINT8, "Priority weight");
    public static final FieldDef HEADER_BLOCK = FieldDef.of("http2.headers", "Header Block Fragment", FieldType.BYTES,
            "HPACK-encoded header block (fragment)");
    public static final FieldDef CONTINUATION_BLOCK = FieldDef.of("http2.continuation.header", "Continuation Header", FieldType.BYTES,
            "HPACK-encoded header block fragment of a CONTINUATION frame");
    public static final FieldDef HEADER_LENGTH = FieldDef.of("http2.header.length", "Header Length", FieldType.UINT32,
            "Decoded header list size (RFC 9113 SETTINGS_MAX_HEADER_LIST_SIZE's measure)");
    public static final FieldDef HEADER_COUNT = FieldDef.of("http2.header.count", "Header Count", FieldType.UINT32,
            "Header fields in the block");
    public static final FieldDef HEADER = FieldDef.of("http2.header", "Header", FieldType.NONE, "One decoded header field");
    public static final FieldDef HEADER_NAME = FieldDef.of("http2.header.name", "Name", FieldType.STRING, "Header field name");
    public static final FieldDef HEADER_VALUE = FieldDef.of("http2.header.value", "Value", FieldType.STRING, "Header field value");
    public static final FieldDef HEADER_REPR = FieldDef.of("http2.header.repr", "Representation", FieldType.STRING,
            "How HPACK encoded the field");
    public static final FieldDef HEADER_INDEX = FieldDef.of("http2.header.index", "Index", FieldType.UINT32,
            "HPACK table index of the field or its name");
    public static final FieldDef TABLE_SIZE_UPDATE = FieldDef.of("http2.header.table.size.update", "Dynamic Table Size Update",
            FieldType.UINT32, "New maximum size of the HPACK dynamic table");
    public static final FieldDef METHOD = FieldDef.of("http2.headers.method", "Method", FieldType.STRING, ":method");
    public static final FieldDef PATH = FieldDef.of("http2.headers.path", "Path", FieldType.STRING, ":path");
    public static final FieldDef STATUS = FieldDef.of("http2.headers.status", "Status", FieldType.STRING, ":status");
    public static final FieldDef AUTHORITY = FieldDef.of("http2.headers.authority", "Authority", FieldType.STRING, ":authority");
    public static final FieldDef SCHEME = FieldDef.of("http2.headers.scheme", "Scheme", FieldType.STRING, ":scheme");
    public static final FieldDef CONTENT_TYPE = FieldDef.of("http2.headers.content_type", "Content-Type", FieldType.STRING,
            "content-type");
    public static final FieldDef RST_STREAM_ERROR = FieldDef.of("http2.rst_stream.error", "Error", FieldType.UINT32,
            "RST_STREAM error code").withValueNames(ERRORS);
    public static final FieldDef SETTINGS_ENTRY = FieldDef.of("http2.settings", "Settings", FieldType.NONE, "One setting");
    public static final FieldDef SETTINGS_ID = FieldDef.of("http2.settings.id", "Settings Identifier", FieldType.UINT16,
            "Setting").withValueNames(SETTINGS);
    public static final FieldDef SETTINGS_HEADER_TABLE_SIZE = FieldDef.of("http2.settings.header_table_size", "Header table size",
            FieldType.UINT32, "SETTINGS_HEADER_TABLE_SIZE");
    public static final FieldDef SETTINGS_ENABLE_PUSH = FieldDef.of("http2.settings.enable_push", "Enable PUSH", FieldType.UINT32,
            "SETTINGS_ENABLE_PUSH");
    public static final FieldDef SETTINGS_MAX_CONCURRENT_STREAMS = FieldDef.of("http2.settings.max_concurrent_streams",
            "Max concurrent streams", FieldType.UINT32, "SETTINGS_MAX_CONCURRENT_STREAMS");
    public static final FieldDef SETTINGS_INITIAL_WINDOW_SIZE = FieldDef.of("http2.settings.initial_window_size",
            "Initial Windows Size", FieldType.UINT32, "SETTINGS_INITIAL_WINDOW_SIZE");
    public static final FieldDef SETTINGS_MAX_FRAME_SIZE = FieldDef.of("http2.settings.max_frame_size", "Max frame size",
            FieldType.UINT32, "SETTINGS_MAX_FRAME_SIZE");
    public static final FieldDef SETTINGS_MAX_HEADER_LIST_SIZE = FieldDef.of("http2.settings.max_header_list_size",
            "Max header list size", FieldType.UINT32, "SETTINGS_MAX_HEADER_LIST_SIZE");
    public static final FieldDef SETTINGS_UNKNOWN = FieldDef.of("http2.settings.unknown", "Unknown Settings", FieldType.UINT32,
            "Value of a setting this decoder does not name");
    public static final FieldDef PING = FieldDef.of("http2.ping", "Ping", FieldType.BYTES, "PING's opaque data");
    public static final FieldDef PONG = FieldDef.of("http2.pong", "Pong", FieldType.BYTES, "PING ACK's opaque data");
    public static final FieldDef GOAWAY_LAST_STREAM_ID = FieldDef.of("http2.goaway.last_stream_id", "Promised-Stream-ID",
            FieldType.UINT32, "GOAWAY: last stream the sender processed");
    public static final FieldDef GOAWAY_ERROR = FieldDef.of("http2.goaway.error", "Error", FieldType.UINT32,
            "GOAWAY error code").withValueNames(ERRORS);
    public static final FieldDef GOAWAY_DEBUG = FieldDef.of("http2.goaway.addata", "Additional Debug Data", FieldType.BYTES,
            "GOAWAY's debug data");
    public static final FieldDef WINDOW_SIZE_INCREMENT = FieldDef.of("http2.window_update.window_size_increment",
            "Window Size Increment", FieldType.UINT32, "WINDOW_UPDATE's increment");
    public static final FieldDef PUSH_PROMISE_STREAM = FieldDef.of("http2.push_promise.promised_stream_id", "Promised-Stream-ID",
            FieldType.UINT32, "PUSH_PROMISE: the stream it reserves");
    public static final FieldDef UNKNOWN_PAYLOAD = FieldDef.of("http2.unknown", "Unknown", FieldType.BYTES,
            "Payload of a frame type this decoder does not know");

    public static final FieldDef GRPC = FieldDef.protocol("grpc", "gRPC Message");
    public static final FieldDef GRPC_COMPRESSED = FieldDef.of("grpc.compressed_flag", "Compressed Flag", FieldType.UINT8,
            "1: the message is compressed with the stream's grpc-encoding");
    public static final FieldDef GRPC_LENGTH = FieldDef.of("grpc.message_length", "Message Length", FieldType.UINT32,
            "Length of the message after its 5-byte prefix");
    public static final FieldDef GRPC_DATA = FieldDef.of("grpc.message_data", "Message Data", FieldType.BYTES,
            "The message's bytes (those in this DATA frame)");

    public static final ExpertDef FRAME_CONTINUES = new ExpertDef("http2.frame.continues", ExpertGroup.UNDECODED, Severity.NOTE,
            "Frame of %d payload bytes continues past the bytes at hand (%d here)");
    public static final ExpertDef BAD_LENGTH = new ExpertDef("http2.length.bad", ExpertGroup.MALFORMED, Severity.WARN,
            "Frame length %d is wrong for this frame type");
    public static final ExpertDef BAD_PADDING = new ExpertDef("http2.padding.bad", ExpertGroup.MALFORMED, Severity.WARN,
            "Pad length %d is not less than the payload's %d bytes");
    public static final ExpertDef HPACK_UNKNOWN = new ExpertDef("http2.hpack.state_unknown", ExpertGroup.UNDECODED, Severity.NOTE,
            "HPACK state unknown: the connection's start was not captured, or an earlier header block could not be decoded");
    public static final ExpertDef HPACK_ERROR = new ExpertDef("http2.hpack.error", ExpertGroup.MALFORMED, Severity.ERROR,
            "HPACK decoding error: %s");
    public static final ExpertDef HEADERS_TOO_LARGE = new ExpertDef("http2.header.too_large", ExpertGroup.UNDECODED, Severity.WARN,
            "Header list past %d decoded bytes: the rest is not shown");
    public static final ExpertDef TABLE_SIZE_OVER_SETTING = new ExpertDef("http2.hpack.table_size_over_setting",
            ExpertGroup.PROTOCOL, Severity.WARN, "Dynamic table size update to %d is above the peer's SETTINGS_HEADER_TABLE_SIZE %d");
    public static final ExpertDef HEADER_BLOCK_TOO_LARGE = new ExpertDef("http2.header.block_too_large", ExpertGroup.UNDECODED,
            Severity.WARN, "Header block of more than %d bytes across CONTINUATION frames is not decoded");
    public static final ExpertDef GRPC_CONTINUES = new ExpertDef("grpc.message.continues", ExpertGroup.UNDECODED, Severity.NOTE,
            "gRPC message of %d bytes continues in later DATA frames");

    private Http2Fields() {
    }
}
