package org.jumbocap.proto.dhcpv6;

import java.util.Map;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/** DHCPv6 (RFC 8415, options of RFC 3646 and RFC 3633): Wireshark's names, and expert items. */
public final class Dhcpv6Fields {
    static final Map<Long, String> MESSAGE_TYPES = Map.ofEntries(Map.entry(1L, "Solicit"), Map.entry(2L, "Advertise"),
            Map.entry(3L, "Request"), Map.entry(4L, "Confirm"), Map.entry(5L, "Renew"), Map.entry(6L, "Rebind"),
            Map.entry(7L, "Reply"), Map.entry(8L, "Release"), Map.entry(9L, "Decline"), Map.entry(10L, "Reconfigure"),
            Map.entry(11L, "Information-request"), Map.entry(12L, "Relay-forw"), Map.entry(13L, "Relay-reply"),
            Map.entry(14L, "Leasequery"), Map.entry(15L, "Leasequery-reply"), Map.entry(16L, "Leasequery-done"),
            Map.entry(17L, "Leasequery-data"), Map.entry(18L, "Reconfigure-request"), Map.entry(19L, "Reconfigure-reply"),
            Map.entry(20L, "DHCPv4-query"), Map.entry(21L, "DHCPv4-response"));
    static final Map<Long, String> OPTION_NAMES = Map.ofEntries(Map.entry(1L, "Client Identifier"),
            Map.entry(2L, "Server Identifier"), Map.entry(3L, "Identity Association for Non-temporary Address"),
            Map.entry(4L, "Identity Association for Temporary Address"), Map.entry(5L, "IA Address"),
            Map.entry(6L, "Option Request"), Map.entry(7L, "Preference"), Map.entry(8L, "Elapsed time"),
            Map.entry(9L, "Relay Message"), Map.entry(11L, "Authentication"), Map.entry(12L, "Server unicast"),
            Map.entry(13L, "Status code"), Map.entry(14L, "Rapid Commit"), Map.entry(15L, "User Class"),
            Map.entry(16L, "Vendor Class"), Map.entry(17L, "Vendor-specific Information"), Map.entry(18L, "Interface-Id"),
            Map.entry(19L, "Reconfigure Message"), Map.entry(20L, "Reconfigure Accept"),
            Map.entry(21L, "SIP Server Domain Name List"), Map.entry(22L, "SIP Servers IPv6 Address List"),
            Map.entry(23L, "DNS recursive name server"), Map.entry(24L, "Domain Search List"),
            Map.entry(25L, "Identity Association for Prefix Delegation"), Map.entry(26L, "IA Prefix"),
            Map.entry(31L, "Simple Network Time Protocol Server"), Map.entry(32L, "Lifetime"),
            Map.entry(39L, "Client Fully Qualified Domain Name"), Map.entry(56L, "NTP Server"),
            Map.entry(79L, "Client Link-Layer Address"), Map.entry(82L, "SOL_MAX_RT"), Map.entry(83L, "INF_MAX_RT"));
    static final Map<Long, String> DUID_TYPES = Map.of(1L, "link-layer address plus time",
            2L, "assigned by vendor based on Enterprise number", 3L, "link-layer address", 4L, "Universally Unique IDentifier (UUID)");
    static final Map<Long, String> HARDWARE_TYPES = Map.of(1L, "Ethernet", 6L, "IEEE 802", 32L, "InfiniBand");
    static final Map<Long, String> STATUS_CODES = Map.ofEntries(Map.entry(0L, "Success"), Map.entry(1L, "UnspecFail"),
            Map.entry(2L, "NoAddrAvail"), Map.entry(3L, "NoBinding"), Map.entry(4L, "NotOnLink"),
            Map.entry(5L, "UseMulticast"), Map.entry(6L, "NoPrefixAvail"), Map.entry(7L, "UnknownQueryType"),
            Map.entry(8L, "MalformedQuery"), Map.entry(9L, "NotConfigured"), Map.entry(10L, "NotAllowed"));

