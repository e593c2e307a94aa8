package org.jumbocap.io;

/**
 * What the kernel knew about a frame's offloads: the {@code struct virtio_net_hdr} an AF_PACKET socket
 * with {@code PACKET_VNET_HDR} gets before each frame ({@code include/uapi/linux/virtio_net.h}), kept per
 * frame in jumbocap's pcapng custom option. Fields are unsigned and as the kernel gave them.
 *
 * @param flags      {@link #F_NEEDS_CSUM}, {@link #F_DATA_VALID}
 * @param gsoType    {@link #GSO_NONE}, {@link #GSO_TCPV4}, {@link #GSO_UDP}, {@link #GSO_TCPV6},
 *                   {@link #GSO_UDP_L4}, possibly or-ed with {@link #GSO_ECN}
 * @param hdrLen     length of the headers GSO repeats in every segment (may be 0 or approximate)
 * @param gsoSize    payload bytes per segment GSO/TSO cuts at; 0 when the frame is not a super-packet
 * @param csumStart  where the checksummed part starts, from the start of the frame, with {@link #F_NEEDS_CSUM}
 * @param csumOffset where within it the checksum field lies, with {@link #F_NEEDS_CSUM}
 */
public record VnetHeader(int flags, int gsoType, int hdrLen, int gsoSize, int csumStart, int csumOffset) {
    public static final int F_NEEDS_CSUM = 1;
    public static final int F_DATA_VALID = 2;

    public static final int GSO_NONE = 0;
    public static final int GSO_TCPV4 = 1;
    public static final int GSO_UDP = 3;
    public static final int GSO_TCPV6 = 4;
    public static final int GSO_UDP_L4 = 5;
    public static final int GSO_ECN = 0x80;

    /** The header of a frame that needs nothing: not a super-packet, no checksum left to do. */
    public static final VnetHeader NONE = new VnetHeader(0, GSO_NONE, 0, 0, 0, 0);

    public VnetHeader {
        if ((flags | gsoType) >>> 8 != 0 || (hdrLen | gsoSize | csumStart | csumOffset) >>> 16 != 0) {
            throw new IllegalArgumentException("virtio_net_hdr field out of range");
        }
    }

    /** The header's 10 bytes as the kernel lays them out, in the host's byte order ({@code little}: x86, arm64). */
    public static VnetHeader of(java.nio.ByteBuffer b, int at) {
        return of(b.get(at) & 0xFF, b.get(at + 1) & 0xFF, b.getShort(at + 2) & 0xFFFF, b.getShort(at + 4) & 0xFFFF,
                b.getShort(at + 6) & 0xFFFF, b.getShort(at + 8) & 0xFFFF);
    }

    /** {@link #NONE} for an all-zero header (most frames), else a new header. */
    public static VnetHeader of(int flags, int gsoType, int hdrLen, int gsoSize, int csumStart, int csumOffset) {
        if ((flags | gsoType | hdrLen | gsoSize | csumStart | csumOffset) == 0) {
            return NONE;
        }
        return new VnetHeader(flags, gsoType, hdrLen, gsoSize, csumStart, csumOffset);
    }

    /** The gso_type without the ECN bit. */
    public int gsoKind() {
        return gsoType & ~GSO_ECN;
    }

    /** True when the kernel will cut this frame into segments of {@link #gsoSize}. */
    public boolean isSuperPacket() {
        return gsoKind() != GSO_NONE && gsoSize > 0;
    }

    /**
     * How many segments a transport payload of {@code payloadLength} bytes becomes at {@link #gsoSize}: 1
     * for a frame that is not a super-packet.
     */
    public long segments(long payloadLength) {
        if (!isSuperPacket() || payloadLength <= 0) {
            return 1;
        }
        return (payloadLength + gsoSize - 1) / gsoSize;
    }

    /** "tcpv6", "udp_l4|ecn": the kernel's names of {@code SKB_GSO_*} / {@code VIRTIO_NET_HDR_GSO_*}. */
    public static String gsoTypeName(int gsoType) {
        String base = switch (gsoType & ~GSO_ECN) {
            case GSO_NONE -> "none";
            case GSO_TCPV4 -> "tcpv4";
            case GSO_UDP -> "udp";
            case GSO_TCPV6 -> "tcpv6";
            case GSO_UDP_L4 -> "udp_l4";
            default -> "unknown(" + (gsoType & ~GSO_ECN) + ")";
        };
        return (gsoType & GSO_ECN) != 0 ? base + "|ecn" : base;
    }
}
