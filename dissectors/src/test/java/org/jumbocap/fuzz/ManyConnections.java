package org.jumbocap.fuzz;

import java.io.IOException;
import java.io.OutputStream;
import org.jumbocap.fast.SampleFrames;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.pcap.PcapWriter;

/**
 * A capture of many TCP connections of one frame each: the first SYN of a kernel-made sample (Ethernet,
 * IPv6, TCP with options), its source port and the low 32 bits of its source address changed per
 * connection and its checksum made right again. A million of them is the shape that made {@code stats}
 * hold every conversation (and print a line for each); the memory bound is tested on it.
 */
public final class ManyConnections {
    private static final String SOURCE = "ipv6-bigtcp-veth.pcap";
    private static final int ETH = 14;
    private static final int IPV6 = 40;

    private ManyConnections() {
    }

    /** The SYN every connection is made from. */
    public static FrameRecord syn() throws IOException {
        try (CaptureReader r = CaptureFiles.open(SampleFrames.directory().resolve(SOURCE))) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                byte[] b = rec.bytes();
                if (b.length > ETH + IPV6 + 20 && (b[12] & 0xFF) == 0x86 && (b[13] & 0xFF) == 0xDD && b[ETH + 6] == 6
                        && (b[ETH + IPV6 + 13] & 0x12) == 0x02) {
                    return rec.copy();
                }
            }
        }
        throw new IOException(SOURCE + " has no SYN");
    }

    /** Writes {@code connections} one-frame connections as pcap, then closes {@code out}. */
    public static void write(OutputStream out, int connections) throws IOException {
        FrameRecord syn = syn();
        byte[] frame = syn.bytes();
        try (PcapWriter w = new PcapWriter(out, syn.linkType(), 262_144, false)) {
            for (int i = 0; i < connections; i++) {
                int port = 1024 + i % 60_000;
                int host = i / 60_000;
                frame[ETH + IPV6] = (byte) (port >>> 8);
                frame[ETH + IPV6 + 1] = (byte) port;
                frame[ETH + 8 + 12] = (byte) (host >>> 24);
                frame[ETH + 8 + 13] = (byte) (host >>> 16);
                frame[ETH + 8 + 14] = (byte) (host >>> 8);
                frame[ETH + 8 + 15] = (byte) host;
                checksum(frame);
                w.write(syn.timestampNanos() + i * 1_000L, frame, 0, frame.length, frame.length);
            }
        }
    }

    /** The TCP checksum over the IPv6 pseudo-header and the segment (no extension headers). */
    private static void checksum(byte[] f) {
        int tcp = ETH + IPV6;
        int length = f.length - tcp;
        f[tcp + 16] = 0;
        f[tcp + 17] = 0;
        long sum = 0;
        for (int i = ETH + 8; i < ETH + 40; i += 2) {
            sum += (f[i] & 0xFF) << 8 | f[i + 1] & 0xFF;
        }
        sum += length + 6;
        for (int i = tcp; i < f.length; i += 2) {
            sum += (f[i] & 0xFF) << 8 | (i + 1 < f.length ? f[i + 1] & 0xFF : 0);
        }
        while (sum >>> 16 != 0) {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        int c = (int) ~sum & 0xFFFF;
        f[tcp + 16] = (byte) (c >>> 8);
        f[tcp + 17] = (byte) c;
    }
}
