package org.jumbocap.segment;

import java.io.IOException;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.expert.Severity;
import org.jumbocap.io.CaptureWriter;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.jumbo.JumboKind;

/**
 * Cuts one TCP super-packet into the segments a NIC's TSO (or Linux's software GSO, {@code tcp_gso_segment})
 * would have sent, from the facts its {@link FrameSummary} holds: where every IP and UDP header starts, how
 * long each IP header chain is, where a Hop-by-Hop Jumbo Payload option sits. Every header before the TCP
 * payload is copied once into a template; for each segment the template's length, identification, sequence
 * and flag fields are set and its checksums computed, then the template and a slice of the original payload
 * are written as one record. The payload's checksum sums are taken once per segment and reused by the TCP
 * checksum and every enclosing UDP checksum, so each payload byte is read twice (summed, copied) and never
 * joined into a frame first. One instance per loop: the template and sum buffers are reused.
 */
final class SuperPacketSplitter {
    // Field positions inside the headers this class rewrites (RFC 791, RFC 8200, RFC 768, RFC 9293).
    private static final int IPV4_TOTAL_LENGTH = 2;
    private static final int IPV4_ID = 4;
    private static final int IPV4_CHECKSUM = 10;
    private static final int IPV4_ADDRESSES = 12;
    private static final int IPV4_ADDRESS_BYTES = 8;
    private static final int IPV6_PAYLOAD_LENGTH = 4;
    private static final int IPV6_NEXT_HEADER = 6;
    private static final int IPV6_ADDRESSES = 8;
    private static final int IPV6_ADDRESS_BYTES = 32;
    private static final int IPV6_FIXED_HEADER = 40;
    private static final int UDP_LENGTH = 4;
    private static final int UDP_CHECKSUM = 6;
    private static final int TCP_SEQ = 4;
    private static final int TCP_FLAGS = 13;
    private static final int TCP_CHECKSUM = 16;
    private static final int TCP_MIN_HEADER = 20;
    private static final int TCP_FIN = 0x01;
    private static final int TCP_PSH = 0x08;
    private static final int TCP_CWR = 0x80;
    private static final int PROTOCOL_TCP = 6;
    private static final int PROTOCOL_UDP = 17;
    /** PadN (RFC 8200 4.2) with four bytes of data: the same six bytes a Jumbo Payload option takes. */
    private static final byte[] PAD_N_6 = {1, 4, 0, 0, 0, 0};
    private static final int JUMBO_OPTION_BYTES = 6;
    /** Largest value of a 16-bit length field. */
    static final int MAX_16 = 0xFFFF;

    private byte[] head = new byte[256];
    private long[] chunkSums = new long[512];
    // the rebuilt headers' layout, per IP layer and UDP layer (outermost first)
    private final int[] ipOffset = new int[FrameSummary.MAX_LAYERS];
    private final int[] ipVersion = new int[FrameSummary.MAX_LAYERS];
    private final int[] ipHeaderLength = new int[FrameSummary.MAX_LAYERS];
    private final int[] ipv4Id = new int[FrameSummary.MAX_LAYERS];
    private final int[] udpOffset = new int[FrameSummary.MAX_LAYERS];
    private final int[] udpEnclosingIp = new int[FrameSummary.MAX_LAYERS];
    private final boolean[] udpChecksummed = new boolean[FrameSummary.MAX_LAYERS];
    private final boolean[] udpOffloaded = new boolean[FrameSummary.MAX_LAYERS];
    private boolean tcp;
    private int ipCount;
    private int udpCount;
    private int tcpOffset;
    private int headLength;
    // the frame checked last by prepare()
    private int payloadOffset;
    private long payloadLength;

    /**
     * Checks that the super-packet can be rebuilt and lays out its segments' headers.
     *
     * @return null when it can, else why it is left whole
     */
    KeepReason prepare(FrameRecord frame, FrameSummary s) {
        return prepare(frame, s, true);
    }

