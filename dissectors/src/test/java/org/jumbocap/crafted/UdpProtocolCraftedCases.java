package org.jumbocap.crafted;

import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV4;
import static org.jumbocap.proto.tcp.TransportFrames.UDP;
import static org.jumbocap.proto.tcp.TransportFrames.V4_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V4_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.ethernet;
import static org.jumbocap.proto.tcp.TransportFrames.ipv4;
import static org.jumbocap.proto.tcp.TransportFrames.udp;
import static org.jumbocap.proto.tcp.TransportFrames.withChecksum;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.proto.tcp.TransportFrames.Checksum;
import org.jumbocap.testing.Bytes;

/** The UDP application protocols' samples and malformed cases: NTP. */
public final class UdpProtocolCraftedCases implements CraftedCaseSource {
    @Override
    public List<CraftedCase> cases() {
        List<CraftedCase> out = new ArrayList<>();
        ntpCases(out);
        return out;
    }

    /** A UDP datagram over IPv4 from 192.0.2.1 to 192.0.2.2, checksum right. */
    public static byte[] udpOverIpv4(int srcPort, int dstPort, byte[] payload) {
        byte[] datagram = withChecksum(udp(srcPort, dstPort, 8 + payload.length, payload), 6, UDP, V4_SRC, V4_DST, Checksum.CORRECT);
        return ethernet(ETHERTYPE_IPV4, ipv4(UDP, V4_SRC, V4_DST, datagram, false));
    }

    /** An NTP header: flags, stratum, poll, precision, root delay and dispersion, reference id, then four timestamps. */
    public static byte[] ntp(int flags, int stratum, int poll, int precision, long rootDelay, long rootDispersion,
                             String refId, long... timestamps) {
        Bytes b = Bytes.of().u8(flags).u8(stratum).u8(poll).u8(precision).u32(rootDelay).u32(rootDispersion).hex(refId);
        for (long t : timestamps) {
            b.u32(t >>> 32).u32(t & 0xFFFFFFFFL);
        }
        return b.toArray();
    }

    private static void ntpCases(List<CraftedCase> out) {
        long sent = 0xED0A1B2C_80000000L; // 2026-01-08 12:01:48.5 UTC
        long received = 0xED0A1B2D_10000000L;
        long answered = 0xED0A1B2D_20000000L;
        long reference = 0xED0A1A00_40000000L;
        out.add(new CraftedCase("ntp-modes", "NTP: a version 4 client request (only the transmit timestamp set), the "
                + "server's reply (stratum 2, reference id an IPv4 address, root delay and dispersion), a version 3 "
                + "symmetric active packet, a broadcast from a stratum 1 clock (reference id GPS), and a reply whose "
                + "leap indicator announces a 61-second minute", LinkTypes.ETHERNET, List.of(
                udpOverIpv4(40000, 123, ntp(0xE3, 0, 6, 0xEC, 0, 0, "00000000", 0, 0, 0, sent)),
                udpOverIpv4(123, 40000, ntp(0x24, 2, 6, 0xE9, 0x0A3D, 0x18000, "c0000209", reference, sent, received, answered)),
                udpOverIpv4(123, 123, ntp(0x19, 3, 10, 0xFA, 0x100, 0x200, "c0000201", reference, 0, 0, sent)),
                udpOverIpv4(123, 123, ntp(0x25, 1, 6, 0xE7, 0, 0x10, "47505300", reference, 0, 0, answered)),
                udpOverIpv4(123, 40000, ntp(0x64, 2, 6, 0xE9, 0x0A3D, 0x18000, "c0000209", reference, sent, received, answered))),
                null, List.of()));
        byte[] whole = ntp(0x24, 2, 6, 0xE9, 0x0A3D, 0x18000, "c0000209", reference, sent, received, answered);
        byte[] cut = udpOverIpv4(123, 40000, whole);
        List<byte[]> frames = List.of(
                udpOverIpv4(123, 40000, Arrays.copyOf(whole, 20)),
                udpOverIpv4(123, 40000, Arrays.copyOf(whole, 1)),
                udpOverIpv4(40000, 123, new byte[0]),
                Arrays.copyOf(cut, 60));
        long[] originalLengths = frames.stream().mapToLong(f -> f.length).toArray();
        originalLengths[3] = cut.length;
        out.add(new CraftedCase("ntp-short", "NTP packets shorter than the 48-byte header: 20 bytes (cut inside the "
                + "reference timestamp), 1 byte, an empty datagram to port 123, and a whole reply cut by a snaplen "
                + "at 60 bytes of its 90", LinkTypes.ETHERNET, frames, originalLengths,
                List.of("ntp.short", "frame.layer_truncated")));
    }
}
