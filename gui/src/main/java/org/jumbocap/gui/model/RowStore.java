package org.jumbocap.gui.model;

import java.util.Arrays;
import org.jumbocap.expert.Severity;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.pipeline.tcp.DnsResponses;
import org.jumbocap.pipeline.tcp.TcpAnalysis;

/**
 * What the packet list needs of every frame, packed in chunks of primitive arrays: 46 bytes a frame, no
 * object per frame (file offset, timestamp, lengths, real layer-3 length, protocol and a flag byte, and of
 * the TCP conversation pass the stream, the relative sequence and acknowledgement numbers and the
 * analysis findings, which the Info column and the stream filter read). Duplicate ACKs, rare, keep the
 * frame they repeat and their count aside.
 * Texts (addresses, info) are not kept: {@link RowTexts} makes them for the rows on screen.
 *
 * <p>One thread appends ({@link #append}); the UI thread reads the rows below {@link #size()}, which the
 * appender publishes after writing them. Expert severities are filled in later by the expert pass.
 */
public final class RowStore {
    private static final int CHUNK_BITS = 16;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int MASK = CHUNK - 1;
    private static final JumboKind[] KINDS = JumboKind.values();
    private static final Severity[] SEVERITIES = Severity.values();
    private static final int KIND_MASK = 0x03;
    private static final int TRUNCATED = 0x04;
    private static final int SEVERITY_SHIFT = 3;

    private volatile Chunk[] chunks = new Chunk[0];
    private volatile int size;
    private volatile String[] protocols = new String[0];

    /** One chunk's columns. */
    private static final class Chunk {
        final long[] fileOffset = new long[CHUNK];
        final long[] timestamp = new long[CHUNK];
        final int[] originalLength = new int[CHUNK];
        final int[] capturedLength = new int[CHUNK];
        final int[] realLength = new int[CHUNK];
        final byte[] protocol = new byte[CHUNK];
        final byte[] flags = new byte[CHUNK];
        /** tcp.stream, or -1 for a frame the conversations do not follow. */
        final int[] tcpStream = new int[CHUNK];
        /** Relative tcp.seq and tcp.ack, unsigned 32 bits. */
        final int[] tcpSeq = new int[CHUNK];
        final int[] tcpAck = new int[CHUNK];
        /** Bits of TcpAnalysisFlag, and {@link #NO_ACK}. */
        final int[] tcpAnalysis = new int[CHUNK];
    }

    /** In {@code tcpAnalysis}: the segment has no acknowledgement number. */
    private static final int NO_ACK = 1 << 31;
    /** In {@code tcpAnalysis}: bits 24-28 hold the window scale shift of the sender. */
    private static final int WINDOW_SHIFT = 24;
    private static final int ANALYSIS_FLAGS = (1 << WINDOW_SHIFT) - 1;
    /** Frame index to (the frame a duplicate ACK repeats) << 20 | its number; written by the appender. */
    private final DnsResponses dnsResponses = new DnsResponses();
    private final java.util.concurrent.ConcurrentHashMap<Integer, Long> duplicateAcks = new java.util.concurrent.ConcurrentHashMap<>();

    /** Rows readable now; frame number = index + 1. */
    public int size() {
        return size;
    }

    /**
     * Appends a frame's row; from the one appending thread.
     *
     * @param realLength real layer-3 payload length, or -1 without IP
     */
    public void append(long fileOffset, long timestampNanos, long originalLength, int capturedLength, long realLength,
                       String protocol, JumboKind jumbo, boolean truncated) {
        append(fileOffset, timestampNanos, originalLength, capturedLength, realLength, protocol, jumbo, truncated, null, -1);
    }

    /**
     * As above, with the frame's TCP conversation analysis (null or untracked: none) and its window field as
     * sent (the scale is kept, not the scaled window).
     */
    public void append(long fileOffset, long timestampNanos, long originalLength, int capturedLength, long realLength,
                       String protocol, JumboKind jumbo, boolean truncated, TcpAnalysis tcp, int rawWindow) {
        int index = size;
        if (index == Integer.MAX_VALUE) {
            throw new IllegalStateException("more than " + Integer.MAX_VALUE + " frames");
        }
        int c = index >>> CHUNK_BITS;
        Chunk[] table = chunks;
        if (c == table.length) {
            table = Arrays.copyOf(table, c + 1);
            table[c] = new Chunk();
            chunks = table;
        }
        Chunk chunk = table[c];
        int slot = index & MASK;
        chunk.fileOffset[slot] = fileOffset;
        chunk.timestamp[slot] = timestampNanos;
        chunk.originalLength[slot] = (int) Math.min(originalLength, 0xFFFF_FFFFL);
        chunk.capturedLength[slot] = capturedLength;
        chunk.realLength[slot] = (int) Math.max(-1, Math.min(realLength, Integer.MAX_VALUE));
        chunk.protocol[slot] = protocolId(protocol);
        chunk.flags[slot] = (byte) ((jumbo == null ? 0 : jumbo.ordinal() + 1) | (truncated ? TRUNCATED : 0));
        if (tcp == null || !tcp.tracked) {
            chunk.tcpStream[slot] = -1;
        } else {
            chunk.tcpStream[slot] = (int) Math.min(tcp.stream, Integer.MAX_VALUE);
            chunk.tcpSeq[slot] = (int) tcp.seq;
            chunk.tcpAck[slot] = (int) tcp.ack;
            int shift = rawWindow > 0 && tcp.windowSize > rawWindow
                    ? Long.numberOfTrailingZeros(tcp.windowSize) - Integer.numberOfTrailingZeros(rawWindow) : 0;
            chunk.tcpAnalysis[slot] = tcp.flags | (tcp.ack < 0 ? NO_ACK : 0) | Math.min(shift, 31) << WINDOW_SHIFT;
            if (tcp.duplicateAckFrame >= 0) {
                duplicateAcks.put(index, tcp.duplicateAckFrame << 20 | Math.min(tcp.duplicateAckNumber, 0xFFFFF));
            }
        }
        // the listing is a first pass: a query decoded again later gets its response's frame from it
        dnsResponses.record(index + 1L, tcp);
        size = index + 1;
    }

