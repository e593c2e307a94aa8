package org.jumbocap.capture.filter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.io.pcap.PcapWriter;

/**
 * Ethernet frames with IPv6 extension-header chains in front of the transport header, the shapes the
 * filter rewriter has to see through, plus IPv4 and plain IPv6 controls. Each frame records what it
 * carries so tests can compute the expected answer of a filter independently of libpcap.
 */
final class CraftedFrames {
    static final int HBH = 0;
    static final int ROUTING = 43;
    static final int DEST_OPTS = 60;
    static final int TCP = 6;
    static final int UDP = 17;
    static final int ICMP6 = 58;
    static final int SYN = 0x02;
    static final int ACK = 0x10;

    /** What a crafted frame holds: transport protocol, ports, TCP flags, extension headers, VLAN, IP version. */
    record Frame(String label, byte[] bytes, int ipVersion, boolean vlan, int extHeaders, int transport, int srcPort,
                 int dstPort, int tcpFlags, int icmpType) {
    }

    private static final byte[] SRC6 = ipv6(1);
    private static final byte[] DST6 = ipv6(2);

    private CraftedFrames() {
    }

    static List<Frame> all() {
        List<Frame> f = new ArrayList<>();
        f.add(tcp6("plain IPv6 SYN to 5201", false, new int[0], 40000, 5201, SYN, 0, false));
        f.add(tcp6("HBH jumbo to 5201", false, new int[] {HBH}, 43620, 5201, ACK, 70_000, true));
        f.add(tcp6("HBH + DestOpts to 5201", false, new int[] {HBH, DEST_OPTS}, 43621, 5201, ACK, 100, false));
        f.add(tcp6("HBH + Routing + DestOpts SYN to 5201", false, new int[] {HBH, ROUTING, DEST_OPTS}, 43622, 5201,
                SYN, 0, false));
        f.add(tcp6("four extension headers to 5201", false, new int[] {HBH, DEST_OPTS, ROUTING, DEST_OPTS}, 43623,
                5201, ACK, 10, false));
        f.add(tcp6("HBH jumbo SYN to 80", false, new int[] {HBH}, 50000, 80, SYN, 70_000, true));
        f.add(tcp6("DestOpts from 443", false, new int[] {DEST_OPTS}, 443, 50001, ACK, 10, false));
        f.add(tcp6("VLAN + HBH jumbo to 5201", true, new int[] {HBH}, 43624, 5201, ACK, 70_000, true));
        f.add(udp6("HBH jumbo UDP to 5201", new int[] {HBH}, 40001, 5201, 70_000));
        f.add(udp6("plain UDP to 53", new int[0], 40002, 53, 20));
        f.add(icmp6("MLD behind HBH router alert", new int[] {HBH}, 143));
        f.add(icmp6("plain echo request", new int[0], 128));
        f.add(tcp4("IPv4 BIG TCP (total length 0) to 5201", 43625, 5201, ACK, 70_000));
        f.add(tcp4("IPv4 SYN to 5201", 43626, 5201, SYN, 0));
        return f;
    }

    static Path writePcap(Path dir, List<Frame> frames) throws IOException {
        Path file = dir.resolve("crafted-ext-headers.pcap");
        try (OutputStream out = Files.newOutputStream(file);
             PcapWriter w = new PcapWriter(out, LinkTypes.ETHERNET, 262144, false)) {
            long t = 1_700_000_000_000_000_000L;
            for (Frame fr : frames) {
                w.write(t, fr.bytes(), 0, fr.bytes().length, fr.bytes().length);
                t += 1_000_000;
            }
        }
        return file;
    }

    private static byte[] ipv6(int last) {
        byte[] a = new byte[16];
        a[0] = 0x20;
        a[1] = 0x01;
        a[2] = 0x0d;
        a[3] = (byte) 0xb8;
        a[15] = (byte) last;
        return a;
    }

    private static Frame tcp6(String label, boolean vlan, int[] ext, int sport, int dport, int flags, int payload,
                              boolean jumbo) {
        byte[] l4 = tcpHeader(sport, dport, flags, payload);
        return new Frame(label, ipv6Frame(vlan, ext, TCP, l4, jumbo), 6, vlan, ext.length, TCP, sport, dport, flags,
                -1);
    }

