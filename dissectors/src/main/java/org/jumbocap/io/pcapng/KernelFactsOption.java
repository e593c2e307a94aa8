package org.jumbocap.io.pcapng;

import java.nio.ByteBuffer;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.io.VnetHeader;

/**
 * The Enhanced Packet Block options that carry the kernel's per-frame facts: {@code epb_flags} (code 2,
 * a u32) and jumbocap's custom option (code 2988: binary, may be copied), whose value is a Private
 * Enterprise Number followed by jumbocap's data. Every multi-byte number is in the section's byte order.
 *
 * <pre>
 *   0  u32 PEN = 32473 (RFC 5612's number for documentation: jumbocap has no registered one)
 *   4  u8  layout version = 1
 *   5  u8  virtio_net_hdr flags        6  u8 gso_type        7  u8 reserved, 0
 *   8  u16 hdr_len   10 u16 gso_size   12 u16 csum_start     14 u16 csum_offset
 * </pre>
 *
 * A reader takes the first 16 bytes of a version-1 value and ignores any beyond (a later layout of the
 * same version may only add bytes at the end); docs/pcapng-kernel-facts.md says the same for other tools.
 */
public final class KernelFactsOption {
    /** {@code epb_flags}. */
    public static final int EPB_FLAGS = 2;
    /** Custom option holding binary data that may be copied to a new file. */
    public static final int CUSTOM_BINARY_COPY = 2988;
    /** Custom option holding binary data that must not be copied. */
    public static final int CUSTOM_BINARY_NO_COPY = 19372;
    /** RFC 5612's Private Enterprise Number for documentation and examples. */
    public static final int PEN = 32473;
    public static final int VERSION = 1;
    /** Length of the custom option's value: PEN, then 12 bytes of data. */
    public static final int CUSTOM_VALUE_LENGTH = 16;
    /** The most option bytes a frame gets: both options and {@code opt_endofopt}. */
    public static final int MAX_OPTIONS_LENGTH = 8 + 4 + CUSTOM_VALUE_LENGTH + 4;

    private KernelFactsOption() {
    }

    /** Bytes of options a frame with these facts gets: 0 when it has none. */
    public static int optionsLength(long flags, VnetHeader vnet) {
        int n = (flags >= 0 ? 8 : 0) + (vnet != null ? 4 + CUSTOM_VALUE_LENGTH : 0);
        return n == 0 ? 0 : n + 4;
    }

    /** Puts the options and {@code opt_endofopt} in {@code into}'s byte order; nothing when there are none. */
    public static void put(ByteBuffer into, long flags, VnetHeader vnet) {
        if (flags < 0 && vnet == null) {
            return;
        }
        if (flags >= 0) {
            into.putShort((short) EPB_FLAGS).putShort((short) 4).putInt((int) flags);
        }
        if (vnet != null) {
            into.putShort((short) CUSTOM_BINARY_COPY).putShort((short) CUSTOM_VALUE_LENGTH).putInt(PEN)
                    .put((byte) VERSION).put((byte) vnet.flags()).put((byte) vnet.gsoType()).put((byte) 0)
                    .putShort((short) vnet.hdrLen()).putShort((short) vnet.gsoSize())
                    .putShort((short) vnet.csumStart()).putShort((short) vnet.csumOffset());
        }
        into.putInt(0);
    }

    /**
     * The flags a segment cut from a super-packet with {@code flags} gets: the same direction, reception
     * type and FCS length, without the offload bits (9-11), which describe the super-packet.
     */
    public static long segmentFlags(long flags) {
        if (flags < 0) {
            return PacketFlags.NONE;
        }
        return flags & ~(long) (PacketFlags.CHECKSUM_NOT_READY | PacketFlags.CHECKSUM_VALID
                | PacketFlags.TCP_SEGMENTATION_OFFLOADED);
    }

    /**
     * The virtio_net_hdr in a custom option's value of {@code length} bytes at {@code at} (after the code
     * and length), or null when it is not jumbocap's (another PEN), too short, or of an unknown version.
     */
    public static VnetHeader parse(byte[] b, int at, int length, boolean bigEndian) {
        if (length < CUSTOM_VALUE_LENGTH || u32(b, at, bigEndian) != PEN || (b[at + 4] & 0xFF) != VERSION) {
            return null;
        }
        return VnetHeader.of(b[at + 5] & 0xFF, b[at + 6] & 0xFF, u16(b, at + 8, bigEndian), u16(b, at + 10, bigEndian),
                u16(b, at + 12, bigEndian), u16(b, at + 14, bigEndian));
    }

    /** An unsigned 32-bit number in the section's byte order. */
    static long u32(byte[] b, int p, boolean bigEndian) {
        long be = (b[p] & 0xFFL) << 24 | (b[p + 1] & 0xFF) << 16 | (b[p + 2] & 0xFF) << 8 | (b[p + 3] & 0xFF);
        return bigEndian ? be : Integer.reverseBytes((int) be) & 0xFFFFFFFFL;
    }

    static int u16(byte[] b, int p, boolean bigEndian) {
        return bigEndian ? (b[p] & 0xFF) << 8 | (b[p + 1] & 0xFF) : (b[p + 1] & 0xFF) << 8 | (b[p] & 0xFF);
    }
}
