package org.jumbocap.proto.arp;

import java.util.Map;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/** ARP, RARP and Inverse ARP (RFC 826, 903, 2390) fields, Wireshark's names. */
public final class ArpFields {
    static final int REQUEST = 1;
    static final int REPLY = 2;

    public static final FieldDef ARP = FieldDef.protocol("arp", "Address Resolution Protocol");
    public static final FieldDef HW_TYPE = FieldDef.of("arp.hw.type", "Hardware type", FieldType.UINT16, "Link type of the hardware addresses")
            .withValueNames(Map.of(1L, "Ethernet", 6L, "IEEE 802 Networks", 15L, "Frame Relay", 16L, "ATM", 19L, "ATM",
                    20L, "Serial Line", 24L, "IEEE 1394.1995", 32L, "InfiniBand"));
    public static final FieldDef PROTO_TYPE = FieldDef.of("arp.proto.type", "Protocol type", FieldType.UINT16, Base.HEX,
            "EtherType of the protocol addresses").withValueNames(Map.of(0x0800L, "IPv4", 0x86DDL, "IPv6", 0x00CCL, "AX.25 IPv4"));
    public static final FieldDef HW_SIZE = FieldDef.of("arp.hw.size", "Hardware size", FieldType.UINT8, "Length of a hardware address in bytes");
    public static final FieldDef PROTO_SIZE = FieldDef.of("arp.proto.size", "Protocol size", FieldType.UINT8, "Length of a protocol address in bytes");
    public static final FieldDef OPCODE = FieldDef.of("arp.opcode", "Opcode", FieldType.UINT16, "Operation").withValueNames(Map.of(
            1L, "request", 2L, "reply", 3L, "reverse request", 4L, "reverse reply", 5L, "DRARP request", 6L, "DRARP reply",
            7L, "DRARP error", 8L, "inverse request", 9L, "inverse reply", 10L, "ARP NAK"));
    public static final FieldDef IS_GRATUITOUS = FieldDef.of("arp.isgratuitous", "Is gratuitous", FieldType.BOOLEAN,
            "Sender and target protocol addresses are the same (present when true)");
    public static final FieldDef IS_PROBE = FieldDef.of("arp.isprobe", "Is probe", FieldType.BOOLEAN,
            "A request from 0.0.0.0 with an all-zero target MAC (RFC 5227; present when true)");
    public static final FieldDef IS_ANNOUNCEMENT = FieldDef.of("arp.isannouncement", "Is announcement", FieldType.BOOLEAN,
            "A gratuitous request with an all-zero target MAC (RFC 5227; present when true)");
    public static final FieldDef SRC_HW = FieldDef.of("arp.src.hw", "Sender hardware address", FieldType.BYTES,
            "Sender hardware address other than a MAC");
    public static final FieldDef SRC_HW_MAC = FieldDef.of("arp.src.hw_mac", "Sender MAC address", FieldType.ETHER, "Sender MAC address");
    public static final FieldDef SRC_PROTO = FieldDef.of("arp.src.proto", "Sender protocol address", FieldType.BYTES,
            "Sender protocol address other than IPv4");
    public static final FieldDef SRC_PROTO_IPV4 = FieldDef.of("arp.src.proto_ipv4", "Sender IP address", FieldType.IPV4, "Sender IPv4 address");
    public static final FieldDef DST_HW = FieldDef.of("arp.dst.hw", "Target hardware address", FieldType.BYTES,
            "Target hardware address other than a MAC");
    public static final FieldDef DST_HW_MAC = FieldDef.of("arp.dst.hw_mac", "Target MAC address", FieldType.ETHER, "Target MAC address");
    public static final FieldDef DST_PROTO = FieldDef.of("arp.dst.proto", "Target protocol address", FieldType.BYTES,
            "Target protocol address other than IPv4");
    public static final FieldDef DST_PROTO_IPV4 = FieldDef.of("arp.dst.proto_ipv4", "Target IP address", FieldType.IPV4, "Target IPv4 address");

    private ArpFields() {
    }
}
