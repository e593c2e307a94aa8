package org.jumbocap.segment;

import java.io.IOException;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.CaptureWriter;
import org.jumbocap.io.FrameRecord;

/**
 * Cuts a UDP GSO super-packet (gso_type udp_l4, as QUIC servers and WireGuard send them: one UDP datagram
 * that the kernel or NIC cuts into datagrams of gso_size bytes of data) into the datagrams that went on the
 * wire, as {@code __udp_gso_segment} does: each datagram repeats the link and IP headers (IPv4 total length,
 * identification counted up, header checksum; IPv6 payload length) and the UDP header with its own length
 * and a complete checksum (none where IPv4 had none). Only a plain datagram is cut: one IP header, no
 * tunnel, not a fragment, every byte captured, lengths agreeing with the frame, and a checksum that is
 * complete or left for the NIC.
 */
final class UdpGsoSplitter {
    private static final int UDP = 17;
    private static final int UDP_HEADER = 8;

    private byte[] head = new byte[256];
    private int headLength;
    private int payloadOffset;
    private long payloadLength;
    private boolean checksummed;

    /** Checks the frame can be cut and makes its header template; the reason it cannot otherwise. */
    KeepReason prepare(FrameRecord frame, FrameSummary s) {
        if (frame.isCut()) {
            return KeepReason.CUT;
        }
        if (s.ipLayerCount != 1 || s.udpCount != 1 || s.tunnelDepth != 0 || s.jumboKind != null || s.truncated
                || s.transportOffset < 0 || s.transportPayloadLength < 0) {
            return KeepReason.MALFORMED;
        }
        if (s.layerFragment[0]) {
            return KeepReason.FRAGMENT;
        }
        int ip = s.layerIpOffset[0];
        int udp = s.transportOffset;
        payloadOffset = udp + UDP_HEADER;
        payloadLength = s.transportPayloadLength;
        if (payloadOffset + payloadLength > frame.capturedLength() || s.udpLengthField != UDP_HEADER + payloadLength
                || ip + s.ipHeaderLength != udp) {
            return KeepReason.LENGTH_MISMATCH;
        }
        byte[] src = frame.data();
        headLength = payloadOffset;
        if (head.length < headLength) {
            head = new byte[headLength];
        }
        System.arraycopy(src, 0, head, 0, headLength);
        int field = u16(src, udp + 6);
        checksummed = !(field == 0 && s.ipVersion == 4);
        if (checksummed) {
            long pseudo = addressSum(src, ip, s.ipVersion) + ChecksumVerdict.pseudoHeaderSum(UDP, UDP_HEADER + payloadLength);
            long whole = pseudo + ChecksumVerdict.sum(src, udp, (int) (UDP_HEADER + payloadLength));
            if (ChecksumVerdict.fold(whole) != 0xFFFF && !ChecksumVerdict.isOffloaded(field, pseudo)) {
                return KeepReason.BAD_CHECKSUM;
            }
        }
        return null;
    }

    /**
     * Writes the datagrams of {@code size} bytes of data (the last one shorter) that {@link #prepare} allowed;
     * returns how many.
     */
    int write(FrameRecord frame, FrameSummary s, int size, CaptureWriter out, long time, long step) throws IOException {
        byte[] src = frame.data();
        int ip = s.layerIpOffset[0];
        int udp = s.transportOffset;
        int ipHeader = udp - ip;
        int id = s.ipVersion == 4 ? u16(src, ip + 4) : 0;
        int count = 0;
        for (long at = 0; at < payloadLength; at += size, count++) {
            int length = (int) Math.min(size, payloadLength - at);
            if (s.ipVersion == 4) {
                put16(head, ip + 2, ipHeader + UDP_HEADER + length);
                put16(head, ip + 4, (id + count) & 0xFFFF);
                put16(head, ip + 10, 0);
                put16(head, ip + 10, ~ChecksumVerdict.fold(ChecksumVerdict.sum(head, ip, ipHeader)) & 0xFFFF);
            } else {
                put16(head, ip + 4, ipHeader - 40 + UDP_HEADER + length);
            }
            put16(head, udp + 4, UDP_HEADER + length);
            put16(head, udp + 6, 0);
            if (checksummed) {
                long sum = addressSum(head, ip, s.ipVersion) + ChecksumVerdict.pseudoHeaderSum(UDP, UDP_HEADER + length)
                        + ChecksumVerdict.sum(head, udp, UDP_HEADER)
                        + ChecksumVerdict.sum(src, payloadOffset + (int) at, length);
                int value = ~ChecksumVerdict.fold(sum) & 0xFFFF;
                put16(head, udp + 6, value == 0 ? 0xFFFF : value);
            }
            out.write(frame, time + count * step, head, headLength, src, payloadOffset + (int) at, length,
                    headLength + length);
        }
        return count;
    }

    /** Bytes the datagrams repeat before their data (link, IP and UDP headers). */
    int headerBytes() {
        return headLength;
    }

    private static long addressSum(byte[] data, int ipOffset, int version) {
        return version == 4 ? ChecksumVerdict.sum(data, ipOffset + 12, 8) : ChecksumVerdict.sum(data, ipOffset + 8, 32);
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | (b[at + 1] & 0xFF);
    }

    private static void put16(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 8);
        b[at + 1] = (byte) v;
    }
}
