package org.jumbocap.proto.ipv6.ext;

import java.util.Map;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;
import org.jumbocap.proto.ip.IpProtocols;

/** Fields of the IPv6 extension headers (Wireshark's names) and findings about the chain. */
public final class ExtFields {
    public static final FieldDef HOPOPTS = FieldDef.protocol("ipv6.hopopts", "IPv6 Hop-by-Hop Option");
    public static final FieldDef HOPOPTS_NXT = nxt("ipv6.hopopts.nxt");
    public static final FieldDef HOPOPTS_LEN = FieldDef.of("ipv6.hopopts.len", "Length", FieldType.UINT8,
            "Header length in 8-byte units, not counting the first 8 bytes");
    public static final FieldDef HOPOPTS_LEN_OCT = FieldDef.of("ipv6.hopopts.len_oct", "Length", FieldType.UINT16, "Header length in bytes");

    public static final FieldDef DSTOPTS = FieldDef.protocol("ipv6.dstopts", "Destination Options for IPv6");
    public static final FieldDef DSTOPTS_NXT = nxt("ipv6.dstopts.nxt");
    public static final FieldDef DSTOPTS_LEN = FieldDef.of("ipv6.dstopts.len", "Length", FieldType.UINT8,
            "Header length in 8-byte units, not counting the first 8 bytes");
    public static final FieldDef DSTOPTS_LEN_OCT = FieldDef.of("ipv6.dstopts.len_oct", "Length", FieldType.UINT16, "Header length in bytes");

    public static final FieldDef ROUTING = FieldDef.protocol("ipv6.routing", "Routing Header for IPv6");
    public static final FieldDef ROUTING_NXT = nxt("ipv6.routing.nxt");
    public static final FieldDef ROUTING_LEN = FieldDef.of("ipv6.routing.len", "Length", FieldType.UINT8,
            "Header length in 8-byte units, not counting the first 8 bytes");
    public static final FieldDef ROUTING_LEN_OCT = FieldDef.of("ipv6.routing.len_oct", "Length", FieldType.UINT16, "Header length in bytes");
    public static final FieldDef ROUTING_TYPE = FieldDef.of("ipv6.routing.type", "Type", FieldType.UINT8, "Routing type")
            .withValueNames(Map.of(0L, "Source Route", 2L, "Type 2 Routing", 3L, "RPL Source Route", 4L, "Segment Routing"));
    public static final FieldDef ROUTING_SEGLEFT = FieldDef.of("ipv6.routing.segleft", "Segments Left", FieldType.UINT8,
            "Route segments still to visit");
    public static final FieldDef ROUTING_UNKNOWN_DATA = FieldDef.of("ipv6.routing.unknown_data", "Type-Specific Data", FieldType.BYTES,
            "Data of a routing type not decoded further");
    public static final FieldDef ROUTING_SRC_RESERVED = FieldDef.of("ipv6.routing.src.reserved", "Reserved", FieldType.BYTES,
            "Reserved bytes of a type 0 routing header");
    public static final FieldDef ROUTING_SRC_ADDR = FieldDef.of("ipv6.routing.src.addr", "Address", FieldType.IPV6,
            "Address of a type 0 routing header");
    public static final FieldDef ROUTING_MIPV6_RESERVED = FieldDef.of("ipv6.routing.mipv6.reserved", "Reserved", FieldType.BYTES,
            "Reserved bytes of a type 2 routing header");
    public static final FieldDef ROUTING_MIPV6_HOME = FieldDef.of("ipv6.routing.mipv6.home_address", "Home Address", FieldType.IPV6,
            "Mobile IPv6 home address");
    public static final FieldDef SRH_LAST_ENTRY = FieldDef.of("ipv6.routing.srh.last_entry", "Last Entry", FieldType.UINT8,
            "Index of the last segment in the list");
    public static final FieldDef SRH_FLAGS = FieldDef.of("ipv6.routing.srh.flags", "Flags", FieldType.UINT8, Base.HEX, "Segment routing flags");
    public static final FieldDef SRH_TAG = FieldDef.of("ipv6.routing.srh.tag", "Tag", FieldType.BYTES, "Segment routing tag");
    public static final FieldDef SRH_ADDR = FieldDef.of("ipv6.routing.srh.addr", "Address", FieldType.IPV6, "One segment of the list");
    public static final FieldDef SRH_TLVS = FieldDef.of("ipv6.routing.srh.tlvs", "TLVs", FieldType.BYTES,
            "Bytes after the segment list (TLVs), not decoded further");

    public static final FieldDef FRAGHDR = FieldDef.protocol("ipv6.fraghdr", "Fragment Header for IPv6");
    public static final FieldDef FRAGHDR_NXT = nxt("ipv6.fraghdr.nxt");
    public static final FieldDef FRAGHDR_RESERVED_OCTET = FieldDef.of("ipv6.fraghdr.reserved_octet", "Reserved octet", FieldType.UINT8,
            Base.HEX, "Reserved");
    public static final FieldDef FRAGHDR_OFFSET = FieldDef.of("ipv6.fraghdr.offset", "Offset", FieldType.UINT16,
            "Fragment offset in 8-byte units");
    public static final FieldDef FRAGHDR_RESERVED_BITS = FieldDef.of("ipv6.fraghdr.reserved_bits", "Reserved bits", FieldType.UINT16,
            "Reserved");
    public static final FieldDef FRAGHDR_MORE = FieldDef.of("ipv6.fraghdr.more", "More Fragments", FieldType.BOOLEAN, "More fragments follow");
    public static final FieldDef FRAGHDR_IDENT = FieldDef.of("ipv6.fraghdr.ident", "Identification", FieldType.UINT32, Base.HEX,
            "Fragment identification");

