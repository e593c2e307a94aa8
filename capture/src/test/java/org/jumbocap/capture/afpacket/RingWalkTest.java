package org.jumbocap.capture.afpacket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ring walk on TPACKET_V3 ring images built in memory as the kernel lays them out. */
class RingWalkTest {
    private static final int BLOCK = 4096;
    /** Where the kernel puts an Ethernet frame's MAC header with a virtio_net_hdr: 96 + 10 - 14. */
    private static final int MAC = 92;

    /** A ring image: blocks filled frame by frame as tpacket_rcv and prb_fill_curr_block do. */
    private static final class Image {
        final ByteBuffer ring;
        final int blockSize;

        Image(int blockSize, int blocks) {
            this.blockSize = blockSize;
            this.ring = ByteBuffer.allocate(blockSize * blocks).order(ByteOrder.nativeOrder());
        }

        /** Fills block {@code b} with frames of the given lengths (each its number in every byte) and hands it over. */
        Image block(int b, int status, int... lengths) {
            int base = b * blockSize;
            ring.putInt(base + RingWalk.BLOCK_NUM_PKTS, lengths.length);
            ring.putInt(base + RingWalk.BLOCK_OFFSET_TO_FIRST_PKT, RingWalk.BLOCK_HEADER_BYTES);
            int at = base + RingWalk.BLOCK_HEADER_BYTES;
            for (int i = 0; i < lengths.length; i++) {
                int total = (MAC + lengths[i] + 15) & ~15;
                ring.putInt(at + RingWalk.TP_NEXT_OFFSET, i == lengths.length - 1 ? 0 : total);
                ring.putInt(at + RingWalk.TP_SEC, 1_700_000_000 + i);
                ring.putInt(at + RingWalk.TP_NSEC, 123_456_789);
                ring.putInt(at + RingWalk.TP_SNAPLEN, lengths[i]);
                ring.putInt(at + RingWalk.TP_LEN, lengths[i]);
                ring.putInt(at + RingWalk.TP_STATUS, RingWalk.TP_STATUS_USER | RingWalk.TP_STATUS_GSO_TCP);
                ring.putShort(at + RingWalk.TP_MAC, (short) MAC);
                ring.putShort(at + RingWalk.TP_NET, (short) (MAC + 14));
                ring.put(at + RingWalk.FRAME_HEADER_BYTES + RingWalk.SLL_PKTTYPE, (byte) (i % 5));
                for (int k = 0; k < lengths[i]; k++) {
                    ring.put(at + MAC + k, (byte) (b * 16 + i));
                }
                at += total;
            }
            ring.putInt(base + RingWalk.BLOCK_STATUS, status);
            return this;
        }

        int status(int b) {
            return ring.getInt(b * blockSize + RingWalk.BLOCK_STATUS);
        }
    }

    /** What the walk yields until the kernel's next block: "block:frame:length" per frame. */
    private static List<String> walk(RingWalk w) throws Exception {
        List<String> seen = new ArrayList<>();
        while (w.next()) {
            seen.add(w.block() + ":" + (w.frameOffset() - w.block() * BLOCK) + ":" + w.capturedLength());
        }
        return seen;
    }

    @Test
    void walksFramesByTheirOffsetsAndGivesEachBlockBackAfterItsLastFrame() throws Exception {
        Image img = new Image(BLOCK, 3).block(0, RingWalk.TP_STATUS_USER, 100, 60, 1500);
        RingWalk w = new RingWalk(img.ring, BLOCK, 3);
        assertTrue(w.next());
        assertEquals(48, w.frameOffset());
        assertEquals(48 + MAC, w.macOffset());
        assertEquals(100, w.capturedLength());
        assertEquals(100, w.originalLength());
        assertEquals(1_700_000_000L * 1_000_000_000L + 123_456_789L, w.timestampNanos());
        assertEquals(0, img.ring.get(w.macOffset()));
        assertTrue(w.next());
        assertEquals(48 + ((MAC + 100 + 15) & ~15), w.frameOffset());
        assertEquals(1, w.packetType());
        assertTrue(w.next());
        assertEquals(1500, w.capturedLength());
        assertEquals(2, img.ring.get(w.macOffset() + 1499));
        assertEquals(RingWalk.TP_STATUS_USER, img.status(0), "the block is held while its last frame is read");
        assertFalse(w.next());
        assertEquals(RingWalk.TP_STATUS_KERNEL, img.status(0), "given back after its last frame");
        assertEquals(1, w.block());
        assertFalse(w.next(), "the kernel's block stays the kernel's");
    }

