package org.jumbocap.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.jumbocap.fast.Frames;
import org.jumbocap.fast.SampleFrames;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.testing.Bytes;

/** Frame sets the benchmarks run over, built or loaded once per trial. */
final class BenchFrames {
    private BenchFrames() {
    }

    /**
     * {@code count} small Ethernet frames of 64 to 1500 bytes: IPv4 and IPv6, TCP and UDP, a few VLAN
     * tagged, with a fixed seed so every run decodes the same mix.
     */
    static List<FrameRecord> synthetic(int count) {
        Random r = new Random(42);
        List<FrameRecord> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int kind = r.nextInt(10);
            byte[] f;
            if (kind < 4) {
                f = Frames.ethernetIpv6Tcp(payload(r, 14 + 40 + 20), 40000 + r.nextInt(100), 5201);
            } else if (kind < 7) {
                f = Frames.ethernetIpv4Tcp(payload(r, 14 + 20 + 20), 1024 + r.nextInt(60000), 443);
            } else if (kind < 9) {
                f = Frames.ethernetIpv4Udp(payload(r, 14 + 20 + 8), 53, 1024 + r.nextInt(60000));
            } else {
                Bytes b = Frames.ethernet(Bytes.of(), 0x8100);
                Frames.vlanTag(b, 100, 0x86DD);
                int payload = payload(r, 18 + 40 + 20);
                Frames.ipv6(b, 20 + payload, 6);
                Frames.tcp(b, 5201, 40000, r.nextInt(), 0x10);
                f = b.fill(payload, 0).toArray();
            }
            out.add(new FrameRecord(i + 1, 0, LinkTypes.ETHERNET, f, f.length));
        }
        return out;
    }

    /** Payload so the frame lands between 64 and 1500 bytes. */
    private static int payload(Random r, int headers) {
        return Math.max(0, 64 - headers) + r.nextInt(1500 - Math.max(64, headers));
    }

    /** Every frame of every committed sample capture, in memory. */
    static List<FrameRecord> samples() {
        try {
            List<FrameRecord> out = new ArrayList<>();
            for (Path p : SampleFrames.files()) {
                out.addAll(SampleFrames.read(p));
            }
            if (out.isEmpty()) {
                throw new IllegalStateException("no sample captures found from " + Path.of("").toAbsolutePath());
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
