package org.jumbocap.stats;

import java.nio.ByteBuffer;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.tree.FieldFormat;

/**
 * One direction of a conversation: addresses, IP protocol and, for TCP and UDP, ports (-1 for every other
 * protocol, and for a fragment that carries no transport header). Addresses are kept as numbers (IPv4 in
 * the low 32 bits of {@code srcLo}/{@code dstLo}, IPv6 as high and low 64 bits), the same way
 * {@link FrameSummary} holds them, so a key costs no arrays.
 */
public record FlowKey(int ipVersion, long srcHi, long srcLo, long dstHi, long dstLo, int protocol, int srcPort,
                      int dstPort) {

    /** The key of the innermost IP packet a summary describes, or null when the frame has no IP. */
    public static FlowKey of(FrameSummary s) {
        if (s.ipVersion != 4 && s.ipVersion != 6) {
            return null;
        }
        return new FlowKey(s.ipVersion, s.srcHi, s.srcLo, s.dstHi, s.dstLo, s.ipProto, s.srcPort, s.dstPort);
    }

    /** A key from 4- or 16-byte addresses; null when they are neither. */
    public static FlowKey of(byte[] src, byte[] dst, int protocol, int srcPort, int dstPort) {
        if (src == null || dst == null || src.length != dst.length || (src.length != 4 && src.length != 16)) {
            return null;
        }
        int version = src.length == 4 ? 4 : 6;
        return new FlowKey(version, high(src), low(src), high(dst), low(dst), protocol, srcPort, dstPort);
    }

    /** The first 8 bytes of a 16-byte address as a number; 0 for an IPv4 address. */
    static long high(byte[] a) {
        return a.length == 16 ? bigEndian(a, 0, 8) : 0;
    }

    /** The last 8 bytes of a 16-byte address, or a 4-byte address, as an unsigned number. */
    static long low(byte[] a) {
        return a.length == 16 ? bigEndian(a, 8, 8) : bigEndian(a, 0, 4);
    }

    private static long bigEndian(byte[] a, int from, int count) {
        long v = 0;
        for (int i = from; i < from + count; i++) {
            v = v << 8 | (a[i] & 0xFF);
        }
        return v;
    }

    /** True when this key has exactly these parts: lets a caller find a known direction without making a key. */
    boolean matches(int ipVersion, long srcHi, long srcLo, long dstHi, long dstLo, int protocol, int srcPort, int dstPort) {
        return this.srcLo == srcLo && this.dstLo == dstLo && this.srcPort == srcPort && this.dstPort == dstPort
                && this.srcHi == srcHi && this.dstHi == dstHi && this.protocol == protocol && this.ipVersion == ipVersion;
    }

    /** The other direction of the same conversation. */
    public FlowKey reversed() {
        return new FlowKey(ipVersion, dstHi, dstLo, srcHi, srcLo, protocol, dstPort, srcPort);
    }

    /**
     * The key shared by both directions: the direction whose source sorts first (address, then port), so
     * a conversation has one key whichever side spoke first.
     */
    public FlowKey canonical() {
        int c = Long.compareUnsigned(srcHi, dstHi);
        if (c == 0) {
            c = Long.compareUnsigned(srcLo, dstLo);
        }
        if (c == 0) {
            c = Integer.compare(srcPort, dstPort);
        }
        return c <= 0 ? this : reversed();
    }

    public String sourceAddress() {
        return FieldFormat.address(bytes(srcHi, srcLo));
    }

    public String destinationAddress() {
        return FieldFormat.address(bytes(dstHi, dstLo));
    }

    private byte[] bytes(long hi, long lo) {
        if (ipVersion == 4) {
            return ByteBuffer.allocate(4).putInt((int) lo).array();
        }
        return ByteBuffer.allocate(16).putLong(hi).putLong(lo).array();
    }

    /** "tcp", "udp", "icmp", "icmpv6", or the protocol number. */
    public String protocolName() {
        return switch (protocol) {
            case 6 -> "tcp";
            case 17 -> "udp";
            case 58 -> "icmpv6";
            case 1 -> "icmp";
            default -> String.valueOf(protocol);
        };
    }

    /** "[2001:db8::1]:5201" or "10.0.0.1:5201"; the bare address when there are no ports. */
    public static String endpoint(int ipVersion, String address, int port) {
        if (port < 0) {
            return address;
        }
        return ipVersion == 6 ? "[" + address + "]:" + port : address + ":" + port;
    }

    public String sourceEndpoint() {
        return endpoint(ipVersion, sourceAddress(), srcPort);
    }

    public String destinationEndpoint() {
        return endpoint(ipVersion, destinationAddress(), dstPort);
    }

    @Override
    public String toString() {
        return protocolName() + " " + sourceEndpoint() + " -> " + destinationEndpoint();
    }
}
