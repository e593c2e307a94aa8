package org.jumbocap.crafted;

import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV4;
import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV6;
import static org.jumbocap.proto.tcp.TransportFrames.ICMPV6;
import static org.jumbocap.proto.tcp.TransportFrames.SUPER_DATA;
import static org.jumbocap.proto.tcp.TransportFrames.TCP;
import static org.jumbocap.proto.tcp.TransportFrames.UDP;
import static org.jumbocap.proto.tcp.TransportFrames.V4_OUTER_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V4_OUTER_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.V6_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V6_ROUTER;
import static org.jumbocap.proto.tcp.TransportFrames.V6_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.ackSegment;
import static org.jumbocap.proto.tcp.TransportFrames.data;
import static org.jumbocap.proto.tcp.TransportFrames.ethernet;
import static org.jumbocap.proto.tcp.TransportFrames.geneve;
import static org.jumbocap.proto.tcp.TransportFrames.icmpv6;
import static org.jumbocap.proto.tcp.TransportFrames.ipv4;
import static org.jumbocap.proto.tcp.TransportFrames.ipv4Tcp;
import static org.jumbocap.proto.tcp.TransportFrames.ipv6;
import static org.jumbocap.proto.tcp.TransportFrames.ipv6Tcp;
import static org.jumbocap.proto.tcp.TransportFrames.tcp;
import static org.jumbocap.proto.tcp.TransportFrames.tcpWithDataOffset;
import static org.jumbocap.proto.tcp.TransportFrames.udp;
import static org.jumbocap.proto.tcp.TransportFrames.vxlan;
import static org.jumbocap.proto.tcp.TransportFrames.withChecksum;
import static org.jumbocap.proto.tcp.TransportFrames.withIcmpv6Checksum;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.proto.tcp.TransportFrames.Checksum;
import org.jumbocap.testing.Bytes;

/**
 * TCP, UDP, ICMP and UDP tunnels over ordinary packets and jumbograms: one case per transport check, each
 * naming the expert items it must raise. Super-packet cases carry more than 64 KiB so the transport
 * lengths and pseudo-headers need the 32-bit jumbo lengths.
 */
public final class TransportCraftedCases implements CraftedCaseSource {
    /** Bytes of the invoking packet an ICMPv6 error quotes so the whole error fits the IPv6 minimum MTU. */
    private static final int QUOTE = 1280 - 40 - 8;

    @Override
    public List<CraftedCase> cases() {
        List<CraftedCase> out = new ArrayList<>();
        tcpCases(out);
        udpCases(out);
        icmpCases(out);
        tunnelCases(out);
        return out;
    }

    private static CraftedCase one(String name, String description, byte[] frame, String... experts) {
        return CraftedCase.of(name, description, LinkTypes.ETHERNET, frame, experts);
    }

    private static void tcpCases(List<CraftedCase> out) {
        out.add(one("transport-tcp-checksum-bad", "IPv6 TCP segment whose checksum has one bit flipped",
                ipv6Tcp(ackSegment(data(100)), false, Checksum.BAD), "tcp.checksum.bad"));
        out.add(one("transport-tcp-checksum-offloaded-jumbo",
                "IPv6 jumbogram (Hop-by-Hop Jumbo Payload) whose TCP checksum holds only the pseudo-header sum, as a sender with checksum offload captures it",
                ipv6Tcp(ackSegment(data(SUPER_DATA)), true, Checksum.OFFLOADED), "tcp.checksum.offloaded"));
        // The full checksum of a jumbogram is only right with the real 32-bit length in the pseudo-header.
        out.add(one("transport-tcp-checksum-good-jumbo", "IPv6 jumbogram with a complete TCP checksum over a 32-bit pseudo-header length",
                ipv6Tcp(ackSegment(data(SUPER_DATA)), true, Checksum.CORRECT)));
        out.add(one("transport-tcp-checksum-good-ipv4-bigtcp",
                "IPv4 BIG TCP super-packet (total length 0) with a complete TCP checksum: the pseudo-header length is the real length summed as 32 bits, as the Linux kernel does",
                ipv4Tcp(ackSegment(data(SUPER_DATA)), true, Checksum.CORRECT)));
        byte[] lengthZero = Bytes.of().hex("020405b4").hex("0800").hex("000000000000").toArray();
        out.add(one("transport-tcp-option-length-zero", "TCP option (timestamps) with length 0 after an MSS option",
                ipv6Tcp(tcp(40000, 5201, 1, 0, 0x002, lengthZero, new byte[0]), false, Checksum.CORRECT), "tcp.option.len_invalid"));
        byte[] overrun = Bytes.of().hex("0101").hex("080a").u32(7).toArray();
        out.add(one("transport-tcp-option-overrun", "TCP timestamps option of length 10 with only 8 bytes left in the header",
                ipv6Tcp(tcp(40000, 5201, 1, 0, 0x010, overrun, new byte[0]), false, Checksum.CORRECT), "tcp.option.overrun"));
        out.add(one("transport-tcp-header-length-short", "TCP data offset 4 (16 bytes), below the 20-byte minimum",
                ipv6Tcp(tcpWithDataOffset(40000, 5201, 1, 0, 0x010, 4, new byte[0], data(8)), false, Checksum.CORRECT),
                "tcp.hdr_len.too_small"));
    }

