package org.jumbocap.fast;

import org.jumbocap.testing.Bytes;

/** Header builders for crafting frames in fast-path tests and benchmarks. */
public final class Frames {
    public static final byte[] IPV6_SRC = hex16("20010db8000000000000000000000001");
    public static final byte[] IPV6_DST = hex16("20010db8000000000000000000000002");
    public static final long IPV4_SRC = 0xC6336401L; // 198.51.100.1
    public static final long IPV4_DST = 0xCB007102L; // 203.0.113.2

    private Frames() {
    }

    private static byte[] hex16(String s) {
        return java.util.HexFormat.of().parseHex(s);
    }

    public static Bytes ethernet(Bytes b, int ethertype) {
        return b.hex("020000000002 020000000001").u16(ethertype);
    }

    /** An 802.1Q / 802.1ad tag: the TPID was written as the previous ethertype. */
    public static Bytes vlanTag(Bytes b, int vid, int innerType) {
        return b.u16(vid & 0x0FFF).u16(innerType);
    }

    public static Bytes ipv6(Bytes b, int payloadLength, int nextHeader) {
        return ipv6(b, payloadLength, nextHeader, IPV6_SRC, IPV6_DST);
    }

    public static Bytes ipv6(Bytes b, int payloadLength, int nextHeader, byte[] src, byte[] dst) {
        return b.u32(0x60000000L).u16(payloadLength).u8(nextHeader).u8(64).bytes(src).bytes(dst);
    }

    /** 8-byte Hop-by-Hop header holding only a Jumbo Payload option. */
    public static Bytes hopByHopJumbo(Bytes b, int nextHeader, long jumboLength) {
        return b.u8(nextHeader).u8(0).u8(0xC2).u8(4).u32(jumboLength);
    }

    /** An options header (HBH 0 or destination options 60) of {@code 8 * units} bytes filled with PadN. */
    public static Bytes padOptions(Bytes b, int nextHeader, int units) {
        b.u8(nextHeader).u8(units - 1);
        int padLength = units * 8 - 2;
        return b.u8(1).u8(padLength - 2).fill(padLength - 2, 0);
    }

    public static Bytes routing(Bytes b, int nextHeader) {
        // type 4 (segment routing) with no segments left: 8 bytes
        return b.u8(nextHeader).u8(0).u8(4).u8(0).u32(0);
    }

    public static Bytes fragment(Bytes b, int nextHeader, int offsetUnits, boolean more) {
        return b.u8(nextHeader).u8(0).u16((offsetUnits << 3) | (more ? 1 : 0)).u32(0x12345678L);
    }

    /** Authentication header with a 12-byte ICV: 24 bytes. */
    public static Bytes auth(Bytes b, int nextHeader) {
        return b.u8(nextHeader).u8(4).u16(0).u32(0x100).u32(1).fill(12, 0xAB);
    }

    public static Bytes ipv4(Bytes b, int totalLength, int protocol, int fragmentField) {
        return ipv4(b, totalLength, protocol, fragmentField, IPV4_SRC, IPV4_DST);
    }

    public static Bytes ipv4(Bytes b, int totalLength, int protocol, int fragmentField, long src, long dst) {
        return b.u8(0x45).u8(0).u16(totalLength).u16(1).u16(fragmentField).u8(64).u8(protocol).u16(0)
                .u32(src).u32(dst);
    }

    public static Bytes tcp(Bytes b, int srcPort, int dstPort, long seq, int flags) {
        return b.u16(srcPort).u16(dstPort).u32(seq).u32(0).u8(5 << 4 | (flags >> 8 & 1)).u8(flags & 0xFF)
                .u16(65535).u16(0).u16(0);
    }

    /** TCP with 12 bytes of options (NOP NOP timestamps): 32-byte header. */
    public static Bytes tcpWithTimestamps(Bytes b, int srcPort, int dstPort, long seq, int flags) {
        return b.u16(srcPort).u16(dstPort).u32(seq).u32(0).u8(8 << 4).u8(flags).u16(65535).u16(0).u16(0)
                .hex("0101080a").u32(1).u32(2);
    }

    public static Bytes udp(Bytes b, int srcPort, int dstPort, int length) {
        return b.u16(srcPort).u16(dstPort).u16(length).u16(0);
    }

    public static Bytes vxlan(Bytes b, int vni) {
        return b.u32(0x08000000L).u32((long) vni << 8);
    }

    /** Geneve with {@code optionWords} 4-byte words of options and the given protocol type. */
    public static Bytes geneve(Bytes b, int optionWords, int protocol, int vni) {
        b.u8(optionWords & 0x3F).u8(0).u16(protocol).u32((long) vni << 8);
        for (int i = 0; i < optionWords; i++) {
            b.u32(0x01020000L | i);
        }
        return b;
    }

    /** Ethernet + IPv6 + TCP with {@code payload} bytes of data: an ordinary frame. */
    public static byte[] ethernetIpv6Tcp(int payload, int srcPort, int dstPort) {
        Bytes b = ethernet(Bytes.of(), 0x86DD);
        ipv6(b, 20 + payload, 6);
        tcp(b, srcPort, dstPort, 1000, 0x18);
        return b.fill(payload, 0x5A).toArray();
    }

    /** Ethernet + IPv4 + TCP with {@code payload} bytes of data. */
    public static byte[] ethernetIpv4Tcp(int payload, int srcPort, int dstPort) {
        Bytes b = ethernet(Bytes.of(), 0x0800);
        ipv4(b, 40 + payload, 6, 0x4000);
        tcp(b, srcPort, dstPort, 1000, 0x10);
        return b.fill(payload, 0x5A).toArray();
    }

    /** Ethernet + IPv4 + UDP with {@code payload} bytes of data. */
    public static byte[] ethernetIpv4Udp(int payload, int srcPort, int dstPort) {
        Bytes b = ethernet(Bytes.of(), 0x0800);
        ipv4(b, 28 + payload, 17, 0);
        udp(b, srcPort, dstPort, 8 + payload);
        return b.fill(payload, 0x33).toArray();
    }
}
