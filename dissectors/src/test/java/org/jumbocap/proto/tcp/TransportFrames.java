package org.jumbocap.proto.tcp;

import java.util.Arrays;
import org.jumbocap.testing.Bytes;

/**
 * Builds Ethernet / IPv4 / IPv6 / TCP / UDP / ICMPv6 / VXLAN / Geneve bytes for the transport tests and
 * crafted samples. Checksums are computed here with a plain word-by-word reference sum over an explicit
 * pseudo-header byte string, independent of the code under test.
 */
public final class TransportFrames {
    public static final byte[] V6_SRC = addr("20010db8000000000000000000000001");
    public static final byte[] V6_DST = addr("20010db8000000000000000000000002");
    public static final byte[] V6_ROUTER = addr("20010db80000000000000000000000fe");
    public static final byte[] V4_SRC = {(byte) 192, 0, 2, 1};
    public static final byte[] V4_DST = {(byte) 192, 0, 2, 2};
    public static final byte[] V4_OUTER_SRC = {(byte) 198, 51, 100, 1};
    public static final byte[] V4_OUTER_DST = {(byte) 198, 51, 100, 2};
    public static final int TCP = 6;
    public static final int UDP = 17;
    public static final int ICMPV6 = 58;
    public static final int ETHERTYPE_IPV4 = 0x0800;
    public static final int ETHERTYPE_IPV6 = 0x86DD;
    /** Segment data of the super-packet cases: more than 64 KiB so every length needs the jumbo rules. */
    public static final int SUPER_DATA = 70_000;

    /** What to put in a transport checksum field. */
    public enum Checksum {
        CORRECT,
        /** The correct value with one bit flipped. */
        BAD,
        /** The folded pseudo-header sum a sender with checksum offload leaves (CHECKSUM_PARTIAL). */
        OFFLOADED,
        ZERO
    }

    private TransportFrames() {
    }

    private static byte[] addr(String hex) {
        return java.util.HexFormat.of().parseHex(hex);
    }

    public static byte[] concat(byte[]... parts) {
        Bytes b = Bytes.of();
        for (byte[] p : parts) {
            b.bytes(p);
        }
        return b.toArray();
    }

    /** {@code n} bytes of a counting pattern, so sums are not trivially zero. */
    public static byte[] data(int n) {
        byte[] d = new byte[n];
        for (int i = 0; i < n; i++) {
            d[i] = (byte) (i * 7 + 3);
        }
        return d;
    }

    public static byte[] ethernet(int ethertype, byte[] payload) {
        return Bytes.of().hex("020000000002 020000000001").u16(ethertype).bytes(payload).toArray();
    }

    /**
     * An IPv6 packet. With {@code jumbo} it is an RFC 2675 jumbogram: payload length 0 and a Hop-by-Hop
     * header holding only the Jumbo Payload option with the real length.
     */
    public static byte[] ipv6(int nextHeader, byte[] src, byte[] dst, byte[] upper, boolean jumbo) {
        Bytes b = Bytes.of().u32(0x60000000L);
        if (jumbo) {
            b.u16(0).u8(0).u8(64).bytes(src).bytes(dst);
            b.u8(nextHeader).u8(0).u8(0xC2).u8(4).u32(8L + upper.length);
        } else {
            b.u16(upper.length).u8(nextHeader).u8(64).bytes(src).bytes(dst);
        }
        return b.bytes(upper).toArray();
    }

    /** An IPv4 packet with a correct header checksum; {@code zeroTotalLength} models BIG TCP over IPv4. */
    public static byte[] ipv4(int protocol, byte[] src, byte[] dst, byte[] upper, boolean zeroTotalLength) {
        int total = zeroTotalLength ? 0 : 20 + upper.length;
        Bytes b = Bytes.of().u8(0x45).u8(0).u16(total).u16(1).u16(0x4000).u8(64).u8(protocol).u16(0).bytes(src).bytes(dst);
        b.set16(10, ~fold(referenceSum(b.toArray())) & 0xFFFF);
        return b.bytes(upper).toArray();
    }

    /** A TCP segment with checksum 0; {@code options} must already be padded when a valid header is wanted. */
    public static byte[] tcp(int srcPort, int dstPort, long seq, long ack, int flags, byte[] options, byte[] payload) {
        int headerLength = 20 + options.length;
        return tcpWithDataOffset(srcPort, dstPort, seq, ack, flags, headerLength / 4, options, payload);
    }

    public static byte[] tcpWithDataOffset(int srcPort, int dstPort, long seq, long ack, int flags, int dataOffsetWords,
                                           byte[] options, byte[] payload) {
        return Bytes.of().u16(srcPort).u16(dstPort).u32(seq).u32(ack).u16((dataOffsetWords << 12) | flags).u16(65535)
                .u16(0).u16(0).bytes(options).bytes(payload).toArray();
    }

