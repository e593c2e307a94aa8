package org.jumbocap.proto.ipv6;

import org.jumbocap.testing.Bytes;

/**
 * Builders for link-layer, IPv4 and IPv6 frames used by {@code IpCraftedCases} and the IP dissector
 * tests. Transport checksums are filled in correctly (pseudo-header with the 32-bit upper-layer length,
 * RFC 2675 section 4) so the transport layer adds no findings of its own.
 */
public final class IpFrames {
    public static final byte[] MAC_DST = {0x02, 0, 0, 0, 0, 0x02};
    public static final byte[] MAC_SRC = {0x02, 0, 0, 0, 0, 0x01};
    public static final byte[] V4_SRC = {(byte) 198, 51, 100, 1};
    public static final byte[] V4_DST = {(byte) 198, 51, 100, 2};
    public static final byte[] V6_SRC = v6(0x2001, 0xdb8, 1, 0, 0, 0, 0, 1);
    public static final byte[] V6_DST = v6(0x2001, 0xdb8, 1, 0, 0, 0, 0, 2);

    public static final int ETH_IPV4 = 0x0800;
    public static final int ETH_IPV6 = 0x86DD;
    public static final int TCP = 6;
    public static final int UDP = 17;
    public static final int NO_NEXT = 59;
    /** RFC 3692 experimental protocol number: no dissector claims it, the payload stays data. */
    public static final int EXPERIMENTAL = 253;

    private IpFrames() {
    }

    public static byte[] v6(int... words) {
        Bytes b = Bytes.of();
        for (int w : words) {
            b.u16(w);
        }
        return b.toArray();
    }

    public static byte[] ethernet(int type, byte[] payload) {
        return Bytes.of().bytes(MAC_DST).bytes(MAC_SRC).u16(type).bytes(payload).toArray();
    }

    /** An 802.1Q/802.1ad tag: TPID is written by the layer before (as its type), this is TCI + inner type. */
    public static byte[] vlanTag(int priority, int vlanId, int innerType, byte[] payload) {
        return Bytes.of().u16((priority << 13) | vlanId).u16(innerType).bytes(payload).toArray();
    }

    /** IPv6 fixed header followed by {@code rest} (extension headers and upper layer). */
    public static byte[] ipv6(int payloadLength, int nextHeader, byte[] rest) {
        return ipv6(payloadLength, nextHeader, V6_SRC, V6_DST, rest);
    }

    public static byte[] ipv6(int payloadLength, int nextHeader, byte[] src, byte[] dst, byte[] rest) {
        return Bytes.of().u32(0x6000_0000L | 0x12345).u16(payloadLength).u8(nextHeader).u8(64)
                .bytes(src).bytes(dst).bytes(rest).toArray();
    }

    /** IPv6 with a payload length that matches {@code rest}. */
    public static byte[] ipv6(int nextHeader, byte[] rest) {
        return ipv6(rest.length, nextHeader, rest);
    }

    /**
     * IPv4 with a correct header checksum.
     *
     * @param totalLength    the total length field, or -1 for header plus payload
     * @param flagsAndOffset the flags and fragment offset word
     */
    public static byte[] ipv4(int totalLength, int protocol, int flagsAndOffset, byte[] options, byte[] payload) {
        int headerLength = 20 + options.length;
        if (headerLength % 4 != 0 || headerLength > 60) {
            throw new IllegalArgumentException("options of " + options.length + " bytes");
        }
        int total = totalLength >= 0 ? totalLength : headerLength + payload.length;
        Bytes b = Bytes.of().u8(0x40 | headerLength / 4).u8(0).u16(total).u16(0x1234).u16(flagsAndOffset).u8(64).u8(protocol)
                .u16(0).bytes(V4_SRC).bytes(V4_DST).bytes(options);
        byte[] header = b.toArray();
        int checksum = fold(sum(header, 0, header.length));
        b.set16(10, checksum);
        return b.bytes(payload).toArray();
    }

    public static byte[] ipv4(int protocol, byte[] payload) {
        return ipv4(-1, protocol, 0x4000, new byte[0], payload);
    }

    /** UDP with a correct checksum for the given pseudo-header addresses. */
    public static byte[] udp(byte[] src, byte[] dst, byte[] data) {
        int length = 8 + data.length;
        Bytes b = Bytes.of().u16(40000).u16(9).u16(length).u16(0).bytes(data);
        byte[] segment = b.toArray();
        int checksum = transportChecksum(src, dst, UDP, segment);
        b.set16(6, checksum == 0 ? 0xFFFF : checksum);
        return b.toArray();
    }

    public static byte[] udp6(byte[] data) {
        return udp(V6_SRC, V6_DST, data);
    }

    public static byte[] udp4(byte[] data) {
        return udp(V4_SRC, V4_DST, data);
    }

    /** A TCP ACK/PSH segment of {@code dataLength} filler bytes with a correct checksum. */
    public static byte[] tcp(byte[] src, byte[] dst, int dataLength) {
        Bytes b = Bytes.of().u16(43620).u16(5201).u32(1000).u32(1).u8(0x50).u8(0x18).u16(512).u16(0).u16(0)
                .fill(dataLength, 0x61);
        byte[] segment = b.toArray();
        b.set16(16, transportChecksum(src, dst, TCP, segment));
        return b.toArray();
    }

    /** Hop-by-Hop or Destination Options header: next header, length, then options filling 8n+6 bytes. */
    public static byte[] optionsHeader(int nextHeader, byte[] options) {
        if ((options.length + 2) % 8 != 0) {
            throw new IllegalArgumentException("options of " + options.length + " bytes do not fill 8n+6");
        }
        return Bytes.of().u8(nextHeader).u8((options.length + 2) / 8 - 1).bytes(options).toArray();
    }

    /** Jumbo Payload option (type 0xC2, data length 4). */
    public static byte[] jumboOption(long value) {
        return Bytes.of().u8(0xC2).u8(4).u32(value).toArray();
    }

    /** The usual Linux Hop-by-Hop header of a jumbogram: the Jumbo option at offset 2 (4n+2 aligned). */
    public static byte[] jumboHopByHop(int nextHeader, long value) {
        return optionsHeader(nextHeader, jumboOption(value));
    }

    public static byte[] concat(byte[]... parts) {
        Bytes b = Bytes.of();
        for (byte[] p : parts) {
            b.bytes(p);
        }
        return b.toArray();
    }

    public static byte[] filler(int n) {
        return Bytes.of().fill(n, 0x5A).toArray();
    }

    /** RFC 1071 checksum over the pseudo-header (32-bit length) and the segment, checksum field zeroed. */
    public static int transportChecksum(byte[] src, byte[] dst, int protocol, byte[] segment) {
        long sum = sum(src, 0, src.length) + sum(dst, 0, dst.length) + protocol;
        long length = segment.length;
        sum += (length >>> 16) + (length & 0xFFFF);
        sum += sum(segment, 0, segment.length);
        return fold(sum);
    }

    static long sum(byte[] b, int from, int length) {
        long sum = 0;
        int i = from;
        for (; i + 1 < from + length; i += 2) {
            sum += ((b[i] & 0xFF) << 8) | (b[i + 1] & 0xFF);
        }
        if (i < from + length) {
            sum += (b[i] & 0xFF) << 8;
        }
        return sum;
    }

    static int fold(long sum) {
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        return (int) (~sum & 0xFFFF);
    }
}
