package org.jumbocap.proto.icmp;

import java.util.Map;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/** ICMPv6 fields (Wireshark's names) and expert items, declared once. */
public final class Icmpv6Fields {
    static final int DEST_UNREACHABLE = 1;
    static final int PACKET_TOO_BIG = 2;
    static final int TIME_EXCEEDED = 3;
    static final int PARAMETER_PROBLEM = 4;
    static final int ECHO_REQUEST = 128;
    static final int ECHO_REPLY = 129;
    static final int ROUTER_SOLICITATION = 133;
    static final int ROUTER_ADVERTISEMENT = 134;
    static final int NEIGHBOR_SOLICITATION = 135;
    static final int NEIGHBOR_ADVERTISEMENT = 136;

    public static final FieldDef ICMPV6 = FieldDef.protocol("icmpv6", "Internet Control Message Protocol v6");
    public static final FieldDef TYPE = FieldDef.of("icmpv6.type", "Type", FieldType.UINT8, "Message type").withValueNames(Map.ofEntries(
            Map.entry(1L, "Destination Unreachable"), Map.entry(2L, "Packet Too Big"), Map.entry(3L, "Time Exceeded"),
            Map.entry(4L, "Parameter Problem"), Map.entry(128L, "Echo (ping) request"), Map.entry(129L, "Echo (ping) reply"),
            Map.entry(130L, "Multicast Listener Query"), Map.entry(131L, "Multicast Listener Report"),
            Map.entry(132L, "Multicast Listener Done"), Map.entry(133L, "Router Solicitation"),
            Map.entry(134L, "Router Advertisement"), Map.entry(135L, "Neighbor Solicitation"),
            Map.entry(136L, "Neighbor Advertisement"), Map.entry(137L, "Redirect"),
            Map.entry(143L, "Multicast Listener Report Message v2")));
    public static final FieldDef CODE = FieldDef.of("icmpv6.code", "Code", FieldType.UINT8, "Message code (named per type)");
    public static final FieldDef CHECKSUM = FieldDef.of("icmpv6.checksum", "Checksum", FieldType.UINT16, Base.HEX, "Checksum field");
    public static final FieldDef CHECKSUM_STATUS = FieldDef.of("icmpv6.checksum.status", "Checksum Status", FieldType.UINT8,
            "0 bad, 1 good, 2 unverified").withValueNames(ChecksumVerdict.valueNames());
    public static final FieldDef RESERVED = FieldDef.of("icmpv6.reserved", "Reserved", FieldType.BYTES, "Unused bytes");
    public static final FieldDef MTU = FieldDef.of("icmpv6.mtu", "MTU", FieldType.UINT32, "Packet Too Big: MTU of the next-hop link (32-bit, RFC 2675 section 5)");
    public static final FieldDef POINTER = FieldDef.of("icmpv6.pointer", "Pointer", FieldType.UINT32,
            "Parameter Problem: offset in the invoking packet of the faulty field");
    public static final FieldDef POINTER_TARGET = FieldDef.of("icmpv6.pointer.target", "Pointed-at field", FieldType.STRING,
            "What the Parameter Problem pointer designates in the invoking packet, as far as it was quoted");
    public static final FieldDef ECHO_IDENTIFIER = FieldDef.of("icmpv6.echo.identifier", "Identifier", FieldType.UINT16, Base.DEC_HEX, "Echo identifier");
    public static final FieldDef ECHO_SEQUENCE = FieldDef.of("icmpv6.echo.sequence_number", "Sequence", FieldType.UINT16, Base.DEC_HEX, "Echo sequence number");
    public static final FieldDef NS_TARGET = FieldDef.of("icmpv6.nd.ns.target_address", "Target Address", FieldType.IPV6, "Neighbor Solicitation target");
    public static final FieldDef NA_FLAG = FieldDef.of("icmpv6.nd.na.flag", "Flags", FieldType.UINT32, Base.HEX, "Neighbor Advertisement flags word");
    public static final FieldDef NA_FLAG_R = FieldDef.of("icmpv6.nd.na.flag.r", "Router", FieldType.BOOLEAN, "R: sender is a router");
    public static final FieldDef NA_FLAG_S = FieldDef.of("icmpv6.nd.na.flag.s", "Solicited", FieldType.BOOLEAN, "S: reply to a solicitation");
    public static final FieldDef NA_FLAG_O = FieldDef.of("icmpv6.nd.na.flag.o", "Override", FieldType.BOOLEAN, "O: override cached entries");
    public static final FieldDef NA_TARGET = FieldDef.of("icmpv6.nd.na.target_address", "Target Address", FieldType.IPV6, "Neighbor Advertisement target");
    public static final FieldDef RA_CUR_HOP_LIMIT = FieldDef.of("icmpv6.nd.ra.cur_hop_limit", "Cur hop limit", FieldType.UINT8, "Router Advertisement hop limit");
    public static final FieldDef RA_FLAG = FieldDef.of("icmpv6.nd.ra.flag", "Flags", FieldType.UINT8, Base.HEX, "Router Advertisement flags");
    public static final FieldDef RA_FLAG_M = FieldDef.of("icmpv6.nd.ra.flag.m", "Managed address configuration", FieldType.BOOLEAN, "M flag");
    public static final FieldDef RA_FLAG_O = FieldDef.of("icmpv6.nd.ra.flag.o", "Other configuration", FieldType.BOOLEAN, "O flag");
    public static final FieldDef RA_ROUTER_LIFETIME = FieldDef.of("icmpv6.nd.ra.router_lifetime", "Router lifetime (s)", FieldType.UINT16, "Router lifetime");
    public static final FieldDef RA_REACHABLE_TIME = FieldDef.of("icmpv6.nd.ra.reachable_time", "Reachable time (ms)", FieldType.UINT32, "Reachable time");
    public static final FieldDef RA_RETRANS_TIMER = FieldDef.of("icmpv6.nd.ra.retrans_timer", "Retrans timer (ms)", FieldType.UINT32, "Retransmission timer");
    public static final FieldDef OPT = FieldDef.of("icmpv6.opt", "ICMPv6 Option", FieldType.NONE, "Neighbor Discovery option");
    public static final FieldDef OPT_TYPE = FieldDef.of("icmpv6.opt.type", "Type", FieldType.UINT8, "Option type").withValueNames(Map.of(
            1L, "Source link-layer address", 2L, "Target link-layer address", 3L, "Prefix information", 4L, "Redirected header",
            5L, "MTU", 25L, "Recursive DNS Server", 31L, "DNS Search List"));
    public static final FieldDef OPT_LENGTH = FieldDef.of("icmpv6.opt.length", "Length", FieldType.UINT8, "Option length in units of 8 bytes");
    public static final FieldDef OPT_DATA = FieldDef.of("icmpv6.opt.data", "Data", FieldType.BYTES, "Option body, raw");
    public static final FieldDef OPT_LINKADDR = FieldDef.of("icmpv6.opt.linkaddr", "Link-layer address", FieldType.BYTES,
            "Link-layer address of a Source or Target Link-layer Address option (RFC 4861 section 4.6.1)");
    public static final FieldDef OPT_SRC_LINKADDR = FieldDef.of("icmpv6.opt.src_linkaddr", "Source Link-layer address", FieldType.BYTES,
            "Link-layer address of a Source Link-layer Address option");
    public static final FieldDef OPT_TARGET_LINKADDR = FieldDef.of("icmpv6.opt.target_linkaddr", "Target Link-layer address", FieldType.BYTES,
            "Link-layer address of a Target Link-layer Address option");
    public static final FieldDef DATA = FieldDef.of("icmpv6.data", "Data", FieldType.BYTES, "Message body not decoded further");

