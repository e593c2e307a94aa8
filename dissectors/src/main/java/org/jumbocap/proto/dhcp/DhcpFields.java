package org.jumbocap.proto.dhcp;

import java.util.Map;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/** DHCP (RFC 2131, 2132) and its BOOTP header (RFC 951): Wireshark's names, and expert items. */
public final class DhcpFields {
    static final Map<Long, String> MESSAGE_TYPES = Map.of(1L, "Discover", 2L, "Offer", 3L, "Request", 4L, "Decline",
            5L, "ACK", 6L, "NAK", 7L, "Release", 8L, "Inform");
    static final Map<Long, String> OPCODES = Map.of(1L, "Boot Request", 2L, "Boot Reply");

    public static final FieldDef DHCP = FieldDef.protocol("dhcp", "Dynamic Host Configuration Protocol");
    public static final FieldDef TYPE = FieldDef.of("dhcp.type", "Message type", FieldType.UINT8, "BOOTP op: request or reply")
            .withValueNames(OPCODES);
    public static final FieldDef HW_TYPE = FieldDef.of("dhcp.hw.type", "Hardware type", FieldType.UINT8, Base.HEX, "ARP hardware type");
    public static final FieldDef HW_LEN = FieldDef.of("dhcp.hw.len", "Hardware address length", FieldType.UINT8, "Bytes of chaddr used");
    public static final FieldDef HOPS = FieldDef.of("dhcp.hops", "Hops", FieldType.UINT8, "Relay agents passed");
    public static final FieldDef ID = FieldDef.of("dhcp.id", "Transaction ID", FieldType.UINT32, Base.HEX, "Pairs replies with requests");
    public static final FieldDef SECS = FieldDef.of("dhcp.secs", "Seconds elapsed", FieldType.UINT16, "Since the client began");
    public static final FieldDef FLAGS = FieldDef.of("dhcp.flags", "Bootp flags", FieldType.UINT16, Base.HEX, "Flags word");
    public static final FieldDef FLAGS_BC = FieldDef.of("dhcp.flags.bc", "Broadcast flag", FieldType.BOOLEAN, "Reply by broadcast");
    public static final FieldDef IP_CLIENT = FieldDef.of("dhcp.ip.client", "Client IP address", FieldType.IPV4, "ciaddr");
    public static final FieldDef IP_YOUR = FieldDef.of("dhcp.ip.your", "Your (client) IP address", FieldType.IPV4, "yiaddr");
    public static final FieldDef IP_SERVER = FieldDef.of("dhcp.ip.server", "Next server IP address", FieldType.IPV4, "siaddr");
    public static final FieldDef IP_RELAY = FieldDef.of("dhcp.ip.relay", "Relay agent IP address", FieldType.IPV4, "giaddr");
    public static final FieldDef HW_MAC_ADDR = FieldDef.of("dhcp.hw.mac_addr", "Client MAC address", FieldType.ETHER,
            "chaddr (Ethernet), or the MAC of a client identifier of hardware type 1");
    public static final FieldDef SERVER = FieldDef.of("dhcp.server", "Server host name", FieldType.STRING, "sname");
    public static final FieldDef FILE = FieldDef.of("dhcp.file", "Boot file name", FieldType.STRING, "file");
    public static final FieldDef COOKIE = FieldDef.of("dhcp.cookie", "Magic cookie", FieldType.IPV4,
            "99.130.83.99 before DHCP options (tshark shows it as an address)");
    public static final FieldDef OPTION_TYPE = FieldDef.of("dhcp.option.type", "Option", FieldType.UINT8, "Option code");
    public static final FieldDef OPTION_LENGTH = FieldDef.of("dhcp.option.length", "Length", FieldType.UINT8, "Bytes of the option's value");
    public static final FieldDef OPTION_VALUE = FieldDef.of("dhcp.option.value", "Value", FieldType.BYTES, "The option's value bytes");
    public static final FieldDef OPTION_DHCP = FieldDef.of("dhcp.option.dhcp", "DHCP", FieldType.UINT8, "Option 53: DHCP message type")
            .withValueNames(MESSAGE_TYPES);
    public static final FieldDef OPTION_REQUESTED_IP = FieldDef.of("dhcp.option.requested_ip_address", "Requested IP Address",
            FieldType.IPV4, "Option 50");
    public static final FieldDef OPTION_LEASE_TIME = FieldDef.of("dhcp.option.ip_address_lease_time", "IP Address Lease Time",
            FieldType.UINT32, "Option 51, seconds");
    public static final FieldDef OPTION_SERVER_ID = FieldDef.of("dhcp.option.dhcp_server_id", "DHCP Server Identifier",
            FieldType.IPV4, "Option 54");
    public static final FieldDef OPTION_REQUEST_LIST_ITEM = FieldDef.of("dhcp.option.request_list_item", "Parameter Request List Item",
            FieldType.UINT8, "Option 55: one option code asked for");
    public static final FieldDef OPTION_HOSTNAME = FieldDef.of("dhcp.option.hostname", "Host Name", FieldType.STRING, "Option 12");
    public static final FieldDef OPTION_END = FieldDef.of("dhcp.option.end", "Option End", FieldType.UINT8, "Option 255: end of the options");

    public static final ExpertDef SHORT = new ExpertDef("dhcp.short", ExpertGroup.MALFORMED, Severity.ERROR,
            "BOOTP message of %d bytes is shorter than its %d-byte fixed header");
    public static final ExpertDef OPTION_BEYOND = new ExpertDef("dhcp.option.beyond_message", ExpertGroup.MALFORMED, Severity.ERROR,
            "DHCP option of %d bytes runs past the end of the message (%d bytes left)");
    public static final ExpertDef OPTION_BAD_LENGTH = new ExpertDef("dhcp.option.bad_length", ExpertGroup.MALFORMED, Severity.ERROR,
            "DHCP option %d has %d bytes, not the length its value needs");

    private DhcpFields() {
    }
}
