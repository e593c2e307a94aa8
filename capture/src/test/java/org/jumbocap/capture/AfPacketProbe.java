package org.jumbocap.capture;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.io.VnetHeader;

/**
 * Captures on an interface through {@link AfPacketCaptureSource} for some seconds and prints one line a
 * frame, in the fields vnet-oracle.py prints for a plain AF_PACKET socket, so a test run in a network
 * namespace can compare the two frame by frame:
 *
 * <pre>direction capturedLength originalLength gso_type gso_size vnet_flags ip_version tcp_seq tcp_ack packet_flags
 * csum_start csum_offset vlan_id</pre>
 *
 * <p>vlan_id is -1 for a frame without an 802.1Q tag.
 *
 * <p>{@code AfPacketProbe DEV SECONDS copy|sink [FILTER]}: "copy" reads through {@code next(FrameRecord)},
 * "sink" through the sink path that hands over views of the ring.
 */
public final class AfPacketProbe {
    private AfPacketProbe() {
    }

    public static void main(String[] args) throws Exception {
        String device = args[0];
        long nanos = (long) (Double.parseDouble(args[1]) * 1e9);
        boolean sink = args[2].equals("sink");
        CaptureSource.Options options = CaptureSource.Options.defaults(device).withBufferBytes(64 << 20)
                .withFilter(args.length > 3 ? args[3] : null);
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false,
                StandardCharsets.US_ASCII);
        try (AfPacketCaptureSource source = AfPacketCaptureSource.open(options)) {
            System.err.println("capturing on " + device + " snaplen " + source.snaplen());
            System.err.flush();
            FrameRecord rec = new FrameRecord();
            byte[] head = new byte[256];
            long end = System.nanoTime() + nanos;
            while (System.nanoTime() < end) {
                if (sink) {
                    source.next(rec, 64, (frame, bytes) -> {
                        int n = Math.min(head.length, bytes.remaining());
                        bytes.duplicate().get(head, 0, n);
                        print(out, frame, head, n);
                    });
                } else if (source.next(rec) == CaptureSource.Status.FRAME) {
                    print(out, rec, rec.data(), rec.capturedLength());
                }
            }
            CaptureSource.Stats s = source.stats();
            out.flush();
            System.err.println("stats " + s.received() + " " + s.droppedByKernel());
        }
    }

    private static void print(PrintStream out, FrameRecord f, byte[] b, int n) {
        VnetHeader v = f.vnetHeader() == null ? VnetHeader.NONE : f.vnetHeader();
        long[] tcp = tcpNumbers(ByteBuffer.wrap(b, 0, n));
        ByteBuffer frame = ByteBuffer.wrap(b, 0, n);
        int vlan = n >= 16 && (frame.getShort(12) & 0xFFFF) == 0x8100 ? frame.getShort(14) & 0xFFF : -1;
        out.println(PacketFlags.direction(f.packetFlags()) + " " + f.capturedLength() + " " + f.originalLength() + " "
                + v.gsoType() + " " + v.gsoSize() + " " + v.flags() + " " + tcp[0] + " " + tcp[1] + " " + tcp[2] + " "
                + f.packetFlags() + " " + v.csumStart() + " " + v.csumOffset() + " " + vlan);
    }

    /** IP version, TCP sequence and acknowledgment numbers of an Ethernet frame, -1 where absent. */
    static long[] tcpNumbers(ByteBuffer b) {
        int n = b.limit();
        if (n < 14) {
            return new long[] {0, -1, -1};
        }
        int type = b.getShort(12) & 0xFFFF;
        int at = 14;
        if (type == 0x8100 && n >= 18) {
            type = b.getShort(16) & 0xFFFF;
            at = 18;
        }
        int next;
        int version;
        if (type == 0x86DD && n >= at + 40) {
            next = b.get(at + 6) & 0xFF;
            at += 40;
            while ((next == 0 || next == 43 || next == 60) && n >= at + 8) {
                int len = b.get(at + 1) & 0xFF;
                next = b.get(at) & 0xFF;
                at += 8 * (len + 1);
            }
            version = 6;
        } else if (type == 0x0800 && n >= at + 20) {
            next = b.get(at + 9) & 0xFF;
            at += 4 * (b.get(at) & 0x0F);
            version = 4;
        } else {
            return new long[] {type == 0x86DD ? 6 : type == 0x0800 ? 4 : 0, -1, -1};
        }
        if (next != 6 || n < at + 12) {
            return new long[] {version, -1, -1};
        }
        return new long[] {version, b.getInt(at + 4) & 0xFFFFFFFFL, b.getInt(at + 8) & 0xFFFFFFFFL};
    }
}