    /**
     * As {@link #prepare(FrameRecord, FrameSummary)}; with {@code tcp} false the frame's transport is not
     * TCP and the whole frame is the template, rewritten once to complete offloaded UDP checksums.
     */
    KeepReason prepare(FrameRecord frame, FrameSummary s, boolean tcp) {
        this.tcp = tcp;
        if (frame.isCut()) {
            return KeepReason.CUT;
        }
        for (int i = 0; i < s.expertCount; i++) {
            if (s.experts[i].severity() == Severity.ERROR) {
                return KeepReason.MALFORMED;
            }
        }
        if (s.truncated || s.incomplete || s.ipLayerCount < 1 || s.ipLayerCount > FrameSummary.MAX_LAYERS
                || s.udpCount > FrameSummary.MAX_LAYERS || tcp && s.tcpHeaderLength < TCP_MIN_HEADER) {
            return KeepReason.MALFORMED;
        }
        int captured = frame.capturedLength();
        payloadOffset = tcp ? s.transportOffset + s.tcpHeaderLength : captured;
        payloadLength = tcp ? s.transportPayloadLength : 0;
        if (payloadOffset + payloadLength != captured) {
            return KeepReason.LENGTH_MISMATCH;
        }
        for (int i = 0; i < s.ipLayerCount; i++) {
            int off = s.layerIpOffset[i];
            if (s.layerFragment[i]) {
                return KeepReason.FRAGMENT;
            }
            if (s.layerHeaderLength[i] <= 0) {
                return KeepReason.MALFORMED;
            }
            long end = s.layerIpVersion[i] == 4 ? off + s.layerHeaderLength[i] + s.layerL3PayloadLength[i]
                    : off + IPV6_FIXED_HEADER + s.layerL3PayloadLength[i];
            if (end != captured) {
                return KeepReason.LENGTH_MISMATCH;
            }
            if (s.layerJumboKind[i] == JumboKind.IPV6_HBH) {
                int hbh = s.layerHopByHopOffset[i];
                int option = s.layerJumboOptionOffset[i];
                if (hbh < 0 || option < hbh || option + JUMBO_OPTION_BYTES > hbh + s.layerHopByHopLength[i]) {
                    return KeepReason.MALFORMED;
                }
            }
        }
        for (int j = 0; j < s.udpCount; j++) {
            int length = s.udpLength[j];
            if (s.udpOffset[j] < 0 || length != 0 && s.udpOffset[j] + length != captured) {
                return KeepReason.LENGTH_MISMATCH;
            }
        }
        layOut(frame.data(), s);
        return null;
    }

    /** Bytes of the rebuilt headers from the outermost IP header's start to the TCP payload. */
    int headerBytesFromOuterIp() {
        return headLength - ipOffset[0];
    }

    /**
     * The largest segment payload whose packets' 16-bit length fields can still state their length (the
     * outermost IPv4 total length or IPv6 payload length is the longest).
     */
    int largestSegment() {
        int fixed = ipVersion[0] == 6 ? IPV6_FIXED_HEADER : 0;
        return MAX_16 - (headerBytesFromOuterIp() - fixed);
    }

    /**
     * Copies the headers before the payload into the template, without each Hop-by-Hop header that only
     * carried the Jumbo Payload option (its predecessor's next header takes the value it held); a Jumbo
     * option that shares its header with other options becomes PadN of the same size.
     */
    private void layOut(byte[] src, FrameSummary s) {
        ensureHead(payloadOffset);
        ipCount = s.ipLayerCount;
        udpCount = s.udpCount;
        int from = 0;
        int to = 0;
        int removedBefore = 0;
        for (int i = 0; i < ipCount; i++) {
            int off = s.layerIpOffset[i];
            ipVersion[i] = s.layerIpVersion[i];
            ipHeaderLength[i] = s.layerHeaderLength[i];
            ipOffset[i] = off - removedBefore;
            if (ipVersion[i] == 4) {
                ipv4Id[i] = u16(src, off + IPV4_ID);
            }
            if (s.layerJumboKind[i] != JumboKind.IPV6_HBH) {
                continue;
            }
            int hbh = s.layerHopByHopOffset[i];
            int hbhLength = s.layerHopByHopLength[i];
            if (s.layerHopByHopOnlyJumbo[i] && hbh == off + IPV6_FIXED_HEADER) {
                System.arraycopy(src, from, head, to, hbh - from);
                to += hbh - from;
                from = hbh + hbhLength;
                head[ipOffset[i] + IPV6_NEXT_HEADER] = src[hbh]; // the Hop-by-Hop header's own next header
                removedBefore += hbhLength;
                ipHeaderLength[i] -= hbhLength;
            } else {
                int option = s.layerJumboOptionOffset[i];
                System.arraycopy(src, from, head, to, option - from);
                to += option - from;
                System.arraycopy(PAD_N_6, 0, head, to, JUMBO_OPTION_BYTES);
                to += JUMBO_OPTION_BYTES;
                from = option + JUMBO_OPTION_BYTES;
            }
        }
        System.arraycopy(src, from, head, to, payloadOffset - from);
        headLength = to + payloadOffset - from;
        tcpOffset = s.transportOffset - removedBefore;
        for (int j = 0; j < udpCount; j++) {
            int off = newOffset(s, s.udpOffset[j]);
            udpOffset[j] = off;
            int field = u16(head, off + UDP_CHECKSUM);
            udpChecksummed[j] = field != 0;
            int enclosing = 0;
            for (int i = 0; i < ipCount; i++) {
                if (ipOffset[i] < off) {
                    enclosing = i;
                }
            }
            udpEnclosingIp[j] = enclosing;
            long pseudo = addressSum(src, s.layerIpOffset[enclosing], ipVersion[enclosing])
                    + ChecksumVerdict.pseudoHeaderSum(PROTOCOL_UDP, payloadOffset + payloadLength - s.udpOffset[j]);
            udpOffloaded[j] = field != 0 && ChecksumVerdict.isOffloaded(field, pseudo);
        }
    }

