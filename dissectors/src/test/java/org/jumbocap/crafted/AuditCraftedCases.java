package org.jumbocap.crafted;

import static org.jumbocap.proto.tcp.TransportFrames.Checksum;
import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV4;
import static org.jumbocap.proto.tcp.TransportFrames.ETHERTYPE_IPV6;
import static org.jumbocap.proto.tcp.TransportFrames.ICMPV6;
import static org.jumbocap.proto.tcp.TransportFrames.SUPER_DATA;
import static org.jumbocap.proto.tcp.TransportFrames.TCP;
import static org.jumbocap.proto.tcp.TransportFrames.V4_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V4_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.V6_DST;
import static org.jumbocap.proto.tcp.TransportFrames.V6_SRC;
import static org.jumbocap.proto.tcp.TransportFrames.ackSegment;
import static org.jumbocap.proto.tcp.TransportFrames.data;
import static org.jumbocap.proto.tcp.TransportFrames.ethernet;
import static org.jumbocap.proto.tcp.TransportFrames.fold;
import static org.jumbocap.proto.tcp.TransportFrames.icmpv6;
import static org.jumbocap.proto.tcp.TransportFrames.ipv4;
import static org.jumbocap.proto.tcp.TransportFrames.ipv4Tcp;
import static org.jumbocap.proto.tcp.TransportFrames.ipv6;
import static org.jumbocap.proto.tcp.TransportFrames.ipv6Tcp;
import static org.jumbocap.proto.tcp.TransportFrames.referenceSum;
import static org.jumbocap.proto.tcp.TransportFrames.tcp;
import static org.jumbocap.proto.tcp.TransportFrames.withChecksum;
import static org.jumbocap.proto.tcp.TransportFrames.withIcmpv6Checksum;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.proto.ipv6.IpFrames;
import org.jumbocap.testing.Bytes;

/**
 * Checklist items of the core that had unit tests but no committed sample: an unknown link type, No Next
 * Header with bytes after it, every TCP option kind jumbocap names, ICMPv4 echo, IPv6 Neighbor
 * Discovery, and BIG TCP without a jumbo option (IPv4 total length 0, IPv6 payload length 0 without
 * Hop-by-Hop) cut by the snaplen, where only the original length can give the real length. With a sample each, their dissection is in samples/expected/jumbocap/ and can be compared
 * with tshark's.
 */
public final class AuditCraftedCases implements CraftedCaseSource {
    /** LINKTYPE_USER0: no dissector is registered for it, so the frame must come out as plain data. */
    static final int LINKTYPE_USER0 = 147;
    private static final int ICMPV4 = 1;
    private static final int TCP_SYN = 0x002;
    private static final int TCP_ACK = 0x010;
    private static final int SNAPLEN = 1500;

