package org.jumbocap.io;

/**
 * The pcapng Enhanced Packet Block flags word (option {@code epb_flags}, code 2, a u32), as a capture
 * file or a live source reports it; {@link FrameRecord#packetFlags()} is -1 where there is none.
 *
 * <p>Bits 0-1 direction, 2-4 reception type, 5-8 FCS length, 9-11 the kernel's offload state
 * (draft-ietf-opsawg-pcapng: checksum not ready, checksum valid, TCP segmentation offloaded), 16-31
 * link-layer errors. Wireshark shows the direction as {@code frame.packet_flags_direction}.
 */
public final class PacketFlags {
    /** {@link FrameRecord#packetFlags()} of a frame without the option. */
    public static final long NONE = -1;

    public static final int DIRECTION_MASK = 0x3;
    public static final int DIRECTION_UNKNOWN = 0;
    public static final int DIRECTION_INBOUND = 1;
    public static final int DIRECTION_OUTBOUND = 2;

    public static final int RECEPTION_SHIFT = 2;
    public static final int RECEPTION_MASK = 0x7 << RECEPTION_SHIFT;
    public static final int RECEPTION_UNSPECIFIED = 0;
    public static final int RECEPTION_UNICAST = 1;
    public static final int RECEPTION_MULTICAST = 2;
    public static final int RECEPTION_BROADCAST = 3;
    public static final int RECEPTION_PROMISCUOUS = 4;

    public static final int FCS_LENGTH_SHIFT = 5;
    public static final int FCS_LENGTH_MASK = 0xF << FCS_LENGTH_SHIFT;

    /** The checksum is not yet computed: the sending host left it to the NIC (TP_STATUS_CSUMNOTREADY). */
    public static final int CHECKSUM_NOT_READY = 1 << 9;
    /** The receiving NIC or kernel verified the checksum (TP_STATUS_CSUM_VALID). */
    public static final int CHECKSUM_VALID = 1 << 10;
    /** The frame is a super-packet the NIC or GSO will cut into segments (TP_STATUS_GSO_TCP). */
    public static final int TCP_SEGMENTATION_OFFLOADED = 1 << 11;

    private PacketFlags() {
    }

    /** Bits 0-1, or {@link #DIRECTION_UNKNOWN} for a frame without flags. */
    public static int direction(long flags) {
        return flags < 0 ? DIRECTION_UNKNOWN : (int) (flags & DIRECTION_MASK);
    }

    /** Bits 2-4, or {@link #RECEPTION_UNSPECIFIED} for a frame without flags. */
    public static int receptionType(long flags) {
        return flags < 0 ? RECEPTION_UNSPECIFIED : (int) ((flags & RECEPTION_MASK) >>> RECEPTION_SHIFT);
    }

    /** True when the flags word is present and has {@code bit} set. */
    public static boolean has(long flags, int bit) {
        return flags >= 0 && (flags & bit) != 0;
    }
}