    /** Where a header at {@code oldOffset} of the frame lies in the template (past removed headers). */
    private static int newOffset(FrameSummary s, int oldOffset) {
        int removed = 0;
        for (int i = 0; i < s.ipLayerCount; i++) {
            int hbh = s.layerHopByHopOffset[i];
            if (s.layerJumboKind[i] == JumboKind.IPV6_HBH && s.layerHopByHopOnlyJumbo[i]
                    && hbh == s.layerIpOffset[i] + IPV6_FIXED_HEADER && hbh < oldOffset) {
                removed += s.layerHopByHopLength[i];
            }
        }
        return oldOffset - removed;
    }

    /**
     * Sums the payload of each segment and checks the super-packet's own TCP checksum with them: a checksum
     * that is neither right nor the offloaded pseudo-header sum means the bytes are damaged, and the
     * segments' new checksums would hide that.
     *
     * @return the number of segments (1 for a segment without payload), or 0 when the checksum is bad
     */
    int sumAndCheck(FrameRecord frame, FrameSummary s, int segmentSize) {
        byte[] src = frame.data();
        int count = (int) Math.max(1, (payloadLength + segmentSize - 1) / segmentSize);
        if (chunkSums.length < count) {
            chunkSums = new long[Math.max(count, chunkSums.length * 2)];
        }
        long payloadSum = 0;
        for (int k = 0; k < count; k++) {
            int at = payloadOffset + k * segmentSize;
            int length = (int) Math.min(segmentSize, payloadLength - (long) k * segmentSize);
            long sum = ChecksumVerdict.sum(src, at, length);
            chunkSums[k] = sum;
            payloadSum += ((long) k * segmentSize & 1) == 0 ? sum : ChecksumVerdict.swapBytes(ChecksumVerdict.fold(sum));
        }
        int inner = s.ipLayerCount - 1;
        long pseudo = addressSum(src, s.layerIpOffset[inner], s.layerIpVersion[inner])
                + ChecksumVerdict.pseudoHeaderSum(PROTOCOL_TCP, s.tcpHeaderLength + payloadLength);
        long total = pseudo + ChecksumVerdict.sum(src, s.transportOffset, s.tcpHeaderLength) + payloadSum;
        int field = u16(src, s.transportOffset + TCP_CHECKSUM);
        boolean good = ChecksumVerdict.fold(total) == 0xFFFF;
        return good || ChecksumVerdict.isOffloaded(field, pseudo) ? count : 0;
    }

    /**
     * True when the TCP checksum field of the frame {@link #prepare} accepted holds only the pseudo-header
     * sum: left for the NIC (CHECKSUM_PARTIAL on the capturing host), which the segments complete.
     */
    boolean checksumOffloaded(FrameRecord frame, FrameSummary s) {
        byte[] src = frame.data();
        int inner = s.ipLayerCount - 1;
        long pseudo = addressSum(src, s.layerIpOffset[inner], s.layerIpVersion[inner])
                + ChecksumVerdict.pseudoHeaderSum(PROTOCOL_TCP, s.tcpHeaderLength + payloadLength);
        return ChecksumVerdict.isOffloaded(u16(src, s.transportOffset + TCP_CHECKSUM), pseudo);
    }

    /** True when a UDP checksum of the frame {@link #prepare} accepted holds only its pseudo-header sum. */
    boolean udpChecksumOffloaded() {
        for (int j = 0; j < udpCount; j++) {
            if (udpOffloaded[j]) {
                return true;
            }
        }
        return false;
    }

    /** Writes a frame that is not TCP with its offloaded UDP checksums completed, innermost first. */
    void writeCompleted(FrameRecord frame, long time, CaptureWriter out) throws IOException {
        byte[] src = frame.data();
        for (int j = udpCount - 1; j >= 0; j--) {
            if (udpOffloaded[j]) {
                completeUdp(j, headLength, 0);
            }
        }
        out.write(frame, time, head, headLength, src, payloadOffset, 0, headLength);
    }