    public static byte[] udp(int srcPort, int dstPort, int lengthField, byte[] payload) {
        return Bytes.of().u16(srcPort).u16(dstPort).u16(lengthField).u16(0).bytes(payload).toArray();
    }

    public static byte[] icmpv6(int type, int code, long word, byte[] body) {
        return Bytes.of().u8(type).u8(code).u16(0).u32(word).bytes(body).toArray();
    }

    /** VXLAN header (I flag set) and the inner frame. */
    public static byte[] vxlan(int vni, byte[] inner) {
        return Bytes.of().u16(0x0800).u16(0).u24(vni).u8(0).bytes(inner).toArray();
    }

    /** Geneve header; {@code options} must be a multiple of 4 bytes. */
    public static byte[] geneve(int flags, int protocol, int vni, byte[] options, byte[] inner) {
        return Bytes.of().u8(options.length / 4).u8(flags).u16(protocol).u24(vni).u8(0).bytes(options).bytes(inner).toArray();
    }

    /**
     * Fills the transport checksum at {@code fieldOffset} of {@code upper}. The pseudo-header is written out
     * byte by byte with a 32-bit length (RFC 2675 section 4 for IPv6; the Linux kernel's 32-bit sum for IPv4
     * super-packets, which equals the 16-bit length field for ordinary ones).
     */
    public static byte[] withChecksum(byte[] upper, int fieldOffset, int protocol, byte[] src, byte[] dst, Checksum mode) {
        return withChecksum(upper, fieldOffset, protocol, src, dst, upper.length, mode);
    }

    public static byte[] withChecksum(byte[] upper, int fieldOffset, int protocol, byte[] src, byte[] dst, long pseudoLength,
                                      Checksum mode) {
        byte[] out = Arrays.copyOf(upper, upper.length);
        out[fieldOffset] = 0;
        out[fieldOffset + 1] = 0;
        byte[] pseudo = pseudoHeader(protocol, src, dst, pseudoLength);
        int value = switch (mode) {
            case CORRECT -> correct(pseudo, out, protocol);
            case BAD -> correct(pseudo, out, protocol) ^ 0x0100;
            case OFFLOADED -> fold(referenceSum(pseudo));
            case ZERO -> 0;
        };
        out[fieldOffset] = (byte) (value >>> 8);
        out[fieldOffset + 1] = (byte) value;
        return out;
    }

    /** ICMPv6 checksum over the pseudo-header and the message. */
    public static byte[] withIcmpv6Checksum(byte[] message, byte[] src, byte[] dst, boolean bad) {
        return withChecksum(message, 2, ICMPV6, src, dst, bad ? Checksum.BAD : Checksum.CORRECT);
    }

    private static int correct(byte[] pseudo, byte[] upper, int protocol) {
        int value = ~fold(referenceSum(concat(pseudo, upper))) & 0xFFFF;
        return value == 0 && protocol == UDP ? 0xFFFF : value;
    }

    public static byte[] pseudoHeader(int protocol, byte[] src, byte[] dst, long length) {
        return Bytes.of().bytes(src).bytes(dst).u32(length).u24(0).u8(protocol).toArray();
    }

    /** Word-by-word one's-complement sum, the plain RFC 1071 loop. */
    public static long referenceSum(byte[] bytes) {
        long sum = 0;
        for (int i = 0; i < bytes.length; i += 2) {
            int hi = bytes[i] & 0xFF;
            int lo = i + 1 < bytes.length ? bytes[i + 1] & 0xFF : 0;
            sum += (hi << 8) | lo;
        }
        return sum;
    }

    public static int fold(long sum) {
        long s = sum;
        while (s > 0xFFFF) {
            s = (s & 0xFFFF) + (s >>> 16);
        }
        return (int) s;
    }

    /** Ethernet + IPv6 (optionally a jumbogram) + TCP with the given checksum. */
    public static byte[] ipv6Tcp(byte[] segment, boolean jumbo, Checksum mode) {
        return ethernet(ETHERTYPE_IPV6, ipv6(TCP, V6_SRC, V6_DST, withChecksum(segment, 16, TCP, V6_SRC, V6_DST, mode), jumbo));
    }

    /** Ethernet + IPv4 (optionally total length 0) + TCP with the given checksum. */
    public static byte[] ipv4Tcp(byte[] segment, boolean zeroTotalLength, Checksum mode) {
        return ethernet(ETHERTYPE_IPV4, ipv4(TCP, V4_SRC, V4_DST, withChecksum(segment, 16, TCP, V4_SRC, V4_DST, mode), zeroTotalLength));
    }

    /** A plain ACK segment with timestamps, as Linux sends them. */
    public static byte[] ackSegment(byte[] payload) {
        byte[] timestamps = Bytes.of().hex("0101080a").u32(1000).u32(2000).toArray();
        return tcp(40000, 5201, 100, 200, 0x010, timestamps, payload);
    }
}
