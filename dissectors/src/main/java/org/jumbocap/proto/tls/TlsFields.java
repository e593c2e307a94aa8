package org.jumbocap.proto.tls;

import java.util.Map;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/** TLS record layer and handshake (RFC 5246, RFC 8446) fields, Wireshark's names, and expert items. */
public final class TlsFields {
    static final Map<Long, String> CONTENT_TYPES = Map.of(20L, "Change Cipher Spec", 21L, "Alert", 22L, "Handshake",
            23L, "Application Data", 24L, "Heartbeat");
    static final Map<Long, String> VERSIONS = Map.of(0x0300L, "SSL 3.0", 0x0301L, "TLS 1.0", 0x0302L, "TLS 1.1",
            0x0303L, "TLS 1.2", 0x0304L, "TLS 1.3");
    static final Map<Long, String> HANDSHAKE_TYPES = Map.ofEntries(Map.entry(0L, "Hello Request"), Map.entry(1L, "Client Hello"),
            Map.entry(2L, "Server Hello"), Map.entry(4L, "New Session Ticket"), Map.entry(5L, "End of Early Data"),
            Map.entry(8L, "Encrypted Extensions"), Map.entry(11L, "Certificate"), Map.entry(12L, "Server Key Exchange"),
            Map.entry(13L, "Certificate Request"), Map.entry(14L, "Server Hello Done"), Map.entry(15L, "Certificate Verify"),
            Map.entry(16L, "Client Key Exchange"), Map.entry(20L, "Finished"), Map.entry(24L, "Key Update"));
    static final Map<Long, String> ALERT_LEVELS = Map.of(1L, "Warning", 2L, "Fatal");
    static final Map<Long, String> ALERT_DESCRIPTIONS = Map.ofEntries(Map.entry(0L, "Close Notify"),
            Map.entry(10L, "Unexpected Message"), Map.entry(20L, "Bad Record MAC"), Map.entry(22L, "Record Overflow"),
            Map.entry(40L, "Handshake Failure"), Map.entry(42L, "Bad Certificate"), Map.entry(43L, "Unsupported Certificate"),
            Map.entry(44L, "Certificate Revoked"), Map.entry(45L, "Certificate Expired"), Map.entry(46L, "Certificate Unknown"),
            Map.entry(47L, "Illegal Parameter"), Map.entry(48L, "Unknown CA"), Map.entry(49L, "Access Denied"),
            Map.entry(50L, "Decode Error"), Map.entry(51L, "Decrypt Error"), Map.entry(70L, "Protocol Version"),
            Map.entry(71L, "Insufficient Security"), Map.entry(80L, "Internal Error"), Map.entry(86L, "Inappropriate Fallback"),
            Map.entry(90L, "User Canceled"), Map.entry(109L, "Missing Extension"), Map.entry(110L, "Unsupported Extension"),
            Map.entry(112L, "Unrecognized Name"), Map.entry(116L, "Certificate Required"), Map.entry(120L, "No Application Protocol"));

