package org.jumbocap.stats;

import org.jumbocap.io.PacketFlags;

/**
 * What the kernel recorded about the frames (pcapng epb_flags and jumbocap's virtio_net_hdr option): frames
 * and super-packets per recorded direction, and the GSO super-packets by kind with the segments or
 * datagrams they become. A super-packet here is a frame the kernel called one (a gso_type and gso_size, or
 * the TSO flag) or, where it recorded only a direction, a jumbogram or BIG TCP packet. All zero for a file
 * without those facts.
 */
public final class KernelFactsTally {
    /** Indexes by {@link PacketFlags#direction}: unknown (flags without a direction), inbound, outbound. */
    private final long[] frames = new long[3];
    private final long[] superPackets = new long[3];
    private final long[] superPacketBytes = new long[3];
    private long recordedFrames;
    private long tcpGsoSuperPackets;
    private long tcpGsoSegments;
    private long udpGsoSuperPackets;
    private long udpGsoDatagrams;

    void add(FrameFacts f) {
        if (!f.recorded) {
            return;
        }
        recordedFrames++;
        boolean superPacket = f.gsoSuperPacket || f.tsoFlag || (f.gsoKind < 0 && f.jumboKind != null);
        if (f.direction >= 0) {
            int d = Math.min(f.direction, 2);
            frames[d]++;
            if (superPacket) {
                superPackets[d]++;
                superPacketBytes[d] += f.length;
            }
        }
        if (f.gsoSuperPacket && f.gsoSegments > 0) {
            if (f.gsoUdp) {
                udpGsoSuperPackets++;
                udpGsoDatagrams += f.gsoSegments;
            } else {
                tcpGsoSuperPackets++;
                tcpGsoSegments += f.gsoSegments;
            }
        }
    }

    /** Frames with a flags word or a virtio_net_hdr recorded; 0 for a file without the kernel's facts. */
    public long recordedFrames() {
        return recordedFrames;
    }

    /** Frames with a flags word, by its direction ({@link PacketFlags#DIRECTION_INBOUND}, ...). */
    public long frames(int direction) {
        return frames[direction];
    }

    public long superPackets(int direction) {
        return superPackets[direction];
    }

    public long superPacketBytes(int direction) {
        return superPacketBytes[direction];
    }

    /** TCP super-packets (gso_type tcpv4 or tcpv6) and the segments they become at their gso_size. */
    public long tcpGsoSuperPackets() {
        return tcpGsoSuperPackets;
    }

    public long tcpGsoSegments() {
        return tcpGsoSegments;
    }

    /** UDP GSO super-packets (gso_type udp_l4) and the datagrams they become at their gso_size. */
    public long udpGsoSuperPackets() {
        return udpGsoSuperPackets;
    }

    public long udpGsoDatagrams() {
        return udpGsoDatagrams;
    }
}
