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
import org.jumbocap.proto.tcp.TransportFrames;
import org.jumbocap.proto.tcp.TransportFrames.Checksum;
import org.jumbocap.testing.Bytes;

/** The UDP application protocols' samples and malformed cases: NTP, QUIC, DHCP. */
public final class UdpProtocolCraftedCases implements CraftedCaseSource {
    @Override
    public List<CraftedCase> cases() {
        List<CraftedCase> out = new ArrayList<>();
        ntpCases(out);
        quicCases(out);
        dhcpCases(out);
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

    public static final String CLIENT_CID = "8394c8f03e515708";
    public static final String SERVER_CID = "f067a5502a4262b5";

    /**
     * A QUIC long header packet: first byte, version, connection ids, for an Initial ({@code token} not null)
     * the token with its length, then Length (2-byte varint) and {@code protectedBytes} of counting pattern.
     */
    public static byte[] quicLong(int first, long version, String dcid, String scid, String token, int protectedBytes) {
        Bytes b = Bytes.of().u8(first).u32(version).u8(dcid.length() / 2).hex(dcid).u8(scid.length() / 2).hex(scid);
        if (token != null) {
            b.u8(token.length() / 2).hex(token);
        }
        return b.u16(0x4000 | protectedBytes).bytes(TransportFrames.data(protectedBytes)).toArray();
    }

    /** A short header packet: first byte, then {@code dcid} and {@code protectedBytes} of pattern. */
    public static byte[] quicShort(int first, String dcid, int protectedBytes) {
        return Bytes.of().u8(first).hex(dcid).bytes(TransportFrames.data(protectedBytes)).toArray();
    }

    private static void quicCases(List<CraftedCase> out) {
        byte[] clientInitial = quicLong(0xC3, 1, CLIENT_CID, SERVER_CID, "", 1162);
        byte[] serverInitial = quicLong(0xC1, 1, CLIENT_CID, SERVER_CID, "", 100);
        byte[] handshake = quicLong(0xE1, 1, CLIENT_CID, SERVER_CID, null, 200);
        byte[] versionNegotiation = Bytes.of().u8(0xAA).u32(0).u8(8).hex(SERVER_CID).u8(8).hex(CLIENT_CID)
                .u32(1).u32(0x6b3343cfL).toArray();
        byte[] retry = Bytes.of().u8(0xF0).u32(1).u8(8).hex(SERVER_CID).u8(8).hex("1122334455667788")
                .bytes(TransportFrames.data(40)).hex("a6c825635c6098daf2ba0bf90a35ddaf").toArray();
        out.add(new CraftedCase("quic-packets", "QUIC headers on UDP port 443: a client Initial of 1,188 bytes, the "
                + "server's Initial and Handshake coalesced in one datagram, a Handshake alone, short header packets "
                + "with the key phase bit clear and set, a Version Negotiation offering versions 1 and 2, a Retry, "
                + "a 0-RTT packet with an Initial token, and by the UDP heuristic on port 4433 a version 2 Initial "
                + "(its type bits 01)", LinkTypes.ETHERNET, List.of(
                udpOverIpv4(40000, 443, clientInitial),
                udpOverIpv4(443, 40000, TransportFrames.concat(serverInitial, handshake)),
                udpOverIpv4(443, 40000, handshake),
                udpOverIpv4(40000, 443, quicShort(0x43, SERVER_CID, 100)),
                udpOverIpv4(443, 40000, quicShort(0x67, CLIENT_CID, 60)),
                udpOverIpv4(443, 40000, versionNegotiation),
                udpOverIpv4(443, 40000, retry),
                udpOverIpv4(40000, 443, quicLong(0xD3, 1, CLIENT_CID, SERVER_CID, null, 50)),
                udpOverIpv4(40001, 4433, quicLong(0xD3, 0x6b3343cfL, CLIENT_CID, SERVER_CID, "0102030405", 1162))),
                null, List.of("quic.short.dcid_unknown")));
        String serverCid = "a1a2a3a4a5a6a7a8a9aa";
        out.add(new CraftedCase("quic-connection", "A QUIC connection on UDP port 443 followed in order: the client's "
                + "Initial (source connection id " + SERVER_CID + "), a short header the client sends before the server "
                + "answers, the server's Initial and Handshake coalesced (its own id, 10 bytes), then short headers "
                + "each way carrying the other's id, one from the client's new port (a migration), one whose id is "
                + "no known one, and the server's short header of 1,200 bytes", LinkTypes.ETHERNET, List.of(
                udpOverIpv4(40000, 443, quicLong(0xC3, 1, CLIENT_CID, SERVER_CID, "", 1162)),
                udpOverIpv4(40000, 443, quicShort(0x43, CLIENT_CID, 60)),
                udpOverIpv4(443, 40000, TransportFrames.concat(quicLong(0xC1, 1, SERVER_CID, serverCid, "", 100),
                        quicLong(0xE1, 1, SERVER_CID, serverCid, null, 200))),
                udpOverIpv4(40000, 443, quicShort(0x43, serverCid, 80)),
                udpOverIpv4(443, 40000, quicShort(0x47, SERVER_CID, 70)),
                udpOverIpv4(40001, 443, quicShort(0x43, serverCid, 40)),
                udpOverIpv4(40000, 443, quicShort(0x43, "eeeeeeeeeeeeeeeeeeee", 40)),
                udpOverIpv4(443, 40000, quicShort(0x41, SERVER_CID, 1191))),
                null, List.of("quic.short.dcid_unknown")));
        byte[] tooMany = new byte[0];
        for (int i = 0; i < 300; i++) {
            tooMany = TransportFrames.concat(tooMany, quicLong(0xE1, 1, "", "", null, 0));
        }
        out.add(new CraftedCase("quic-lengths-lie", "QUIC headers whose lengths lie: a Length of 1,000 in a "
                + "datagram of 60 bytes, a connection id length of 255 in 60 bytes, a connection id of 25 bytes (version 1 allows 20), a header cut after the version, an Initial "
                + "whose 8-byte token length says 2^62 - 1, a Version Negotiation cut inside a version, a Retry too "
                + "short for its 16-byte tag, and 300 empty Handshake packets coalesced in one datagram (past the 256 a frame decodes)",
                LinkTypes.ETHERNET, List.of(
                udpOverIpv4(40000, 443, Bytes.of().bytes(quicLong(0xE1, 1, CLIENT_CID, SERVER_CID, null, 30))
                        .set16(1 + 4 + 1 + 8 + 1 + 8, 0x4000 | 1000).toArray()),
                udpOverIpv4(40000, 443, Bytes.of().u8(0xE1).u32(1).u8(255).bytes(TransportFrames.data(60)).toArray()),
                udpOverIpv4(40000, 443, Bytes.of().u8(0xE1).u32(1).u8(25).bytes(TransportFrames.data(25)).u8(0)
                        .u16(0x4000 | 10).bytes(TransportFrames.data(10)).toArray()),
                udpOverIpv4(40000, 443, Bytes.of().u8(0xC3).u32(1).toArray()),
                udpOverIpv4(40000, 443, Bytes.of().u8(0xC3).u32(1).u8(8).hex(CLIENT_CID).u8(0)
                        .hex("ffffffffffffffff").bytes(TransportFrames.data(30)).toArray()),
                udpOverIpv4(443, 40000, Bytes.of().u8(0x80).u32(0).u8(0).u8(0).u32(1).u16(0x6b33).toArray()),
                udpOverIpv4(443, 40000, Bytes.of().u8(0xF0).u32(1).u8(0).u8(0).hex("0102030405").toArray()),
                udpOverIpv4(40000, 443, tooMany)),
                null, List.of("quic.length.beyond_datagram", "quic.cid.too_long", "quic.header.beyond_datagram",
                        "quic.packets.too_many")));
    }

    /** A BOOTP message from the client 02:00:00:00:00:01, then the magic cookie and {@code options} (hex). */
    public static byte[] dhcp(int op, long xid, String yourAddress, String options) {
        return Bytes.of().u8(op).u8(1).u8(6).u8(0).u32(xid).u16(3).u16(0x8000).hex("00000000").hex(yourAddress)
                .hex("00000000 00000000").hex("020000000001").fill(10, 0).fill(64, 0).fill(128, 0).hex("63825363")
                .hex(options).toArray();
    }

    private static void dhcpCases(List<CraftedCase> out) {
        String clientId = "3d07 01020000000001";
        String discover = "350101 " + clientId + " 3204c000020a 0c04686f7374 3704 0103060f ff";
        out.add(new CraftedCase("dhcp-exchange", "DHCP: Discover (client identifier, requested address, host name, "
                + "parameter request list), Offer (server identifier, lease time), Request and ACK, then an Inform "
                + "with a Pad option before the end", LinkTypes.ETHERNET, List.of(
                udpOverIpv4(68, 67, dhcp(1, 0x3903f326L, "00000000", discover)),
                udpOverIpv4(67, 68, dhcp(2, 0x3903f326L, "c000020a", "350102 3604c0000201 330400000e10 ff")),
                udpOverIpv4(68, 67, dhcp(1, 0x3903f326L, "00000000", "350103 " + clientId + " 3204c000020a 3604c0000201 ff")),
                udpOverIpv4(67, 68, dhcp(2, 0x3903f326L, "c000020a", "350105 3604c0000201 330400000e10 ff")),
                udpOverIpv4(68, 67, dhcp(1, 0x12345678L, "00000000", "350108 00 00 ff"))),
                null, List.of()));
        out.add(new CraftedCase("dhcp-lengths-lie", "DHCP messages that lie: 100 bytes where the fixed header needs "
                + "236, an option whose length runs past the message, a message type option of 2 bytes, options "
                + "without an end, an option cut after its code", LinkTypes.ETHERNET, List.of(
                udpOverIpv4(68, 67, Arrays.copyOf(dhcp(1, 1, "00000000", "350101 ff"), 100)),
                udpOverIpv4(68, 67, dhcp(1, 2, "00000000", "350101 0cff686f7374")),
                udpOverIpv4(68, 67, dhcp(1, 3, "00000000", "35020101 ff")),
                udpOverIpv4(68, 67, dhcp(1, 4, "00000000", "350101")),
                udpOverIpv4(68, 67, dhcp(1, 5, "00000000", "350101 0c"))),
                null, List.of("dhcp.short", "dhcp.option.beyond_message", "dhcp.option.bad_length")));
    }
}