    public static final FieldDef TLS = FieldDef.protocol("tls", "Transport Layer Security");
    public static final FieldDef RECORD = FieldDef.of("tls.record", "Record Layer", FieldType.NONE, "One TLS record");
    public static final FieldDef CONTENT_TYPE = FieldDef.of("tls.record.content_type", "Content Type", FieldType.UINT8,
            "Record content type").withValueNames(CONTENT_TYPES);
    public static final FieldDef OPAQUE_TYPE = FieldDef.of("tls.record.opaque_type", "Opaque Type", FieldType.UINT8,
            "TLS 1.3 protected record's outer type (23)").withValueNames(CONTENT_TYPES);
    public static final FieldDef RECORD_VERSION = FieldDef.of("tls.record.version", "Version", FieldType.UINT16, Base.HEX,
            "Record layer version").withValueNames(VERSIONS);
    public static final FieldDef RECORD_LENGTH = FieldDef.of("tls.record.length", "Length", FieldType.UINT16,
            "Length of the record's fragment");
    public static final FieldDef APP_DATA = FieldDef.of("tls.app_data", "Encrypted Application Data", FieldType.BYTES,
            "Protected payload (the part captured in this frame)");
    public static final FieldDef ALERT_LEVEL = FieldDef.of("tls.alert_message.level", "Level", FieldType.UINT8, "Alert level")
            .withValueNames(ALERT_LEVELS);
    public static final FieldDef ALERT_DESC = FieldDef.of("tls.alert_message.desc", "Description", FieldType.UINT8, "Alert description")
            .withValueNames(ALERT_DESCRIPTIONS);
    public static final FieldDef HANDSHAKE = FieldDef.of("tls.handshake", "Handshake Protocol", FieldType.NONE, "One handshake message");
    public static final FieldDef HANDSHAKE_TYPE = FieldDef.of("tls.handshake.type", "Handshake Type", FieldType.UINT8,
            "Handshake message type").withValueNames(HANDSHAKE_TYPES);
    public static final FieldDef HANDSHAKE_LENGTH = FieldDef.of("tls.handshake.length", "Length", FieldType.UINT24, "Handshake message length");
    public static final FieldDef HANDSHAKE_VERSION = FieldDef.of("tls.handshake.version", "Version", FieldType.UINT16, Base.HEX,
            "Hello's legacy version").withValueNames(VERSIONS);
    public static final FieldDef RANDOM = FieldDef.of("tls.handshake.random", "Random", FieldType.BYTES, "Hello random");
    public static final FieldDef SESSION_ID_LENGTH = FieldDef.of("tls.handshake.session_id_length", "Session ID Length",
            FieldType.UINT16, "Legacy session id length");
    public static final FieldDef CIPHER_SUITES_LENGTH = FieldDef.of("tls.handshake.cipher_suites_length", "Cipher Suites Length",
            FieldType.UINT16, "Client Hello: bytes of cipher suites");
    public static final FieldDef CIPHERSUITE = FieldDef.of("tls.handshake.ciphersuite", "Cipher Suite", FieldType.UINT16, Base.HEX,
            "Offered (Client Hello) or chosen (Server Hello) cipher suite").withValueNames(Map.ofEntries(
            Map.entry(0x1301L, "TLS_AES_128_GCM_SHA256"), Map.entry(0x1302L, "TLS_AES_256_GCM_SHA384"),
            Map.entry(0x1303L, "TLS_CHACHA20_POLY1305_SHA256"), Map.entry(0x00FFL, "TLS_EMPTY_RENEGOTIATION_INFO_SCSV"),
            Map.entry(0xC02BL, "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"), Map.entry(0xC02CL, "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"),
            Map.entry(0xC02FL, "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"), Map.entry(0xC030L, "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384"),
            Map.entry(0xCCA8L, "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256"),
            Map.entry(0xCCA9L, "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256")));
    public static final FieldDef COMP_METHODS_LENGTH = FieldDef.of("tls.handshake.comp_methods_length", "Compression Methods Length",
            FieldType.UINT8, "Client Hello: compression methods");
    public static final FieldDef EXTENSIONS_LENGTH = FieldDef.of("tls.handshake.extensions_length", "Extensions Length",
            FieldType.UINT16, "Bytes of extensions");
    public static final FieldDef EXTENSION_TYPE = FieldDef.of("tls.handshake.extension.type", "Type", FieldType.UINT16,
            "Extension type").withValueNames(Map.of(0L, "server_name", 10L, "supported_groups", 13L, "signature_algorithms",
            16L, "application_layer_protocol_negotiation", 43L, "supported_versions", 45L, "psk_key_exchange_modes",
            51L, "key_share", 41L, "pre_shared_key", 35L, "session_ticket", 23L, "extended_master_secret"));
    public static final FieldDef EXTENSION_LEN = FieldDef.of("tls.handshake.extension.len", "Length", FieldType.UINT16, "Extension length");
    public static final FieldDef SERVER_NAME = FieldDef.of("tls.handshake.extensions_server_name", "Server Name", FieldType.STRING,
            "SNI host name");
    public static final FieldDef ALPN_STR = FieldDef.of("tls.handshake.extensions_alpn_str", "ALPN Next Protocol", FieldType.STRING,
            "Offered or chosen application protocol");
    public static final FieldDef SUPPORTED_VERSION = FieldDef.of("tls.handshake.extensions.supported_version", "Supported Version",
            FieldType.UINT16, Base.HEX, "Offered (Client Hello) or chosen (Server Hello) version").withValueNames(VERSIONS);

    public static final ExpertDef RECORD_CONTINUES = new ExpertDef("tls.record.continues", ExpertGroup.UNDECODED, Severity.NOTE,
            "TLS record of %d bytes continues past this segment (%d bytes here)");
    public static final ExpertDef CONTINUATION = new ExpertDef("tls.continuation", ExpertGroup.UNDECODED, Severity.NOTE,
            "Segment does not start with a TLS record header: the rest of a record begun in an earlier segment");
    public static final ExpertDef UNKNOWN_RECORD = new ExpertDef("tls.record.unknown", ExpertGroup.MALFORMED, Severity.WARN,
            "Bytes after the records are not a TLS record header: ignored");
    public static final ExpertDef HANDSHAKE_MALFORMED = new ExpertDef("tls.handshake.malformed", ExpertGroup.MALFORMED, Severity.ERROR,
            "TLS handshake message runs past its record: decoded as far as it goes");

    private TlsFields() {
    }
}
