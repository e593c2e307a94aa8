package org.jumbocap.proto.ipv6.ext;

import java.util.Map;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;
import org.jumbocap.proto.ip.JumboOption;

/** Fields of Hop-by-Hop and Destination options (Wireshark's names) and findings about them. */
public final class OptionFields {
    public static final int PAD1 = JumboOption.PAD1;
    public static final int PADN = 0x01;
    public static final int ROUTER_ALERT = 0x05;
    public static final int JUMBO = JumboOption.TYPE;

    public static final FieldDef OPT = FieldDef.of("ipv6.opt", "IPv6 Option", FieldType.NONE, "One option");
    public static final FieldDef TYPE = FieldDef.of("ipv6.opt.type", "Type", FieldType.UINT8, Base.HEX, "Option type")
            .withValueNames(Map.of((long) PAD1, "Pad1", (long) PADN, "PadN", (long) ROUTER_ALERT, "Router Alert",
                    (long) JUMBO, "Jumbo Payload"));
    public static final FieldDef TYPE_ACTION = FieldDef.of("ipv6.opt.type.action", "Action", FieldType.UINT8,
            "What a node that does not know the option does (top two bits)")
            .withValueNames(Map.of(0L, "Skip and continue", 1L, "Discard", 2L, "Discard and send ICMP",
                    3L, "Discard and send ICMP if not multicast"));
    public static final FieldDef TYPE_CHANGE = FieldDef.of("ipv6.opt.type.change", "May Change", FieldType.BOOLEAN,
            "Option data may change en route");
    public static final FieldDef TYPE_REST = FieldDef.of("ipv6.opt.type.rest", "Low-Order Bits", FieldType.UINT8, Base.HEX,
            "Low five bits of the type");
    public static final FieldDef LENGTH = FieldDef.of("ipv6.opt.length", "Length", FieldType.UINT8, "Option data length in bytes");
    public static final FieldDef PAD1_FIELD = FieldDef.of("ipv6.opt.pad1", "Pad1", FieldType.NONE, "One byte of padding");
    public static final FieldDef PADN_FIELD = FieldDef.of("ipv6.opt.padn", "PadN", FieldType.BYTES, "Padding bytes");
    public static final FieldDef ROUTER_ALERT_FIELD = FieldDef.of("ipv6.opt.router_alert", "Router Alert", FieldType.UINT16,
            "Router Alert value").withValueNames(Map.of(0L, "MLD", 1L, "RSVP", 2L, "Active Networks"));
    public static final FieldDef JUMBO_FIELD = FieldDef.of("ipv6.opt.jumbo", "Payload Length", FieldType.UINT32,
            "Jumbo Payload option: real payload length (RFC 2675)");
    public static final FieldDef UNKNOWN = FieldDef.of("ipv6.opt.unknown", "Unknown Option Payload", FieldType.BYTES,
            "Data of an option not decoded further");

    public static final ExpertDef OVERRUN = new ExpertDef("ipv6.opt.overrun", ExpertGroup.MALFORMED, Severity.ERROR,
            "Option at offset %d needs %d bytes but its header ends %d bytes after it");
    public static final ExpertDef JUMBO_BAD_LENGTH = new ExpertDef("ipv6.jumbo.bad_option_length", ExpertGroup.JUMBO, Severity.ERROR,
            "Jumbo Payload option with data length %d: it must be 4");
    public static final ExpertDef JUMBO_MISALIGNED = new ExpertDef("ipv6.jumbo.misaligned", ExpertGroup.JUMBO, Severity.WARN,
            "Jumbo Payload option at header offset %d: RFC 2675 requires 4n+2 alignment");
    public static final ExpertDef JUMBO_NOT_IN_HBH = new ExpertDef("ipv6.jumbo.not_in_hbh", ExpertGroup.JUMBO, Severity.ERROR,
            "Jumbo Payload option outside the Hop-by-Hop header: ignored (RFC 2675 section 2)");
    public static final ExpertDef JUMBO_DUPLICATE = new ExpertDef("ipv6.jumbo.duplicate", ExpertGroup.JUMBO, Severity.ERROR,
            "More than one Jumbo Payload option: only the first is used");

    private OptionFields() {
    }
}