    /** The DNS responses paired with their queries while the rows were listed ({@code dns.response_in}). */
    public DnsResponses dnsResponses() {
        return dnsResponses;
    }

    private byte protocolId(String name) {
        String[] names = protocols;
        // the summary's protocol texts are mostly the same constants: compared by identity first, a frame
        // costs a few reference compares instead of string compares (4 % of the listing's CPU on 3 M small frames)
        for (int i = 0; i < names.length; i++) {
            if (names[i] == name) {
                return (byte) i;
            }
        }
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return (byte) i;
            }
        }
        if (names.length >= 255) {
            return protocolId("?");
        }
        String[] more = Arrays.copyOf(names, names.length + 1);
        more[names.length] = name;
        protocols = more;
        return (byte) names.length;
    }

    private Chunk chunk(int index) {
        return chunks[index >>> CHUNK_BITS];
    }

    public long fileOffset(int index) {
        return chunk(index).fileOffset[index & MASK];
    }

    public long timestampNanos(int index) {
        return chunk(index).timestamp[index & MASK];
    }

    /** Timestamp of the first frame, or 0 when there is none. */
    public long firstNanos() {
        return size == 0 ? 0 : timestampNanos(0);
    }

    public long originalLength(int index) {
        return Integer.toUnsignedLong(chunk(index).originalLength[index & MASK]);
    }

    public int capturedLength(int index) {
        return chunk(index).capturedLength[index & MASK];
    }

    public long realLength(int index) {
        return chunk(index).realLength[index & MASK];
    }

    public String protocol(int index) {
        return protocols[chunk(index).protocol[index & MASK] & 0xFF];
    }

    /** Null for an ordinary packet. */
    public JumboKind jumboKind(int index) {
        int k = chunk(index).flags[index & MASK] & KIND_MASK;
        return k == 0 ? null : KINDS[k - 1];
    }

    public boolean truncated(int index) {
        return (chunk(index).flags[index & MASK] & TRUNCATED) != 0;
    }

    /** Worst expert severity once the expert pass has seen the frame, else null. */
    public Severity worstExpert(int index) {
        int s = (chunk(index).flags[index & MASK] & 0xFF) >>> SEVERITY_SHIFT;
        return s == 0 ? null : SEVERITIES[s - 1];
    }

    /** From the expert pass's one thread. */
    public void setWorstExpert(int index, Severity severity) {
        Chunk chunk = chunk(index);
        int slot = index & MASK;
        int keep = chunk.flags[slot] & ((1 << SEVERITY_SHIFT) - 1);
        chunk.flags[slot] = (byte) (keep | (severity == null ? 0 : (severity.ordinal() + 1) << SEVERITY_SHIFT));
    }

    /** tcp.stream of a row, or -1 when the frame is not a TCP segment the conversations follow. */
    public int tcpStream(int index) {
        return chunk(index).tcpStream[index & MASK];
    }

    /** The TCP analysis findings of a row (bits of TcpAnalysisFlag), 0 for none. */
    public int tcpAnalysisFlags(int index) {
        return tcpStream(index) < 0 ? 0 : chunk(index).tcpAnalysis[index & MASK] & ANALYSIS_FLAGS;
    }

    /**
     * Fills {@code into} with what the row keeps of its TCP analysis: stream, relative numbers, findings
     * and the duplicate ACK's reference, and the window scaled from the frame's {@code rawWindow} (what
     * the Info column shows; -1 when unknown); the measurements (bytes in flight, RTT) stay unset.
     * Untracked when the conversations do not follow the frame.
     */
    public TcpAnalysis tcpAnalysis(int index, TcpAnalysis into, int rawWindow) {
        into.reset();
        Chunk chunk = chunk(index);
        int slot = index & MASK;
        if (chunk.tcpStream[slot] < 0) {
            return into;
        }
        into.tracked = true;
        into.stream = chunk.tcpStream[slot];
        into.seq = Integer.toUnsignedLong(chunk.tcpSeq[slot]);
        int bits = chunk.tcpAnalysis[slot];
        into.ack = (bits & NO_ACK) != 0 ? -1 : Integer.toUnsignedLong(chunk.tcpAck[slot]);
        into.flags = bits & ANALYSIS_FLAGS;
        into.windowSize = rawWindow < 0 ? -1 : (long) rawWindow << ((bits >>> WINDOW_SHIFT) & 0x1F);
        Long dup = duplicateAcks.get(index);
        if (dup != null) {
            into.duplicateAckFrame = dup >>> 20;
            into.duplicateAckNumber = dup & 0xFFFFF;
        }
        return into;
    }

    /** The number of jumbograms and BIG TCP super-packets among the first {@code count} rows. */
    public long jumboCount() {
        long n = 0;
        int count = size;
        for (int i = 0; i < count; i++) {
            n += (chunk(i).flags[i & MASK] & KIND_MASK) != 0 ? 1 : 0;
        }
        return n;
    }
}
