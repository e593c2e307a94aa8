package org.jumbocap.proto.tcp;

import java.util.List;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.buffer.TruncatedException;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.dissect.DataDissector;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.dissect.DissectorTable;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.dissect.HeuristicDissector;
import org.jumbocap.dissect.Tables;
import org.jumbocap.dissect.IpContext;
import org.jumbocap.dissect.SegmentPlan;
import org.jumbocap.dissect.StreamPduDissector;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.tree.FieldNode;

/**
 * TCP (RFC 9293). The segment length comes from the IP layer's upper-layer length, which is 32-bit for
 * jumbograms and BIG TCP super-packets, so {@code tcp.len} is that length less the header, never a
 * 16-bit value.
 */
public final class TcpDissector implements Dissector {
    public static final int IP_PROTOCOL = 6;
    private static final int MIN_HEADER = 20;
    private static final String FLAG_LETTERS = "RRRNCEUAPRSF";

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        IpContext ip = ctx.ip();
        FieldNode tcp = ctx.addLayer(TcpFields.TCP, offset, Math.min(MIN_HEADER, b.remaining(offset)));

        FrameSummary summary = ctx.summary();
        if (!b.has(offset, MIN_HEADER)) {
            summary.notePartialHeader(b, offset);
        }
        summary.transportOffset = offset;
        long srcPort = b.u16(offset);
        long dstPort = b.u16(offset + 2);
        summary.srcPort = (int) srcPort;
        summary.dstPort = (int) dstPort;
        tcp.add(TcpFields.SRCPORT, offset, 2, srcPort);
        tcp.add(TcpFields.DSTPORT, offset + 2, 2, dstPort);
        tcp.add(TcpFields.PORT, offset, 2, srcPort).hidden();
        tcp.add(TcpFields.PORT, offset + 2, 2, dstPort).hidden();
        long seq = b.u32(offset + 4);
        summary.tcpSeq = seq;
        tcp.add(TcpFields.SEQ_RAW, offset + 4, 4, seq);
        if (!b.has(offset, MIN_HEADER) && !b.isCut() && ctx.isPartialDatagram()) {
            // An ICMP error may quote only the first 8 bytes of the segment (RFC 792): nothing is missing.
            return;
        }
        long ack = b.u32(offset + 8);
        FieldNode ackRaw = tcp.add(TcpFields.ACK_RAW, offset + 8, 4, ack);
        int headerLength = (b.u8(offset + 12) >>> 4) * 4;
        FieldNode hdrLen = tcp.add(TcpFields.HDR_LEN, offset + 12, 1, (long) headerLength);
        int flags = b.u16(offset + 12) & 0x0FFF;
        summary.tcpAck = ack;
        summary.tcpHeaderLength = headerLength;
        summary.tcpFlags = flags;
        FieldNode flagsNode = null;
        if (ctx.hasTree()) {
            hdrLen.setText(() -> "Header Length: " + headerLength + " bytes (" + headerLength / 4 + ")");
            flagsNode = addFlags(tcp, offset + 12, flags);
        }
        if ((flags & TcpFlags.ACK) == 0 && ack != 0) {
            // RFC 9293: the field is meaningful only with ACK; Wireshark notes a value left in it
            ctx.expert(ackRaw, TcpFields.ACK_NONZERO);
        }
        connectionExperts(ctx, flagsNode, flags, (int) srcPort, (int) dstPort);
        int window = b.u16(offset + 14);
        tcp.add(TcpFields.WINDOW_SIZE_VALUE, offset + 14, 2, (long) window);
        summary.tcpWindow = window;
        FieldNode checksum = tcp.add(TcpFields.CHECKSUM, offset + 16, 2, (long) b.u16(offset + 16));
        tcp.add(TcpFields.URGENT_POINTER, offset + 18, 2, (long) b.u16(offset + 18));

        if (headerLength < MIN_HEADER) {
            ctx.expert(hdrLen, TcpFields.HDR_LEN_TOO_SMALL, headerLength);
            return;
        }
        if (headerLength > length) {
            ctx.expert(hdrLen, TcpFields.HDR_LEN_BEYOND_SEGMENT, headerLength, length);
            return;
        }
        tcp.setLength(Math.min(headerLength, b.remaining(offset)));
        verifyChecksum(ctx, ip, checksum, offset, length);

