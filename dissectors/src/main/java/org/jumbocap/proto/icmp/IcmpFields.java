package org.jumbocap.proto.icmp;

import java.util.Map;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/** ICMP (IPv4) fields (Wireshark's names) and expert items, declared once. */
public final class IcmpFields {
    static final int ECHO_REPLY = 0;
    static final int DEST_UNREACHABLE = 3;
    static final int ECHO_REQUEST = 8;
    static final int TIME_EXCEEDED = 11;
    static final int PARAMETER_PROBLEM = 12;
    static final int FRAGMENTATION_NEEDED = 4;

    public static final FieldDef ICMP = FieldDef.protocol("icmp", "Internet Control Message Protocol");
    public static final FieldDef TYPE = FieldDef.of("icmp.type", "Type", FieldType.UINT8, "Message type").withValueNames(Map.of(
            0L, "Echo (ping) reply", 3L, "Destination unreachable", 4L, "Source quench", 5L, "Redirect",
            8L, "Echo (ping) request", 11L, "Time-to-live exceeded", 12L, "Parameter problem", 13L, "Timestamp request",
            14L, "Timestamp reply"));
    public static final FieldDef CODE = FieldDef.of("icmp.code", "Code", FieldType.UINT8, "Message code (named per type)");
    public static final FieldDef CHECKSUM = FieldDef.of("icmp.checksum", "Checksum", FieldType.UINT16, Base.HEX, "Checksum field");
    public static final FieldDef CHECKSUM_STATUS = FieldDef.of("icmp.checksum.status", "Checksum Status", FieldType.UINT8,
            "0 bad, 1 good, 2 unverified").withValueNames(ChecksumVerdict.valueNames());
    public static final FieldDef IDENT = FieldDef.of("icmp.ident", "Identifier (BE)", FieldType.UINT16, Base.DEC_HEX, "Echo identifier");
    public static final FieldDef SEQ = FieldDef.of("icmp.seq", "Sequence Number (BE)", FieldType.UINT16, Base.DEC_HEX, "Echo sequence number");
    public static final FieldDef MTU = FieldDef.of("icmp.mtu", "MTU of next hop", FieldType.UINT16, "Fragmentation needed: next-hop MTU (RFC 1191)");
    public static final FieldDef POINTER = FieldDef.of("icmp.pointer", "Pointer", FieldType.UINT8, "Parameter problem: offset of the faulty byte");
    public static final FieldDef UNUSED = FieldDef.of("icmp.unused", "Unused", FieldType.BYTES, "Unused bytes");
    public static final FieldDef DATA = FieldDef.of("icmp.data", "Data", FieldType.BYTES, "Message body not decoded further");

    public static final ExpertDef CHECKSUM_BAD = new ExpertDef("icmp.checksum.bad", ExpertGroup.CHECKSUM, Severity.WARN,
            "Bad checksum 0x%04x [should be 0x%04x]");

    static final Map<Integer, Map<Long, String>> CODE_NAMES = Map.of(
            DEST_UNREACHABLE, Map.ofEntries(Map.entry(0L, "Network unreachable"), Map.entry(1L, "Host unreachable"),
                    Map.entry(2L, "Protocol unreachable"), Map.entry(3L, "Port unreachable"),
                    Map.entry(4L, "Fragmentation needed"), Map.entry(5L, "Source route failed"),
                    Map.entry(9L, "Network administratively prohibited"), Map.entry(10L, "Host administratively prohibited"),
                    Map.entry(13L, "Communication administratively filtered")),
            TIME_EXCEEDED, Map.of(0L, "Time to live exceeded in transit", 1L, "Fragment reassembly time exceeded"));

    private IcmpFields() {
    }
}