    public static final FieldDef DHCPV6 = FieldDef.protocol("dhcpv6", "DHCPv6");
    public static final FieldDef MSGTYPE = FieldDef.of("dhcpv6.msgtype", "Message type", FieldType.UINT8, "What the message is")
            .withValueNames(MESSAGE_TYPES);
    public static final FieldDef XID = FieldDef.of("dhcpv6.xid", "Transaction ID", FieldType.UINT24, Base.HEX,
            "Pairs a client's message with the server's answer");
    public static final FieldDef HOPCOUNT = FieldDef.of("dhcpv6.hopcount", "Hopcount", FieldType.UINT8, "Relays the message has passed");
    public static final FieldDef LINKADDR = FieldDef.of("dhcpv6.linkaddr", "Link address", FieldType.IPV6,
            "An address of the link the client is on, as the relay knows it");
    public static final FieldDef PEERADDR = FieldDef.of("dhcpv6.peeraddr", "Peer address", FieldType.IPV6,
            "The client or relay the relayed message came from");
    public static final FieldDef OPTION_TYPE = FieldDef.of("dhcpv6.option.type", "Option", FieldType.UINT16, "Option code")
            .withValueNames(OPTION_NAMES);
    public static final FieldDef OPTION_LENGTH = FieldDef.of("dhcpv6.option.length", "Length", FieldType.UINT16,
            "Bytes of the option's value");
    public static final FieldDef DUID_BYTES = FieldDef.of("dhcpv6.duid.bytes", "DUID", FieldType.BYTES, "DHCP Unique Identifier");
    public static final FieldDef DUID_TYPE = FieldDef.of("dhcpv6.duid.type", "DUID Type", FieldType.UINT16, "How the DUID is made")
            .withValueNames(DUID_TYPES);
    public static final FieldDef DUIDLLT_HWTYPE = FieldDef.of("dhcpv6.duidllt.hwtype", "Hardware type", FieldType.UINT16,
            "DUID-LLT: ARP hardware type").withValueNames(HARDWARE_TYPES);
    public static final FieldDef DUIDLLT_TIME = FieldDef.of("dhcpv6.duidllt.time", "DUID Time", FieldType.TIMESTAMP,
            "DUID-LLT: when it was made (seconds since 2000-01-01 UTC)");
    public static final FieldDef DUIDLLT_LINK_LAYER_ADDR = FieldDef.of("dhcpv6.duidllt.link_layer_addr", "Link-layer address",
            FieldType.STRING, "DUID-LLT: the link-layer address");
    public static final FieldDef DUIDLL_HWTYPE = FieldDef.of("dhcpv6.duidll.hwtype", "Hardware type", FieldType.UINT16,
            "DUID-LL: ARP hardware type").withValueNames(HARDWARE_TYPES);
    public static final FieldDef DUIDLL_LINK_LAYER_ADDR = FieldDef.of("dhcpv6.duidll.link_layer_addr", "Link-layer address",
            FieldType.STRING, "DUID-LL: the link-layer address");
    public static final FieldDef DUIDEN_ENTERPRISE = FieldDef.of("dhcpv6.duiden.enterprise", "Enterprise ID", FieldType.UINT32,
            "DUID-EN: the vendor's enterprise number");
    public static final FieldDef DUIDEN_IDENTIFIER = FieldDef.of("dhcpv6.duiden.identifier", "Identifier", FieldType.BYTES,
            "DUID-EN: the vendor's identifier");
    public static final FieldDef DUIDUUID_BYTES = FieldDef.of("dhcpv6.duiduuid.bytes", "UUID", FieldType.BYTES, "DUID-UUID: the UUID");
    public static final FieldDef IAID = FieldDef.of("dhcpv6.iaid", "IAID", FieldType.STRING, "Identity association identifier, hex");
    public static final FieldDef IAID_T1 = FieldDef.of("dhcpv6.iaid.t1", "T1", FieldType.UINT32, "Seconds until the client renews");
    public static final FieldDef IAID_T2 = FieldDef.of("dhcpv6.iaid.t2", "T2", FieldType.UINT32, "Seconds until the client rebinds");
    public static final FieldDef IATA = FieldDef.of("dhcpv6.iata", "IAID", FieldType.STRING, "IA_TA's identity association identifier, hex");
    public static final FieldDef IAADDR_IP = FieldDef.of("dhcpv6.iaaddr.ip", "IPv6 address", FieldType.IPV6, "IA Address: the address");
    public static final FieldDef IAADDR_PREF_LIFETIME = FieldDef.of("dhcpv6.iaaddr.pref_lifetime", "Preferred lifetime",
            FieldType.UINT32, "IA Address: seconds");
    public static final FieldDef IAADDR_VALID_LIFETIME = FieldDef.of("dhcpv6.iaaddr.valid_lifetime", "Valid lifetime",
            FieldType.UINT32, "IA Address: seconds");
    public static final FieldDef IAPREFIX_PREF_LIFETIME = FieldDef.of("dhcpv6.iaprefix.pref_lifetime", "Preferred lifetime",
            FieldType.UINT32, "IA Prefix: seconds");
    public static final FieldDef IAPREFIX_VALID_LIFETIME = FieldDef.of("dhcpv6.iaprefix.valid_lifetime", "Valid lifetime",
            FieldType.UINT32, "IA Prefix: seconds");
    public static final FieldDef IAPREFIX_PREF_LEN = FieldDef.of("dhcpv6.iaprefix.pref_len", "Prefix length", FieldType.UINT8,
            "IA Prefix: bits");
    public static final FieldDef IAPREFIX_PREF_ADDR = FieldDef.of("dhcpv6.iaprefix.pref_addr", "Prefix address", FieldType.IPV6,
            "IA Prefix: the prefix");
    public static final FieldDef REQUESTED_OPTION_CODE = FieldDef.of("dhcpv6.requested_option_code", "Requested Option code",
            FieldType.UINT16, "Option Request: one option asked for").withValueNames(OPTION_NAMES);
    public static final FieldDef OPTION_PREFERENCE = FieldDef.of("dhcpv6.option_preference", "Pref-value", FieldType.UINT8,
            "Preference: the higher, the likelier the client takes this server");
    public static final FieldDef ELAPSED_TIME = FieldDef.of("dhcpv6.elapsed_time", "Elapsed time", FieldType.UINT32,
            "Milliseconds since the client began (the wire counts hundredths of a second)");
    public static final FieldDef UNICAST = FieldDef.of("dhcpv6.unicast", "Server IPv6 address", FieldType.IPV6, "Server unicast");
    public static final FieldDef STATUS_CODE = FieldDef.of("dhcpv6.status_code", "Status Code", FieldType.UINT16, "Outcome")
            .withValueNames(STATUS_CODES);
    public static final FieldDef STATUS_MSG = FieldDef.of("dhcpv6.status_msg", "Status Message", FieldType.STRING, "Outcome, in words");
    public static final FieldDef INTERFACE_ID = FieldDef.of("dhcpv6.interface_id", "Interface-ID", FieldType.BYTES,
            "The relay's name for the client's link");
    public static final FieldDef DNS_SERVER = FieldDef.of("dhcpv6.dns_server", "DNS server address", FieldType.IPV6,
            "A recursive name server");
    public static final FieldDef SEARCH_LIST_ENTRY = FieldDef.of("dhcpv6.search_list_entry", "List entry", FieldType.STRING,
            "A domain of the search list");
    public static final FieldDef SNTP_SERVER = FieldDef.of("dhcpv6.sntp_server", "SNTP server address", FieldType.IPV6, "An SNTP server");
    public static final FieldDef LIFETIME = FieldDef.of("dhcpv6.lifetime", "Lifetime", FieldType.UINT32,
            "Information refresh time, seconds");

    public static final ExpertDef SHORT = new ExpertDef("dhcpv6.short", ExpertGroup.MALFORMED, Severity.ERROR,
            "DHCPv6 message of %d bytes is shorter than its %d-byte header");
    public static final ExpertDef BOGUS_LENGTH = new ExpertDef("dhcpv6.bogus_length", ExpertGroup.MALFORMED, Severity.ERROR,
            "DHCPv6 option of %d bytes runs past the end of the message (%d bytes left)");
    public static final ExpertDef MALFORMED_OPTION = new ExpertDef("dhcpv6.malformed_option", ExpertGroup.MALFORMED, Severity.ERROR,
            "DHCPv6 option %d has %d bytes, not what its value needs");
    public static final ExpertDef MALFORMED_DNS = new ExpertDef("dhcpv6.expert.name_not_dns_encoded", ExpertGroup.MALFORMED,
            Severity.ERROR, "Domain name at byte %d of option %d is not DNS-encoded");
    public static final ExpertDef TOO_DEEP = new ExpertDef("dhcpv6.too_deep", ExpertGroup.MALFORMED, Severity.ERROR,
            "Relay messages and options nested deeper than %d levels: the rest is not decoded");

    private Dhcpv6Fields() {
    }
}