        long segmentLength = length - headerLength;
        summary.transportPayloadLength = segmentLength;
        FieldNode len = tcp.add(TcpFields.LEN, offset, 0, segmentLength).generated();
        if (segmentLength > 0xFFFF && ctx.hasTree()) {
            len.setText(() -> "TCP Segment Len: " + segmentLength + " (more than 65535: jumbogram or BIG TCP super-packet)");
        }

        if (headerLength > MIN_HEADER) {
            FieldNode options = tcp.add(TcpFields.OPTIONS, offset + MIN_HEADER, headerLength - MIN_HEADER, null);
            if (ctx.hasTree()) {
                options.setText(() -> "Options: (" + (headerLength - MIN_HEADER) + " bytes)");
            }
            walkOptions(ctx, options, offset + MIN_HEADER, offset + headerLength);
        }

        int payloadOffset = offset + headerLength;
        long captured = Math.min(b.remaining(payloadOffset), segmentLength);
        if (captured > 0 && ctx.hasTree()) {
            tcp.add(TcpFields.PAYLOAD, payloadOffset, (int) captured, null).setText(() -> captured == segmentLength
                    ? "TCP payload (" + captured + " bytes)"
                    : "TCP payload (" + captured + " of " + segmentLength + " bytes captured)");
        }
        if (captured > 0) {
            SegmentPlan plan = ctx.isPartialDatagram() ? null : ctx.segmentPlan();
            if (plan != null) {
                summary.tcpPayloadDissector = plan.dissector;
                planned(ctx, tcp, plan, payloadOffset, segmentLength, captured);
                return;
            }
            Dissector next = ctx.isPartialDatagram() ? null
                    : upperLayer(ctx, (int) srcPort, (int) dstPort, payloadOffset, segmentLength);
            if (next instanceof StreamPduDissector pdus) {
                summary.tcpPayloadDissector = pdus;
            }
            // a payload no dissector claims is data, as for UDP and as tshark shows it (tcp:data)
            ctx.call(next != null ? next : DataDissector.INSTANCE, payloadOffset, segmentLength);
        }
    }

    /** tshark sets the whole Info of a segment that only begins a message completed later. */
    private static final java.util.function.Supplier<String> SEGMENT_OF_A_PDU_INFO = () -> TcpFields.SEGMENT_OF_A_PDU;

    /**
     * The payload as TCP reassembly planned it: the message it completes, decoded whole from the bytes
     * gathered, then its own whole messages, then the start of a message completed later, shown as
     * segment data as tshark does.
     */
    private static void planned(DissectionContext ctx, FieldNode tcp, SegmentPlan plan, int payload, long length,
                                long captured) {
        if (plan.skippedAfterGap > 0) {
            ctx.expert(tcp, TcpFields.REASSEMBLY_GAP, plan.skippedAfterGap);
        }
        if (plan.tooLongMessage >= 0) {
            ctx.expert(tcp, TcpFields.REASSEMBLY_TOO_LONG, plan.tooLongMessage);
        }
        if (plan.onlyBeginsAMessage()) {
            ctx.setInfo(SEGMENT_OF_A_PDU_INFO);
        }
        long ownEnd = Math.min(plan.ownEnd, length);
        // the bytes that belong to a message of several segments, as tshark lists them in each of those
        if (plan.tooLongMessage < 0) {
            segmentData(tcp, payload, plan.ownStart - plan.skippedAfterGap);
        }
        if (ownEnd < length) {
            segmentData(tcp, (int) Math.min(payload + ownEnd, Integer.MAX_VALUE), Math.max(0, Math.min(captured, length) - ownEnd));
        }
        byte[] whole = plan.reassembled;
        if (whole != null) {
            FieldNode segments = tcp.add(TcpFields.SEGMENTS, payload, 0, null).generated();
            if (ctx.hasTree()) {
                segments.setText(() -> segmentsText(plan));
                for (int i = 0; i < plan.segmentFrames.length; i++) {
                    int bytes = plan.segmentBytes[i];
                    long frame = plan.segmentFrames[i];
                    segments.add(TcpFields.SEGMENT, payload, 0, frame).generated()
                            .setText(() -> "Frame: " + frame + ", payload: " + bytes + " bytes");
                }
                segments.add(TcpFields.SEGMENT_COUNT, payload, 0, (long) plan.segmentFrames.length).generated();
                segments.add(TcpFields.REASSEMBLED_LENGTH, payload, 0, (long) whole.length).generated();
            }
            ctx.callOn(FrameBuffer.wrap(whole), plan.dissector, whole.length);
        }
        if (ownEnd > plan.ownStart) {
            ctx.call(plan.dissector, payload + plan.ownStart, ownEnd - plan.ownStart);
        }
    }

    private static void segmentData(FieldNode tcp, int at, long bytes) {
        if (bytes > 0) {
            int shown = (int) bytes;
            tcp.add(TcpFields.SEGMENT_DATA, at, shown, null)
                    .setText(() -> "TCP segment data (" + shown + " byte" + (shown == 1 ? ")" : "s)"));
        }
    }

    /** Wireshark's line: "[3 Reassembled TCP Segments (16406 bytes): #14(7240), #16(5792), #18(3374)]". */
    private static String segmentsText(SegmentPlan plan) {
        StringBuilder s = new StringBuilder(64).append('[').append(plan.segmentFrames.length)
                .append(" Reassembled TCP Segments (").append(plan.reassembled.length).append(" bytes): ");
        for (int i = 0; i < plan.segmentFrames.length; i++) {
            s.append(i == 0 ? "#" : ", #").append(plan.segmentFrames[i]).append('(').append(plan.segmentBytes[i]).append(')');
        }
        return s.append(']').toString();
    }

    /**
     * The dissector of the payload: by port, the lower one first as in Wireshark, then the first heuristic
     * one that accepts the bytes; null leaves the payload undecoded.
     */
    private static Dissector upperLayer(DissectionContext ctx, int srcPort, int dstPort, int offset, long length) {
        DissectorTable ports = ctx.registry().table(Tables.TCP_PORT);
        Dissector next = ports.get(Math.min(srcPort, dstPort));
        if (next == null) {
            next = ports.get(Math.max(srcPort, dstPort));
        }
        if (next != null) {
            return next;
        }
        List<Dissector> heuristics = ctx.registry().table(Tables.TCP_HEURISTIC).inKeyOrder();
        for (int i = 0; i < heuristics.size(); i++) { // by index: no iterator per segment
            if (heuristics.get(i) instanceof HeuristicDissector h && h.accepts(ctx, offset, length)) {
                return h;
            }
        }
        return null;
    }

    /**
     * Wireshark's connection items, each on its flag: the SYN names the server's port (the destination; the
     * source on a SYN+ACK), a FIN and an RST name none. Raised without a tree too, so the summary counts them.
     */
    private static void connectionExperts(DissectionContext ctx, FieldNode flagsNode, int flags, int srcPort, int dstPort) {
        if ((flags & TcpFlags.SYN) != 0) {
            FieldNode syn = flagsNode == null ? null : flagsNode.child(TcpFields.FLAGS_SYN);
            if ((flags & TcpFlags.ACK) != 0) {
                ctx.expert(syn, TcpFields.CONNECTION_SYN_ACK, srcPort);
            } else {
                ctx.expert(syn, TcpFields.CONNECTION_SYN, dstPort);
            }
        }
        if ((flags & TcpFlags.FIN) != 0) {
            ctx.expert(flagsNode == null ? null : flagsNode.child(TcpFields.FLAGS_FIN), TcpFields.CONNECTION_FIN);
        }
        if ((flags & TcpFlags.RST) != 0) {
            ctx.expert(flagsNode == null ? null : flagsNode.child(TcpFields.FLAGS_RESET), TcpFields.CONNECTION_RST);
        }
    }

    private static FieldNode addFlags(FieldNode tcp, int at, int flags) {
        FieldNode node = tcp.add(TcpFields.FLAGS, at, 2, (long) flags).setText(() -> flagsText(flags));
        node.add(TcpFields.FLAGS_RES, at, 1, (flags & 0xE00) != 0);
        node.add(TcpFields.FLAGS_AE, at, 1, (flags & 0x100) != 0);
        node.add(TcpFields.FLAGS_CWR, at + 1, 1, (flags & 0x080) != 0);
        node.add(TcpFields.FLAGS_ECE, at + 1, 1, (flags & 0x040) != 0);
        node.add(TcpFields.FLAGS_URG, at + 1, 1, (flags & 0x020) != 0);
        node.add(TcpFields.FLAGS_ACK, at + 1, 1, (flags & 0x010) != 0);
        node.add(TcpFields.FLAGS_PUSH, at + 1, 1, (flags & 0x008) != 0);
        node.add(TcpFields.FLAGS_RESET, at + 1, 1, (flags & 0x004) != 0);
        node.add(TcpFields.FLAGS_SYN, at + 1, 1, (flags & 0x002) != 0);
        node.add(TcpFields.FLAGS_FIN, at + 1, 1, (flags & 0x001) != 0);
        node.add(TcpFields.FLAGS_STR, at, 2, flagLetters(flags)).generated();
        return node;
    }

    private static String flagsText(int flags) {
        StringBuilder names = TcpFlags.appendNames(flags, new StringBuilder());
        if ((flags & 0xE00) != 0) {
            names.append(names.length() > 0 ? ", " : "").append("Reserved");
        }
        return String.format(java.util.Locale.ROOT, "Flags: 0x%03x (%s)", flags, names.length() == 0 ? "<None>" : names);
    }

    /** Wireshark's tcp.flags.str: a letter for each set bit of RRRNCEUAPRSF, a middle dot for each clear one. */
    static String flagLetters(int flags) {
        StringBuilder s = new StringBuilder(12);
        for (int i = 0; i < 12; i++) {
            s.append(((flags >>> (11 - i)) & 1) != 0 ? FLAG_LETTERS.charAt(i) : '\u00b7');
        }
        return s.toString();
    }

    private static void verifyChecksum(DissectionContext ctx, IpContext ip, FieldNode checksum, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        boolean captured = b.has(offset, (int) Math.min(length, Integer.MAX_VALUE));
        if (!ctx.hasTree() && !ctx.verifyChecksums()) {
            // the summary alone: the offload judgement, made from the pseudo-header without a Result
            if (ip != null && !ctx.isPartialDatagram()
                    && ChecksumVerdict.isOffloaded(b.u16(offset + 16), ip.pseudoHeaderSum(b, IP_PROTOCOL, length))) {
                ctx.summary().noteTransportChecksum(offset, ChecksumVerdict.OFFLOADED);
                ctx.expert(checksum, captured ? TcpFields.CHECKSUM_OFFLOADED_UNVERIFIED : TcpFields.CHECKSUM_OFFLOADED_UNCAPTURED);
            } else {
                ctx.summary().noteTransportChecksum(offset, ChecksumVerdict.NOT_CHECKED);
            }
            return;
        }
        ChecksumVerdict.Result r;
        if (ip == null || ctx.isPartialDatagram()) {
            r = new ChecksumVerdict.Result(ChecksumVerdict.NOT_CHECKED, ctx.buffer().u16(offset + 16), -1);
        } else {
            long pseudo = ip.pseudoHeaderSum(ctx.buffer(), IP_PROTOCOL, length);
            r = ctx.verifyChecksums()
                    ? ChecksumVerdict.check(ctx.buffer(), offset, length, offset + 16, pseudo, true, ip.isJumbo())
                    : ChecksumVerdict.judgeOffload(ctx.buffer(), offset + 16, pseudo, true);
        }
        ctx.summary().noteTransportChecksum(offset, r.verdict());
        ExpertDef offloaded = r.expected() >= 0 ? TcpFields.CHECKSUM_OFFLOADED
                : ctx.verifyChecksums() || !captured
                ? TcpFields.CHECKSUM_OFFLOADED_UNCAPTURED : TcpFields.CHECKSUM_OFFLOADED_UNVERIFIED;
        if (!ctx.hasTree()) {
            switch (r.verdict()) {
                case BAD -> ctx.expert(checksum, TcpFields.CHECKSUM_BAD);
                case OFFLOADED -> ctx.expert(checksum, offloaded);
                default -> {
                }
            }
            return;
        }
        checksum.add(TcpFields.CHECKSUM_STATUS, checksum.offset(), 0, (long) r.verdict().code()).generated();
        if (r.expected() >= 0) {
            checksum.add(TcpFields.CHECKSUM_CALCULATED, checksum.offset(), 0, (long) r.expected()).generated();
        }
        int field = r.field();
        int expected = r.expected();
        switch (r.verdict()) {
            case BAD -> {
                checksum.setText(() -> String.format(java.util.Locale.ROOT, "Checksum: 0x%04x incorrect, should be 0x%04x", field, expected));
                ctx.expert(checksum, TcpFields.CHECKSUM_BAD, r.field(), r.expected());
            }
            case OFFLOADED -> {
                checksum.setText(() -> String.format(java.util.Locale.ROOT, "Checksum: 0x%04x [offloaded: pseudo-header sum only]", field));
                if (r.expected() >= 0) {
                    ctx.expert(checksum, offloaded, r.field(), r.expected());
                } else {
                    ctx.expert(checksum, offloaded, r.field());
                }
            }
            case GOOD -> checksum.setText(() -> String.format(java.util.Locale.ROOT, "Checksum: 0x%04x [correct]", field));
            default -> checksum.setText(() -> String.format(java.util.Locale.ROOT, "Checksum: 0x%04x [unverified]", field));
        }
    }

    private static void walkOptions(DissectionContext ctx, FieldNode options, int start, int end) {
        FrameBuffer b = ctx.buffer();
        FrameSummary summary = ctx.summary();
        boolean tree = ctx.hasTree();
        int p = start;
        while (p < end) {
            int kind = b.u8(p);
            if (kind == TcpOptions.EOL || kind == TcpOptions.NOP) {
                FieldNode n = options.add(kind == TcpOptions.EOL ? TcpFields.OPT_EOL : TcpFields.OPT_NOP, p, 1, null);
                n.add(TcpFields.OPTION_KIND, p, 1, (long) kind);
                if (kind == TcpOptions.EOL) {
                    return;
                }
                p++;
                continue;
            }
            TcpOptions.Decoder decoder = TcpOptions.decoder(kind);
            if (p + 1 >= end) {
                FieldNode n = options.add(decoder != null ? decoder.head() : TcpFields.OPT_UNKNOWN, p, 1, null);
                n.add(TcpFields.OPTION_KIND, p, 1, (long) kind);
                ctx.expert(n, TcpFields.OPTION_OVERRUN, optionName(kind), 2, end - p);
                return;
            }
            int len = b.u8(p + 1);
            int shown = Math.max(2, Math.min(len, end - p));
            FieldNode n = options.add(decoder != null ? decoder.head() : TcpFields.OPT_UNKNOWN, p, shown, null);
            n.add(TcpFields.OPTION_KIND, p, 1, (long) kind);
            FieldNode lenNode = n.add(TcpFields.OPTION_LEN, p + 1, 1, (long) len);
            if (len < 2) {
                ctx.expert(lenNode, TcpFields.OPTION_LEN_INVALID, optionName(kind), len);
                return;
            }
            if (len > end - p) {
                ctx.expert(lenNode, TcpFields.OPTION_OVERRUN, optionName(kind), len, end - p);
                return;
            }
            if (decoder == null) {
                if (tree) {
                    n.setText("TCP Option - " + optionName(kind) + " (" + len + " bytes)");
                }
                if (len > 2) {
                    n.add(TcpFields.OPTION_DATA, p + 2, len - 2, ctx.treeBytes(p + 2, len - 2));
                }
            } else if (decoder.fits().test(len)) {
                if (tree) {
                    decoder.body().decode(b, n, p, len);
                } else if (!b.has(p, len)) {
                    // the body's reads would stop the tree here
                    throw new TruncatedException(p, len);
                }
                if (kind == TcpOptions.SACK) {
                    int blocks = Math.min((len - 2) / 8, FrameSummary.MAX_SACK_BLOCKS);
                    for (int i = 0; i < blocks; i++) {
                        summary.tcpSackLeft[i] = b.u32(p + 2 + 8 * i);
                        summary.tcpSackRight[i] = b.u32(p + 6 + 8 * i);
                    }
                    summary.tcpSackBlocks = blocks;
                } else if (kind == TcpOptions.MSS) {
                    summary.tcpMss = b.u16(p + 2);
                } else if (kind == TcpOptions.WINDOW_SCALE) {
                    summary.tcpWindowScaleMultiplier = 1 << Math.min(b.u8(p + 2), 14);
                    if (b.u8(p + 2) > 14) {
                        ctx.expert(n, TcpFields.WSCALE_SHIFT_INVALID, b.u8(p + 2));
                    }
                }
            } else {
                ctx.expert(lenNode, TcpFields.OPTION_LEN_WRONG, optionName(kind), len, decoder.expectedLength());
                if (len > 2) {
                    n.add(TcpFields.OPTION_DATA, p + 2, len - 2, ctx.treeBytes(p + 2, len - 2));
                }
            }
            p += len;
        }
    }

    private static String optionName(int kind) {
        return TcpFields.OPTION_KIND.valueNames().getOrDefault((long) kind, "kind " + kind);
    }
}
