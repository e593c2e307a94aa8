package org.jumbocap.dissect;

import java.util.HashMap;
import java.util.Map;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;
import org.jumbocap.io.VnetHeader;

/** The {@code frame} pseudo-layer, undecoded data, and the findings the engine itself makes. */
public final class FrameFields {
    public static final FieldDef FRAME = FieldDef.protocol("frame", "Frame");
    public static final FieldDef NUMBER = FieldDef.of("frame.number", "Frame Number", FieldType.UINT64, "Frame number, from 1");
    public static final FieldDef TIME = FieldDef.of("frame.time", "Arrival Time", FieldType.TIMESTAMP, "Absolute arrival time");
    public static final FieldDef TIME_EPOCH = FieldDef.of("frame.time_epoch", "Epoch Arrival Time", FieldType.DOUBLE, "Seconds since the Unix epoch");
    public static final FieldDef TIME_RELATIVE = FieldDef.of("frame.time_relative", "Time since first frame", FieldType.DOUBLE, "Seconds since the first frame");
    public static final FieldDef TIME_DELTA = FieldDef.of("frame.time_delta", "Time delta from previous frame", FieldType.DOUBLE, "Seconds since the previous frame");
    public static final FieldDef INTERFACE_ID = FieldDef.of("frame.interface_id", "Interface id", FieldType.UINT32, "Capture interface within the file");
    public static final FieldDef LINK_TYPE = FieldDef.of("frame.link_type", "Link type", FieldType.UINT32, "LINKTYPE_ value of the frame");
    public static final FieldDef LEN = FieldDef.of("frame.len", "Frame Length", FieldType.UINT32, "Length on the wire as the capture reports it");
    public static final FieldDef CAP_LEN = FieldDef.of("frame.cap_len", "Capture Length", FieldType.UINT32, "Bytes captured");
    public static final FieldDef CUT = FieldDef.of("frame.cut", "Cut by snaplen", FieldType.BOOLEAN, "True when the capture kept fewer bytes than the frame had");
    public static final FieldDef SNAPLEN_EXCEEDED = FieldDef.of("frame.snaplen_exceeded", "Declared snaplen exceeded", FieldType.UINT32,
            "The snaplen the file declares, present when the record holds more bytes than it");
    /*
     * The kernel's per-frame facts, present only when the file or the capture source recorded them: the
     * pcapng epb_flags word (Wireshark's names and values) and the virtio_net_hdr of jumbocap's custom option.
     */
    public static final FieldDef PACKET_FLAGS = FieldDef.of("frame.packet_flags", "Packet flags", FieldType.UINT32, Base.HEX,
            "The pcapng epb_flags word");
    public static final FieldDef PACKET_FLAGS_DIRECTION = FieldDef.of("frame.packet_flags_direction", "Direction",
            FieldType.UINT32, Base.HEX, "epb_flags bits 0-1: 0 not available, 1 inbound, 2 outbound").withValueNames(Map.of(
            0L, "Information not available", 1L, "Inbound", 2L, "Outbound", 3L, "Invalid"));
    public static final FieldDef PACKET_FLAGS_RECEPTION_TYPE = FieldDef.of("frame.packet_flags_reception_type",
            "Reception type", FieldType.UINT32, "epb_flags bits 2-4").withValueNames(Map.of(
            0L, "Not specified", 1L, "Unicast", 2L, "Multicast", 3L, "Broadcast", 4L, "Promiscuous"));
    public static final FieldDef OFFLOAD_CHECKSUM_NOT_READY = FieldDef.of("frame.offload.checksum_not_ready",
            "Checksum not ready", FieldType.BOOLEAN, "epb_flags bit 9: the sending host left the checksum to the NIC");
    public static final FieldDef OFFLOAD_CHECKSUM_VALID = FieldDef.of("frame.offload.checksum_valid", "Checksum valid",
            FieldType.BOOLEAN, "epb_flags bit 10: the receiving NIC or kernel verified the checksum");
    public static final FieldDef OFFLOAD_TSO = FieldDef.of("frame.offload.tso", "TCP segmentation offloaded",
            FieldType.BOOLEAN, "epb_flags bit 11: a super-packet the NIC or GSO cuts into segments");
    public static final FieldDef GSO = FieldDef.of("frame.gso", "Segmentation offload (virtio_net_hdr)", FieldType.NONE,
            "What the kernel knew about the frame's offloads");
    public static final FieldDef GSO_TYPE = FieldDef.of("frame.gso.type", "GSO type", FieldType.UINT8, Base.HEX,
            "virtio_net_hdr gso_type: 0 none, 1 tcpv4, 3 udp, 4 tcpv6, 5 udp_l4, 0x80 ecn").withValueNames(gsoTypeNames());
    public static final FieldDef GSO_SIZE = FieldDef.of("frame.gso.size", "GSO size", FieldType.UINT16,
            "Payload bytes per segment the kernel or NIC cuts the super-packet at");
    public static final FieldDef GSO_SEGMENTS = FieldDef.of("frame.gso.segments", "Segments", FieldType.UINT32,
            "Segments (or UDP datagrams) the transport payload becomes at the GSO size");
    public static final FieldDef GSO_HDR_LEN = FieldDef.of("frame.gso.hdr_len", "Header length", FieldType.UINT16,
            "virtio_net_hdr hdr_len: the headers repeated in every segment (may be 0 or approximate)");
    public static final FieldDef GSO_FLAGS = FieldDef.of("frame.gso.flags", "Flags", FieldType.UINT8, Base.HEX,
            "virtio_net_hdr flags: 0x01 needs checksum, 0x02 data valid");
    public static final FieldDef GSO_CSUM_START = FieldDef.of("frame.gso.csum_start", "Checksum start", FieldType.UINT16,
            "Frame offset where the checksummed part starts, with the needs-checksum flag");
    public static final FieldDef GSO_CSUM_OFFSET = FieldDef.of("frame.gso.csum_offset", "Checksum offset", FieldType.UINT16,
            "Where the checksum field lies after the checksum start, with the needs-checksum flag");
    public static final FieldDef PROTOCOLS = FieldDef.of("frame.protocols", "Protocols in frame", FieldType.STRING, "Layers found, colon separated");

