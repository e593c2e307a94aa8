package org.jumbocap.crafted;

import java.util.ArrayList;
import java.util.List;
import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV4;
import static org.jumbocap.proto.tcp.TransportFrames.TCP;
import static org.jumbocap.proto.tcp.TransportFrames.UDP;
import static org.jumbocap.proto.tcp.TransportFrames.V4_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V4_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.ethernet;
import static org.jumbocap.proto.tcp.TransportFrames.ipv4;
import static org.jumbocap.proto.tcp.TransportFrames.tcp;
import static org.jumbocap.proto.tcp.TransportFrames.udp;
import static org.jumbocap.proto.tcp.TransportFrames.withChecksum;

import org.jumbocap.io.LinkTypes;
import org.jumbocap.proto.tcp.TransportFrames.Checksum;
import org.jumbocap.testing.Bytes;

/**
 * The application protocols' odd and malformed cases: ARP's relatives and address shapes, and packets
 * whose lengths, counts or pointers lie. Each must decode to the notes it names and never throw or hang.
 */
public final class ProtocolCraftedCases implements CraftedCaseSource {
    private static final String MAC_A = "020000000001";
    private static final String MAC_B = "020000000002";
    private static final String ZERO = "000000000000";
    private static final String IP_A = "0a000001";
    private static final String IP_B = "0a000002";

    @Override
    public List<CraftedCase> cases() {
        List<CraftedCase> out = new ArrayList<>();
        arpCases(out);
        dnsCases(out);
        mdnsCases(out);
        tlsCases(out);
        return out;
    }

    /** An ARP packet in an Ethernet frame from {@code sha}, broadcast. */
    public static byte[] arp(int hwType, int protoType, int hwSize, int protoSize, int opcode, String addresses) {
        return Bytes.of().hex("ffffffffffff").hex(MAC_A).u16(0x0806)
                .u16(hwType).u16(protoType).u8(hwSize).u8(protoSize).u16(opcode).hex(addresses).toArray();
    }

    /** A DNS message in a UDP datagram from port 40000 to 53, over IPv4, checksum right. */
    public static byte[] dnsOverUdp(byte[] message) {
        byte[] datagram = withChecksum(udp(40000, 53, 8 + message.length, message), 6, UDP, V4_SRC, V4_DST, Checksum.CORRECT);
        return ethernet(ETHERTYPE_IPV4, ipv4(UDP, V4_SRC, V4_DST, datagram, false));
    }

    /** TCP payload (length-prefixed DNS messages, whole or not) from port 40000 to 53, over IPv4. */
    public static byte[] dnsOverTcp(byte[] payload) {
        byte[] segment = withChecksum(tcp(40000, 53, 1, 1, 0x018, new byte[0], payload), 16, TCP, V4_SRC, V4_DST, Checksum.CORRECT);
        return ethernet(ETHERTYPE_IPV4, ipv4(TCP, V4_SRC, V4_DST, segment, false));
    }

    /** A response header with the given counts, then {@code rest}. */
    public static byte[] dnsResponse(int questions, int answers, String rest) {
        return Bytes.of().u16(0xbeef).u16(0x8180).u16(questions).u16(answers).u16(0).u16(0).hex(rest).toArray();
    }

    private static void dnsCases(List<CraftedCase> out) {
        String question = "03777777076578616d706c6503636f6d00 0001 0001"; // www.example.com A IN
        out.add(new CraftedCase("dns-compression-hostile", "DNS names whose compression pointers loop (a pointer to "
                + "itself, two pointing at each other), point past the message, use the reserved label types, or "
                + "chain 130 pointers, or a name of five 63-byte labels (longer than 255 bytes)", LinkTypes.ETHERNET, List.of(
                dnsOverUdp(dnsResponse(1, 0, "c00c 0001 0001")),
                dnsOverUdp(dnsResponse(1, 0, "c00e c00c 0001 0001")),
                dnsOverUdp(dnsResponse(1, 0, "c1ff 0001 0001")),
                dnsOverUdp(dnsResponse(1, 0, "4100 0001 0001")),
                dnsOverUdp(dnsResponse(1, 0, longChain())),
                dnsOverUdp(dnsResponse(1, 0, ("3f" + "61".repeat(63)).repeat(5) + "00 0001 0001"))),
                null, List.of("dns.name.pointer_loop", "dns.name.bad_pointer", "dns.name.bad_label", "dns.name.too_long")));
        out.add(new CraftedCase("dns-lengths-lie", "DNS counts announcing more records than the message holds, a "
                + "record whose data length runs past the message, and over TCP a message of 300 bytes of which the "
                + "segment holds 40", LinkTypes.ETHERNET, List.of(
                dnsOverUdp(dnsResponse(1, 65535, question + " c00c 0001 0001 0000012c 0004 c0000201")),
                dnsOverUdp(dnsResponse(1, 1, question + " c00c 0001 0001 0000012c ffff c0000201")),
                dnsOverTcp(Bytes.of().u16(300).bytes(dnsResponse(1, 1, question + " c00c 0001 0001 0000")).toArray())),
                null, List.of("dns.count.beyond_message", "dns.rr.beyond_message", "dns.message.continues")));
    }

