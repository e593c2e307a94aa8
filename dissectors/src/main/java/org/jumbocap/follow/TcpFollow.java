package org.jumbocap.follow;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.tree.FieldFormat;

/**
 * The data of one TCP stream in order, each direction as the receiver got it, as Wireshark's Follow TCP
 * Stream rebuilds it (follow_tcp_tap_listener and check_follow_fragments in packet-tcp.c): overlapping and
 * retransmitted bytes once, segments after a gap held until the gap fills, and a gap the other side's
 * ACK shows was received but not captured replaced by the text "[N bytes missing in capture file]" (with
 * its NUL, as Wireshark writes it). A super-packet cut by the snaplen gives only its captured bytes.
 * Fed every frame in order with its conversation analysis (relative numbers); keeps only the one stream.
 */
public final class TcpFollow {
    /**
     * One run of data from one side, in the order Wireshark lists them: the frame it came in and that
     * frame's time, or for a "missing" marker the frame whose ACK revealed the gap and no time (-1).
     */
    public record Chunk(boolean fromServer, long frame, long nanos, byte[] data) {
    }

    private final long stream;
    private final List<Chunk> chunks = new ArrayList<>();
    private final List<Fragment> fragments0 = new ArrayList<>();
    private final List<Fragment> fragments1 = new ArrayList<>();
    private final long[] seq = new long[2];
    private final long[] written = new long[2];
    private String client;
    private String server;
    private int clientVersion;
    private long clientHi;
    private long clientLo;
    private int clientPort = -1;

    private record Fragment(long seq, long frame, long nanos, byte[] data) {
    }

    public TcpFollow(long stream) {
        this.stream = stream;
    }

    /** Takes the frame when it belongs to the stream. */
    public void observe(FrameSummary s, TcpAnalysis a, FrameRecord frame) {
        if (a == null || !a.tracked || a.stream != stream || a.nextSeq < 0 || !a.relative) {
            return;
        }
        if (clientPort < 0) {
            clientVersion = s.ipVersion;
            clientHi = s.srcHi;
            clientLo = s.srcLo;
            clientPort = s.srcPort;
            client = endpoint(s.ipVersion, s.srcHi, s.srcLo, s.srcPort);
            server = endpoint(s.ipVersion, s.dstHi, s.dstLo, s.dstPort);
        }
        int side = s.ipVersion == clientVersion && s.srcHi == clientHi && s.srcLo == clientLo && s.srcPort == clientPort ? 0 : 1;
        long sequence = a.seq;
        long length = s.transportPayloadLength & 0xFFFFFFFFL;
        if ((s.tcpFlags & 0x02) != 0) {
            sequence = add(sequence, 1);
        }
        int payloadOffset = s.transportOffset + s.tcpHeaderLength;
        FrameBuffer b = frame.buffer();
        long captured = Math.max(0, Math.min(length, (long) b.remaining(payloadOffset)));
        int dataOffset = 0;
        long dataLength = captured;

        // an ACK may show that the other side's held-back segments were received around a gap
        if (!fragments(1 - side).isEmpty()) {
            while (checkFragments(1 - side, a.ack, frame.number(), true)) {
                // applied one
            }
        }
        if (written[side] == 0 && seq[side] == 0) {
            seq[side] = sequence;
        }
        if (lt(sequence, seq[side])) {
            long next = add(sequence, length);
            if (gt(next, seq[side])) {
                long skip = sub(seq[side], sequence);
                dataLength = dataLength <= skip ? 0 : dataLength - skip;
                dataOffset = (int) Math.min(skip, Integer.MAX_VALUE);
                sequence = seq[side];
                length = sub(next, seq[side]);
            }
        }
        if (dataLength == 0 || lt(sequence, seq[side])) {
            return;
        }
        byte[] data = b.bytes(payloadOffset + dataOffset, (int) dataLength);
        if (sequence == seq[side]) {
            seq[side] = add(seq[side], length);
            written[side] += data.length;
            chunks.add(new Chunk(side == 1, frame.number(), frame.timestampNanos(), data));
            while (checkFragments(side, 0, frame.number(), false)) {
                // applied one
            }
        } else {
            fragments(side).add(new Fragment(sequence, frame.number(), frame.timestampNanos(), data));
        }
    }