    @Test
    void aFrameFillingTheBlockToItsLastByteIsWhole() throws Exception {
        int length = BLOCK - RingWalk.BLOCK_HEADER_BYTES - MAC;
        Image img = new Image(BLOCK, 2).block(0, RingWalk.TP_STATUS_USER, length);
        RingWalk w = new RingWalk(img.ring, BLOCK, 2);
        assertTrue(w.next());
        assertEquals(length, w.capturedLength());
        assertEquals(BLOCK, w.macOffset() + w.capturedLength());
        assertFalse(w.next());
    }

    @Test
    void aFullRingIsWalkedBlockAfterBlockAndAroundItsEnd() throws Exception {
        Image img = new Image(BLOCK, 3);
        for (int b = 0; b < 3; b++) {
            img.block(b, RingWalk.TP_STATUS_USER | RingWalk.TP_STATUS_LOSING, 200, 300);
        }
        RingWalk w = new RingWalk(img.ring, BLOCK, 3);
        int second = 48 + ((MAC + 200 + 15) & ~15);
        assertEquals(List.of("0:48:200", "0:" + second + ":300", "1:48:200", "1:" + second + ":300", "2:48:200",
                "2:" + second + ":300"), walk(w));
        for (int b = 0; b < 3; b++) {
            assertEquals(RingWalk.TP_STATUS_KERNEL, img.status(b));
        }
        assertEquals(0, w.block(), "back at the first block");
        img.block(0, RingWalk.TP_STATUS_USER, 40);
        assertEquals(List.of("0:48:40"), walk(w));
        assertEquals(4, w.blocksWalked());
    }

    @Test
    void aBlockRetiredByTheTimeoutIsReadLikeAFullOne() throws Exception {
        Image img = new Image(BLOCK, 2).block(0, RingWalk.TP_STATUS_USER | RingWalk.TP_STATUS_BLK_TMO, 66);
        RingWalk w = new RingWalk(img.ring, BLOCK, 2);
        assertTrue(w.next());
        assertTrue((w.blockStatus() & RingWalk.TP_STATUS_BLK_TMO) != 0);
        assertEquals(1, w.blocksTimedOut());
        assertFalse(w.next());
    }

    @Test
    void emptyBlocksAreGivenBackAndSkipped() throws Exception {
        Image img = new Image(BLOCK, 3)
                .block(0, RingWalk.TP_STATUS_USER | RingWalk.TP_STATUS_BLK_TMO)
                .block(1, RingWalk.TP_STATUS_USER | RingWalk.TP_STATUS_BLK_TMO, 70);
        RingWalk w = new RingWalk(img.ring, BLOCK, 3);
        assertEquals(List.of("1:48:70"), walk(w));
        assertEquals(RingWalk.TP_STATUS_KERNEL, img.status(0));
        Image allEmpty = new Image(BLOCK, 2).block(0, RingWalk.TP_STATUS_USER).block(1, RingWalk.TP_STATUS_USER);
        assertFalse(new RingWalk(allEmpty.ring, BLOCK, 2).next(), "a ring of empty blocks ends, it does not loop");
    }

