package org.jumbocap.proto.ntp;

import java.util.Map;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/** NTP (RFC 5905) header fields, Wireshark's names, and expert items. */
public final class NtpFields {
    static final Map<Long, String> LEAP = Map.of(0L, "no warning", 1L, "last minute of the day has 61 seconds",
            2L, "last minute of the day has 59 seconds", 3L, "unknown (clock unsynchronized)");
    static final Map<Long, String> VERSIONS = Map.of(0L, "reserved", 1L, "NTP Version 1", 2L, "NTP Version 2",
            3L, "NTP Version 3", 4L, "NTP Version 4", 5L, "reserved", 6L, "reserved", 7L, "reserved");
    static final Map<Long, String> MODES = Map.of(0L, "reserved", 1L, "symmetric active", 2L, "symmetric passive",
            3L, "client", 4L, "server", 5L, "broadcast", 6L, "reserved for NTP control message", 7L, "reserved for private use");

    public static final FieldDef NTP = FieldDef.protocol("ntp", "Network Time Protocol");
    public static final FieldDef FLAGS = FieldDef.of("ntp.flags", "Flags", FieldType.UINT8, Base.HEX, "Leap indicator, version and mode");
    public static final FieldDef FLAGS_LI = FieldDef.of("ntp.flags.li", "Leap Indicator", FieldType.UINT8, "LI: a leap second ahead")
            .withValueNames(LEAP);
    public static final FieldDef FLAGS_VN = FieldDef.of("ntp.flags.vn", "Version number", FieldType.UINT8, "VN: protocol version")
            .withValueNames(VERSIONS);
    public static final FieldDef FLAGS_MODE = FieldDef.of("ntp.flags.mode", "Mode", FieldType.UINT8, "Association mode")
            .withValueNames(MODES);
    public static final FieldDef STRATUM = FieldDef.of("ntp.stratum", "Peer Clock Stratum", FieldType.UINT8, "Distance from the reference clock");
    public static final FieldDef PPOLL = FieldDef.of("ntp.ppoll", "Peer Polling Interval", FieldType.UINT8, "Log2 of the poll interval in seconds");
    /** A signed log2 of seconds; tshark's {@code -T fields} prints the byte as unsigned, and so does this. */
    public static final FieldDef PRECISION = FieldDef.of("ntp.precision", "Peer Clock Precision", FieldType.UINT8,
            "Log2 of the clock's precision in seconds (signed)");
    /** 16.16 fixed-point seconds; the field's value is the raw word, as tshark's {@code -T fields} prints it. */
    public static final FieldDef ROOTDELAY = FieldDef.of("ntp.rootdelay", "Root Delay", FieldType.UINT32,
            "Round-trip delay to the reference clock, 16.16 fixed-point seconds");
    public static final FieldDef ROOTDISPERSION = FieldDef.of("ntp.rootdispersion", "Root Dispersion", FieldType.UINT32,
            "Dispersion to the reference clock, 16.16 fixed-point seconds");
    public static final FieldDef REFID = FieldDef.of("ntp.refid", "Reference ID", FieldType.BYTES,
            "Reference clock: an ASCII code at stratum 0-1, the server's IPv4 address (or an IPv6 hash) above");
    public static final FieldDef REFTIME = FieldDef.of("ntp.reftime", "Reference Timestamp", FieldType.TIMESTAMP,
            "When the clock was last set");
    public static final FieldDef ORG = FieldDef.of("ntp.org", "Origin Timestamp", FieldType.TIMESTAMP,
            "The client's transmit time the reply answers");
    public static final FieldDef REC = FieldDef.of("ntp.rec", "Receive Timestamp", FieldType.TIMESTAMP, "When the request arrived");
    public static final FieldDef XMT = FieldDef.of("ntp.xmt", "Transmit Timestamp", FieldType.TIMESTAMP, "When this packet left");

    public static final ExpertDef SHORT = new ExpertDef("ntp.short", ExpertGroup.MALFORMED, Severity.ERROR,
            "NTP packet of %d bytes is shorter than the %d-byte header: decoded as far as it goes");

    private NtpFields() {
    }
}