    private List<Fragment> fragments(int side) {
        return side == 0 ? fragments0 : fragments1;
    }

    private boolean checkFragments(int side, long acknowledged, long frame, boolean useAck) {
        List<Fragment> list = fragments(side);
        if (list.isEmpty()) {
            return false;
        }
        long lowest = list.get(0).seq;
        for (Iterator<Fragment> it = list.iterator(); it.hasNext(); ) {
            Fragment f = it.next();
            if (gt(lowest, f.seq)) {
                lowest = f.seq;
            }
            if (lt(f.seq, seq[side])) {
                long next = add(f.seq, f.data.length);
                if (gt(next, seq[side])) {
                    int skip = (int) sub(seq[side], f.seq);
                    if (f.data.length > skip) {
                        byte[] rest = java.util.Arrays.copyOfRange(f.data, skip, f.data.length);
                        chunks.add(new Chunk(side == 1, f.frame, f.nanos, rest));
                    }
                    seq[side] = add(seq[side], f.data.length - skip);
                }
                it.remove();
                return true;
            }
            if (f.seq == seq[side]) {
                if (f.data.length > 0) {
                    chunks.add(new Chunk(side == 1, f.frame, f.nanos, f.data));
                }
                seq[side] = add(seq[side], f.data.length);
                it.remove();
                return true;
            }
        }
        if (useAck && gt(acknowledged, lowest)) {
            String text = "[" + (int) sub(lowest, seq[side]) + " bytes missing in capture file]";
            ByteArrayOutputStream marker = new ByteArrayOutputStream();
            marker.writeBytes(text.getBytes(StandardCharsets.US_ASCII));
            marker.write(0);
            chunks.add(new Chunk(side == 1, frame, -1, marker.toByteArray()));
            seq[side] = lowest;
            return true;
        }
        return false;
    }

    /** The data in order. */
    public List<Chunk> chunks() {
        return chunks;
    }

    /** The side that sent the stream's first frame, as "[v6]:port" or "v4:port"; ":0" when none was seen. */
    public String client() {
        return client == null ? ":0" : client;
    }

    public String server() {
        return server == null ? ":0" : server;
    }

    /** The address alone of {@link #client()} or {@link #server()} (no brackets), "" when none was seen. */
    public static String host(String endpoint) {
        String h = endpoint.substring(0, endpoint.lastIndexOf(':'));
        return h.startsWith("[") ? h.substring(1, h.length() - 1) : h;
    }

    /** The port of an endpoint, 0 when none was seen. */
    public static int port(String endpoint) {
        return Integer.parseInt(endpoint.substring(endpoint.lastIndexOf(':') + 1));
    }

    public long stream() {
        return stream;
    }

    private static String endpoint(int version, long hi, long lo, int port) {
        byte[] a = new byte[version == 6 ? 16 : 4];
        if (version == 6) {
            for (int i = 0; i < 8; i++) {
                a[i] = (byte) (hi >>> (56 - 8 * i));
                a[8 + i] = (byte) (lo >>> (56 - 8 * i));
            }
            return "[" + FieldFormat.address(a) + "]:" + port;
        }
        for (int i = 0; i < 4; i++) {
            a[i] = (byte) (lo >>> (24 - 8 * i));
        }
        return FieldFormat.address(a) + ":" + port;
    }

    private static long add(long a, long b) {
        return (a + b) & 0xFFFFFFFFL;
    }

    private static long sub(long a, long b) {
        return (a - b) & 0xFFFFFFFFL;
    }

    private static boolean gt(long a, long b) {
        return (int) (a - b) > 0;
    }

    private static boolean lt(long a, long b) {
        return (int) (a - b) < 0;
    }
}
