package org.jumbocap.check;

import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.io.VnetHeader;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.proto.ipv6.Ipv6Fields;
import org.jumbocap.proto.tcp.TcpFields;
import org.jumbocap.stats.FlowKey;
import org.jumbocap.stats.FlowStats;
import org.jumbocap.stats.SummaryDirections;

/**
 * What one direction of a TCP flow shows about super-packets, beyond the counts {@link FlowStats} keeps:
 * the distribution of their sizes, how they are marked (Hop-by-Hop Jumbo option, zero length), whether
 * their checksums were left for offload, and which frames the snaplen cut.
 */
public final class DirectionCheck {
    private final FlowStats stats;
    private final SizeDistribution sizes = new SizeDistribution();
    private long maxSuperPayload = -1;
    private long maxSuperIpLength = -1;
    private long hopByHop;
    private long zeroLengthIpv6;
    private long zeroLengthIpv4;
    private long superOffloaded;
    private long tcpFrames;
    private long offloadedFrames;
    private long cutFrames;
    private long jumboOptionInSegments;
    private long cutSuperPackets;
    private long largestFrame;
    private int linkType = -1;
    /** Super-packets the kernel recorded as going out or coming in (pcapng epb_flags). */
    private long recordedOutbound;
    private long recordedInbound;
    /** Super-packets with a recorded gso_size, and the smallest and largest of those sizes. */
    private long recordedGso;
    private int minGsoSize = -1;
    private int maxGsoSize = -1;
    private int gsoType = -1;
    /** {@link FlowStats#superPackets} after the previous frame. */
    private long superPacketsSeen;

    DirectionCheck(FlowStats stats) {
        this.stats = stats;
    }

    /** Counts a frame {@link FlowStats} has just counted, a super-packet when it counted one more. */
    void add(FrameSummary s, FrameRecord rec) {
        boolean superPacket = stats.superPackets() > superPacketsSeen;
        superPacketsSeen = stats.superPackets();
        tcpFrames++;
        linkType = rec.linkType();
        largestFrame = Math.max(largestFrame, rec.originalLength());
        boolean offloaded = offloaded(s);
        if (offloaded) {
            offloadedFrames++;
        }
        if (rec.isCut()) {
            cutFrames++;
        }
        if (s.hasExpert(Ipv6Fields.JUMBO_PLEN_NOT_ZERO)) {
            jumboOptionInSegments++;
        }
        if (!superPacket) {
            return;
        }
        long ipLength = SummaryDirections.ipLength(s);
        sizes.add(ipLength);
        if (s.transportPayloadLength > maxSuperPayload) {
            maxSuperPayload = s.transportPayloadLength;
        }
        maxSuperIpLength = Math.max(maxSuperIpLength, ipLength);
        if (s.jumboKind == JumboKind.IPV6_HBH) {
            hopByHop++;
        } else if (s.jumboKind == JumboKind.IPV6_ZERO_LENGTH) {
            zeroLengthIpv6++;
        } else if (s.jumboKind == JumboKind.IPV4_ZERO_LENGTH) {
            zeroLengthIpv4++;
        }
        if (offloaded) {
            superOffloaded++;
        }
        if (rec.isCut()) {
            cutSuperPackets++;
        }
        recorded(rec);
    }

    /** The kernel's facts about a super-packet, when the file recorded them. */
    private void recorded(FrameRecord rec) {
        int direction = PacketFlags.direction(rec.packetFlags());
        if (direction == PacketFlags.DIRECTION_OUTBOUND) {
            recordedOutbound++;
        } else if (direction == PacketFlags.DIRECTION_INBOUND) {
            recordedInbound++;
        }
        VnetHeader v = rec.vnetHeader();
        if (v != null && v.isSuperPacket()) {
            recordedGso++;
            minGsoSize = minGsoSize < 0 ? v.gsoSize() : Math.min(minGsoSize, v.gsoSize());
            maxGsoSize = Math.max(maxGsoSize, v.gsoSize());
            gsoType = v.gsoType();
        }
    }

