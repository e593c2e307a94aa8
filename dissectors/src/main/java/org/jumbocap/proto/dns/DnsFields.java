package org.jumbocap.proto.dns;

import java.util.HashMap;
import java.util.Map;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/** DNS (RFC 1035) and multicast DNS (RFC 6762) fields, Wireshark's names, and expert items. */
public final class DnsFields {
    static final Map<Long, String> TYPES = types();
    static final Map<Long, String> CLASSES = Map.of(1L, "IN", 3L, "CH", 4L, "HS", 254L, "NONE", 255L, "ANY");
    static final Map<Long, String> OPCODES = Map.of(0L, "Standard query", 1L, "Inverse query", 2L, "Server status request",
            4L, "Zone change notification", 5L, "Dynamic update", 6L, "DNS Stateful operations (DSO)");
    static final Map<Long, String> RCODES = Map.ofEntries(Map.entry(0L, "No error"), Map.entry(1L, "Format error"),
            Map.entry(2L, "Server failure"), Map.entry(3L, "No such name"), Map.entry(4L, "Not implemented"),
            Map.entry(5L, "Refused"), Map.entry(6L, "Name exists"), Map.entry(7L, "RRset exists"),
            Map.entry(8L, "RRset does not exist"), Map.entry(9L, "Not authoritative"), Map.entry(10L, "Name out of zone"));

    public static final FieldDef DNS = FieldDef.protocol("dns", "Domain Name System");
    public static final FieldDef MDNS = FieldDef.protocol("mdns", "Multicast Domain Name System");
    public static final FieldDef LENGTH = FieldDef.of("dns.length", "Length", FieldType.UINT16, "DNS over TCP: length of the message");
    public static final FieldDef ID = FieldDef.of("dns.id", "Transaction ID", FieldType.UINT16, Base.HEX, "Pairs a response with its query");
    /** Set by the pipeline's in-order step, which pairs a response with its query (tshark's one-pass fields). */
    public static final FieldDef RESPONSE_TO = FieldDef.of("dns.response_to", "Request In", FieldType.UINT32,
            "Frame of the query this response answers");
    /** Set only when a first pass over the capture told which later frame answers the query (read -2, as tshark -2). */
    public static final FieldDef RESPONSE_IN = FieldDef.of("dns.response_in", "Response In", FieldType.UINT32,
            "Frame of the response that answers this query");
    public static final FieldDef TIME = FieldDef.of("dns.time", "Time", FieldType.DOUBLE,
            "Seconds from the query to this response");
    public static final FieldDef FLAGS = FieldDef.of("dns.flags", "Flags", FieldType.UINT16, Base.HEX, "Flags word");
    public static final FieldDef FLAGS_RESPONSE = FieldDef.of("dns.flags.response", "Response", FieldType.BOOLEAN, "QR: a response");
    public static final FieldDef FLAGS_OPCODE = FieldDef.of("dns.flags.opcode", "Opcode", FieldType.UINT16, "Kind of query")
            .withValueNames(OPCODES);
    public static final FieldDef FLAGS_AUTHORITATIVE = FieldDef.of("dns.flags.authoritative", "Authoritative", FieldType.BOOLEAN,
            "AA: the server is an authority for the domain (responses)");
    public static final FieldDef FLAGS_TRUNCATED = FieldDef.of("dns.flags.truncated", "Truncated", FieldType.BOOLEAN, "TC: message truncated");
    public static final FieldDef FLAGS_RECDESIRED = FieldDef.of("dns.flags.recdesired", "Recursion desired", FieldType.BOOLEAN, "RD");
    public static final FieldDef FLAGS_RECAVAIL = FieldDef.of("dns.flags.recavail", "Recursion available", FieldType.BOOLEAN,
            "RA (responses)");
    public static final FieldDef FLAGS_Z = FieldDef.of("dns.flags.z", "Z", FieldType.BOOLEAN, "Reserved bit");
    public static final FieldDef FLAGS_AUTHENTICATED = FieldDef.of("dns.flags.authenticated", "Answer authenticated", FieldType.BOOLEAN,
            "AD (responses)");
    public static final FieldDef FLAGS_CHECKDISABLE = FieldDef.of("dns.flags.checkdisable", "Non-authenticated data", FieldType.BOOLEAN, "CD");
    public static final FieldDef FLAGS_RCODE = FieldDef.of("dns.flags.rcode", "Reply code", FieldType.UINT16, "RCODE (responses)")
            .withValueNames(RCODES);
    public static final FieldDef COUNT_QUERIES = FieldDef.of("dns.count.queries", "Questions", FieldType.UINT16, "QDCOUNT");
    public static final FieldDef COUNT_ANSWERS = FieldDef.of("dns.count.answers", "Answer RRs", FieldType.UINT16, "ANCOUNT");
    public static final FieldDef COUNT_AUTH_RR = FieldDef.of("dns.count.auth_rr", "Authority RRs", FieldType.UINT16, "NSCOUNT");
    public static final FieldDef COUNT_ADD_RR = FieldDef.of("dns.count.add_rr", "Additional RRs", FieldType.UINT16, "ARCOUNT");