    private static Frame udp6(String label, int[] ext, int sport, int dport, int payload) {
        boolean jumbo = payload + 8 > 65535;
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        u16(b, sport);
        u16(b, dport);
        u16(b, jumbo ? 0 : payload + 8);
        u16(b, 0);
        b.writeBytes(new byte[payload]);
        return new Frame(label, ipv6Frame(false, ext, UDP, b.toByteArray(), jumbo), 6, false, ext.length, UDP, sport,
                dport, -1, -1);
    }

    private static Frame icmp6(String label, int[] ext, int type) {
        byte[] l4 = {(byte) type, 0, 0, 0, 0, 0, 0, 0};
        return new Frame(label, ipv6Frame(false, ext, ICMP6, l4, false), 6, false, ext.length, ICMP6, -1, -1, -1, type);
    }

    private static Frame tcp4(String label, int sport, int dport, int flags, int payload) {
        byte[] l4 = tcpHeader(sport, dport, flags, payload);
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        ethernet(b, false, 0x0800);
        int total = 20 + l4.length;
        b.write(0x45);
        b.write(0);
        u16(b, total > 65535 ? 0 : total);
        u16(b, 1);
        u16(b, 0x4000);
        b.write(64);
        b.write(TCP);
        u16(b, 0);
        b.writeBytes(new byte[] {(byte) 192, 0, 2, 1, (byte) 192, 0, 2, 2});
        b.writeBytes(l4);
        return new Frame(label, b.toByteArray(), 4, false, 0, TCP, sport, dport, flags, -1);
    }

    private static byte[] tcpHeader(int sport, int dport, int flags, int payload) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        u16(b, sport);
        u16(b, dport);
        u32(b, 1000);
        u32(b, flags == SYN ? 0 : 1);
        b.write(5 << 4);
        b.write(flags);
        u16(b, 64);
        u16(b, 0);
        u16(b, 0);
        b.writeBytes(new byte[payload]);
        return b.toByteArray();
    }

    private static byte[] ipv6Frame(boolean vlan, int[] ext, int transport, byte[] l4, boolean jumbo) {
        ByteArrayOutputStream headers = new ByteArrayOutputStream();
        for (int i = 0; i < ext.length; i++) {
            int next = i + 1 < ext.length ? ext[i + 1] : transport;
            headers.writeBytes(extensionHeader(ext[i], next, jumbo && i == 0));
        }
        if (jumbo) {
            byte[] h = headers.toByteArray();
            long jumboLength = h.length + l4.length;
            h[4] = (byte) (jumboLength >>> 24);
            h[5] = (byte) (jumboLength >>> 16);
            h[6] = (byte) (jumboLength >>> 8);
            h[7] = (byte) jumboLength;
            headers.reset();
            headers.writeBytes(h);
        }
        int payloadLength = headers.size() + l4.length;
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        ethernet(b, vlan, 0x86DD);
        u32(b, 0x60000000L);
        u16(b, jumbo ? 0 : payloadLength);
        b.write(ext.length > 0 ? ext[0] : transport);
        b.write(64);
        b.writeBytes(SRC6);
        b.writeBytes(DST6);
        b.writeBytes(headers.toByteArray());
        b.writeBytes(l4);
        return b.toByteArray();
    }

    /** An extension header; a jumbo HBH is 8 bytes with the Jumbo Payload option (length filled in later). */
    private static byte[] extensionHeader(int type, int next, boolean jumboOption) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(next);
        if (jumboOption) {
            b.write(0);
            b.writeBytes(new byte[] {(byte) 0xC2, 4, 0, 0, 0, 0});
        } else if (type == ROUTING) {
            b.write(2);
            b.writeBytes(new byte[] {4, 0, 0, 0, 0, 0});
            b.writeBytes(ipv6(2));
        } else if (type == HBH) {
            b.write(1);
            b.writeBytes(new byte[] {5, 2, 0, 0, 1, 8});
            b.writeBytes(new byte[8]);
        } else {
            b.write(0);
            b.writeBytes(new byte[] {1, 4, 0, 0, 0, 0});
        }
        return b.toByteArray();
    }

    private static void ethernet(ByteArrayOutputStream b, boolean vlan, int etherType) {
        b.writeBytes(new byte[] {2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1});
        if (vlan) {
            u16(b, 0x8100);
            u16(b, 100);
        }
        u16(b, etherType);
    }

    private static void u16(ByteArrayOutputStream b, int v) {
        b.write(v >>> 8);
        b.write(v);
    }

    private static void u32(ByteArrayOutputStream b, long v) {
        u16(b, (int) (v >>> 16) & 0xFFFF);
        u16(b, (int) v & 0xFFFF);
    }
}
