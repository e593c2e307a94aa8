package org.jumbocap.proto.tunnel;

import java.util.Map;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/** VXLAN (RFC 7348) and Geneve (RFC 8926) fields, Wireshark's names, and expert items. */
public final class TunnelFields {
    public static final FieldDef VXLAN = FieldDef.protocol("vxlan", "Virtual eXtensible Local Area Network");
    public static final FieldDef VXLAN_FLAGS = FieldDef.of("vxlan.flags", "Flags", FieldType.UINT16, Base.HEX, "Flags word");
    public static final FieldDef VXLAN_FLAG_I = FieldDef.of("vxlan.flag_i", "VXLAN Network ID (VNI)", FieldType.BOOLEAN,
            "I flag: the VNI is valid (must be set, RFC 7348)");
    public static final FieldDef VXLAN_FLAGS_RESERVED = FieldDef.of("vxlan.flags_reserved", "Reserved(R)", FieldType.UINT16, Base.HEX,
            "Flag bits other than I");
    public static final FieldDef VXLAN_RESERVED_16 = FieldDef.of("vxlan.reserved_16", "Reserved", FieldType.UINT16, Base.HEX, "Reserved bytes 2-3");
    public static final FieldDef VXLAN_VNI = FieldDef.of("vxlan.vni", "VXLAN Network Identifier (VNI)", FieldType.UINT24, "Segment id");
    public static final FieldDef VXLAN_RESERVED8 = FieldDef.of("vxlan.reserved8", "Reserved", FieldType.UINT8, Base.HEX, "Reserved last byte");

    public static final FieldDef GENEVE = FieldDef.protocol("geneve", "Generic Network Virtualization Encapsulation");
    public static final FieldDef GENEVE_VERSION = FieldDef.of("geneve.version", "Version", FieldType.UINT8, "Version (2 bits, 0)");
    public static final FieldDef GENEVE_OPT_LEN = FieldDef.of("geneve.opt_len", "Options Length", FieldType.UINT8,
            "Length of the options in bytes (the header's 6-bit field times 4)");
    public static final FieldDef GENEVE_FLAGS = FieldDef.of("geneve.flags", "Flags", FieldType.UINT8, Base.HEX, "O, C and reserved bits");
    public static final FieldDef GENEVE_FLAG_OAM = FieldDef.of("geneve.flags.oam", "Operations, Administration and Management Frame",
            FieldType.BOOLEAN, "O: control message");
    public static final FieldDef GENEVE_FLAG_CRITICAL = FieldDef.of("geneve.flags.critical", "Critical Options Present", FieldType.BOOLEAN,
            "C: at least one critical option");
    public static final FieldDef GENEVE_PROTO_TYPE = FieldDef.of("geneve.proto_type", "Protocol Type", FieldType.UINT16, Base.HEX,
            "Ethertype of the inner frame; 0x6558 is Ethernet").withValueNames(Map.of(0x6558L, "Transparent Ethernet bridging",
            0x0800L, "IPv4", 0x86DDL, "IPv6"));
    public static final FieldDef GENEVE_VNI = FieldDef.of("geneve.vni", "Virtual Network Identifier (VNI)", FieldType.UINT24, Base.DEC_HEX, "Segment id");
    public static final FieldDef GENEVE_RESERVED = FieldDef.of("geneve.reserved", "Reserved", FieldType.UINT8, Base.HEX, "Reserved last byte");
    public static final FieldDef GENEVE_OPTIONS = FieldDef.of("geneve.options", "Geneve Options", FieldType.BYTES, "All option bytes");
    public static final FieldDef GENEVE_OPTION = FieldDef.of("geneve.option", "Option", FieldType.BYTES, "One option, raw");
    public static final FieldDef GENEVE_OPTION_CLASS = FieldDef.of("geneve.option.class", "Class", FieldType.UINT16, Base.HEX, "Option class");
    public static final FieldDef GENEVE_OPTION_TYPE = FieldDef.of("geneve.option.type", "Type", FieldType.UINT8, Base.HEX, "Option type");
    public static final FieldDef GENEVE_OPTION_CRITICAL = FieldDef.of("geneve.option.type.critical", "Critical Option", FieldType.BOOLEAN,
            "High bit of the type: the receiver must understand the option");
    public static final FieldDef GENEVE_OPTION_LENGTH = FieldDef.of("geneve.option.length", "Length", FieldType.UINT8,
            "Option length in bytes, the 4-byte header included");
    public static final FieldDef GENEVE_OPTION_DATA = FieldDef.of("geneve.option.unknown.data", "Unknown Option Data", FieldType.BYTES, "Option body");

    public static final ExpertDef VXLAN_FLAG_I_CLEAR = new ExpertDef("vxlan.flag_i.clear", ExpertGroup.PROTOCOL, Severity.WARN,
            "VXLAN I flag clear: the VNI is not valid (RFC 7348 section 5)");
    public static final ExpertDef GENEVE_VERSION_UNKNOWN = new ExpertDef("geneve.version.unknown", ExpertGroup.PROTOCOL, Severity.ERROR,
            "Unknown Geneve version %d: the header cannot be decoded");
    public static final ExpertDef GENEVE_OPTION_LENGTH_INVALID = new ExpertDef("geneve.option.length.invalid", ExpertGroup.MALFORMED, Severity.ERROR,
            "Geneve option of %d bytes runs past the options (%d bytes left)");
    public static final ExpertDef GENEVE_OPT_LEN_BEYOND = new ExpertDef("geneve.opt_len.beyond", ExpertGroup.MALFORMED, Severity.ERROR,
            "Geneve options length %d exceeds the %d bytes the UDP layer carries");

    private TunnelFields() {
    }
}