    public static final FieldDef QUERY = FieldDef.of("dns.qry", "Query", FieldType.NONE, "One question");
    public static final FieldDef QRY_NAME = FieldDef.of("dns.qry.name", "Name", FieldType.STRING, "Name asked for");
    public static final FieldDef QRY_NAME_LEN = FieldDef.of("dns.qry.name.len", "Name Length", FieldType.UINT16, "Characters of the name");
    public static final FieldDef COUNT_LABELS = FieldDef.of("dns.count.labels", "Label Count", FieldType.UINT16, "Labels of the name");
    public static final FieldDef QRY_TYPE = FieldDef.of("dns.qry.type", "Type", FieldType.UINT16, "Record type asked for").withValueNames(TYPES);
    public static final FieldDef QRY_CLASS = FieldDef.of("dns.qry.class", "Class", FieldType.UINT16, Base.HEX, "Class asked for")
            .withValueNames(CLASSES);
    public static final FieldDef QRY_QU = FieldDef.of("dns.qry.qu", "\"QU\" question", FieldType.BOOLEAN, "mDNS: unicast response wanted");

    public static final FieldDef ANSWER = FieldDef.of("dns.rr", "Resource record", FieldType.NONE, "One resource record");
    public static final FieldDef RESP_NAME = FieldDef.of("dns.resp.name", "Name", FieldType.STRING, "Owner name of the record");
    public static final FieldDef RESP_TYPE = FieldDef.of("dns.resp.type", "Type", FieldType.UINT16, "Record type").withValueNames(TYPES);
    public static final FieldDef RESP_CLASS = FieldDef.of("dns.resp.class", "Class", FieldType.UINT16, Base.HEX, "Record class")
            .withValueNames(CLASSES);
    public static final FieldDef RESP_CACHE_FLUSH = FieldDef.of("dns.resp.cache_flush", "Cache flush", FieldType.BOOLEAN,
            "mDNS: the record replaces cached ones");
    public static final FieldDef RESP_TTL = FieldDef.of("dns.resp.ttl", "Time to live", FieldType.UINT32, "Seconds the record may be cached");
    public static final FieldDef RESP_LEN = FieldDef.of("dns.resp.len", "Data length", FieldType.UINT16, "RDLENGTH");
    public static final FieldDef UDP_PAYLOAD_SIZE = FieldDef.of("dns.rr.udp_payload_size", "UDP payload size", FieldType.UINT16,
            "EDNS(0) OPT: largest UDP payload the sender accepts");
    public static final FieldDef EXT_RCODE = FieldDef.of("dns.resp.ext_rcode", "Higher bits in extended RCODE", FieldType.UINT8, Base.HEX,
            "EDNS(0) OPT");
    public static final FieldDef EDNS0_VERSION = FieldDef.of("dns.resp.edns0_version", "EDNS0 version", FieldType.UINT8, "EDNS(0) OPT");
    public static final FieldDef RESP_Z = FieldDef.of("dns.resp.z", "Z", FieldType.UINT16, Base.HEX, "EDNS(0) OPT flags (DO bit first)");
    public static final FieldDef A = FieldDef.of("dns.a", "Address", FieldType.IPV4, "A record");
    public static final FieldDef AAAA = FieldDef.of("dns.aaaa", "AAAA Address", FieldType.IPV6, "AAAA record");
    public static final FieldDef CNAME = FieldDef.of("dns.cname", "CNAME", FieldType.STRING, "Canonical name");
    public static final FieldDef NS = FieldDef.of("dns.ns", "Name Server", FieldType.STRING, "NS record");
    public static final FieldDef PTR = FieldDef.of("dns.ptr.domain_name", "Domain Name", FieldType.STRING, "PTR record");
    public static final FieldDef MX_PREFERENCE = FieldDef.of("dns.mx.preference", "Preference", FieldType.UINT16, "MX preference");
    public static final FieldDef MX_EXCHANGE = FieldDef.of("dns.mx.mail_exchange", "Mail Exchange", FieldType.STRING, "MX host");
    public static final FieldDef TXT_LENGTH = FieldDef.of("dns.txt.length", "TXT Length", FieldType.UINT8, "Length of one TXT string");
    public static final FieldDef TXT = FieldDef.of("dns.txt", "TXT", FieldType.STRING, "One TXT string");
    public static final FieldDef SOA_MNAME = FieldDef.of("dns.soa.mname", "Primary name server", FieldType.STRING, "SOA MNAME");
    public static final FieldDef SOA_RNAME = FieldDef.of("dns.soa.rname", "Responsible authority's mailbox", FieldType.STRING, "SOA RNAME");
    public static final FieldDef SOA_SERIAL = FieldDef.of("dns.soa.serial_number", "Serial Number", FieldType.UINT32, "SOA SERIAL");
    public static final FieldDef SOA_REFRESH = FieldDef.of("dns.soa.refresh_interval", "Refresh Interval", FieldType.UINT32, "SOA REFRESH");
    public static final FieldDef SOA_RETRY = FieldDef.of("dns.soa.retry_interval", "Retry Interval", FieldType.UINT32, "SOA RETRY");
    public static final FieldDef SOA_EXPIRE = FieldDef.of("dns.soa.expire_limit", "Expire limit", FieldType.UINT32, "SOA EXPIRE");
    public static final FieldDef SOA_MINIMUM = FieldDef.of("dns.soa.minimum_ttl", "Minimum TTL", FieldType.UINT32, "SOA MINIMUM");
    public static final FieldDef SRV_PRIORITY = FieldDef.of("dns.srv.priority", "Priority", FieldType.UINT16, "SRV priority");
    public static final FieldDef SRV_WEIGHT = FieldDef.of("dns.srv.weight", "Weight", FieldType.UINT16, "SRV weight");
    public static final FieldDef SRV_PORT = FieldDef.of("dns.srv.port", "Port", FieldType.UINT16, "SRV port");
    public static final FieldDef SRV_TARGET = FieldDef.of("dns.srv.target", "Target", FieldType.STRING, "SRV target host");
    public static final FieldDef DATA = FieldDef.of("dns.data", "Data", FieldType.BYTES, "Record data not decoded further");

