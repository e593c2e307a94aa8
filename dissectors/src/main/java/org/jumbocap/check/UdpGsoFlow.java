package org.jumbocap.check;

import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.io.VnetHeader;
import org.jumbocap.stats.FlowKey;

/**
 * One direction of a UDP flow that sent UDP GSO super-packets (a QUIC server, WireGuard: one datagram of up
 * to 64 KB that the NIC or the kernel cuts into datagrams of gso_size): the super-packets the kernel recorded
 * with gso_type udp_l4, their gso_size and direction, and those the UDP decoder only suspected
 * ({@code udp.gso.suspected}: a file without the kernel's facts).
 */
public final class UdpGsoFlow {
    private final FlowKey key;
    private long recorded;
    private long datagrams;
    private int minGsoSize = -1;
    private int maxGsoSize = -1;
    private long outbound;
    private long inbound;
    private long suspected;
    private long suspectedBytes;

    UdpGsoFlow(FlowKey key) {
        this.key = key;
    }

    /** Counts a UDP GSO super-packet the kernel recorded ({@code v} has gso_type udp_l4 and a gso_size). */
    void addRecorded(FrameSummary s, FrameRecord rec, VnetHeader v) {
        recorded++;
        datagrams += v.segments(s.transportPayloadLength);
        minGsoSize = minGsoSize < 0 ? v.gsoSize() : Math.min(minGsoSize, v.gsoSize());
        maxGsoSize = Math.max(maxGsoSize, v.gsoSize());
        int direction = PacketFlags.direction(rec.packetFlags());
        if (direction == PacketFlags.DIRECTION_OUTBOUND) {
            outbound++;
        } else if (direction == PacketFlags.DIRECTION_INBOUND) {
            inbound++;
        }
    }

    /** Counts a datagram the UDP decoder marked as a suspected super-packet, without the kernel's facts. */
    void addSuspected(FrameSummary s) {
        suspected++;
        suspectedBytes += Math.max(0, s.transportPayloadLength);
    }

    public FlowKey key() {
        return key;
    }

    /** Super-packets with gso_type udp_l4 and a gso_size recorded by the kernel. */
    public long recorded() {
        return recorded;
    }

    /** Datagrams the recorded super-packets become at their gso_size. */
    public long datagrams() {
        return datagrams;
    }

    /** Smallest and largest recorded gso_size, or -1 without any. */
    public int minGsoSize() {
        return minGsoSize;
    }

    public int maxGsoSize() {
        return maxGsoSize;
    }

    /** Recorded super-packets the kernel marked outbound (sent: the sender's GSO) or inbound. */
    public long outbound() {
        return outbound;
    }

    public long inbound() {
        return inbound;
    }

    /** Datagrams marked {@code udp.gso.suspected} (longer than the path MTU, checksum left to offload), and their payload. */
    public long suspected() {
        return suspected;
    }

    public long suspectedBytes() {
        return suspectedBytes;
    }

    /**
     * Which side of the flow the capture was taken on, from the recorded directions: "sending side (UDP GSO)"
     * when every recorded super-packet went out, "receiving side" when every one came in, null when the
     * directions are mixed or were not recorded.
     */
    public String side() {
        if (recorded == 0) {
            return null;
        }
        if (outbound == recorded) {
            return "sending side: the kernel recorded every super-packet outbound, cut into datagrams by UDP GSO after the capture";
        }
        if (inbound == recorded) {
            return "receiving side: the kernel recorded every super-packet inbound (UDP GRO merged them before the capture)";
        }
        return null;
    }
}