    public static final FieldDef AH = FieldDef.protocol("ah", "Authentication Header");
    public static final FieldDef AH_NEXT_HEADER = nxt("ah.next_header");
    public static final FieldDef AH_LENGTH = FieldDef.of("ah.length", "Length", FieldType.UINT8,
            "Header length in 4-byte units, minus 2");
    public static final FieldDef AH_RESERVED = FieldDef.of("ah.reserved", "Reserved", FieldType.BYTES, "Reserved");
    public static final FieldDef AH_SPI = FieldDef.of("ah.spi", "AH SPI", FieldType.UINT32, Base.HEX, "Security parameters index");
    public static final FieldDef AH_SEQUENCE = FieldDef.of("ah.sequence", "AH Sequence", FieldType.UINT32, "Sequence number");
    public static final FieldDef AH_ICV = FieldDef.of("ah.icv", "AH ICV", FieldType.BYTES, "Integrity check value");

    public static final FieldDef ESP = FieldDef.protocol("esp", "Encapsulating Security Payload");
    public static final FieldDef ESP_SPI = FieldDef.of("esp.spi", "ESP SPI", FieldType.UINT32, Base.HEX, "Security parameters index");
    public static final FieldDef ESP_SEQUENCE = FieldDef.of("esp.sequence", "ESP Sequence", FieldType.UINT32, "Sequence number");

    public static final FieldDef MIPV6 = FieldDef.protocol("mipv6", "Mobile IPv6");
    public static final FieldDef MIP6_PROTO = nxt("mip6.proto");
    public static final FieldDef MIP6_HLEN = FieldDef.of("mip6.hlen", "Header length", FieldType.UINT8,
            "Header length in 8-byte units, not counting the first 8 bytes");
    public static final FieldDef MIP6_MHTYPE = FieldDef.of("mip6.mhtype", "Mobility Header Type", FieldType.UINT8, "Message type")
            .withValueNames(Map.of(0L, "Binding Refresh Request", 1L, "Home Test Init", 2L, "Care-of Test Init", 3L, "Home Test",
                    4L, "Care-of Test", 5L, "Binding Update", 6L, "Binding Acknowledgement", 7L, "Binding Error"));
    public static final FieldDef MIP6_RESERVED = FieldDef.of("mip6.reserved", "Reserved", FieldType.UINT8, Base.HEX, "Reserved");
    public static final FieldDef MIP6_CSUM = FieldDef.of("mip6.csum", "Checksum", FieldType.UINT16, Base.HEX, "Mobility header checksum");
    public static final FieldDef MIP6_DATA = FieldDef.of("mip6.data", "Message Data", FieldType.BYTES, "Message body, not decoded further");

    public static final ExpertDef HOPOPTS_NOT_FIRST = new ExpertDef("ipv6.hopopts.not_first", ExpertGroup.MALFORMED, Severity.ERROR,
            "Hop-by-Hop header must come right after the IPv6 header (RFC 8200 section 4.1); it is header %d of the chain");
    public static final ExpertDef EXT_TRUNCATED = new ExpertDef("ipv6.ext.truncated", ExpertGroup.TRUNCATED, Severity.NOTE,
            "Extension header at offset %d cut by the snaplen: the rest of the chain was not captured");
    public static final ExpertDef EXT_OVERRUN = new ExpertDef("ipv6.ext.overrun", ExpertGroup.MALFORMED, Severity.ERROR,
            "Extension header at offset %d needs %d bytes but the packet ends at offset %d");
    public static final ExpertDef EXT_ORDER = new ExpertDef("ipv6.ext.order", ExpertGroup.PROTOCOL, Severity.WARN,
            "%s after %s: not the order RFC 8200 section 4.1 recommends");
    public static final ExpertDef EXT_REPEATED = new ExpertDef("ipv6.ext.repeated", ExpertGroup.PROTOCOL, Severity.WARN,
            "%s appears %d times: RFC 8200 section 4.1 allows it once (Destination Options twice)");
    public static final ExpertDef EXT_TOO_SHORT = new ExpertDef("ipv6.ext.too_short", ExpertGroup.MALFORMED, Severity.ERROR,
            "%s of %d bytes is too short for its fixed fields (%d bytes)");
    public static final ExpertDef FRAGMENT_FIRST = new ExpertDef("ipv6.fragment.first", ExpertGroup.PROTOCOL, Severity.NOTE,
            "First fragment, more fragments follow: not reassembled");
    public static final ExpertDef FRAGMENT_NON_FIRST = new ExpertDef("ipv6.fragment.non_first", ExpertGroup.PROTOCOL, Severity.NOTE,
            "Non-first fragment (offset %d bytes): payload shown as data");
    public static final ExpertDef ROUTING_TYPE0_DEPRECATED = new ExpertDef("ipv6.routing.type0_deprecated", ExpertGroup.PROTOCOL,
            Severity.WARN, "Routing header type 0 is deprecated (RFC 5095): nodes must not process it");
    public static final ExpertDef SRH_SEGMENTS_OVERRUN = new ExpertDef("ipv6.routing.srh.segments_overrun", ExpertGroup.MALFORMED,
            Severity.ERROR, "Segment list of %d addresses needs %d bytes but the header has %d");

    private ExtFields() {
    }

    private static FieldDef nxt(String name) {
        return FieldDef.of(name, "Next Header", FieldType.UINT8, "Header after this one").withValueNames(IpProtocols.NAMES);
    }
}