    public static final FieldDef DATA = FieldDef.protocol("data", "Data");
    public static final FieldDef DATA_DATA = FieldDef.of("data.data", "Data", FieldType.BYTES, "Undecoded bytes");
    public static final FieldDef DATA_LEN = FieldDef.of("data.len", "Length", FieldType.UINT32, "Number of undecoded bytes");

    public static final ExpertDef CUT_BY_SNAPLEN = new ExpertDef("frame.cut_by_snaplen", ExpertGroup.TRUNCATED, Severity.NOTE,
            "Frame cut by the snaplen: %d of %d bytes captured");
    public static final ExpertDef OVER_SNAPLEN = new ExpertDef("frame.over_snaplen", ExpertGroup.MALFORMED, Severity.WARN,
            "Record holds %d bytes, more than the snaplen of %d bytes the file declares: read whole");
    public static final ExpertDef OPTION_IGNORED = new ExpertDef("frame.option_ignored", ExpertGroup.MALFORMED, Severity.WARN,
            "Packet option ignored: %s");
    public static final ExpertDef LAYER_TRUNCATED = new ExpertDef("frame.layer_truncated", ExpertGroup.TRUNCATED, Severity.NOTE,
            "%s cut by the snaplen at offset %d: the rest of the layer was not captured");
    public static final ExpertDef LAYER_MALFORMED = new ExpertDef("frame.malformed", ExpertGroup.MALFORMED, Severity.ERROR,
            "Malformed %s: needs bytes up to offset %d but the frame ends at %d");
    public static final ExpertDef DISSECTOR_BUG = new ExpertDef("frame.dissector_bug", ExpertGroup.MALFORMED, Severity.ERROR,
            "Dissector %s failed: %s");
    public static final ExpertDef TOO_DEEP = new ExpertDef("frame.too_deep", ExpertGroup.MALFORMED, Severity.ERROR,
            "Too many nested layers (more than %d): dissection stopped");

    private FrameFields() {
    }

    private static Map<Long, String> gsoTypeNames() {
        Map<Long, String> names = new HashMap<>();
        for (int type : new int[] {VnetHeader.GSO_NONE, VnetHeader.GSO_TCPV4, VnetHeader.GSO_UDP, VnetHeader.GSO_TCPV6,
            VnetHeader.GSO_UDP_L4}) {
            names.put((long) type, VnetHeader.gsoTypeName(type));
            names.put((long) (type | VnetHeader.GSO_ECN), VnetHeader.gsoTypeName(type | VnetHeader.GSO_ECN));
        }
        return names;
    }
}