    /** An mDNS datagram from 192.0.2.5:5353 to 224.0.0.251:5353. */
    public static byte[] mdns(byte[] message) {
        byte[] src = {(byte) 192, 0, 2, 5};
        byte[] group = {(byte) 224, 0, 0, (byte) 251};
        byte[] datagram = withChecksum(udp(5353, 5353, 8 + message.length, message), 6, UDP, src, group, Checksum.CORRECT);
        return Bytes.of().hex("01005e0000fb 020000000005").u16(ETHERTYPE_IPV4).bytes(ipv4(UDP, src, group, datagram, false)).toArray();
    }

    private static void mdnsCases(List<CraftedCase> out) {
        String services = "095f7365727669636573075f646e732d7364045f756470056c6f63616c00"; // _services._dns-sd._udp.local
        String http = "055f68747470045f746370056c6f63616c00"; // _http._tcp.local
        String host = "04686f7374056c6f63616c00"; // host.local
        out.add(new CraftedCase("mdns-query-response", "Multicast DNS: a query with a QM and a QU question, and a "
                + "response whose A and AAAA records have the cache-flush bit", LinkTypes.ETHERNET, List.of(
                mdns(Bytes.of().u16(0).u16(0).u16(2).u16(0).u16(0).u16(0).hex(services).u16(12).u16(1)
                        .hex(http).u16(12).u16(0x8001).toArray()),
                mdns(Bytes.of().u16(0).u16(0x8400).u16(0).u16(2).u16(0).u16(0).hex(host).u16(1).u16(0x8001).u32(120).u16(4)
                        .hex("c0000205").hex("c00c").u16(28).u16(0x8001).u32(120).u16(16)
                        .hex("00000000000000000000000000000001").toArray())),
                null, List.of()));
    }

    /** A question whose name is 130 one-byte labels, each reached through a pointer to the next one. */
    private static String longChain() {
        StringBuilder s = new StringBuilder();
        int first = 12 + 4; // the question is a pointer to the first label after it and the type and class
        s.append(String.format("c0%02x 0001 0001 ", first));
        for (int i = 0; i < 130; i++) {
            int next = first + 4 * (i + 1);
            s.append(String.format("0161 c%03x ", next)); // label "a", then a pointer to the next label
        }
        s.append("00");
        return s.toString();
    }

    /** A TCP segment from port 443 to 50000 over IPv4 (a jumbogram over IPv6 when {@code superPacket}). */
    public static byte[] tlsSegment(byte[] payload, boolean superPacket) {
        return tlsSegment(payload, superPacket, 50000);
    }

    /** As above, to {@code clientPort}: each its own connection. */
    public static byte[] tlsSegment(byte[] payload, boolean superPacket, int clientPort) {
        if (superPacket) {
            byte[] segment = withChecksum(tcp(443, 50000, 1, 1, 0x018, new byte[0], payload), 16, TCP,
                    org.jumbocap.proto.tcp.TransportFrames.V6_SRC, org.jumbocap.proto.tcp.TransportFrames.V6_DST, Checksum.CORRECT);
            return ethernet(org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV6, org.jumbocap.proto.tcp.TransportFrames.ipv6(TCP,
                    org.jumbocap.proto.tcp.TransportFrames.V6_SRC, org.jumbocap.proto.tcp.TransportFrames.V6_DST, segment, true));
        }
        byte[] segment = withChecksum(tcp(443, clientPort, 1, 1, 0x018, new byte[0], payload), 16, TCP, V4_SRC, V4_DST, Checksum.CORRECT);
        return ethernet(ETHERTYPE_IPV4, ipv4(TCP, V4_SRC, V4_DST, segment, false));
    }

    /** A TLS record header and {@code length} bytes of a counting pattern. */
    public static byte[] tlsRecord(int type, int version, int length) {
        Bytes b = Bytes.of().u8(type).u16(version).u16(length);
        for (int i = 0; i < length; i++) {
            b.u8(i * 13 + 7);
        }
        return b.toArray();
    }

