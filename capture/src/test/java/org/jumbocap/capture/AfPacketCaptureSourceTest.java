package org.jumbocap.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.jumbocap.capture.afpacket.PacketSocket;
import org.jumbocap.capture.afpacket.RingWalk;
import org.jumbocap.io.PacketFlags;
import org.junit.jupiter.api.Test;

/** What the AF_PACKET source makes of the kernel's per-frame facts, and how it refuses; no capture needed. */
class AfPacketCaptureSourceTest {
    @Test
    void packetTypesBecomeDirectionAndReceptionType() {
        assertEquals(PacketFlags.DIRECTION_INBOUND | PacketFlags.RECEPTION_UNICAST << PacketFlags.RECEPTION_SHIFT,
                AfPacketCaptureSource.packetFlags(PacketSocket.PACKET_HOST, 0));
        assertEquals(PacketFlags.DIRECTION_INBOUND | PacketFlags.RECEPTION_BROADCAST << PacketFlags.RECEPTION_SHIFT,
                AfPacketCaptureSource.packetFlags(PacketSocket.PACKET_BROADCAST, 0));
        assertEquals(PacketFlags.DIRECTION_INBOUND | PacketFlags.RECEPTION_MULTICAST << PacketFlags.RECEPTION_SHIFT,
                AfPacketCaptureSource.packetFlags(PacketSocket.PACKET_MULTICAST, 0));
        assertEquals(PacketFlags.DIRECTION_INBOUND | PacketFlags.RECEPTION_PROMISCUOUS << PacketFlags.RECEPTION_SHIFT,
                AfPacketCaptureSource.packetFlags(PacketSocket.PACKET_OTHERHOST, 0));
        assertEquals(PacketFlags.DIRECTION_OUTBOUND, AfPacketCaptureSource.packetFlags(PacketSocket.PACKET_OUTGOING, 0));
        assertEquals(PacketFlags.DIRECTION_UNKNOWN, AfPacketCaptureSource.packetFlags(7, 0), "PACKET_KERNEL");
    }

    @Test
    void statusBitsBecomeTheOffloadFlags() {
        long sent = AfPacketCaptureSource.packetFlags(PacketSocket.PACKET_OUTGOING, RingWalk.TP_STATUS_USER
                | RingWalk.TP_STATUS_CSUMNOTREADY | RingWalk.TP_STATUS_GSO_TCP);
        assertEquals(PacketFlags.DIRECTION_OUTBOUND | PacketFlags.CHECKSUM_NOT_READY | PacketFlags.TCP_SEGMENTATION_OFFLOADED,
                sent);
        long received = AfPacketCaptureSource.packetFlags(PacketSocket.PACKET_HOST, RingWalk.TP_STATUS_CSUM_VALID
                | RingWalk.TP_STATUS_VLAN_VALID);
        assertTrue(PacketFlags.has(received, PacketFlags.CHECKSUM_VALID));
        assertEquals(0, received & (PacketFlags.CHECKSUM_NOT_READY | PacketFlags.TCP_SEGMENTATION_OFFLOADED));
    }

    private static void assumeLinux() {
        assumeTrue(System.getProperty("os.name", "").startsWith("Linux"), "AF_PACKET is Linux's");
    }

    @Test
    void elsewhereThanLinuxItRefuses() throws Exception {
        String os = System.getProperty("os.name");
        try {
            System.setProperty("os.name", "Mac OS X");
            AfPacketCaptureSource.Refused r = assertThrows(AfPacketCaptureSource.Refused.class,
                    () -> AfPacketCaptureSource.open(CaptureSource.Options.defaults("en0")));
            assertEquals("AF_PACKET sockets are Linux's, and this is Mac OS X", r.getMessage());
        } finally {
            System.setProperty("os.name", os);
        }
    }

    /** The thread that opens the source, which then drains its ring, runs at nice -10 where the process may. */
    @Test
    void theOpeningThreadIsGivenTheReadersPriority() throws Exception {
        assumeLinux();
        assumeTrue("root".equals(System.getProperty("user.name")), "needs CAP_NET_RAW and CAP_SYS_NICE");
        java.util.concurrent.atomic.AtomicReference<String> nice = new java.util.concurrent.atomic.AtomicReference<>();
        Thread t = new Thread(() -> {
            try (AfPacketCaptureSource lo = AfPacketCaptureSource.open(CaptureSource.Options.defaults("lo"))) {
                // field 19 of /proc/thread-self/stat, after the command name in parentheses
                String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/thread-self/stat"));
                nice.set(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[16]);
            } catch (Exception e) {
                nice.set(e.toString());
            }
        });
        t.start();
        t.join();
        assertEquals(String.valueOf(AfPacketCaptureSource.READER_NICE), nice.get());
    }

    /** "any" is one cooked socket for every interface, whose frames are written as LINKTYPE_LINUX_SLL2. */
    @Test
    void theAnyDeviceOpensAsLinuxSll2() throws Exception {
        assumeLinux();
        assumeTrue("root".equals(System.getProperty("user.name")), "needs CAP_NET_RAW");
        try (AfPacketCaptureSource any = AfPacketCaptureSource.open(CaptureSource.Options.defaults("any"))) {
            assertEquals(276, any.linkType());
            assertEquals("any", any.name());
        }
    }

    @Test
    void aMissingInterfaceIsNamedWithThoseThatExist() {
        assumeLinux();
        CaptureException e = assertThrows(CaptureException.class,
                () -> AfPacketCaptureSource.open(CaptureSource.Options.defaults("no-such-if0")));
        assertEquals(CaptureException.Kind.NO_SUCH_INTERFACE, e.kind());
        assertTrue(e.getMessage().startsWith("no-such-if0: no such capture interface (interfaces: "), e.getMessage());
        assertTrue(e.getMessage().contains("lo"), e.getMessage());
    }

    @Test
    void blocksAreAsLargeAsTheBufferAllowsFourOf() {
        assertEquals(4 << 20, AfPacketCaptureSource.blockBytes(256 << 20));
        assertEquals(4 << 20, AfPacketCaptureSource.blockBytes(16 << 20));
        assertEquals(2 << 20, AfPacketCaptureSource.blockBytes(8 << 20));
        assertEquals(1 << 20, AfPacketCaptureSource.blockBytes(4 << 20));
        assertEquals(1 << 20, AfPacketCaptureSource.blockBytes(1 << 20));
        // the largest super-packet, its header, address and virtio_net_hdr (tp_mac 92): 8 fit in 4 MiB
        int frame = (92 + 524_170 + 15) & ~15;
        assertTrue(RingWalk.BLOCK_HEADER_BYTES + 7 * frame + 92 + 524_170 <= 4 << 20);
        assertTrue(RingWalk.BLOCK_HEADER_BYTES + frame + 92 + 524_170 > 1 << 20, "a 1 MiB block holds one");
    }

    @Test
    void interfaceDropsAreZeroWhereTheyCannotBeRead() {
        assertEquals(0, AfPacketCaptureSource.interfaceDrops("no-such-if0"));
        assertTrue(AfPacketCaptureSource.interfaceDrops("lo") >= 0);
    }

    @Test
    void preferencesByName() {
        assertEquals(CaptureSources.Preference.AUTO, CaptureSources.Preference.of("auto"));
        assertEquals(CaptureSources.Preference.AFPACKET, CaptureSources.Preference.of("AFPACKET"));
        assertEquals(CaptureSources.Preference.LIBPCAP, CaptureSources.Preference.of("libpcap"));
        assertNull(CaptureSources.Preference.of("dpdk"));
    }
}
