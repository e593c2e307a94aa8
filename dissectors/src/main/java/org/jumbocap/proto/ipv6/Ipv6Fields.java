package org.jumbocap.proto.ipv6;

import java.util.Map;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;
import org.jumbocap.proto.ip.IpProtocols;

/** Fields of the fixed IPv6 header (Wireshark's names) and the findings about lengths and jumbograms. */
public final class Ipv6Fields {
    public static final FieldDef IPV6 = FieldDef.protocol("ipv6", "Internet Protocol Version 6");
    public static final FieldDef VERSION = FieldDef.of("ipv6.version", "Version", FieldType.UINT8, "IP version (6)");
    public static final FieldDef TCLASS = FieldDef.of("ipv6.tclass", "Traffic Class", FieldType.UINT32, Base.HEX, "Traffic class byte");
    public static final FieldDef TCLASS_DSCP = FieldDef.of("ipv6.tclass.dscp", "Differentiated Services Codepoint", FieldType.UINT32,
            "DSCP (6 bits)");
    public static final FieldDef TCLASS_ECN = FieldDef.of("ipv6.tclass.ecn", "Explicit Congestion Notification", FieldType.UINT32,
            "ECN (2 bits)").withValueNames(Map.of(0L, "Not-ECT", 1L, "ECT(1)", 2L, "ECT(0)", 3L, "CE"));
    public static final FieldDef FLOW = FieldDef.of("ipv6.flow", "Flow Label", FieldType.UINT24, Base.HEX, "Flow label (20 bits)");
    public static final FieldDef PLEN = FieldDef.of("ipv6.plen", "Payload Length", FieldType.UINT16,
            "Payload length field as sent (0 for jumbograms and Linux BIG TCP super-packets)");
    public static final FieldDef NXT = FieldDef.of("ipv6.nxt", "Next Header", FieldType.UINT8, "Header after the fixed header")
            .withValueNames(IpProtocols.NAMES);
    public static final FieldDef HLIM = FieldDef.of("ipv6.hlim", "Hop Limit", FieldType.UINT8, "Hop limit");
    public static final FieldDef SRC = FieldDef.of("ipv6.src", "Source Address", FieldType.IPV6, "Source address");
    public static final FieldDef DST = FieldDef.of("ipv6.dst", "Destination Address", FieldType.IPV6, "Destination address");
    public static final FieldDef ADDR = FieldDef.of("ipv6.addr", "Source or Destination Address", FieldType.IPV6, "Either address");
    public static final FieldDef NO_NEXT_DATA = FieldDef.of("ipv6.nonxt.data", "Data after No Next Header", FieldType.BYTES,
            "Bytes after a No Next Header (59) value, ignored by receivers");

    public static final ExpertDef BAD_VERSION = new ExpertDef("ipv6.version.bad", ExpertGroup.MALFORMED, Severity.ERROR,
            "IPv6 header with version %d");
    public static final ExpertDef JUMBO_HBH = new ExpertDef("ipv6.jumbo.hbh", ExpertGroup.JUMBO, Severity.NOTE,
            "RFC 2675 jumbogram: payload length from Jumbo Payload option (%d bytes)");
    public static final ExpertDef PLEN_ZERO_BIGTCP = new ExpertDef("ipv6.plen.zero_bigtcp", ExpertGroup.JUMBO, Severity.NOTE,
            "payload length 0 without Hop-by-Hop: Linux BIG TCP super-packet, length taken from the frame (%d bytes)");
    public static final ExpertDef JUMBO_PLEN_NOT_ZERO = new ExpertDef("ipv6.jumbo.plen_not_zero", ExpertGroup.JUMBO, Severity.ERROR,
            "Jumbo Payload option with payload length %d: it must be 0 (RFC 2675 section 3)");
    public static final ExpertDef JUMBO_MISSING = new ExpertDef("ipv6.jumbo.missing", ExpertGroup.JUMBO, Severity.ERROR,
            "Payload length 0 with a Hop-by-Hop header but no Jumbo Payload option (RFC 2675 section 3)");
    public static final ExpertDef JUMBO_TOO_SMALL = new ExpertDef("ipv6.jumbo.too_small", ExpertGroup.JUMBO, Severity.ERROR,
            "Jumbo payload length %d is less than 65536 (RFC 2675 section 2)");
    public static final ExpertDef JUMBO_WITH_FRAGMENT = new ExpertDef("ipv6.jumbo.with_fragment", ExpertGroup.JUMBO, Severity.ERROR,
            "Jumbo Payload option together with a Fragment header (RFC 2675 section 3)");
    public static final ExpertDef JUMBO_EXCEEDS_FRAME = new ExpertDef("ipv6.jumbo.exceeds_frame", ExpertGroup.JUMBO, Severity.ERROR,
            "Jumbo payload length %d exceeds the %d bytes the frame carried after the IPv6 header");
    public static final ExpertDef JUMBO_TRAILER = new ExpertDef("ipv6.jumbo.trailer", ExpertGroup.JUMBO, Severity.NOTE,
            "%d bytes after the jumbo payload of %d bytes (link-layer trailer)");
    public static final ExpertDef PLEN_EXCEEDS_FRAME = new ExpertDef("ipv6.plen.exceeds_frame", ExpertGroup.MALFORMED, Severity.ERROR,
            "Payload length %d exceeds the %d bytes the frame carried after the IPv6 header");
    public static final ExpertDef PLEN_IN_FRAGMENT = new ExpertDef("ipv6.plen.in_fragment", ExpertGroup.PROTOCOL, Severity.NOTE,
            "Payload length %d runs past the %d bytes of the enclosing IP fragment: the rest is in fragments not reassembled");
    public static final ExpertDef PLEN_TRAILER = new ExpertDef("ipv6.plen.trailer", ExpertGroup.PROTOCOL, Severity.NOTE,
            "%d bytes after the payload of %d bytes (link-layer padding or trailer)");
    public static final ExpertDef EXT_EXCEED_PAYLOAD = new ExpertDef("ipv6.ext.exceeds_payload", ExpertGroup.MALFORMED, Severity.ERROR,
            "Extension headers take %d bytes but the payload is only %d bytes");
    public static final ExpertDef SHORT_HEADER = new ExpertDef("ipv6.too_short", ExpertGroup.MALFORMED, Severity.ERROR,
            "The frame carried only %d bytes for the 40-byte IPv6 header");

    private Ipv6Fields() {
    }
}
