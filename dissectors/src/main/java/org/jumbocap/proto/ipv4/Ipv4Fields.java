package org.jumbocap.proto.ipv4;

import java.util.Map;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;
import org.jumbocap.proto.ip.IpProtocols;

/** IPv4 fields (Wireshark's names) and findings. */
public final class Ipv4Fields {
    /** Wireshark's checksum status numbers: 0 bad, 1 good, 2 unverified (header not fully captured). */
    public static final long CHECKSUM_BAD = 0;
    public static final long CHECKSUM_GOOD = 1;
    public static final long CHECKSUM_UNVERIFIED = 2;

    public static final FieldDef IP = FieldDef.protocol("ip", "Internet Protocol Version 4");
    public static final FieldDef VERSION = FieldDef.of("ip.version", "Version", FieldType.UINT8, "IP version (4)");
    public static final FieldDef HDR_LEN = FieldDef.of("ip.hdr_len", "Header Length", FieldType.UINT8, "Header length in bytes (IHL times 4)");
    public static final FieldDef DSFIELD = FieldDef.of("ip.dsfield", "Differentiated Services Field", FieldType.UINT8, Base.HEX,
            "DSCP and ECN byte");
    public static final FieldDef DSFIELD_DSCP = FieldDef.of("ip.dsfield.dscp", "Differentiated Services Codepoint", FieldType.UINT8,
            "DSCP (6 bits)");
    public static final FieldDef DSFIELD_ECN = FieldDef.of("ip.dsfield.ecn", "Explicit Congestion Notification", FieldType.UINT8,
            "ECN (2 bits)").withValueNames(Map.of(0L, "Not-ECT", 1L, "ECT(1)", 2L, "ECT(0)", 3L, "CE"));
    public static final FieldDef LEN = FieldDef.of("ip.len", "Total Length", FieldType.UINT16,
            "Total length field as sent (0 on Linux BIG TCP super-packets)");
    public static final FieldDef ID = FieldDef.of("ip.id", "Identification", FieldType.UINT16, Base.HEX, "Identification");
    public static final FieldDef FLAGS = FieldDef.of("ip.flags", "Flags", FieldType.UINT8, Base.HEX,
            "The three flag bits as a number, as Wireshark shows them (0x2 = don't fragment)");
    public static final FieldDef FLAGS_RB = FieldDef.of("ip.flags.rb", "Reserved bit", FieldType.BOOLEAN, "Reserved (evil) bit");
    public static final FieldDef FLAGS_DF = FieldDef.of("ip.flags.df", "Don't fragment", FieldType.BOOLEAN, "Don't fragment");
    public static final FieldDef FLAGS_MF = FieldDef.of("ip.flags.mf", "More fragments", FieldType.BOOLEAN, "More fragments follow");
    public static final FieldDef FRAG_OFFSET = FieldDef.of("ip.frag_offset", "Fragment Offset", FieldType.UINT16,
            "Fragment offset in bytes");
    public static final FieldDef TTL = FieldDef.of("ip.ttl", "Time to Live", FieldType.UINT8, "Time to live");
    public static final FieldDef PROTO = FieldDef.of("ip.proto", "Protocol", FieldType.UINT8, "Protocol of the payload")
            .withValueNames(IpProtocols.NAMES);
    public static final FieldDef CHECKSUM = FieldDef.of("ip.checksum", "Header Checksum", FieldType.UINT16, Base.HEX, "Header checksum");
    public static final FieldDef CHECKSUM_STATUS = FieldDef.of("ip.checksum.status", "Header checksum status", FieldType.UINT8,
            "0 bad, 1 good, 2 unverified (Wireshark's numbers)")
            .withValueNames(Map.of(CHECKSUM_BAD, "Bad", CHECKSUM_GOOD, "Good", CHECKSUM_UNVERIFIED, "Unverified"));
    public static final FieldDef CHECKSUM_CALCULATED = FieldDef.of("ip.checksum_calculated", "Calculated Checksum", FieldType.UINT16,
            Base.HEX, "Checksum the header should carry");
    public static final FieldDef SRC = FieldDef.of("ip.src", "Source Address", FieldType.IPV4, "Source address");
    public static final FieldDef DST = FieldDef.of("ip.dst", "Destination Address", FieldType.IPV4, "Destination address");
    public static final FieldDef ADDR = FieldDef.of("ip.addr", "Source or Destination Address", FieldType.IPV4, "Either address");

