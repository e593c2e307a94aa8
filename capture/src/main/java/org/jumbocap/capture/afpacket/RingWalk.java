package org.jumbocap.capture.afpacket;

import java.io.IOException;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Walks a TPACKET_V3 receive ring frame by frame: the kernel fills blocks in turn, hands each to user
 * space by setting {@code TP_STATUS_USER} in its descriptor (when full, or when the block timeout retires
 * it), and takes it back when user space sets the status to {@code TP_STATUS_KERNEL}. Frames inside a
 * block are chained by {@code tp_next_offset}. The walk holds at most one block: the one its current frame
 * lies in, given back on the {@link #next} after its last frame, so a frame's bytes stay valid until then.
 *
 * <p>It reads only through a {@link ByteBuffer}, so tests build ring images in memory. Every offset the
 * kernel wrote is checked against the block before it is followed: a damaged ring ends the walk with a
 * {@link CorruptRingException} naming the block and frame, never a read outside the ring or a loop.
 *
 * <p>Layouts from {@code include/uapi/linux/if_packet.h}, in the host's byte order.
 */
public final class RingWalk {
    /** {@code struct tpacket_block_desc}: version, offset_to_priv, then {@code struct tpacket_hdr_v1}. */
    static final int BLOCK_STATUS = 8;
    static final int BLOCK_NUM_PKTS = 12;
    static final int BLOCK_OFFSET_TO_FIRST_PKT = 16;
    /** Size of the block descriptor; the first frame lies at or after it. */
    public static final int BLOCK_HEADER_BYTES = 48;

    /** {@code struct tpacket3_hdr}. */
    static final int TP_NEXT_OFFSET = 0;
    static final int TP_SEC = 4;
    static final int TP_NSEC = 8;
    static final int TP_SNAPLEN = 12;
    static final int TP_LEN = 16;
    static final int TP_STATUS = 20;
    static final int TP_MAC = 24;
    static final int TP_NET = 26;
    static final int TP_VLAN_TCI = 32;
    static final int TP_VLAN_TPID = 36;
    /** TPACKET_ALIGN(sizeof(struct tpacket3_hdr)): where the frame's {@code struct sockaddr_ll} starts. */
    public static final int FRAME_HEADER_BYTES = 48;
    /** {@code struct sockaddr_ll}: family, protocol, ifindex, hatype, pkttype, halen, addr[8]. */
    static final int SLL_PROTOCOL = 2;
    static final int SLL_IFINDEX = 4;
    static final int SLL_HATYPE = 8;
    static final int SLL_PKTTYPE = 10;
    static final int SLL_HALEN = 11;
    static final int SLL_ADDR = 12;
    public static final int SOCKADDR_LL_BYTES = 20;
    /** The least a frame takes before its MAC header: its header and its link-level address. */
    public static final int FRAME_MIN_MAC_OFFSET = FRAME_HEADER_BYTES + SOCKADDR_LL_BYTES;

    public static final int TP_STATUS_KERNEL = 0;
    public static final int TP_STATUS_USER = 1;
    public static final int TP_STATUS_LOSING = 1 << 2;
    public static final int TP_STATUS_CSUMNOTREADY = 1 << 3;
    public static final int TP_STATUS_VLAN_VALID = 1 << 4;
    public static final int TP_STATUS_BLK_TMO = 1 << 5;
    public static final int TP_STATUS_VLAN_TPID_VALID = 1 << 6;
    public static final int TP_STATUS_CSUM_VALID = 1 << 7;
    public static final int TP_STATUS_GSO_TCP = 1 << 8;

    /** The ring's bytes are not what the kernel writes: the walk cannot go on. */
    public static final class CorruptRingException extends IOException {
        CorruptRingException(String message) {
            super(message);
        }
    }

    private final ByteBuffer ring;
    private final int blockSize;
    private final int blockCount;
    /** The block the walk is in, and whether it holds it (the kernel handed it over and it is not given back). */
    private int block;
    private boolean holding;
    private int blockStatus;
    /** Frames of the held block not yet walked, and the current frame's offset in the ring. */
    private int framesLeft;
    private int frameCount;
    private int frame = -1;
    private long blocksWalked;
    private long blocksTimedOut;

    /**
     * @param ring       the mapped ring, {@code blockSize * blockCount} bytes from position 0
     * @param blockSize  bytes per block, more than a block descriptor and a frame header
     * @param blockCount blocks in the ring, at least 1
     */
    public RingWalk(ByteBuffer ring, int blockSize, int blockCount) {
        if (blockSize <= BLOCK_HEADER_BYTES + FRAME_MIN_MAC_OFFSET || blockCount < 1
                || (long) blockSize * blockCount > ring.capacity()) {
            throw new IllegalArgumentException("ring of " + ring.capacity() + " bytes cannot hold " + blockCount
                    + " blocks of " + blockSize);
        }
        this.ring = ring.duplicate().order(ByteOrder.nativeOrder());
        this.blockSize = blockSize;
        this.blockCount = blockCount;
    }

    /**
     * Moves to the next frame the kernel has handed over, giving back the block of the previous frame when
     * that was its last; empty blocks (retired by the timeout with no frame) are given back at once.
     *
     * @return false when the next block is still the kernel's: wait (poll) and call again
     * @throws CorruptRingException when an offset or count in the ring points outside its block
     */
    public boolean next() throws CorruptRingException {
        if (holding && framesLeft > 0) {
            int next = ring.getInt(frame + TP_NEXT_OFFSET);
            int least = ring.getShort(frame + TP_MAC) & 0xFFFF;
            long afterFrame = least + (ring.getInt(frame + TP_SNAPLEN) & 0xFFFFFFFFL);
            if (next < afterFrame || (long) frame - blockStart() + next > blockSize) {
                throw corrupt("frame " + (frameCount - framesLeft) + " of " + frameCount + " points to the next at "
                        + Integer.toUnsignedString(next) + " bytes on, outside the block or into itself");
            }
            frame += next;
            checkFrame();
            framesLeft--;
            return true;
        }
        if (holding) {
            giveBack();
        }
        // each empty block is given back, so this ends within one turn of the ring
        for (int turns = 0; turns < blockCount; turns++) {
            int base = blockStart();
            int status = ring.getInt(base + BLOCK_STATUS);
            if ((status & TP_STATUS_USER) == 0) {
                return false;
            }
            // the kernel wrote the block before its status; read nothing of it before the status
            VarHandle.acquireFence();
            holding = true;
            blockStatus = status;
            blocksWalked++;
            if ((status & TP_STATUS_BLK_TMO) != 0) {
                blocksTimedOut++;
            }
            int count = ring.getInt(base + BLOCK_NUM_PKTS);
            if (count == 0) {
                giveBack();
                continue;
            }
            if (count < 0 || count > (blockSize - BLOCK_HEADER_BYTES) / FRAME_MIN_MAC_OFFSET) {
                throw corrupt("it claims " + Integer.toUnsignedString(count) + " frames, more than "
                        + blockSize + " bytes can hold");
            }
            int first = ring.getInt(base + BLOCK_OFFSET_TO_FIRST_PKT);
            if (first < BLOCK_HEADER_BYTES || first > blockSize - FRAME_MIN_MAC_OFFSET) {
                throw corrupt("its first frame is at " + Integer.toUnsignedString(first) + ", outside the block");
            }
            frameCount = count;
            framesLeft = count - 1;
            frame = base + first;
            checkFrame();
            return true;
        }
        return false;
    }

    /** The current frame's header, address and bytes lie inside its block. */
    private void checkFrame() throws CorruptRingException {
        int inBlock = frame - blockStart();
        if (inBlock + FRAME_MIN_MAC_OFFSET > blockSize) {
            throw corrupt("frame " + (frameCount - framesLeft) + " starts at " + inBlock + ", too near the block's end");
        }
        int mac = ring.getShort(frame + TP_MAC) & 0xFFFF;
        long end = (long) inBlock + mac + (ring.getInt(frame + TP_SNAPLEN) & 0xFFFFFFFFL);
        if (mac < FRAME_MIN_MAC_OFFSET || end > blockSize) {
            throw corrupt("frame " + (frameCount - framesLeft) + " at " + inBlock + " has its bytes at " + mac + " for "
                    + Integer.toUnsignedString(ring.getInt(frame + TP_SNAPLEN)) + " bytes, outside the block");
        }
    }

    private CorruptRingException corrupt(String what) {
        holding = false; // nothing of this block is read again
        return new CorruptRingException("capture ring block " + block + " of " + blockCount + " is corrupt: " + what);
    }

    /** Hands the held block back to the kernel and moves to the next one. */
    private void giveBack() {
        // every read of the block happens before the kernel may overwrite it
        VarHandle.releaseFence();
        ring.putInt(blockStart() + BLOCK_STATUS, TP_STATUS_KERNEL);
        holding = false;
        frame = -1;
        block = block + 1 == blockCount ? 0 : block + 1;
    }

    private int blockStart() {
        return block * blockSize;
    }

    /** Offset in the ring of the current frame's {@code tpacket3_hdr}. */
    public int frameOffset() {
        return frame;
    }

    /** Offset in the ring of the current frame's first byte (its MAC header). */
    public int macOffset() {
        return frame + (ring.getShort(frame + TP_MAC) & 0xFFFF);
    }

    /** Offset in the ring of the current frame's network header. */
    public int networkOffset() {
        return frame + (ring.getShort(frame + TP_NET) & 0xFFFF);
    }

    /** Bytes of the frame in the ring ({@code tp_snaplen}). */
    public int capturedLength() {
        return ring.getInt(frame + TP_SNAPLEN);
    }

    /** The frame's length on the wire ({@code tp_len}). */
    public long originalLength() {
        return ring.getInt(frame + TP_LEN) & 0xFFFFFFFFL;
    }

    /** Arrival time in nanoseconds since the epoch. */
    public long timestampNanos() {
        return (ring.getInt(frame + TP_SEC) & 0xFFFFFFFFL) * 1_000_000_000L + (ring.getInt(frame + TP_NSEC) & 0xFFFFFFFFL);
    }

    /** The frame's {@code tp_status}: TP_STATUS_CSUMNOTREADY, _CSUM_VALID, _GSO_TCP, _VLAN_VALID... */
    public int frameStatus() {
        return ring.getInt(frame + TP_STATUS);
    }

    public int vlanTci() {
        return ring.getInt(frame + TP_VLAN_TCI);
    }

    public int vlanTpid() {
        return ring.getShort(frame + TP_VLAN_TPID) & 0xFFFF;
    }

    /** {@code sll_pkttype}: PACKET_HOST, _BROADCAST, _MULTICAST, _OTHERHOST, _OUTGOING. */
    public int packetType() {
        return ring.get(frame + FRAME_HEADER_BYTES + SLL_PKTTYPE) & 0xFF;
    }

    /** {@code sll_protocol}: the frame's ethertype (the ring holds it in network order). */
    public int linkProtocol() {
        int at = frame + FRAME_HEADER_BYTES + SLL_PROTOCOL;
        return (ring.get(at) & 0xFF) << 8 | (ring.get(at + 1) & 0xFF);
    }

    /** {@code sll_ifindex}: the interface the frame came in on or went out of. */
    public int interfaceIndex() {
        return ring.getInt(frame + FRAME_HEADER_BYTES + SLL_IFINDEX);
    }

    /** {@code sll_halen}: bytes of the link-layer address, at most 8 are kept. */
    public int linkAddressLength() {
        return ring.get(frame + FRAME_HEADER_BYTES + SLL_HALEN) & 0xFF;
    }

    /** Offset in the ring of {@code sll_addr}, 8 bytes: the sender's link-layer address. */
    public int linkAddressOffset() {
        return frame + FRAME_HEADER_BYTES + SLL_ADDR;
    }

    /** {@code sll_hatype}: the device's ARPHRD_ type. */
    public int hardwareType() {
        return ring.getShort(frame + FRAME_HEADER_BYTES + SLL_HATYPE) & 0xFFFF;
    }

    /** The status of the block the current frame lies in (TP_STATUS_BLK_TMO, TP_STATUS_LOSING). */
    public int blockStatus() {
        return blockStatus;
    }

    /** Index of the block the walk is in. */
    public int block() {
        return block;
    }

    /** Blocks taken from the kernel so far, and of them those retired by the timeout before they were full. */
    public long blocksWalked() {
        return blocksWalked;
    }

    public long blocksTimedOut() {
        return blocksTimedOut;
    }
}