    @Test
    void offsetsOutsideTheBlockStopTheWalkWithOneClearError() {
        Image firstPastEnd = new Image(BLOCK, 2).block(0, RingWalk.TP_STATUS_USER, 100);
        firstPastEnd.ring.putInt(RingWalk.BLOCK_OFFSET_TO_FIRST_PKT, BLOCK + 16);
        RingWalk.CorruptRingException e = assertThrows(RingWalk.CorruptRingException.class,
                () -> new RingWalk(firstPastEnd.ring, BLOCK, 2).next());
        assertTrue(e.getMessage().contains("block 0 of 2 is corrupt"), e.getMessage());

        Image nextPastEnd = new Image(BLOCK, 2).block(0, RingWalk.TP_STATUS_USER, 100, 100);
        nextPastEnd.ring.putInt(RingWalk.BLOCK_HEADER_BYTES + RingWalk.TP_NEXT_OFFSET, BLOCK);
        RingWalk w = new RingWalk(nextPastEnd.ring, BLOCK, 2);
        assertThrows(RingWalk.CorruptRingException.class, () -> {
            w.next();
            w.next();
        });

        Image loops = new Image(BLOCK, 2).block(0, RingWalk.TP_STATUS_USER, 100, 100);
        loops.ring.putInt(RingWalk.BLOCK_HEADER_BYTES + RingWalk.TP_NEXT_OFFSET, 0);
        RingWalk l = new RingWalk(loops.ring, BLOCK, 2);
        assertThrows(RingWalk.CorruptRingException.class, () -> {
            l.next();
            l.next();
        }, "a frame pointing at itself");

        Image tooLong = new Image(BLOCK, 2).block(0, RingWalk.TP_STATUS_USER, 100);
        tooLong.ring.putInt(RingWalk.BLOCK_HEADER_BYTES + RingWalk.TP_SNAPLEN, BLOCK);
        assertThrows(RingWalk.CorruptRingException.class, () -> new RingWalk(tooLong.ring, BLOCK, 2).next());

        Image tooMany = new Image(BLOCK, 2).block(0, RingWalk.TP_STATUS_USER, 100);
        tooMany.ring.putInt(RingWalk.BLOCK_NUM_PKTS, -1);
        assertThrows(RingWalk.CorruptRingException.class, () -> new RingWalk(tooMany.ring, BLOCK, 2).next());

        Image macInsideHeader = new Image(BLOCK, 2).block(0, RingWalk.TP_STATUS_USER, 100);
        macInsideHeader.ring.putShort(RingWalk.BLOCK_HEADER_BYTES + RingWalk.TP_MAC, (short) 8);
        assertThrows(RingWalk.CorruptRingException.class, () -> new RingWalk(macInsideHeader.ring, BLOCK, 2).next());
    }

    /** The frame's struct sockaddr_ll as the kernel writes it: protocol in network order, the rest the host's. */
    @Test
    void theLinkLevelAddressIsReadAsTheKernelWritesIt() throws Exception {
        Image image = new Image(BLOCK, 1).block(0, RingWalk.TP_STATUS_USER, 100);
        int sll = RingWalk.BLOCK_HEADER_BYTES + RingWalk.FRAME_HEADER_BYTES;
        image.ring.put(sll + RingWalk.SLL_PROTOCOL, (byte) 0x86).put(sll + RingWalk.SLL_PROTOCOL + 1, (byte) 0xDD);
        image.ring.putInt(sll + RingWalk.SLL_IFINDEX, 70_001);
        image.ring.putShort(sll + RingWalk.SLL_HATYPE, (short) PacketSocket.ARPHRD_LOOPBACK);
        image.ring.put(sll + RingWalk.SLL_PKTTYPE, (byte) PacketSocket.PACKET_OUTGOING);
        image.ring.put(sll + RingWalk.SLL_HALEN, (byte) 6);
        RingWalk w = new RingWalk(image.ring, BLOCK, 1);
        assertTrue(w.next());
        assertEquals(0x86DD, w.linkProtocol());
        assertEquals(70_001, w.interfaceIndex());
        assertEquals(PacketSocket.ARPHRD_LOOPBACK, w.hardwareType());
        assertEquals(PacketSocket.PACKET_OUTGOING, w.packetType());
        assertEquals(6, w.linkAddressLength());
        assertEquals(sll + RingWalk.SLL_ADDR, w.linkAddressOffset());
    }

    @Test
    void aRingSmallerThanItsBlocksIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new RingWalk(ByteBuffer.allocate(BLOCK), BLOCK, 2));
        assertThrows(IllegalArgumentException.class, () -> new RingWalk(ByteBuffer.allocate(BLOCK), 64, 1));
    }
}