    private static void udpCases(List<CraftedCase> out) {
        byte[] jumboDatagram = withChecksum(udp(5000, 5001, 0, data(SUPER_DATA)), 6, UDP, V6_SRC, V6_DST, Checksum.CORRECT);
        out.add(one("transport-udp-length-zero-jumbo", "IPv6 jumbogram carrying UDP with length 0: RFC 2675 section 4, the length comes from the Jumbo Payload option",
                ethernet(ETHERTYPE_IPV6, ipv6(UDP, V6_SRC, V6_DST, jumboDatagram, true)), "udp.length.jumbo"));
        byte[] small = withChecksum(udp(5000, 5001, 0, data(32)), 6, UDP, V6_SRC, V6_DST, Checksum.CORRECT);
        out.add(one("transport-udp-length-zero-ordinary", "Ordinary IPv6 packet carrying UDP with length 0, allowed only in jumbograms",
                ethernet(ETHERTYPE_IPV6, ipv6(UDP, V6_SRC, V6_DST, small, false)), "udp.length.zero"));
        byte[] zero = withChecksum(udp(5000, 5001, 40, data(32)), 6, UDP, V6_SRC, V6_DST, Checksum.ZERO);
        out.add(one("transport-udp-checksum-zero-ipv6", "UDP over IPv6 without a checksum (0), which IPv6 forbids",
                ethernet(ETHERTYPE_IPV6, ipv6(UDP, V6_SRC, V6_DST, zero, false)), "udp.checksum.zero"));
        byte[] bad = withChecksum(udp(5000, 5001, 40, data(32)), 6, UDP, V4_OUTER_SRC, V4_OUTER_DST, Checksum.BAD);
        out.add(one("transport-udp-checksum-bad", "UDP over IPv4 whose checksum has one bit flipped",
                ethernet(ETHERTYPE_IPV4, ipv4(UDP, V4_OUTER_SRC, V4_OUTER_DST, bad, false)), "udp.checksum.bad"));
        // 1,500 bytes on the wire whose payload is a long run of a and b, then '!': "(a|b)*!" matches it
        // (tshark agrees); a backtracking regex engine runs out of stack on the run
        byte[] run = new byte[1500 - 14 - 40 - 8];
        for (int i = 0; i < run.length - 1; i++) {
            run[i] = (byte) (i % 3 == 2 ? 'b' : 'a');
        }
        run[run.length - 1] = '!';
        byte[] runDatagram = withChecksum(udp(5000, 5001, 8 + run.length, run), 6, UDP, V6_SRC, V6_DST, Checksum.CORRECT);
        out.add(one("transport-udp-payload-ab-run", "UDP over IPv6, 1,500 bytes, a payload of 1,437 a and b then '!'",
                ethernet(ETHERTYPE_IPV6, ipv6(UDP, V6_SRC, V6_DST, runDatagram, false))));
    }

    /** The start of a TCP jumbogram, as an ICMPv6 error quotes it. */
    private static byte[] quotedJumbogram(int payloadLengthField) {
        byte[] packet = ipv6(TCP, V6_SRC, V6_DST, withChecksum(ackSegment(data(SUPER_DATA)), 16, TCP, V6_SRC, V6_DST, Checksum.OFFLOADED), true);
        if (payloadLengthField != 0) {
            packet[4] = (byte) (payloadLengthField >>> 8);
            packet[5] = (byte) payloadLengthField;
        }
        return Arrays.copyOf(packet, QUOTE);
    }