    /**
     * Writes the segments counted by {@link #sumAndCheck}: the first at {@code time}, each next one {@code
     * step} nanoseconds later.
     */
    void write(FrameRecord frame, FrameSummary s, int segmentSize, int count, CaptureWriter out, long time, long step)
            throws IOException {
        byte[] src = frame.data();
        long seq = s.tcpSeq;
        int flags = src[s.transportOffset + TCP_FLAGS] & 0xFF;
        for (int k = 0; k < count; k++) {
            int at = payloadOffset + k * segmentSize;
            int length = (int) Math.min(segmentSize, payloadLength - (long) k * segmentSize);
            int frameLength = headLength + length;
            for (int i = 0; i < ipCount; i++) {
                int o = ipOffset[i];
                if (ipVersion[i] == 4) {
                    put16(head, o + IPV4_TOTAL_LENGTH, frameLength - o);
                    put16(head, o + IPV4_ID, ipv4Id[i] + k); // as Linux TSO numbers the segments
                    put16(head, o + IPV4_CHECKSUM, 0);
                    put16(head, o + IPV4_CHECKSUM, ~ChecksumVerdict.fold(ChecksumVerdict.sum(head, o, ipHeaderLength[i])));
                } else {
                    put16(head, o + IPV6_PAYLOAD_LENGTH, frameLength - o - IPV6_FIXED_HEADER);
                }
            }
            for (int j = 0; j < udpCount; j++) {
                put16(head, udpOffset[j] + UDP_LENGTH, frameLength - udpOffset[j]);
            }
            int t = tcpOffset;
            put32(head, t + TCP_SEQ, seq + (long) k * segmentSize);
            int segmentFlags = flags;
            if (k < count - 1) {
                segmentFlags &= ~(TCP_FIN | TCP_PSH);
            }
            if (k > 0) {
                segmentFlags &= ~TCP_CWR;
            }
            head[t + TCP_FLAGS] = (byte) segmentFlags;
            put16(head, t + TCP_CHECKSUM, 0);
            int inner = ipCount - 1;
            long tcpSum = addressSum(head, ipOffset[inner], ipVersion[inner])
                    + ChecksumVerdict.pseudoHeaderSum(PROTOCOL_TCP, frameLength - t)
                    + ChecksumVerdict.sum(head, t, headLength - t) + chunkSums[k];
            put16(head, t + TCP_CHECKSUM, ~ChecksumVerdict.fold(tcpSum));
            for (int j = udpCount - 1; j >= 0; j--) {
                if (udpChecksummed[j]) { // a zero UDP checksum (none, or RFC 6935's zero for tunnels) stays zero
                    completeUdp(j, frameLength, chunkSums[k]);
                }
            }
            out.write(frame, time + k * step, head, headLength, src, at, length, frameLength);
        }
    }

    /** Computes UDP layer {@code j}'s checksum over the template and a payload whose sum is given. */
    private void completeUdp(int j, int frameLength, long payloadSum) {
        int u = udpOffset[j];
        put16(head, u + UDP_CHECKSUM, 0);
        long payload = ((headLength - u) & 1) == 0 ? payloadSum
                : ChecksumVerdict.swapBytes(ChecksumVerdict.fold(payloadSum));
        int ip = udpEnclosingIp[j];
        long udpSum = addressSum(head, ipOffset[ip], ipVersion[ip])
                + ChecksumVerdict.pseudoHeaderSum(PROTOCOL_UDP, frameLength - u)
                + ChecksumVerdict.sum(head, u, headLength - u) + payload;
        int checksum = ~ChecksumVerdict.fold(udpSum) & 0xFFFF;
        put16(head, u + UDP_CHECKSUM, checksum == 0 ? 0xFFFF : checksum); // RFC 768: 0 means none
    }

    /** The unfolded sum of an IP header's source and destination addresses, for a pseudo-header. */
    private static long addressSum(byte[] data, int ipOffset, int version) {
        return version == 4 ? ChecksumVerdict.sum(data, ipOffset + IPV4_ADDRESSES, IPV4_ADDRESS_BYTES)
                : ChecksumVerdict.sum(data, ipOffset + IPV6_ADDRESSES, IPV6_ADDRESS_BYTES);
    }

    private void ensureHead(int length) {
        if (head.length < length) {
            head = new byte[Math.max(length, head.length * 2)];
        }
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | (b[at + 1] & 0xFF);
    }

    private static void put16(byte[] b, int at, int value) {
        b[at] = (byte) (value >>> 8);
        b[at + 1] = (byte) value;
    }

    private static void put32(byte[] b, int at, long value) {
        b[at] = (byte) (value >>> 24);
        b[at + 1] = (byte) (value >>> 16);
        b[at + 2] = (byte) (value >>> 8);
        b[at + 3] = (byte) value;
    }
}