    public static final FieldDef OPTIONS = FieldDef.of("ip.options", "Options", FieldType.NONE, "Options area of the header");
    public static final FieldDef OPT = FieldDef.of("ip.opt", "IP Option", FieldType.NONE, "One option");
    public static final FieldDef OPT_TYPE = FieldDef.of("ip.opt.type", "Type", FieldType.UINT8, "Option type")
            .withValueNames(Map.of(0L, "End of Options List (EOL)", 1L, "No-Operation (NOP)", 148L, "Router Alert",
                    7L, "Record Route", 68L, "Time Stamp", 131L, "Loose Source Route", 137L, "Strict Source Route"));
    public static final FieldDef OPT_TYPE_COPY = FieldDef.of("ip.opt.type.copy", "Copy on fragmentation", FieldType.BOOLEAN,
            "Option copied into every fragment");
    public static final FieldDef OPT_TYPE_CLASS = FieldDef.of("ip.opt.type.class", "Class", FieldType.UINT8, "Option class");
    public static final FieldDef OPT_TYPE_NUMBER = FieldDef.of("ip.opt.type.number", "Number", FieldType.UINT8, "Option number");
    public static final FieldDef OPT_LEN = FieldDef.of("ip.opt.len", "Length", FieldType.UINT8, "Option length, type and length bytes included");
    public static final FieldDef OPT_RA = FieldDef.of("ip.opt.ra", "Router Alert", FieldType.UINT16, "Router Alert value")
            .withValueNames(Map.of(0L, "Router shall examine packet"));
    public static final FieldDef OPT_DATA = FieldDef.of("ip.opt.data", "Data", FieldType.BYTES, "Option bytes not decoded further");
    public static final FieldDef OPT_PADDING = FieldDef.of("ip.opt.padding", "Padding", FieldType.BYTES, "Bytes after End of Options List");

    public static final ExpertDef BAD_VERSION = new ExpertDef("ip.version.bad", ExpertGroup.MALFORMED, Severity.ERROR,
            "IPv4 header with version %d");
    public static final ExpertDef BAD_HEADER_LENGTH = new ExpertDef("ip.hdr_len.bad", ExpertGroup.MALFORMED, Severity.ERROR,
            "Header length %d bytes is less than the 20-byte minimum");
    public static final ExpertDef LEN_ZERO_BIGTCP = new ExpertDef("ip.len.zero_bigtcp", ExpertGroup.JUMBO, Severity.NOTE,
            "IPv4 total length 0 on the wire: Linux BIG TCP super-packet; real total length %d (taken from the frame), payload %d after the header");
    public static final ExpertDef LEN_TOO_SMALL = new ExpertDef("ip.len.too_small", ExpertGroup.MALFORMED, Severity.ERROR,
            "Total length %d is less than the header length %d");
    public static final ExpertDef LEN_EXCEEDS_FRAME = new ExpertDef("ip.len.exceeds_frame", ExpertGroup.MALFORMED, Severity.ERROR,
            "Total length %d exceeds the %d bytes the frame carried");
    public static final ExpertDef LEN_IN_FRAGMENT = new ExpertDef("ip.len.in_fragment", ExpertGroup.PROTOCOL, Severity.NOTE,
            "Total length %d runs past the %d bytes of the enclosing IP fragment: the rest is in fragments not reassembled");
    public static final ExpertDef TRAILER = new ExpertDef("ip.len.trailer", ExpertGroup.PROTOCOL, Severity.NOTE,
            "%d bytes after the packet's total length %d (link-layer padding or trailer)");
    public static final ExpertDef CHECKSUM_BAD_EXPERT = new ExpertDef("ip.checksum.bad", ExpertGroup.CHECKSUM, Severity.ERROR,
            "Bad header checksum 0x%04x (should be 0x%04x)");
    public static final ExpertDef OPT_LEN_INVALID = new ExpertDef("ip.opt.len.invalid", ExpertGroup.MALFORMED, Severity.ERROR,
            "Option length %d is less than 2: options parsing stopped");
    public static final ExpertDef OPT_OVERRUN = new ExpertDef("ip.opt.overrun", ExpertGroup.MALFORMED, Severity.ERROR,
            "Option of %d bytes runs past the end of the header (%d bytes left)");
    public static final ExpertDef FRAGMENT = new ExpertDef("ip.fragment", ExpertGroup.PROTOCOL, Severity.NOTE,
            "Fragment at offset %d%s: not reassembled");
    public static final ExpertDef NON_FIRST_FRAGMENT = new ExpertDef("ip.fragment.non_first", ExpertGroup.PROTOCOL, Severity.NOTE,
            "Non-first fragment (offset %d): payload shown as data");

    private Ipv4Fields() {
    }
}
