package org.jumbocap.proto.quic;

import java.util.Map;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/** QUIC (RFC 9000) packet header fields, Wireshark's names, and expert items. */
public final class QuicFields {
    static final Map<Long, String> LONG_TYPES = Map.of(0L, "Initial", 1L, "0-RTT", 2L, "Handshake", 3L, "Retry");
    static final Map<Long, String> HEADER_FORMS = Map.of(0L, "Short Header", 1L, "Long Header");

    public static final FieldDef QUIC = FieldDef.protocol("quic", "QUIC IETF");
    public static final FieldDef HEADER_FORM = FieldDef.of("quic.header_form", "Header Form", FieldType.UINT8,
            "1: long header (handshake packets), 0: short header").withValueNames(HEADER_FORMS);
    public static final FieldDef FIXED_BIT = FieldDef.of("quic.fixed_bit", "Fixed Bit", FieldType.BOOLEAN,
            "Always 1 in QUIC version 1, except in a Version Negotiation packet");
    public static final FieldDef LONG_PACKET_TYPE = FieldDef.of("quic.long.packet_type", "Packet Type", FieldType.UINT8,
            "Long header packet type (version 1 numbering)").withValueNames(LONG_TYPES);
    public static final FieldDef LONG_PACKET_TYPE_V2 = FieldDef.of("quic.long.packet_type_v2", "Packet Type", FieldType.UINT8,
            "Long header packet type of QUIC version 2 (RFC 9369), which numbers them differently")
            .withValueNames(Map.of(0L, "Retry", 1L, "Initial", 2L, "0-RTT", 3L, "Handshake"));
    public static final FieldDef VERSION = FieldDef.of("quic.version", "Version", FieldType.UINT32, Base.HEX,
            "QUIC version; 0 in a Version Negotiation packet");
    public static final FieldDef DCIL = FieldDef.of("quic.dcil", "Destination Connection ID Length", FieldType.UINT8,
            "Bytes of the destination connection id");
    public static final FieldDef DCID = FieldDef.of("quic.dcid", "Destination Connection ID", FieldType.BYTES,
            "Connection id chosen by the receiver");
    public static final FieldDef SCIL = FieldDef.of("quic.scil", "Source Connection ID Length", FieldType.UINT8,
            "Bytes of the source connection id");
    public static final FieldDef SCID = FieldDef.of("quic.scid", "Source Connection ID", FieldType.BYTES,
            "Connection id chosen by the sender");
    public static final FieldDef TOKEN_LENGTH = FieldDef.of("quic.token_length", "Token Length", FieldType.UINT64,
            "Initial packet: bytes of the address validation token");
    public static final FieldDef TOKEN = FieldDef.of("quic.token", "Token", FieldType.BYTES, "Initial packet: address validation token");
    public static final FieldDef LENGTH = FieldDef.of("quic.length", "Length", FieldType.UINT64,
            "Bytes of the packet number and the protected payload after this field");
    public static final FieldDef PACKET_LENGTH = FieldDef.of("quic.packet_length", "Packet Length", FieldType.UINT32,
            "Bytes of the whole packet, header included (the next coalesced packet starts after them)");
    public static final FieldDef SHORT = FieldDef.of("quic.short", "QUIC Short Header", FieldType.NONE, "1-RTT packet header");
    public static final FieldDef SPIN_BIT = FieldDef.of("quic.spin_bit", "Spin Bit", FieldType.BOOLEAN,
            "Short header: the latency spin bit");
    public static final FieldDef SUPPORTED_VERSION = FieldDef.of("quic.supported_version", "Supported Version", FieldType.UINT32,
            Base.HEX, "Version Negotiation: a version the server supports");
    public static final FieldDef RETRY_TOKEN = FieldDef.of("quic.retry_token", "Retry Token", FieldType.BYTES,
            "Retry: the token the client must send back");
    public static final FieldDef RETRY_INTEGRITY_TAG = FieldDef.of("quic.retry_integrity_tag", "Retry Integrity Tag",
            FieldType.BYTES, "Retry: AEAD tag over the packet");
    public static final FieldDef REMAINING_PAYLOAD = FieldDef.of("quic.remaining_payload", "Remaining Payload", FieldType.BYTES,
            "Protected bytes: packet number and payload, not decoded without the keys");
    /** Not Wireshark's: tshark does not cut a UDP GSO super-packet into its datagrams. */
    public static final FieldDef GSO_DATAGRAM = FieldDef.of("quic.gso_datagram", "UDP GSO Datagram", FieldType.UINT32,
            "Which datagram of the UDP GSO super-packet (from 1, at the kernel's gso_size) the packet starts");

    public static final ExpertDef HEADER_CUT = new ExpertDef("quic.header.beyond_datagram", ExpertGroup.MALFORMED, Severity.ERROR,
            "QUIC header runs past the end of its %d-byte datagram");
    public static final ExpertDef LENGTH_BEYOND = new ExpertDef("quic.length.beyond_datagram", ExpertGroup.MALFORMED, Severity.ERROR,
            "QUIC Length %d runs past the end of the datagram (%d bytes left)");
    public static final ExpertDef CID_TOO_LONG = new ExpertDef("quic.cid.too_long", ExpertGroup.MALFORMED, Severity.WARN,
            "QUIC connection id of %d bytes: version 1 allows at most 20");
    public static final ExpertDef DCID_UNKNOWN = new ExpertDef("quic.short.dcid_unknown", ExpertGroup.UNDECODED, Severity.NOTE,
            "Short header: the destination connection id's length is known only to the connection, so it is left in the remaining payload");
    public static final ExpertDef TOO_MANY_PACKETS = new ExpertDef("quic.packets.too_many", ExpertGroup.UNDECODED, Severity.NOTE,
            "More than %d QUIC packets in one frame: the rest are not decoded");

    private QuicFields() {
    }
}