    public static final ExpertDef CHECKSUM_BAD = new ExpertDef("icmpv6.checksum.bad", ExpertGroup.CHECKSUM, Severity.WARN,
            "Bad checksum 0x%04x [should be 0x%04x]");
    public static final ExpertDef MTU_BELOW_MINIMUM = new ExpertDef("icmpv6.mtu.below_minimum", ExpertGroup.PROTOCOL, Severity.WARN,
            "Packet Too Big reports MTU %d, below the IPv6 minimum link MTU of 1280 (RFC 8200 section 5)");
    public static final ExpertDef MTU_JUMBO = new ExpertDef("icmpv6.mtu.jumbo", ExpertGroup.JUMBO, Severity.NOTE,
            "Packet Too Big reports MTU %d, over 65535: only jumbograms can fill such a link (RFC 2675 section 5)");
    public static final ExpertDef POINTER_JUMBO = new ExpertDef("icmpv6.pointer.jumbo", ExpertGroup.JUMBO, Severity.NOTE,
            "Parameter Problem points at %s of the invoking packet: the receiver rejected its jumbogram encoding (RFC 2675 section 3)");
    public static final ExpertDef OPTION_LENGTH_ZERO = new ExpertDef("icmpv6.opt.length_zero", ExpertGroup.MALFORMED, Severity.ERROR,
            "Neighbor Discovery option of length 0 (RFC 4861 section 4.6): the options cannot be parsed further");
    public static final ExpertDef OPTION_OVERRUN = new ExpertDef("icmpv6.opt.overrun", ExpertGroup.MALFORMED, Severity.ERROR,
            "Neighbor Discovery option of %d bytes runs past the message end (%d bytes left)");

    static final Map<Integer, Map<Long, String>> CODE_NAMES = Map.of(
            DEST_UNREACHABLE, Map.of(0L, "no route to destination", 1L, "communication with destination administratively prohibited",
                    2L, "beyond scope of source address", 3L, "address unreachable", 4L, "port unreachable",
                    5L, "source address failed ingress/egress policy", 6L, "reject route to destination",
                    7L, "error in Source Routing Header", 8L, "headers too long"),
            TIME_EXCEEDED, Map.of(0L, "hop limit exceeded in transit", 1L, "fragment reassembly time exceeded"),
            PARAMETER_PROBLEM, Map.ofEntries(Map.entry(0L, "erroneous header field encountered"),
                    Map.entry(1L, "unrecognized Next Header type encountered"), Map.entry(2L, "unrecognized IPv6 option encountered"),
                    Map.entry(3L, "IPv6 First Fragment has incomplete IPv6 Header Chain"),
                    Map.entry(4L, "SR Upper-layer Header Error"),
                    Map.entry(5L, "unrecognized Next Header type encountered by intermediate node"),
                    Map.entry(6L, "extension header too big"), Map.entry(7L, "extension header chain too long"),
                    Map.entry(8L, "too many extension headers"), Map.entry(9L, "too many options in extension header"),
                    Map.entry(10L, "option too big")));

    private Icmpv6Fields() {
    }
}