    public static final ExpertDef NAME_LOOP = new ExpertDef("dns.name.pointer_loop", ExpertGroup.MALFORMED, Severity.ERROR,
            "DNS name compression pointers loop or nest more than %d deep: name cut");
    public static final ExpertDef NAME_BAD_POINTER = new ExpertDef("dns.name.bad_pointer", ExpertGroup.MALFORMED, Severity.ERROR,
            "DNS name compression pointer to offset %d is outside the %d-byte message");
    public static final ExpertDef NAME_TOO_LONG = new ExpertDef("dns.name.too_long", ExpertGroup.MALFORMED, Severity.ERROR,
            "DNS name longer than %d bytes: name cut");
    public static final ExpertDef NAME_BAD_LABEL = new ExpertDef("dns.name.bad_label", ExpertGroup.MALFORMED, Severity.ERROR,
            "DNS label type 0x%02x is not a length or a pointer: name cut");
    public static final ExpertDef RR_BEYOND = new ExpertDef("dns.rr.beyond_message", ExpertGroup.MALFORMED, Severity.ERROR,
            "DNS record data of %d bytes runs past the end of the message (%d bytes left)");
    public static final ExpertDef COUNT_BEYOND = new ExpertDef("dns.count.beyond_message", ExpertGroup.MALFORMED, Severity.ERROR,
            "DNS message ends before the questions and records its counts announce");
    public static final ExpertDef CONTINUES = new ExpertDef("dns.message.continues", ExpertGroup.UNDECODED, Severity.NOTE,
            "DNS message of %d bytes continues past this segment (%d bytes here): decoded as far as it goes");

    public static final ExpertDef TOO_MANY_MESSAGES = new ExpertDef("dns.messages.too_many", ExpertGroup.UNDECODED, Severity.NOTE,
            "More than %d DNS messages in one segment: the rest are not decoded");

    private static Map<Long, String> types() {
        Map<Long, String> t = new HashMap<>();
        String[] names = {"1 A", "2 NS", "3 MD", "4 MF", "5 CNAME", "6 SOA", "7 MB", "8 MG", "9 MR", "10 NULL", "11 WKS",
            "12 PTR", "13 HINFO", "14 MINFO", "15 MX", "16 TXT", "17 RP", "18 AFSDB", "24 SIG", "25 KEY", "28 AAAA",
            "29 LOC", "33 SRV", "35 NAPTR", "36 KX", "37 CERT", "38 A6", "39 DNAME", "41 OPT", "42 APL", "43 DS",
            "44 SSHFP", "45 IPSECKEY", "46 RRSIG", "47 NSEC", "48 DNSKEY", "49 DHCID", "50 NSEC3", "51 NSEC3PARAM",
            "52 TLSA", "53 SMIMEA", "55 HIP", "59 CDS", "60 CDNSKEY", "61 OPENPGPKEY", "62 CSYNC", "63 ZONEMD",
            "64 SVCB", "65 HTTPS", "99 SPF", "249 TKEY", "250 TSIG", "251 IXFR", "252 AXFR", "253 MAILB", "254 MAILA",
            "255 ANY", "256 URI", "257 CAA"};
        for (String n : names) {
            int space = n.indexOf(' ');
            t.put(Long.parseLong(n.substring(0, space)), n.substring(space + 1));
        }
        return t;
    }

    private DnsFields() {
    }
}
