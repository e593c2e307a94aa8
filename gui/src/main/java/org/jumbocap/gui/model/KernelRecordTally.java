package org.jumbocap.gui.model;

import java.util.Map;
import java.util.TreeMap;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.io.VnetHeader;

/**
 * What the kernel recorded of the frames (the pcapng epb_flags word and jumbocap's virtio_net_hdr option),
 * as Capture File Properties shows it: frames and super-packets per recorded direction and the GSO
 * super-packets with the segments they become, counted as {@code jumbocap stats} counts them, and besides
 * the frames with a gso_size, each gso_type and each checksum-state bit. A super-packet is a frame the
 * kernel called one (a gso_type with a gso_size, or the TSO flag) or, where it recorded only a direction,
 * a jumbogram or BIG TCP packet. All zero for a file without those facts.
 */
public final class KernelRecordTally {
    private static final String[] DIRECTIONS = {"unknown", "inbound", "outbound"};

    private long recordedFrames;
    private final long[] frames = new long[3];
    private final long[] superPackets = new long[3];
    private final long[] superPacketBytes = new long[3];
    private long withVnetHeader;
    private long withGsoSize;
    private long tcpGsoSuperPackets;
    private long tcpGsoSegments;
    private long udpGsoSuperPackets;
    private long udpGsoDatagrams;
    private final Map<String, Long> gsoTypes = new TreeMap<>();
    private long checksumNotReady;
    private long checksumValid;
    private long tsoFlag;
    private long needsChecksum;
    private long dataValid;

    /** Counts one frame from its record and the summary decoded from it. */
    public void add(FrameRecord record, FrameSummary summary) {
        long flags = record.packetFlags();
        VnetHeader vnet = record.vnetHeader();
        if (flags == PacketFlags.NONE && vnet == null) {
            return;
        }
        recordedFrames++;
        boolean tso = PacketFlags.has(flags, PacketFlags.TCP_SEGMENTATION_OFFLOADED);
        boolean gsoSuperPacket = vnet != null && vnet.isSuperPacket();
        int gsoKind = vnet == null ? -1 : vnet.gsoKind();
        boolean superPacket = gsoSuperPacket || tso || (gsoKind < 0 && summary.jumboKind != null);
        if (flags != PacketFlags.NONE) {
            int d = PacketFlags.direction(flags);
            d = Math.min(d, 2);
            frames[d]++;
            if (superPacket) {
                superPackets[d]++;
                superPacketBytes[d] += record.originalLength();
            }
            checksumNotReady += PacketFlags.has(flags, PacketFlags.CHECKSUM_NOT_READY) ? 1 : 0;
            checksumValid += PacketFlags.has(flags, PacketFlags.CHECKSUM_VALID) ? 1 : 0;
            tsoFlag += tso ? 1 : 0;
        }
        if (vnet != null) {
            withVnetHeader++;
            withGsoSize += vnet.gsoSize() > 0 ? 1 : 0;
            gsoTypes.merge(VnetHeader.gsoTypeName(vnet.gsoType()), 1L, Long::sum);
            needsChecksum += (vnet.flags() & VnetHeader.F_NEEDS_CSUM) != 0 ? 1 : 0;
            dataValid += (vnet.flags() & VnetHeader.F_DATA_VALID) != 0 ? 1 : 0;
            if (gsoSuperPacket && summary.transportPayloadLength > 0) {
                long segments = vnet.segments(summary.transportPayloadLength);
                if (gsoKind == VnetHeader.GSO_UDP_L4) {
                    udpGsoSuperPackets++;
                    udpGsoDatagrams += segments;
                } else {
                    tcpGsoSuperPackets++;
                    tcpGsoSegments += segments;
                }
            }
        }
    }

    /** Frames with a flags word or a virtio_net_hdr recorded; 0 for a file without the kernel's facts. */
    public long recordedFrames() {
        return recordedFrames;
    }

    /** The rows of the "Recorded by the kernel" section, label and value, in the order shown. */
    public Map<String, String> rows() {
        Map<String, String> rows = new java.util.LinkedHashMap<>();
        if (recordedFrames == 0) {
            return rows;
        }
        rows.put("Frames with the kernel's facts", number(recordedFrames));
        // the order of stats: outbound, inbound, then flags without a direction
        for (int d : new int[] {PacketFlags.DIRECTION_OUTBOUND, PacketFlags.DIRECTION_INBOUND, PacketFlags.DIRECTION_UNKNOWN}) {
            if (frames[d] > 0) {
                rows.put("Direction " + DIRECTIONS[d], number(frames[d]) + " frames, " + number(superPackets[d])
                        + " super-packets, " + number(superPacketBytes[d]) + " bytes");
            }
        }
        if (tcpGsoSuperPackets > 0) {
            rows.put("TCP GSO", number(tcpGsoSuperPackets) + " super-packets \u2192 " + number(tcpGsoSegments)
                    + " segments at their gso_size");
        }
        if (udpGsoSuperPackets > 0) {
            rows.put("UDP GSO", number(udpGsoSuperPackets) + " super-packets \u2192 " + number(udpGsoDatagrams)
                    + " datagrams at their gso_size");
        }
        if (withVnetHeader > 0) {
            rows.put("With virtio_net_hdr", number(withVnetHeader) + " frames, " + number(withGsoSize) + " with a gso_size");
            StringBuilder types = new StringBuilder();
            gsoTypes.forEach((type, count) -> types.append(types.length() == 0 ? "" : ", ").append(type).append(' ')
                    .append(number(count)));
            rows.put("gso_type", types.toString());
            rows.put("Checksum (virtio_net_hdr)", "needs_csum " + number(needsChecksum) + ", data_valid " + number(dataValid));
        }
        long withFlags = frames[0] + frames[1] + frames[2];
        if (withFlags > 0) {
            rows.put("Checksum (packet flags)", "not ready " + number(checksumNotReady) + ", valid " + number(checksumValid)
                    + ", TSO " + number(tsoFlag) + " of " + number(withFlags) + " frames");
        }
        return rows;
    }

    private static String number(long n) {
        return CaptureProperties.number(n);
    }
}
