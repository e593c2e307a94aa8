package org.jumbocap.proto.udp;

import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.field.Base;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/** UDP fields (Wireshark's names) and expert items, declared once. */
public final class UdpFields {
    public static final FieldDef UDP = FieldDef.protocol("udp", "User Datagram Protocol");
    public static final FieldDef SRCPORT = FieldDef.of("udp.srcport", "Source Port", FieldType.UINT16, "Source port");
    public static final FieldDef DSTPORT = FieldDef.of("udp.dstport", "Destination Port", FieldType.UINT16, "Destination port");
    public static final FieldDef PORT = FieldDef.of("udp.port", "Source or Destination Port", FieldType.UINT16, "Either port (hidden, for filters)");
    public static final FieldDef LENGTH = FieldDef.of("udp.length", "Length", FieldType.UINT16, "Length field: header and data, 0 in a jumbogram over 65535 bytes");
    public static final FieldDef LENGTH_EFFECTIVE = FieldDef.of("udp.length.effective", "Effective length", FieldType.UINT32,
            "Header and data length used: the length field, or the IP upper-layer length when the field is 0 in a jumbogram");
    public static final FieldDef CHECKSUM = FieldDef.of("udp.checksum", "Checksum", FieldType.UINT16, Base.HEX, "Checksum field");
    public static final FieldDef CHECKSUM_STATUS = FieldDef.of("udp.checksum.status", "Checksum Status", FieldType.UINT8,
            "0 bad, 1 good, 2 unverified, 3 not present, 5 offloaded (pseudo-header sum left for the NIC)")
            .withValueNames(ChecksumVerdict.valueNames());
    public static final FieldDef CHECKSUM_CALCULATED = FieldDef.of("udp.checksum_calculated", "Calculated Checksum", FieldType.UINT16, Base.HEX,
            "The checksum the datagram's bytes and pseudo-header call for");
    public static final FieldDef GSO_SUSPECTED = FieldDef.of("udp.gso.suspected", "Suspected UDP GSO super-packet", FieldType.NONE,
            "Present on a datagram that looks like a UDP GSO super-packet in a file without the kernel's facts: one IP packet over "
            + UdpDissector.ETHERNET_MTU + " bytes, not a fragment, not a tunnel, its checksum left for the NIC");
    public static final FieldDef PAYLOAD = FieldDef.of("udp.payload", "Payload", FieldType.BYTES, "Datagram data (the captured part)");

    public static final ExpertDef LENGTH_JUMBO = new ExpertDef("udp.length.jumbo", ExpertGroup.JUMBO, Severity.NOTE,
            "UDP length 0 in a jumbogram: the datagram's length %d comes from the IP layer (RFC 2675 section 4)");
    public static final ExpertDef LENGTH_ZERO = new ExpertDef("udp.length.zero", ExpertGroup.MALFORMED, Severity.ERROR,
            "UDP length 0 outside a jumbogram (RFC 2675 allows it only when the IPv6 Jumbo Payload length gives the length); using the IP length %d");
    public static final ExpertDef LENGTH_BAD = new ExpertDef("udp.length.bad", ExpertGroup.MALFORMED, Severity.ERROR,
            "Bad UDP length %d: the IP layer carries %d bytes of header and data");
    public static final ExpertDef LENGTH_SHORT = new ExpertDef("udp.length.short", ExpertGroup.PROTOCOL, Severity.WARN,
            "UDP length %d is less than the %d bytes the IP layer carries: the rest is trailing data");
    public static final ExpertDef CHECKSUM_BAD = new ExpertDef("udp.checksum.bad", ExpertGroup.CHECKSUM, Severity.WARN,
            "Bad checksum 0x%04x [should be 0x%04x]");
    public static final ExpertDef CHECKSUM_OFFLOADED = new ExpertDef("udp.checksum.offloaded", ExpertGroup.CHECKSUM, Severity.CHAT,
            "Checksum 0x%04x is the pseudo-header sum left for the NIC (checksum offload on the capturing host); the full checksum would be 0x%04x");
    public static final ExpertDef CHECKSUM_OFFLOADED_UNVERIFIED = new ExpertDef("udp.checksum.offloaded_unverified", ExpertGroup.CHECKSUM, Severity.CHAT,
            "Checksum 0x%04x is the pseudo-header sum left for the NIC (checksum offload on the capturing host); the full checksum was not computed (--verify-checksums computes it)");
    public static final ExpertDef CHECKSUM_OFFLOADED_UNCAPTURED = new ExpertDef("udp.checksum.offloaded_uncaptured", ExpertGroup.CHECKSUM, Severity.CHAT,
            "Checksum 0x%04x is the pseudo-header sum left for the NIC (checksum offload on the capturing host); the full checksum is unknown: the super-packet was not all captured");
    public static final ExpertDef CHECKSUM_OUTER_OFFLOADED = new ExpertDef("udp.checksum.outer_offloaded", ExpertGroup.CHECKSUM, Severity.CHAT,
            "Tunnel checksum 0x%04x is right once the NIC completes the inner offloaded %s checksum (local checksum offload)");
    public static final ExpertDef LENGTH_PARTIAL = new ExpertDef("udp.length.partial", ExpertGroup.PROTOCOL, Severity.NOTE,
            "UDP length %d exceeds the %d bytes present (a first IP fragment or an ICMP error's quote): the checksum is not verified");
    public static final ExpertDef GSO_SUSPECTED_NOTE = new ExpertDef("udp.gso.suspected", ExpertGroup.PROTOCOL, Severity.NOTE,
            "Suspected UDP GSO super-packet: one %d-byte IP packet, over Ethernet's MTU of " + UdpDissector.ETHERNET_MTU
            + " yet not fragmented, with its checksum left for the NIC (sending side); the kernel's gso_size is not in the file");
    public static final ExpertDef CHECKSUM_ZERO = new ExpertDef("udp.checksum.zero", ExpertGroup.CHECKSUM, Severity.ERROR,
            "Illegal checksum value 0 in UDP over IPv6 (RFC 8200 section 8.1)");

    private UdpFields() {
    }
}