    private static byte[] icmpv6Frame(byte[] message) {
        return ethernet(ETHERTYPE_IPV6, ipv6(ICMPV6, V6_ROUTER, V6_SRC, withIcmpv6Checksum(message, V6_ROUTER, V6_SRC, false), false));
    }

    private static void icmpCases(List<CraftedCase> out) {
        out.add(one("transport-icmpv6-packet-too-big-jumbo",
                "ICMPv6 Packet Too Big with a 32-bit MTU of 100000 for a jumbogram, quoting its first bytes (RFC 2675 section 5)",
                icmpv6Frame(icmpv6(2, 0, 100_000, quotedJumbogram(0))), "icmpv6.mtu.jumbo"));
        out.add(one("transport-icmpv6-packet-too-big-below-minimum", "ICMPv6 Packet Too Big reporting an MTU of 1000, below the IPv6 minimum",
                icmpv6Frame(icmpv6(2, 0, 1000, quotedJumbogram(0))), "icmpv6.mtu.below_minimum"));
        // RFC 2675 section 3: a jumbo option with a non-zero payload length draws a Parameter Problem
        // pointing at the option's type byte (offset 42: 40-byte header, 2-byte Hop-by-Hop start). The quote
        // shows the rejected packet, so its IPv6 layer reports the same fault.
        out.add(one("transport-icmpv6-parameter-problem-jumbo",
                "ICMPv6 Parameter Problem (code 0) pointing at the Jumbo Payload option of a quoted packet whose payload length is not 0",
                icmpv6Frame(icmpv6(4, 0, 42, quotedJumbogram(1000))), "icmpv6.pointer.jumbo", "ipv6.jumbo.plen_not_zero"));
        byte[] echo = icmpv6(128, 0, 0x12340001L, data(56));
        out.add(one("transport-icmpv6-checksum-bad", "ICMPv6 echo request whose checksum has one bit flipped",
                ethernet(ETHERTYPE_IPV6, ipv6(ICMPV6, V6_SRC, V6_DST, withIcmpv6Checksum(echo, V6_SRC, V6_DST, true), false)),
                "icmpv6.checksum.bad"));
    }

    private static void tunnelCases(List<CraftedCase> out) {
        // Outer IPv6 jumbogram, UDP length 0 (RFC 2675), VXLAN, inner Ethernet, inner IPv6 jumbogram whose TCP
        // checksum was left to the NIC. The outer UDP checksum is complete over the bytes as they are.
        byte[] inner = ipv6Tcp(ackSegment(data(SUPER_DATA)), true, Checksum.OFFLOADED);
        byte[] outerUdp = withChecksum(udp(50000, 4789, 0, vxlan(42, inner)), 6, UDP, V6_SRC, V6_DST, Checksum.CORRECT);
        out.add(one("transport-vxlan-ipv6-jumbogram",
                "VXLAN over an IPv6 jumbogram (UDP length 0) carrying an IPv6 jumbogram whose TCP checksum is offloaded",
                ethernet(ETHERTYPE_IPV6, ipv6(UDP, V6_SRC, V6_DST, outerUdp, true)), "udp.length.jumbo", "tcp.checksum.offloaded"));

        byte[] options = Bytes.of()
                .u16(0x0102).u8(0x80).u8(1).u32(0xdeadbeefL)        // class 0x0102, critical type 0x80, 4 data bytes
                .u16(0xffff).u8(0x05).u8(2).u32(1).u32(2)           // class 0xffff, type 5, 8 data bytes
                .toArray();
        byte[] innerTcp = ipv6Tcp(ackSegment(data(200)), false, Checksum.CORRECT);
        byte[] geneveUdp = withChecksum(udp(50000, 6081, 8 + 8 + options.length + innerTcp.length, geneve(0x40, 0x6558, 7, options, innerTcp)),
                6, UDP, V4_OUTER_SRC, V4_OUTER_DST, Checksum.CORRECT);
        out.add(one("transport-geneve-options", "Geneve over IPv4 with a critical and a plain option, carrying Ethernet / IPv6 / TCP",
                ethernet(ETHERTYPE_IPV4, ipv4(UDP, V4_OUTER_SRC, V4_OUTER_DST, geneveUdp, false))));
    }
}