    /** A Client Hello offering TLS 1.3 with SNI {@code host}; lengths as given (they may lie). */
    public static byte[] clientHello(String host, int sniListLengthDelta, int extensionsLengthDelta) {
        byte[] name = host.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        Bytes sni = Bytes.of().u16(0).u16(5 + name.length).u16(3 + name.length + sniListLengthDelta).u8(0).u16(name.length).bytes(name);
        Bytes alpn = Bytes.of().u16(16).u16(5).u16(3).u8(2).hex("6832");
        Bytes versions = Bytes.of().u16(43).u16(3).u8(2).u16(0x0304);
        byte[] extensions = Bytes.of().bytes(sni.toArray()).bytes(alpn.toArray()).bytes(versions.toArray()).toArray();
        Bytes hello = Bytes.of().u16(0x0303);
        for (int i = 0; i < 32; i++) {
            hello.u8(i);
        }
        hello.u8(0).u16(2).u16(0x1301).u8(1).u8(0).u16(extensions.length + extensionsLengthDelta).bytes(extensions);
        byte[] body = hello.toArray();
        byte[] handshake = Bytes.of().u8(1).u8(0).u16(body.length).bytes(body).toArray();
        return Bytes.of().u8(22).u16(0x0301).u16(handshake.length).bytes(handshake).toArray();
    }

    private static void tlsCases(List<CraftedCase> out) {
        Bytes records = Bytes.of();
        for (int i = 0; i < 11; i++) {
            records.bytes(tlsRecord(23, 0x0303, 16401));
        }
        records.bytes(java.util.Arrays.copyOf(tlsRecord(23, 0x0303, 16401), 3000));
        out.add(new CraftedCase("tls-bigtcp-records", "An IPv6 BIG TCP super-packet from port 443 carrying eleven whole "
                + "TLS 1.2 Application Data records of 16,401 bytes and the first 3,000 bytes of a twelfth",
                LinkTypes.ETHERNET, List.of(tlsSegment(records.toArray(), true)), null,
                List.of()));
        out.add(new CraftedCase("tls-hello-lengths-lie", "Client Hellos whose SNI list length and extensions length "
                + "claim more bytes than the message holds, and a record whose handshake message claims more than the "
                + "record", LinkTypes.ETHERNET, List.of(
                tlsSegment(clientHello("www.example.com", 40, 0), false),
                tlsSegment(clientHello("www.example.com", 0, 300), false, 50001),
                tlsSegment(Bytes.of().u8(22).u16(0x0303).u16(8).u8(1).u8(0).u16(200).hex("03030000").toArray(), false, 50002)),
                null, List.of("tls.handshake.malformed")));
    }

    private static void arpCases(List<CraftedCase> out) {
        List<byte[]> kinds = new ArrayList<>();
        kinds.add(arp(1, 0x0800, 6, 4, 3, MAC_A + IP_A + MAC_A + "00000000"));   // RARP request
        kinds.add(arp(1, 0x0800, 6, 4, 4, MAC_B + IP_B + MAC_A + IP_A));         // RARP reply
        kinds.add(arp(1, 0x0800, 6, 4, 5, MAC_A + IP_A + ZERO + IP_B));          // DRARP request
        kinds.add(arp(1, 0x0800, 6, 4, 8, MAC_A + IP_A + MAC_B + "00000000"));   // Inverse ARP request
        kinds.add(arp(1, 0x0800, 6, 4, 9, MAC_B + IP_B + MAC_A + IP_A));         // Inverse ARP reply
        kinds.add(arp(1, 0x0800, 6, 4, 77, MAC_A + IP_A + ZERO + IP_B));         // unknown opcode
        kinds.add(arp(1, 0x86DD, 6, 4, 1, MAC_A + IP_A + ZERO + IP_B));          // protocol addresses not IPv4
        kinds.add(arp(6, 0x0800, 6, 4, 1, MAC_A + IP_A + ZERO + IP_B));          // IEEE 802 hardware: still MACs
        kinds.add(arp(32, 0x00CC, 6, 4, 1, MAC_A + IP_A + ZERO + IP_B));         // other hardware, AX.25's IPv4
        kinds.add(arp(1, 0x0800, 0, 0, 1, ""));                                  // no addresses at all
        kinds.add(arp(1, 0x0800, 6, 4, 1, "00000000000000000000" + ZERO + "0a000009")); // a probe whose sender MAC is zero too
        kinds.add(arp(1, 0x0800, 6, 4, 2, MAC_A + IP_A + ZERO + IP_A));         // gratuitous reply with a zero target MAC
        out.add(new CraftedCase("arp-opcodes", "ARP relatives (RARP, DRARP, Inverse ARP), an unknown opcode, addresses "
                + "that are not MAC/IPv4 and of size 0, a probe and a gratuitous reply", LinkTypes.ETHERNET, kinds, null, List.of()));
        byte[] request = arp(1, 0x0800, 6, 4, 1, MAC_A + IP_A + ZERO + IP_B);
        out.add(new CraftedCase("arp-malformed", "ARP packets shorter than their address sizes: cut inside the target "
                + "address, and sizes of 200 bytes each (808 bytes claimed, 20 present)", LinkTypes.ETHERNET,
                List.of(java.util.Arrays.copyOf(request, 30), arp(1, 0x0800, 200, 200, 1, MAC_A + IP_A + ZERO + IP_B)),
                null, List.of("frame.malformed")));
    }
}