    @Override
    public List<CraftedCase> cases() {
        List<CraftedCase> out = new ArrayList<>();
        out.add(CraftedCase.of("link-unknown-147", "Link type 147 (USER0), which jumbocap does not know: the frame is data, not an error",
                LINKTYPE_USER0, IpCraftedCases.ipv6Udp()));
        out.add(CraftedCase.of("ipv6-no-next-header-data", "IPv6 next header 59 (No Next Header) followed by 8 bytes, shown as ipv6.nonxt.data",
                LinkTypes.ETHERNET, IpFrames.ethernet(IpFrames.ETH_IPV6, IpFrames.ipv6(IpFrames.NO_NEXT, data(8)))));
        out.add(new CraftedCase("transport-tcp-options-all",
                "TCP options: SYN with MSS, SACK permitted, timestamps, window scale and a Fast Open cookie; ACK with SACK blocks;"
                        + " ACK with an MPTCP option shown raw",
                LinkTypes.ETHERNET, List.of(
                        ipv6Tcp(tcp(40000, 5201, 1000, 0, TCP_SYN, synOptions(), new byte[0]), false, Checksum.CORRECT),
                        ipv6Tcp(tcp(40000, 5201, 1001, 2001, TCP_ACK, sackOptions(), new byte[0]), false, Checksum.CORRECT),
                        ipv6Tcp(tcp(40000, 5201, 1001, 2001, TCP_ACK, mptcpOptions(), data(16)), false, Checksum.CORRECT)),
                null, List.of()));
        out.add(new CraftedCase("transport-icmpv4-echo", "ICMPv4 echo request and its reply with correct checksums",
                LinkTypes.ETHERNET, List.of(
                        ethernet(ETHERTYPE_IPV4, ipv4(ICMPV4, V4_SRC, V4_DST, icmpv4Echo(8, 0x1234, 1), false)),
                        ethernet(ETHERTYPE_IPV4, ipv4(ICMPV4, V4_DST, V4_SRC, icmpv4Echo(0, 0x1234, 1), false))),
                null, List.of()));
        out.add(CraftedCase.of("transport-icmpv6-neighbor-solicitation",
                "ICMPv6 Neighbor Solicitation with a source link-layer address option",
                LinkTypes.ETHERNET, ethernet(ETHERTYPE_IPV6, ipv6(ICMPV6, V6_SRC, V6_DST, neighborSolicitation(), false))));
        byte[] ipv4Super = ipv4Tcp(ackSegment(data(SUPER_DATA)), true, Checksum.OFFLOADED);
        out.add(cut("ipv4-bigtcp-snaplen", "IPv4 BIG TCP (total length 0) cut by a 1500-byte snaplen: the length comes from"
                + " the frame's original length, not the bytes kept", ipv4Super, "frame.cut_by_snaplen", "ip.len.zero_bigtcp"));
        byte[] segment = withChecksum(ackSegment(data(SUPER_DATA)), 16, TCP, V6_SRC, V6_DST, Checksum.OFFLOADED);
        byte[] ipv6Super = ethernet(ETHERTYPE_IPV6, IpFrames.ipv6(0, TCP, V6_SRC, V6_DST, segment));
        out.add(cut("ipv6-bigtcp-zero-length-snaplen", "IPv6 BIG TCP without Hop-by-Hop (payload length 0) cut by a 1500-byte"
                + " snaplen: the length comes from the frame's original length", ipv6Super, "frame.cut_by_snaplen",
                "ipv6.plen.zero_bigtcp"));
        return out;
    }

    /** The frame as a 1500-byte snaplen keeps it, with its whole length as the original length. */
    private static CraftedCase cut(String name, String description, byte[] frame, String... experts) {
        return new CraftedCase(name, description, LinkTypes.ETHERNET, List.of(Arrays.copyOf(frame, SNAPLEN)),
                new long[] {frame.length}, List.of(experts));
    }

    /** 32 bytes: MSS 1440, SACK permitted, timestamps, NOP, window scale 7, TFO cookie, two NOPs. */
    private static byte[] synOptions() {
        return Bytes.of().hex("020405a0").hex("0402").hex("080a").u32(1000).u32(0).hex("01").hex("030307")
                .hex("220a").hex("0102030405060708").hex("0101").toArray();
    }

    /** 32 bytes: NOP, NOP, timestamps, NOP, NOP, SACK with two blocks. */
    private static byte[] sackOptions() {
        return Bytes.of().hex("0101080a").u32(1001).u32(1000).hex("0101").hex("0512")
                .u32(3001).u32(4001).u32(5001).u32(6001).toArray();
    }

    /** 20 bytes: NOP, NOP, timestamps, then an MPTCP DSS option (kind 30) that jumbocap shows raw. */
    private static byte[] mptcpOptions() {
        return Bytes.of().hex("0101080a").u32(1002).u32(1001).hex("1e08").hex("2001").u32(1).toArray();
    }

    private static byte[] icmpv4Echo(int type, int identifier, int sequence) {
        Bytes b = Bytes.of().u8(type).u8(0).u16(0).u16(identifier).u16(sequence).bytes(data(32));
        b.set16(2, ~fold(referenceSum(b.toArray())) & 0xFFFF);
        return b.toArray();
    }

    private static byte[] neighborSolicitation() {
        byte[] body = Bytes.of().bytes(V6_DST).u8(1).u8(1).hex("020000000001").toArray();
        return withIcmpv6Checksum(icmpv6(135, 0, 0, body), V6_SRC, V6_DST, false);
    }
}
