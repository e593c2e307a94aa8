package org.jumbocap.export;

import java.util.List;

/**
 * The export schema: one row per frame, these columns in this order. The names, types and meanings are
 * stable; a later version may add columns at the end, never rename, retype or reorder one. Every writer
 * (Parquet, the Spark data source) and the documentation take the schema from here. "Innermost" is the IP
 * packet a tunnelled frame carries deepest, as in {@code read}'s summary line.
 */
public enum ExportColumn {
    FILE("file", ColumnType.STRING, false, "Capture file, as named on the command line or given to the reader"),
    FRAME_NUMBER("frame_number", ColumnType.INT64, false, "Frame number in its file, from 1 (frame.number)"),
    TIME("time", ColumnType.TIMESTAMP_MICROS, false, "Arrival time, UTC, to the microsecond"),
    TIME_NS("time_ns", ColumnType.INT64, false, "Arrival time in nanoseconds since the Unix epoch, UTC"),
    INTERFACE_ID("interface_id", ColumnType.INT32, false, "Capture interface within the file (pcapng IDB; 0 for pcap)"),
    LINK_TYPE("link_type", ColumnType.INT32, false, "LINKTYPE_ value (1 Ethernet, 113 SLL, 276 SLL2, ...)"),
    FRAME_LENGTH("frame_length", ColumnType.INT64, false, "Length on the wire, as the file reports it (frame.len)"),
    CAPTURED_LENGTH("captured_length", ColumnType.INT32, false, "Bytes captured (frame.cap_len)"),
    CUT("cut", ColumnType.BOOLEAN, false, "True when the snaplen kept fewer bytes than the frame had (frame.cut)"),
    IP_VERSION("ip_version", ColumnType.INT32, true, "4 or 6 for the innermost IP header; null without IP"),
    SRC_ADDR("src_addr", ColumnType.STRING, true, "Innermost source address (ip.src / ipv6.src, RFC 5952 text)"),
    DST_ADDR("dst_addr", ColumnType.STRING, true, "Innermost destination address"),
    IP_PROTO("ip_proto", ColumnType.INT32, true, "Transport protocol after the extension headers (6 TCP, 17 UDP, 58 ICMPv6)"),
    SRC_PORT("src_port", ColumnType.INT32, true, "TCP or UDP source port of the innermost packet"),
    DST_PORT("dst_port", ColumnType.INT32, true, "TCP or UDP destination port of the innermost packet"),
    TUNNEL_KIND("tunnel_kind", ColumnType.STRING, true, "Innermost tunnel: vxlan, geneve or ip-in-ip; null when not tunnelled"),
    TUNNEL_VNI("tunnel_vni", ColumnType.INT32, true, "VNI of the innermost VXLAN or Geneve header (vxlan.vni, geneve.vni)"),
    TUNNEL_DEPTH("tunnel_depth", ColumnType.INT32, false, "Tunnels around the innermost IP packet (0 for none)"),
    JUMBO_KIND("jumbo_kind", ColumnType.STRING, true,
            "ipv6-hbh, ipv6-zero-length or ipv4-zero-length for a jumbogram or BIG TCP super-packet (jumbo.kind)"),
    IP_PAYLOAD_LENGTH("ip_payload_length", ColumnType.INT64, true,
            "Real layer-3 payload length after the fixed IP header, jumbo-aware (jumbo.length on a jumbogram)"),
    TCP_FLAGS("tcp_flags", ColumnType.INT32, true, "The 12 TCP flag bits (tcp.flags: 0x002 SYN, 0x010 ACK, ...)"),
    TCP_SEQ("tcp_seq", ColumnType.INT64, true, "Raw TCP sequence number (tcp.seq_raw)"),
    TCP_ACK("tcp_ack", ColumnType.INT64, true, "Raw TCP acknowledgment number (tcp.ack_raw)"),
    TCP_WINDOW("tcp_window", ColumnType.INT32, true, "TCP window field, unscaled (tcp.window_size_value)"),
    PAYLOAD_LENGTH("payload_length", ColumnType.INT64, true,
            "TCP segment data (tcp.len) or UDP data of the innermost packet, jumbo-aware"),
    TCP_SEGMENTS("tcp_segments", ColumnType.INT32, true,
            "Segments the TCP payload stands for: payload / (MSS in force less this header's options), rounded up;"
                    + " 0 without payload; null when no SYN of the flow with an MSS option was in the file"),
    TCP_CHECKSUM("tcp_checksum", ColumnType.STRING, true,
            "good, bad, offloaded (the pseudo-header sum left for the NIC) or unverified (bytes not all captured,"
                    + " or not verified); null without a complete TCP header"),
    EXPERT_IDS("expert_ids", ColumnType.STRING_LIST, false, "Every expert item's id, in tree order (expert.id)"),
    TCP_STREAM("tcp_stream", ColumnType.INT64, true, "TCP conversation index (tcp.stream)"),
    TCP_ANALYSIS("tcp_analysis", ColumnType.STRING_LIST, true,
            "TCP analysis flags set on the frame, by filter name (tcp.analysis.retransmission, ...)"),
    PACKET_FLAGS("packet_flags", ColumnType.INT64, true,
            "The pcapng epb_flags word (frame.packet_flags); null when the file recorded none"),
    DIRECTION("direction", ColumnType.STRING, true,
            "inbound, outbound or unknown, from epb_flags bits 0-1 (frame.packet_flags_direction); null without flags"),
    GSO_TYPE("gso_type", ColumnType.STRING, true,
            "The kernel's gso_type by name: none, tcpv4, tcpv6, udp or udp_l4, the ECN bit adding a suffix (frame.gso.type); null when not recorded"),
    GSO_SIZE("gso_size", ColumnType.INT32, true,
            "Payload bytes per segment GSO/TSO cuts at, as the kernel recorded it (frame.gso.size); null when not recorded"),
    GSO_SEGMENTS("gso_segments", ColumnType.INT32, true,
            "Segments or UDP datagrams the transport payload becomes at gso_size (frame.gso.segments); null unless"
                    + " the frame is a recorded super-packet"),
    APP_PROTOCOL("app_protocol", ColumnType.STRING, true,
            "The Protocol column, the frame's highest layer as read's summary line names it (ARP, DNS, TLSv1.3,"
                    + " TCP, ...; _ws.col.Protocol); with TCP reassembly, TCP for a segment whose record completes later");

    private static final List<ExportColumn> ALL = List.of(values());

    private final String columnName;
    private final ColumnType type;
    private final boolean nullable;
    private final String description;

    ExportColumn(String columnName, ColumnType type, boolean nullable, String description) {
        this.columnName = columnName;
        this.type = type;
        this.nullable = nullable;
        this.description = description;
    }

    /** Every column, in schema order. */
    public static List<ExportColumn> all() {
        return ALL;
    }

    /** The column's name in the table. */
    public String columnName() {
        return columnName;
    }

    public ColumnType type() {
        return type;
    }

    public boolean nullable() {
        return nullable;
    }

    public String description() {
        return description;
    }

    /** The column of this name, or null. */
    public static ExportColumn named(String name) {
        for (ExportColumn c : ALL) {
            if (c.columnName.equals(name)) {
                return c;
            }
        }
        return null;
    }
}
