package org.jumbocap.proto.tcp;

import java.util.Map;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/** TCP fields (Wireshark's names) and expert items, declared once; conversation analysis in {@link TcpAnalysisFields}. */
public final class TcpFields {
    public static final FieldDef TCP = FieldDef.protocol("tcp", "Transmission Control Protocol");
    public static final FieldDef SRCPORT = FieldDef.of("tcp.srcport", "Source Port", FieldType.UINT16, "Source port");
    public static final FieldDef DSTPORT = FieldDef.of("tcp.dstport", "Destination Port", FieldType.UINT16, "Destination port");
    public static final FieldDef PORT = FieldDef.of("tcp.port", "Source or Destination Port", FieldType.UINT16, "Either port (hidden, for filters)");
    public static final FieldDef SEQ_RAW = FieldDef.of("tcp.seq_raw", "Sequence Number (raw)", FieldType.UINT32, "Sequence number as sent");
    public static final FieldDef ACK_RAW = FieldDef.of("tcp.ack_raw", "Acknowledgment number (raw)", FieldType.UINT32, "Acknowledgment number as sent");
    public static final FieldDef HDR_LEN = FieldDef.of("tcp.hdr_len", "Header Length", FieldType.UINT8, "Data offset times 4, in bytes");
    public static final FieldDef FLAGS = FieldDef.of("tcp.flags", "Flags", FieldType.UINT16, Base.HEX, "The 12 flag bits");
    public static final FieldDef FLAGS_RES = FieldDef.of("tcp.flags.res", "Reserved", FieldType.BOOLEAN, "Reserved bits (0xe00)");
    public static final FieldDef FLAGS_AE = FieldDef.of("tcp.flags.ae", "Accurate ECN", FieldType.BOOLEAN, "AE, formerly NS (0x100)");
    public static final FieldDef FLAGS_CWR = FieldDef.of("tcp.flags.cwr", "Congestion Window Reduced", FieldType.BOOLEAN, "CWR (0x080)");
    public static final FieldDef FLAGS_ECE = FieldDef.of("tcp.flags.ece", "ECN-Echo", FieldType.BOOLEAN, "ECE (0x040)");
    public static final FieldDef FLAGS_URG = FieldDef.of("tcp.flags.urg", "Urgent", FieldType.BOOLEAN, "URG (0x020)");
    public static final FieldDef FLAGS_ACK = FieldDef.of("tcp.flags.ack", "Acknowledgment", FieldType.BOOLEAN, "ACK (0x010)");
    public static final FieldDef FLAGS_PUSH = FieldDef.of("tcp.flags.push", "Push", FieldType.BOOLEAN, "PSH (0x008)");
    public static final FieldDef FLAGS_RESET = FieldDef.of("tcp.flags.reset", "Reset", FieldType.BOOLEAN, "RST (0x004)");
    public static final FieldDef FLAGS_SYN = FieldDef.of("tcp.flags.syn", "Syn", FieldType.BOOLEAN, "SYN (0x002)");
    public static final FieldDef FLAGS_FIN = FieldDef.of("tcp.flags.fin", "Fin", FieldType.BOOLEAN, "FIN (0x001)");
    public static final FieldDef FLAGS_STR = FieldDef.of("tcp.flags.str", "TCP Flags", FieldType.STRING, "Flags as letters, RRRNCEUAPRSF, a dot for each clear bit");
    public static final FieldDef WINDOW_SIZE_VALUE = FieldDef.of("tcp.window_size_value", "Window", FieldType.UINT16, "Window field as sent (unscaled)");
    public static final FieldDef CHECKSUM = FieldDef.of("tcp.checksum", "Checksum", FieldType.UINT16, Base.HEX, "Checksum field");
    public static final FieldDef CHECKSUM_STATUS = FieldDef.of("tcp.checksum.status", "Checksum Status", FieldType.UINT8,
            "0 bad, 1 good, 2 unverified, 5 offloaded (pseudo-header sum left for the NIC)").withValueNames(ChecksumVerdict.valueNames());
    public static final FieldDef CHECKSUM_CALCULATED = FieldDef.of("tcp.checksum_calculated", "Calculated Checksum", FieldType.UINT16, Base.HEX,
            "The checksum the segment's bytes and pseudo-header call for");
    public static final FieldDef URGENT_POINTER = FieldDef.of("tcp.urgent_pointer", "Urgent Pointer", FieldType.UINT16, "Urgent pointer");
    public static final FieldDef OPTIONS = FieldDef.of("tcp.options", "TCP Options", FieldType.BYTES, "All option bytes");
    public static final FieldDef OPTION_KIND = FieldDef.of("tcp.option_kind", "Kind", FieldType.UINT8, "Option kind")
            .withValueNames(optionNames());
    public static final FieldDef OPTION_LEN = FieldDef.of("tcp.option_len", "Length", FieldType.UINT8, "Option length, kind and length bytes included");
    public static final FieldDef OPT_EOL = FieldDef.of("tcp.options.eol", "TCP Option - End of Option List (EOL)", FieldType.NONE, "End of option list");
    public static final FieldDef OPT_NOP = FieldDef.of("tcp.options.nop", "TCP Option - No-Operation (NOP)", FieldType.NONE, "No-operation padding");
    public static final FieldDef OPT_MSS = FieldDef.of("tcp.options.mss", "TCP Option - Maximum segment size", FieldType.NONE, "MSS option");
    public static final FieldDef MSS_VAL = FieldDef.of("tcp.options.mss_val", "MSS Value", FieldType.UINT16, "Maximum segment size");
    public static final FieldDef OPT_WSCALE = FieldDef.of("tcp.options.wscale", "TCP Option - Window scale", FieldType.NONE, "Window scale option");
    public static final FieldDef WSCALE_SHIFT = FieldDef.of("tcp.options.wscale.shift", "Shift count", FieldType.UINT8, "Window scale shift");
    public static final FieldDef WSCALE_MULTIPLIER = FieldDef.of("tcp.options.wscale.multiplier", "Multiplier", FieldType.UINT16, "2 to the shift count");
    public static final FieldDef OPT_SACK_PERM = FieldDef.of("tcp.options.sack_perm", "TCP Option - SACK permitted", FieldType.NONE, "SACK permitted option");
    public static final FieldDef OPT_SACK = FieldDef.of("tcp.options.sack", "TCP Option - SACK", FieldType.NONE, "SACK blocks");
    public static final FieldDef SACK_LE = FieldDef.of("tcp.options.sack_le", "TCP SACK Left Edge", FieldType.UINT32, "SACK block left edge (raw)");
    public static final FieldDef SACK_RE = FieldDef.of("tcp.options.sack_re", "TCP SACK Right Edge", FieldType.UINT32, "SACK block right edge (raw)");
    public static final FieldDef SACK_COUNT = FieldDef.of("tcp.options.sack.count", "TCP SACK Count", FieldType.UINT8, "Number of SACK blocks");
    public static final FieldDef OPT_TIMESTAMP = FieldDef.of("tcp.options.timestamp", "TCP Option - Timestamps", FieldType.NONE, "Timestamps option");
    public static final FieldDef TSVAL = FieldDef.of("tcp.options.timestamp.tsval", "Timestamp value", FieldType.UINT32, "TSval");
    public static final FieldDef TSECR = FieldDef.of("tcp.options.timestamp.tsecr", "Timestamp echo reply", FieldType.UINT32, "TSecr");
    public static final FieldDef OPT_TFO = FieldDef.of("tcp.options.tfo", "TCP Option - TCP Fast Open", FieldType.NONE, "TCP Fast Open option (kind 34)");
    public static final FieldDef TFO_REQUEST = FieldDef.of("tcp.options.tfo.request", "Fast Open Cookie Request", FieldType.NONE, "Empty TFO option: a cookie request");
    public static final FieldDef TFO_COOKIE = FieldDef.of("tcp.options.tfo.cookie", "Fast Open Cookie", FieldType.BYTES, "TFO cookie");
    public static final FieldDef OPT_MPTCP = FieldDef.of("tcp.options.mptcp", "TCP Option - Multipath TCP", FieldType.NONE, "Multipath TCP option (kind 30)");
    public static final FieldDef MPTCP_SUBTYPE = FieldDef.of("tcp.options.mptcp.subtype", "Multipath TCP subtype", FieldType.UINT8, "MPTCP option subtype (high nibble)")
            .withValueNames(Map.of(0L, "Multipath Capable", 1L, "Join Connection", 2L, "Data Sequence Signal", 3L, "Add Address",
                    4L, "Remove Address", 5L, "Change Subflow Priority", 6L, "Fallback", 7L, "Fast Close", 8L, "Subflow Reset"));
    public static final FieldDef OPTION_DATA = FieldDef.of("tcp.options.data", "Option data", FieldType.BYTES, "Bytes of an option shown raw");
    public static final FieldDef OPT_UNKNOWN = FieldDef.of("tcp.options.unknown", "TCP Option - Unknown", FieldType.NONE, "Option of a kind jumbocap does not decode");
    public static final FieldDef LEN = FieldDef.of("tcp.len", "TCP Segment Len", FieldType.UINT32,
            "Segment data length: upper-layer length less the header (32-bit for jumbograms and BIG TCP)");
    public static final FieldDef PAYLOAD = FieldDef.of("tcp.payload", "TCP payload", FieldType.BYTES, "Segment data (the captured part)");
    public static final FieldDef SEGMENT_DATA = FieldDef.of("tcp.segment_data", "TCP segment data", FieldType.BYTES,
            "Bytes of a message that TCP reassembly completes in a later frame");
    /**
     * tshark's Info for a segment whose payload only begins or continues a message completed later: all of
     * it where the payload begins the message, after TCP's own where it continues one.
     */
    public static final String SEGMENT_OF_A_PDU = "[TCP segment of a reassembled PDU]";
    public static final FieldDef SEGMENTS = FieldDef.of("tcp.segments", "Reassembled TCP Segments", FieldType.NONE,
            "The segments a message was gathered from, decoded whole in this frame");
    public static final FieldDef SEGMENT = FieldDef.of("tcp.segment", "TCP Segment", FieldType.UINT64,
            "Frame number of a segment the reassembled message came from");
    public static final FieldDef SEGMENT_COUNT = FieldDef.of("tcp.segment.count", "Segment count", FieldType.UINT32,
            "Segments the reassembled message came from");
    public static final FieldDef REASSEMBLED_LENGTH = FieldDef.of("tcp.reassembled.length", "Reassembled TCP length", FieldType.UINT32,
            "Bytes of the reassembled message");

