package org.jumbocap.crafted;

import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV6;
import static org.jumbocap.proto.tcp.TransportFrames.TCP;
import static org.jumbocap.proto.tcp.TransportFrames.UDP;
import static org.jumbocap.proto.tcp.TransportFrames.V6_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V6_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.ackSegment;
import static org.jumbocap.proto.tcp.TransportFrames.data;
import static org.jumbocap.proto.tcp.TransportFrames.ethernet;
import static org.jumbocap.proto.tcp.TransportFrames.ipv4Tcp;
import static org.jumbocap.proto.tcp.TransportFrames.ipv6;
import static org.jumbocap.proto.tcp.TransportFrames.ipv6Tcp;
import static org.jumbocap.proto.tcp.TransportFrames.tcp;
import static org.jumbocap.proto.tcp.TransportFrames.udp;
import static org.jumbocap.proto.tcp.TransportFrames.withChecksum;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.io.VnetHeader;
import org.jumbocap.io.pcapng.PcapngWriter;
import org.jumbocap.proto.tcp.TransportFrames.Checksum;
import org.jumbocap.testing.Bytes;

/**
 * samples/crafted/kernel-facts.pcapng: super-packets with the facts an AF_PACKET socket with
 * PACKET_VNET_HDR reports for them, in epb_flags and jumbocap's custom option (docs/pcapng-kernel-facts.md).
 * The sending host's view, then one frame of a receiving host's:
 * <ol>
 *   <li>IPv6 BIG TCP super-packet (Hop-by-Hop Jumbo Payload), outbound, TSO at gso_size 1428: 70,000 bytes
 *       of data, 50 segments (49 of 1428, one of 28)</li>
 *   <li>IPv4 BIG TCP super-packet (total length 0), outbound, TSO at gso_size 1448: 49 segments</li>
 *   <li>UDP GSO datagram over IPv6 (gso_type udp_l4), outbound, gso_size 1200: 14,000 bytes of data, 12
 *       datagrams</li>
 *   <li>the peer's ACK for frame 1, inbound, unicast, checksum valid, virtio_net_hdr "data valid"</li>
 *   <li>a GRO super-packet of another flow, inbound (the receiving side), gso_size 1428</li>
 * </ol>
 * Outbound frames carry CHECKSUM_PARTIAL checksums (the pseudo-header sum), inbound ones complete ones.
 * {@code KernelFactsSampleTest} checks the committed file is these bytes (and rewrites it with
 * {@code -Djumbocap.regenerate=true}).
 */
public final class KernelFactsSample {
    public static final String NAME = "kernel-facts.pcapng";
    public static final int TCP_DATA = 70_000;
    public static final int UDP_DATA = 14_000;
    public static final int V6_GSO = 1428;
    public static final int V4_GSO = 1448;
    public static final int UDP_GSO = 1200;

    private static final long OUT = PacketFlags.DIRECTION_OUTBOUND;
    private static final long IN_UNICAST = PacketFlags.DIRECTION_INBOUND
            | PacketFlags.RECEPTION_UNICAST << PacketFlags.RECEPTION_SHIFT | PacketFlags.CHECKSUM_VALID;

    private KernelFactsSample() {
    }

    public static Path file() {
        return CraftedSamples.directory().resolve(NAME);
    }

    /** The frames with their facts, numbered from 1, 1 ms apart. */
    public static List<FrameRecord> frames() {
        List<FrameRecord> out = new ArrayList<>();
        byte[] timestamps = Bytes.of().hex("0101080a").u32(1000).u32(2000).toArray();
        add(out, ipv6Tcp(ackSegment(data(TCP_DATA)), true, Checksum.OFFLOADED),
                OUT | PacketFlags.CHECKSUM_NOT_READY | PacketFlags.TCP_SEGMENTATION_OFFLOADED,
                VnetHeader.of(VnetHeader.F_NEEDS_CSUM, VnetHeader.GSO_TCPV6, 94, V6_GSO, 62, 16));
        add(out, ipv4Tcp(ackSegment(data(TCP_DATA)), true, Checksum.OFFLOADED),
                OUT | PacketFlags.CHECKSUM_NOT_READY | PacketFlags.TCP_SEGMENTATION_OFFLOADED,
                VnetHeader.of(VnetHeader.F_NEEDS_CSUM, VnetHeader.GSO_TCPV4, 66, V4_GSO, 34, 16));
        byte[] datagram = withChecksum(udp(4433, 50000, 8 + UDP_DATA, data(UDP_DATA)), 6, UDP, V6_SRC, V6_DST,
                Checksum.OFFLOADED);
        add(out, ethernet(ETHERTYPE_IPV6, ipv6(UDP, V6_SRC, V6_DST, datagram, false)),
                OUT | PacketFlags.CHECKSUM_NOT_READY,
                VnetHeader.of(VnetHeader.F_NEEDS_CSUM, VnetHeader.GSO_UDP_L4, 62, UDP_GSO, 54, 6));
        byte[] ack = withChecksum(tcp(5201, 40000, 200, 100 + TCP_DATA, 0x010, timestamps, new byte[0]), 16, TCP,
                V6_DST, V6_SRC, Checksum.CORRECT);
        add(out, ethernet(ETHERTYPE_IPV6, ipv6(TCP, V6_DST, V6_SRC, ack, false)), IN_UNICAST,
                VnetHeader.of(VnetHeader.F_DATA_VALID, VnetHeader.GSO_NONE, 0, 0, 0, 0));
        byte[] received = withChecksum(tcp(40002, 5201, 1000, 300, 0x010, timestamps, data(TCP_DATA)), 16, TCP,
                V6_SRC, V6_DST, Checksum.CORRECT);
        add(out, ethernet(ETHERTYPE_IPV6, ipv6(TCP, V6_SRC, V6_DST, received, true)), IN_UNICAST,
                VnetHeader.of(VnetHeader.F_DATA_VALID, VnetHeader.GSO_TCPV6, 94, V6_GSO, 0, 0));
        return out;
    }

    private static void add(List<FrameRecord> out, byte[] frame, long flags, VnetHeader vnet) {
        int n = out.size();
        out.add(new FrameRecord(n + 1, CraftedSamples.BASE_TIME_NANOS + n * 1_000_000L, LinkTypes.ETHERNET, frame,
                frame.length).withPacketFlags(flags).withVnetHeader(vnet));
    }

    /** The file's bytes: little-endian pcapng, nanosecond timestamps, one Ethernet interface. */
    public static byte[] bytes() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PcapngWriter w = new PcapngWriter(bytes, LinkTypes.ETHERNET, 262144, true)) {
            for (FrameRecord f : frames()) {
                w.write(f);
            }
        }
        return bytes.toByteArray();
    }
}
