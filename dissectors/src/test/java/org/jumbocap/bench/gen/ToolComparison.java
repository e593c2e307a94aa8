package org.jumbocap.bench.gen;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.CaptureWriter;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.io.files.CaptureWriters;

/**
 * The inputs and the jumbocap-only passes of {@code cli/bench/compare-tools.sh}, which measures jumbocap
 * against tcpdump and tshark on large files. Modes:
 * <ul>
 *   <li>{@code super-packets OUT SIZE_MB SAMPLE...}: the BIG TCP super-packets (frames over 64 KB) of the
 *       samples repeated until the file holds SIZE_MB megabytes, with increasing timestamps and TCP
 *       sequence numbers shifted each round so every flow stays contiguous (no tool sees retransmissions);</li>
 *   <li>{@code small-frames OUT COUNT}: COUNT synthetic Ethernet frames of 64 to 1500 bytes (TCP ACKs and
 *       data over IPv4 and IPv6, some UDP) with correct checksums;</li>
 *   <li>{@code tiny-frames OUT COUNT}: COUNT frames of about 126 bytes on average, the rate-bound case:
 *       TCP data of 1 to 164 bytes to port 5201 and the receiver's pure ACKs (two frames in three),
 *       UDP datagrams of 64 bytes (every third frame), over IPv4 and IPv6, with correct checksums;</li>
 *   <li>{@code fast-pass FILE [PASSES]}: streams the file through the capture reader and the fast
 *       decoder, counting jumbograms;</li>
 *   <li>{@code reader-pass FILE [PASSES]}: the capture reader alone, so the decoder's share is the
 *       difference;</li>
 *   <li>{@code checksum-pass FILE [PASSES]}: the reader plus the one's-complement sum of every captured
 *       byte, the floor of any tool that verifies transport checksums.</li>
 * </ul>
 * A pass prints one line of {@code key=value} pairs; its rates exclude JVM start-up. Several passes in
 * one JVM show the rate once the JIT has compiled the loop.
 */
public final class ToolComparison {
    private static final int SUPER_PACKET_MIN = 65536;
    private static final int SNAPLEN_BIG = 262144;
    private static final int SNAPLEN_SMALL = 65535;
    private static final long SUPER_PACKET_SPACING_NANOS = 20_000;
    private static final long SMALL_FRAME_SPACING_NANOS = 2_000;
    private static final long START_NANOS = 1_790_000_000_000_000_000L;