    // the connection's flags, as Wireshark's TCP dissector marks them on every SYN, SYN+ACK, FIN and RST
    public static final ExpertDef CONNECTION_SYN = new ExpertDef("tcp.connection.syn", ExpertGroup.SEQUENCE, Severity.CHAT,
            "Connection establish request (SYN): server port %d");
    public static final ExpertDef CONNECTION_SYN_ACK = new ExpertDef("tcp.connection.synack", ExpertGroup.SEQUENCE, Severity.CHAT,
            "Connection establish acknowledge (SYN+ACK): server port %d");
    public static final ExpertDef CONNECTION_FIN = new ExpertDef("tcp.connection.fin", ExpertGroup.SEQUENCE, Severity.CHAT,
            "Connection finish (FIN)");
    public static final ExpertDef CONNECTION_RST = new ExpertDef("tcp.connection.rst", ExpertGroup.SEQUENCE, Severity.WARN,
            "Connection reset (RST)");
    public static final ExpertDef ACK_NONZERO = new ExpertDef("tcp.ack.nonzero", ExpertGroup.PROTOCOL, Severity.NOTE,
            "The acknowledgment number field is nonzero while the ACK flag is not set");
    public static final ExpertDef HDR_LEN_TOO_SMALL = new ExpertDef("tcp.hdr_len.too_small", ExpertGroup.MALFORMED, Severity.ERROR,
            "Bogus TCP header length %d: must be at least 20");
    public static final ExpertDef HDR_LEN_BEYOND_SEGMENT = new ExpertDef("tcp.hdr_len.beyond_segment", ExpertGroup.MALFORMED, Severity.ERROR,
            "TCP header length %d exceeds the %d bytes the IP layer gave the segment");
    public static final ExpertDef OPTION_LEN_INVALID = new ExpertDef("tcp.option.len_invalid", ExpertGroup.MALFORMED, Severity.ERROR,
            "Option %s has length %d (at least 2): the rest of the options cannot be parsed");
    public static final ExpertDef OPTION_OVERRUN = new ExpertDef("tcp.option.overrun", ExpertGroup.MALFORMED, Severity.ERROR,
            "Option %s of length %d runs past the end of the TCP header (%d bytes left)");
    public static final ExpertDef OPTION_LEN_WRONG = new ExpertDef("tcp.option.len_wrong", ExpertGroup.MALFORMED, Severity.WARN,
            "Option %s has length %d; it should be %s");
    public static final ExpertDef WSCALE_SHIFT_INVALID = new ExpertDef("tcp.options.wscale.shift.invalid", ExpertGroup.PROTOCOL, Severity.WARN,
            "Window scale shift %d exceeds 14 (RFC 7323)");
    public static final ExpertDef CHECKSUM_BAD = new ExpertDef("tcp.checksum.bad", ExpertGroup.CHECKSUM, Severity.WARN,
            "Bad checksum 0x%04x [should be 0x%04x]");
    public static final ExpertDef CHECKSUM_OFFLOADED = new ExpertDef("tcp.checksum.offloaded", ExpertGroup.CHECKSUM, Severity.CHAT,
            "Checksum 0x%04x is the pseudo-header sum left for the NIC (checksum offload on the capturing host); the full checksum would be 0x%04x");
    public static final ExpertDef CHECKSUM_OFFLOADED_UNVERIFIED = new ExpertDef("tcp.checksum.offloaded_unverified", ExpertGroup.CHECKSUM, Severity.CHAT,
            "Checksum 0x%04x is the pseudo-header sum left for the NIC (checksum offload on the capturing host); the full checksum was not computed (--verify-checksums computes it)");
    public static final ExpertDef CHECKSUM_OFFLOADED_UNCAPTURED = new ExpertDef("tcp.checksum.offloaded_uncaptured", ExpertGroup.CHECKSUM, Severity.CHAT,
            "Checksum 0x%04x is the pseudo-header sum left for the NIC (checksum offload on the capturing host); the full checksum is unknown: the super-packet was not all captured");
    public static final ExpertDef REASSEMBLY_GAP = new ExpertDef("tcp.reassembly.gap", ExpertGroup.SEQUENCE, Severity.WARN,
            "%d bytes not decoded: the stream has a gap before them (a lost segment, or the capture began mid-stream); decoding resumes at the next message boundary");
    public static final ExpertDef REASSEMBLY_TOO_LONG = new ExpertDef("tcp.reassembly.too_long", ExpertGroup.UNDECODED, Severity.WARN,
            "A message of %d bytes is longer than TCP reassembly gathers: its bytes are passed over, not decoded");

    private TcpFields() {
    }

    private static Map<Long, String> optionNames() {
        return Map.ofEntries(Map.entry(0L, "End of Option List"), Map.entry(1L, "No-Operation (NOP)"),
                Map.entry(2L, "Maximum Segment Size"), Map.entry(3L, "Window Scale"), Map.entry(4L, "SACK Permitted"),
                Map.entry(5L, "SACK"), Map.entry(8L, "Time Stamp Option"), Map.entry(28L, "User Timeout"),
                Map.entry(29L, "TCP Authentication Option"), Map.entry(30L, "Multipath TCP"), Map.entry(34L, "TCP Fast Open Cookie"),
                Map.entry(253L, "RFC3692-style Experiment 1"), Map.entry(254L, "RFC3692-style Experiment 2"));
    }
}
