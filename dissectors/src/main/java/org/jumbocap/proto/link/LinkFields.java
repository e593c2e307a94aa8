package org.jumbocap.proto.link;

import java.util.Map;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/** Link-layer fields: Ethernet II, 802.1Q/802.1ad tags, Linux cooked SLL and SLL2, BSD null/loopback, raw IP. */
public final class LinkFields {
    static final Map<Long, String> ETHERTYPE_NAMES = Map.of(
            0x0800L, "IPv4", 0x86DDL, "IPv6", 0x0806L, "ARP", 0x8100L, "802.1Q Virtual LAN",
            0x88A8L, "802.1ad Provider Bridge (Q-in-Q)", 0x9100L, "VLAN-tagged frame (Q-in-Q)");

    public static final FieldDef ETH = FieldDef.protocol("eth", "Ethernet II");
    public static final FieldDef ETH_DST = FieldDef.of("eth.dst", "Destination", FieldType.ETHER, "Destination MAC address");
    public static final FieldDef ETH_SRC = FieldDef.of("eth.src", "Source", FieldType.ETHER, "Source MAC address");
    public static final FieldDef ETH_ADDR = FieldDef.of("eth.addr", "Address", FieldType.ETHER, "Source or destination MAC address");
    public static final FieldDef ETH_TYPE = FieldDef.of("eth.type", "Type", FieldType.UINT16, Base.HEX, "EtherType of the payload")
            .withValueNames(ETHERTYPE_NAMES);
    public static final FieldDef ETH_LEN = FieldDef.of("eth.len", "Length", FieldType.UINT16,
            "IEEE 802.3 length (type/length field below 0x600): the payload is LLC, shown as data");

    public static final FieldDef VLAN = FieldDef.protocol("vlan", "802.1Q Virtual LAN");
    public static final FieldDef VLAN_PRIORITY = FieldDef.of("vlan.priority", "Priority", FieldType.UINT16, "Priority code point (3 bits)");
    public static final FieldDef VLAN_DEI = FieldDef.of("vlan.dei", "DEI", FieldType.BOOLEAN, "Drop eligible indicator");
    public static final FieldDef VLAN_ID = FieldDef.of("vlan.id", "ID", FieldType.UINT16, "VLAN identifier (12 bits)");
    public static final FieldDef VLAN_ETYPE = FieldDef.of("vlan.etype", "Type", FieldType.UINT16, Base.HEX, "EtherType after the tag")
            .withValueNames(ETHERTYPE_NAMES);
    public static final FieldDef VLAN_LEN = FieldDef.of("vlan.len", "Length", FieldType.UINT16,
            "IEEE 802.3 length after the tag: the payload is LLC, shown as data");

    public static final FieldDef SLL = FieldDef.protocol("sll", "Linux cooked capture");
    public static final FieldDef SLL_PKTTYPE = FieldDef.of("sll.pkttype", "Packet type", FieldType.UINT16, "Direction of the packet")
            .withValueNames(Map.of(0L, "Unicast to us", 1L, "Broadcast", 2L, "Multicast", 3L, "Unicast to another host",
                    4L, "Sent by us", 5L, "Loopback", 6L, "Fastroute"));
    public static final FieldDef SLL_HATYPE = FieldDef.of("sll.hatype", "Link-layer address type", FieldType.UINT16,
            "ARPHRD_ type of the device").withValueNames(Map.of(1L, "Ethernet", 772L, "Loopback", 776L, "IPv6-in-IPv4",
                    778L, "GRE", 65534L, "None"));
    public static final FieldDef SLL_HALEN = FieldDef.of("sll.halen", "Link-layer address length", FieldType.UINT16,
            "Bytes of the link-layer address that are used");
    public static final FieldDef SLL_SRC_ETH = FieldDef.of("sll.src.eth", "Source", FieldType.ETHER, "Source MAC address");
    public static final FieldDef SLL_SRC_OTHER = FieldDef.of("sll.src.other", "Source", FieldType.BYTES, "Source link-layer address");
    public static final FieldDef SLL_UNUSED = FieldDef.of("sll.unused", "Unused", FieldType.BYTES, "Unused address bytes or reserved field");
    public static final FieldDef SLL_ETYPE = FieldDef.of("sll.etype", "Protocol", FieldType.UINT16, Base.HEX, "EtherType of the payload")
            .withValueNames(ETHERTYPE_NAMES);
    public static final FieldDef SLL_LTYPE = FieldDef.of("sll.ltype", "Protocol", FieldType.UINT16, Base.HEX,
            "Linux protocol number below 0x600 (802.3, LLC...): payload shown as data");
    public static final FieldDef SLL_IFINDEX = FieldDef.of("sll.ifindex", "Interface index", FieldType.UINT32, "Linux interface index (SLL2)");

    public static final FieldDef NULL = FieldDef.protocol("null", "Null/Loopback");
    public static final FieldDef NULL_FAMILY = FieldDef.of("null.family", "Family", FieldType.UINT32, "Address family (AF_ value)")
            .withValueNames(Map.of(2L, "IP", 10L, "IPv6 (Linux)", 24L, "IPv6 (NetBSD, OpenBSD)", 28L, "IPv6 (FreeBSD, DragonFly)",
                    30L, "IPv6 (Darwin)"));

    public static final FieldDef RAW = FieldDef.protocol("raw", "Raw packet data");

    public static final ExpertDef NULL_UNKNOWN_FAMILY = new ExpertDef("null.family.unknown", ExpertGroup.UNDECODED, Severity.NOTE,
            "Unknown address family %d: payload shown as data");
    public static final ExpertDef RAW_UNKNOWN_VERSION = new ExpertDef("raw.version.unknown", ExpertGroup.MALFORMED, Severity.WARN,
            "Raw IP packet with version %d (neither 4 nor 6): shown as data");

    private LinkFields() {
    }
}