    private ToolComparison() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            usage();
        }
        switch (args[0]) {
            case "super-packets" -> {
                if (args.length < 4) {
                    usage();
                }
                List<Path> samples = new ArrayList<>();
                for (int i = 3; i < args.length; i++) {
                    samples.add(Path.of(args[i]));
                }
                superPackets(Path.of(args[1]), Long.parseLong(args[2]) << 20, samples);
            }
            case "small-frames" -> {
                if (args.length < 3) {
                    usage();
                }
                smallFrames(Path.of(args[1]), Long.parseLong(args[2]));
            }
            case "tiny-frames" -> {
                if (args.length < 3) {
                    usage();
                }
                tinyFrames(Path.of(args[1]), Long.parseLong(args[2]));
            }
            case "fast-pass" -> pass(Path.of(args[1]), Pass.FAST, passes(args));
            case "reader-pass" -> pass(Path.of(args[1]), Pass.READER, passes(args));
            case "checksum-pass" -> pass(Path.of(args[1]), Pass.CHECKSUM, passes(args));
            default -> usage();
        }
    }

    private static int passes(String[] args) {
        return args.length > 2 ? Math.max(1, Integer.parseInt(args[2])) : 1;
    }

    private static void usage() {
        System.err.println("usage: ToolComparison super-packets OUT SIZE_MB SAMPLE... | small-frames OUT COUNT"
                + " | tiny-frames OUT COUNT | fast-pass FILE [PASSES] | reader-pass FILE [PASSES] | checksum-pass FILE [PASSES]");
        System.exit(2);
    }

    // ---------------------------------------------------------------- super-packets

    /** One super-packet of a sample, with where its TCP sequence number and checksum sit. */
    private record Template(byte[] bytes, int seqOffset, int checksumOffset, String flow) {
    }

    private static void superPackets(Path out, long targetBytes, List<Path> samples) throws IOException {
        List<Template> templates = new ArrayList<>();
        Map<String, long[]> flowSpan = new HashMap<>(); // flow -> {first seq, end of last segment}
        FrameDissector decoder = new FrameDissector();
        FrameSummary s = new FrameSummary();
        for (Path sample : samples) {
            try (CaptureReader reader = CaptureFiles.open(sample)) {
                if (reader.linkType() != LinkTypes.ETHERNET) {
                    throw new IOException(sample + ": expected an Ethernet capture");
                }
                FrameRecord rec = new FrameRecord();
                while (reader.next(rec)) {
                    if (rec.capturedLength() < SUPER_PACKET_MIN || rec.isCut()) {
                        continue;
                    }
                    decoder.summarize(rec, s);
                    if (s.ipProto != 6 || s.transportOffset < 0 || s.truncated || s.tunnelDepth > 0) {
                        continue;
                    }
                    String flow = sample.getFileName() + " " + s.srcHi + ":" + s.srcLo + ":" + s.srcPort + ">"
                            + s.dstHi + ":" + s.dstLo + ":" + s.dstPort;
                    long end = s.tcpSeq + s.transportPayloadLength;
                    long[] span = flowSpan.computeIfAbsent(flow, k -> new long[] {s.tcpSeq, end});
                    span[0] = Math.min(span[0], s.tcpSeq);
                    span[1] = Math.max(span[1], end);
                    templates.add(new Template(rec.bytes(), s.transportOffset + 4, s.transportOffset + 16, flow));
                }
            }
        }
        if (templates.isEmpty()) {
            throw new IOException("no super-packets (frames of 64 KB or more) in " + samples);
        }
        long frames = 0;
        long written = 0;
        long ts = START_NANOS;
        long t0 = System.nanoTime();
        try (CaptureWriter w = CaptureWriters.create(out, LinkTypes.ETHERNET, SNAPLEN_BIG, false)) {
            for (long round = 0; written < targetBytes; round++) {
                for (Template t : templates) {
                    long[] span = flowSpan.get(t.flow());
                    shiftSequence(t, round == 0 ? 0 : span[1] - span[0]);
                    w.write(ts, t.bytes(), 0, t.bytes().length, t.bytes().length);
                    ts += SUPER_PACKET_SPACING_NANOS;
                    frames++;
                    written += 16 + t.bytes().length;
                    if (written >= targetBytes) {
                        break;
                    }
                }
            }
        }
        report("generated", out, frames, 24 + written, System.nanoTime() - t0,
                "templates=" + templates.size());
    }

    /** Adds {@code delta} to the segment's sequence number, updating the TCP checksum (RFC 1624). */
    private static void shiftSequence(Template t, long delta) {
        if (delta == 0) {
            return;
        }
        byte[] b = t.bytes();
        long oldSeq = u32(b, t.seqOffset());
        long newSeq = (oldSeq + delta) & 0xFFFFFFFFL;
        putU32(b, t.seqOffset(), newSeq);
        int sum = ~u16(b, t.checksumOffset()) & 0xFFFF;
        sum += ~(int) (oldSeq >>> 16) & 0xFFFF;
        sum += ~(int) oldSeq & 0xFFFF;
        sum += (int) (newSeq >>> 16);
        sum += (int) newSeq & 0xFFFF;
        sum = fold(sum);
        putU16(b, t.checksumOffset(), ~sum & 0xFFFF);
    }

    // ---------------------------------------------------------------- small frames

    private static final int FLOWS = 16;
    private static final int MAX_FRAME = 1500;
    private static final int MIN_FRAME = 64;
    private static final int TCP_HEADER = 32; // with the timestamps option, as Linux sends it
    private static final long SERVER_SEQ = 0x10000000L;

    private static void smallFrames(Path out, long count) throws IOException {
        SplittableRandom random = new SplittableRandom(42);
        byte[] payloadPattern = new byte[MAX_FRAME];
        random.nextBytes(payloadPattern);
        long[] seq = new long[FLOWS];
        long[] acked = new long[FLOWS];
        for (int i = 0; i < FLOWS; i++) {
            seq[i] = random.nextLong() & 0xFFFFFFFFL;
            acked[i] = seq[i];
        }
        byte[] frame = new byte[MAX_FRAME];
        long written = 24;
        long ts = START_NANOS;
        long t0 = System.nanoTime();
        try (CaptureWriter w = CaptureWriters.create(out, LinkTypes.ETHERNET, SNAPLEN_SMALL, false)) {
            for (long n = 0; n < count; n++) {
                int flow = random.nextInt(FLOWS);
                boolean v6 = flow % 2 == 1;
                int headers = 14 + (v6 ? 40 : 20);
                int pick = random.nextInt(100);
                int length;
                if (pick < 10) {
                    length = headers + 8 + random.nextInt(Math.max(0, MIN_FRAME - headers - 8), 512 - headers - 8);
                    length = udp(frame, v6, flow, length - headers - 8, payloadPattern);
                } else {
                    if (pick < 55 && acked[flow] != seq[flow]) {
                        // the receiver's pure ACK of everything sent so far
                        length = tcp(frame, v6, flow, true, SERVER_SEQ, seq[flow], 0, payloadPattern);
                        acked[flow] = seq[flow];
                    } else {
                        int payload = pick < 85 ? random.nextInt(1, MAX_FRAME - headers - TCP_HEADER)
                                : MAX_FRAME - headers - TCP_HEADER;
                        length = tcp(frame, v6, flow, false, seq[flow], SERVER_SEQ, payload, payloadPattern);
                        seq[flow] = (seq[flow] + payload) & 0xFFFFFFFFL;
                    }
                }
                w.write(ts, frame, 0, length, length);
                ts += SMALL_FRAME_SPACING_NANOS;
                written += 16 + length;
            }
        }
        report("generated", out, count, written, System.nanoTime() - t0, "");
    }

    // ---------------------------------------------------------------- tiny frames

    private static final int TINY_MAX_PAYLOAD = 164;
    private static final int TINY_UDP_PAYLOAD = 64;
    /** The receiver's window (no scaling): a sender never has more than this unacknowledged. */
    private static final int WINDOW = 65535;

    /**
     * Frames of about 126 bytes: every third frame a 64-byte UDP datagram to a port nothing dissects, the
     * others TCP to port 5201, sender data or the receiver's pure ACK of everything sent so far (never the
     * same acknowledgment twice, so no duplicate ACKs; never more than a window in flight), so neither
     * tcpdump nor tshark has anything to report but the frames. Two frames in three match
     * {@code tcp.port == 5201}, exactly for a multiple of three.
     */
    private static void tinyFrames(Path out, long count) throws IOException {
        SplittableRandom random = new SplittableRandom(126);
        byte[] payloadPattern = new byte[MAX_FRAME];
        random.nextBytes(payloadPattern);
        long[] seq = new long[FLOWS];
        long[] acked = new long[FLOWS];
        for (int i = 0; i < FLOWS; i++) {
            seq[i] = random.nextLong() & 0xFFFFFFFFL;
            acked[i] = seq[i];
        }
        byte[] frame = new byte[MAX_FRAME];
        long written = 24;
        long frameBytes = 0;
        long ts = START_NANOS;
        long t0 = System.nanoTime();
        try (CaptureWriter w = CaptureWriters.create(out, LinkTypes.ETHERNET, SNAPLEN_SMALL, false)) {
            for (long n = 0; n < count; n++) {
                int flow = random.nextInt(FLOWS);
                boolean v6 = flow % 2 == 1;
                int length;
                if (n % 3 == 2) {
                    length = udp(frame, v6, flow, TINY_UDP_PAYLOAD, payloadPattern);
                } else {
                    long inFlight = (seq[flow] - acked[flow]) & 0xFFFFFFFFL;
                    int payload = random.nextInt(1, TINY_MAX_PAYLOAD + 1);
                    if (inFlight > 0 && (random.nextBoolean() || inFlight + payload > WINDOW)) {
                        length = tcp(frame, v6, flow, true, SERVER_SEQ, seq[flow], 0, payloadPattern);
                        acked[flow] = seq[flow];
                    } else {
                        length = tcp(frame, v6, flow, false, seq[flow], SERVER_SEQ, payload, payloadPattern);
                        seq[flow] = (seq[flow] + payload) & 0xFFFFFFFFL;
                    }
                }
                w.write(ts, frame, 0, length, length);
                ts += SMALL_FRAME_SPACING_NANOS;
                written += 16 + length;
                frameBytes += length;
            }
        }
        report("generated", out, count, written, System.nanoTime() - t0,
                String.format(Locale.ROOT, "mean_frame=%.1f", count == 0 ? 0.0 : (double) frameBytes / count));
    }

    /** Ethernet + IP + TCP, from the receiver when {@code reply}; returns the frame length. */
    private static int tcp(byte[] f, boolean v6, int flow, boolean reply, long seq, long ack, int payload,
                           byte[] pattern) {
        int ip = 14;
        int l4 = ethernetAndIp(f, v6, flow, reply, 6, TCP_HEADER + payload);
        putU16(f, l4 + (reply ? 2 : 0), 40000 + flow);
        putU16(f, l4 + (reply ? 0 : 2), 5201);
        putU32(f, l4 + 4, seq);
        putU32(f, l4 + 8, ack);
        putU16(f, l4 + 12, (TCP_HEADER / 4) << 12 | (payload == 0 ? 0x010 : 0x018)); // ACK, PSH+ACK
        putU16(f, l4 + 14, 65535);
        putU16(f, l4 + 16, 0);
        putU16(f, l4 + 18, 0);
        f[l4 + 20] = 1; // NOP
        f[l4 + 21] = 1; // NOP
        f[l4 + 22] = 8; // timestamps
        f[l4 + 23] = 10;
        putU32(f, l4 + 24, seq >>> 8);
        putU32(f, l4 + 28, seq >>> 9);
        System.arraycopy(pattern, 0, f, l4 + TCP_HEADER, payload);
        int end = l4 + TCP_HEADER + payload;
        putU16(f, l4 + 16, transportChecksum(f, v6, ip, l4, end, 6));
        return padded(f, end);
    }

    /** Ethernet + IP + UDP; returns the frame length. */
    private static int udp(byte[] f, boolean v6, int flow, int payload, byte[] pattern) {
        int ip = 14;
        int l4 = ethernetAndIp(f, v6, flow, false, 17, 8 + payload);
        putU16(f, l4, 49152 + flow); // ports no tool dissects further, so the payload stays opaque
        putU16(f, l4 + 2, 50000);
        putU16(f, l4 + 4, 8 + payload);
        putU16(f, l4 + 6, 0);
        System.arraycopy(pattern, 0, f, l4 + 8, payload);
        int end = l4 + 8 + payload;
        int ck = transportChecksum(f, v6, ip, l4, end, 17);
        putU16(f, l4 + 6, ck == 0 ? 0xFFFF : ck);
        return padded(f, end);
    }

    /** Ethernet padding up to the 60-byte minimum (64 with the FCS the capture does not hold). */
    private static int padded(byte[] f, int end) {
        if (end >= 60) {
            return end;
        }
        Arrays.fill(f, end, 60, (byte) 0);
        return 60;
    }

    /** Writes the Ethernet and IP headers; returns the transport header's offset. */
    private static int ethernetAndIp(byte[] f, boolean v6, int flow, boolean reply, int protocol, int l4Length) {
        // 02:00:00:00:00:01 and :02, locally administered
        f[0] = 2;
        f[1] = f[2] = f[3] = f[4] = 0;
        f[5] = (byte) (reply ? 1 : 2);
        f[6] = 2;
        f[7] = f[8] = f[9] = f[10] = 0;
        f[11] = (byte) (reply ? 2 : 1);
        int src = reply ? 34 : 18; // IPv6 source address minus 4
        int dst = reply ? 18 : 34;
        if (v6) {
            putU16(f, 12, 0x86DD);
            putU32(f, 14, 0x60000000L | flow);
            putU16(f, 18, l4Length);
            f[20] = (byte) protocol;
            f[21] = 64;
            putU32(f, src + 4, 0x20010DB8L);
            putU32(f, src + 8, 0);
            putU32(f, src + 12, 0);
            putU32(f, src + 16, 1 + flow);
            putU32(f, dst + 4, 0x20010DB8L);
            putU32(f, dst + 8, 0);
            putU32(f, dst + 12, 0);
            putU32(f, dst + 16, 0x100 + flow);
            return 54;
        }
        putU16(f, 12, 0x0800);
        f[14] = 0x45;
        f[15] = 0;
        putU16(f, 16, 20 + l4Length);
        putU16(f, 18, 0);
        putU16(f, 20, 0x4000); // DF
        f[22] = 64;
        f[23] = (byte) protocol;
        putU16(f, 24, 0);
        putU32(f, reply ? 30 : 26, 0xC6336400L + 1 + flow); // 198.51.100.x
        putU32(f, reply ? 26 : 30, 0xCB007100L + 1 + flow); // 203.0.113.x
        putU16(f, 24, ~fold(sum(f, 14, 34, 0)) & 0xFFFF);
        return 34;
    }

    private static int transportChecksum(byte[] f, boolean v6, int ip, int l4, int end, int protocol) {
        int length = end - l4;
        int s = v6 ? sum(f, ip + 8, ip + 40, 0) : sum(f, ip + 12, ip + 20, 0);
        s += protocol + length;
        s = sum(f, l4, end, fold(s));
        return ~fold(s) & 0xFFFF;
    }

    /** Ones'-complement sum of 16-bit words over {@code [from, to)}, added to {@code start}. */
    private static int sum(byte[] b, int from, int to, int start) {
        long s = start;
        int i = from;
        for (; i + 1 < to; i += 2) {
            s += (b[i] & 0xFF) << 8 | (b[i + 1] & 0xFF);
        }
        if (i < to) {
            s += (b[i] & 0xFF) << 8;
        }
        while ((s >>> 16) != 0) {
            s = (s & 0xFFFF) + (s >>> 16);
        }
        return (int) s;
    }

    private static int fold(int s) {
        while ((s >>> 16) != 0) {
            s = (s & 0xFFFF) + (s >>> 16);
        }
        return s;
    }

    // ---------------------------------------------------------------- passes

    private enum Pass {
        FAST("fast-pass"), READER("reader-pass"), CHECKSUM("checksum-pass");

        final String label;

        Pass(String label) {
            this.label = label;
        }
    }

    private static void pass(Path file, Pass kind, int passes) throws IOException {
        for (int i = 1; i <= passes; i++) {
            pass(file, kind, "pass=" + i);
        }
    }

    private static void pass(Path file, Pass kind, String label) throws IOException {
        FrameDissector decoder = new FrameDissector();
        FrameSummary s = new FrameSummary();
        FrameRecord rec = new FrameRecord();
        long frames = 0;
        long jumbograms = 0;
        long tcp = 0;
        long checksum = 0;
        long bytes = 24;
        long t0 = System.nanoTime();
        try (CaptureReader reader = CaptureFiles.open(file)) {
            while (reader.next(rec)) {
                frames++;
                bytes += 16 + rec.capturedLength();
                if (kind == Pass.CHECKSUM) {
                    checksum += ChecksumVerdict.sum(rec.data(), 0, rec.capturedLength());
                } else if (kind == Pass.FAST) {
                    decoder.summarize(rec, s);
                    if (s.anyJumbo()) {
                        jumbograms++;
                    }
                    if (s.ipProto == 6) {
                        tcp++;
                    }
                }
            }
        }
        String counts = switch (kind) {
            case FAST -> " jumbograms=" + jumbograms + " tcp=" + tcp;
            case CHECKSUM -> " sum=" + ChecksumVerdict.fold(checksum);
            case READER -> "";
        };
        report(kind.label, file, frames, bytes, System.nanoTime() - t0, label + counts);
    }

    private static void report(String what, Path file, long frames, long bytes, long nanos, String extra) {
        double seconds = nanos / 1e9;
        System.out.println(String.format(Locale.ROOT,
                "%s file=%s frames=%d bytes=%d seconds=%.3f frames_per_s=%.0f mb_per_s=%.1f %s", what,
                file.getFileName(), frames, bytes, seconds, frames / seconds, bytes / 1e6 / seconds, extra).trim());
    }

    private static int u16(byte[] b, int o) {
        return (b[o] & 0xFF) << 8 | (b[o + 1] & 0xFF);
    }

    private static long u32(byte[] b, int o) {
        return ((long) u16(b, o) << 16) | u16(b, o + 2);
    }

    private static void putU16(byte[] b, int o, int v) {
        b[o] = (byte) (v >>> 8);
        b[o + 1] = (byte) v;
    }

    private static void putU32(byte[] b, int o, long v) {
        putU16(b, o, (int) (v >>> 16) & 0xFFFF);
        putU16(b, o + 2, (int) v & 0xFFFF);
    }
}