    /** Super-packets the kernel recorded as outbound (sent: TSO/GSO). */
    public long recordedOutbound() {
        return recordedOutbound;
    }

    /** Super-packets the kernel recorded as inbound (received: GRO). */
    public long recordedInbound() {
        return recordedInbound;
    }

    /** Super-packets with a recorded gso_size. */
    public long recordedGso() {
        return recordedGso;
    }

    /** Smallest and largest recorded gso_size of the super-packets, or -1 without any. */
    public int minGsoSize() {
        return minGsoSize;
    }

    public int maxGsoSize() {
        return maxGsoSize;
    }

    /** gso_type of the last super-packet with a recorded one, or -1. */
    public int gsoType() {
        return gsoType;
    }

    /** The TCP checksum holds only the pseudo-header sum: the segment was made or merged on the capturing host. */
    private static boolean offloaded(FrameSummary s) {
        for (int i = 0; i < s.expertCount; i++) {
            ExpertDef e = s.experts[i];
            if (e == TcpFields.CHECKSUM_OFFLOADED || e == TcpFields.CHECKSUM_OFFLOADED_UNVERIFIED
                    || e == TcpFields.CHECKSUM_OFFLOADED_UNCAPTURED) {
                return true;
            }
        }
        return false;
    }

    /** The counts this direction shares with {@code stats}: frames, payload, super-packets, MSS, segments. */
    public FlowStats stats() {
        return stats;
    }

    public FlowKey key() {
        return stats.key();
    }

    /** Share of the TCP payload carried in super-packets, 0 to 1; 0 without payload. */
    public double superPacketShare() {
        return stats.payloadBytes() == 0 ? 0 : (double) stats.superPacketPayload() / stats.payloadBytes();
    }

    /** IP packet lengths (jumbo-aware) of the super-packets. */
    public SizeDistribution sizes() {
        return sizes;
    }

    /** Largest super-packet's TCP payload, or -1. */
    public long maxSuperPayload() {
        return maxSuperPayload;
    }

    /** Super-packets with an RFC 2675 Hop-by-Hop Jumbo Payload option. */
    public long hopByHop() {
        return hopByHop;
    }

    /** IPv6 super-packets with payload length 0 and no Hop-by-Hop header (Linux 7.0 and later). */
    public long zeroLengthIpv6() {
        return zeroLengthIpv6;
    }

    /** IPv4 super-packets with total length 0. */
    public long zeroLengthIpv4() {
        return zeroLengthIpv4;
    }

    /** Super-packets whose TCP checksum holds only the pseudo-header sum. */
    public long superOffloaded() {
        return superOffloaded;
    }

    public long tcpFrames() {
        return tcpFrames;
    }

    /** Frames of this direction whose TCP checksum holds only the pseudo-header sum. */
    public long offloadedFrames() {
        return offloadedFrames;
    }

    /** Frames the snaplen cut. */
    public long cutFrames() {
        return cutFrames;
    }

    /**
     * Segments that kept a Jumbo Payload option beside a non-zero payload length: a super-packet was cut
     * into segments without its Hop-by-Hop header being removed (the UDP-tunnel GSO path does this).
     */
    public long jumboOptionInSegments() {
        return jumboOptionInSegments;
    }

    public long cutSuperPackets() {
        return cutSuperPackets;
    }

    public long largestFrame() {
        return largestFrame;
    }

    /** LINKTYPE_ of the direction's last frame, or -1. */
    public int linkType() {
        return linkType;
    }

    /** Where the super-packets stop and what most likely stops them; null without super-packets. */
    public SizeCeiling ceiling() {
        if (sizes.count() == 0) {
            return null;
        }
        int segment = stats.effectiveMss();
        long atCeiling = segment > 0 ? sizes.countAtLeast(maxSuperIpLength - segment + 1) : sizes.countAtLeast(maxSuperIpLength);
        return SizeCeiling.of(maxSuperIpLength, maxSuperPayload, segment, atCeiling, sizes.count());
    }
}
