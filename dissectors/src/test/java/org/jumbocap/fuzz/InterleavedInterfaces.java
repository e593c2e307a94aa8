package org.jumbocap.fuzz;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.fast.SampleFrames;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.pcapng.PcapngWriter;

/**
 * A pcapng shape a capture tool that adds interfaces as they appear writes: an Interface Description
 * Block before every Enhanced Packet Block, each packet on the interface declared just before it. The
 * packets are real frames (the first ones of a kernel-made sample), cut to {@link #KEPT_BYTES} bytes
 * with their length on the wire kept. A small file of this shape is a fuzz seed
 * ({@code samples/fuzz/corpus/interleaved-interfaces-seed.pcapng}); the command line's tests read a
 * large one, and its time per block belongs in a benchmark.
 */
public final class InterleavedInterfaces {
    /** Bytes kept of each frame. */
    public static final int KEPT_BYTES = 64;
    /** Pairs in the committed fuzz seed. */
    static final int SEED_PAIRS = 16;
    private static final String SOURCE = "ipv6-bigtcp-veth.pcap";
    private static final int SOURCE_FRAMES = 8;

    private InterleavedInterfaces() {
    }

    /** The frames the packets cycle through. */
    public static List<FrameRecord> sourceFrames() throws IOException {
        List<FrameRecord> frames = new ArrayList<>();
        Path sample = SampleFrames.directory().resolve(SOURCE);
        try (CaptureReader r = CaptureFiles.open(sample)) {
            FrameRecord rec = new FrameRecord();
            while (frames.size() < SOURCE_FRAMES && r.next(rec)) {
                frames.add(rec.copy());
            }
        }
        return frames;
    }

    /**
     * Writes {@code pairs} pairs of one interface block and one packet on that interface, then closes
     * {@code out}. Timestamps advance by a microsecond per packet.
     */
    public static void write(OutputStream out, int pairs, List<FrameRecord> frames) throws IOException {
        int linkType = frames.get(0).linkType();
        // microsecond interfaces, as most tools write: none is finer, so a reader that asks whether any
        // interface so far is finer than microseconds looks at all of them each time
        try (PcapngWriter w = new PcapngWriter(out, linkType, 262_144, false)) {
            long t0 = frames.get(0).timestampNanos();
            for (int i = 0; i < pairs; i++) {
                FrameRecord f = frames.get(i % frames.size());
                int id = w.addInterface(f.linkType(), 262_144, null);
                byte[] b = f.bytes();
                w.write(id, t0 + i * 1_000L, b, 0, Math.min(b.length, KEPT_BYTES), f.originalLength());
            }
        }
    }
}
