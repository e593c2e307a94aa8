package org.jumbocap.proto.quic;

import java.util.HexFormat;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.HeuristicDissector;
import org.jumbocap.tree.FieldNode;

/**
 * QUIC packet headers (RFC 9000 section 17), as far as they are readable without the keys: the long header
 * (Initial, 0-RTT, Handshake, Retry: version, connection ids, token, Length), Version Negotiation, and the
 * short header's first byte. The packet number and everything after it are protected (RFC 9001 section 5.4)
 * and shown as the remaining payload. A datagram may hold several packets (coalesced, section 12.2): each
 * long header's Length gives where the next one starts. A UDP GSO super-packet (the kernel's gso_size
 * recorded with the frame) is many datagrams, and the packets are decoded at each segment boundary.
 *
 * <p>A short header's destination connection id has no length on the wire: when the frames are followed in
 * order, the pipeline hands the frame the connection ids earlier long headers gave
 * ({@link QuicConnectionIds}, in the frame's plan), and one the packet begins with is its {@code quic.dcid},
 * as tshark matches it; else it stays in the remaining payload, with a note, as tshark shows it when it has
 * not seen the connection's handshake. Every length is checked against the datagram's end before it is used, and no array is
 * allocated from one: a field's bytes are copied only when a tree is built, and only the captured ones.
 */
final class QuicDissector implements HeuristicDissector {
    static final int PORT = 443;
    static final long VERSION_1 = 0x00000001L;
    static final long VERSION_2 = 0x6b3343cfL;
    /** RFC 9000 section 17.2: at most 20 bytes in version 1 (the length byte could say 255). */
    static final int MAX_CID = 20;
    /**
     * QUIC layers in one frame: every datagram of the largest UDP GSO super-packet the kernel makes (its
     * UDP_MAX_SEGMENTS, 64 or 128 by version) with two packets coalesced in each. Past the summary's room for
     * layers the tree holds the rest and the summary says it is incomplete, so a filter decides on the tree;
     * past this bound a hostile frame of tiny coalesced packets is cut, with a note.
     */
    static final int MAX_PACKETS = 256;
    private static final HexFormat HEX = HexFormat.of();

    @Override
    public boolean accepts(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        if (length < 7 || !b.has(offset, 6)) {
            return false;
        }
        int first = b.u8(offset);
        long version = b.u32(offset + 1);
        // a long header with the fixed bit, of a version this decoder knows, whose connection ids fit
        if ((first & 0xC0) != 0xC0 || (version != VERSION_1 && version != VERSION_2)) {
            return false;
        }
        int dcil = b.u8(offset + 5);
        if (dcil > MAX_CID || !b.has(offset + 6 + dcil, 1) || length < 7 + dcil) {
            return false;
        }
        return b.u8(offset + 6 + dcil) <= MAX_CID;
    }

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        int gso = ctx.tunnelDepth() == 0 ? ctx.udpGsoSize() : 0;
        StringBuilder info = ctx.hasTree() ? new StringBuilder(96) : null;
        long end = offset + length;
        // packets decoded in the frame, short headers among them
        int[] packets = {0, 0};
        if (gso > 0 && length > gso) {
            int datagram = 1;
            for (long start = offset; start < end; start += gso, datagram++) {
                if (!datagram(ctx, (int) start, Math.min(start + gso, end), datagram, info, packets)) {
                    return;
                }
            }
            return;
        }
        datagram(ctx, offset, end, 0, info, packets);
    }

    /**
     * The packets of one datagram [{@code start}, {@code end}); false when the frame's packet bound is reached.
     *
     * @param gsoDatagram which datagram of a GSO super-packet, from 1; 0 for a datagram of its own
     */
    private static boolean datagram(DissectionContext ctx, int start, long end, int gsoDatagram, StringBuilder info,
                                    int[] packets) {
        FrameBuffer b = ctx.buffer();
        int p = start;
        while (p < end) {
            if (++packets[0] > MAX_PACKETS) {
                ctx.expert(ctx.currentLayer(), QuicFields.TOO_MANY_PACKETS, MAX_PACKETS);
                return false;
            }
            if (!b.has(p, 1)) {
                // the rest of the datagram was not captured; the truncation note comes from the read
                b.u8(p);
            }
            long left = end - p;
            int shown = (int) Math.min(left, b.remaining(p));
            FieldNode quic = ctx.addLayer(QuicFields.QUIC, p, shown);
            if (info != null) {
                // every packet's layer shows the Info of all the frame's packets, as the innermost one is shown
                ctx.setInfo(info::toString);
            }
            if (gsoDatagram > 0 && p == start) {
                quic.add(QuicFields.GSO_DATAGRAM, p, 0, gsoDatagram).generated();
            }
            int first = b.u8(p);
            quic.add(QuicFields.HEADER_FORM, p, 1, first >>> 7);
            if (info != null && info.length() > 0) {
                info.append(", ");
            }
            if ((first & 0x80) == 0) {
                shortHeader(ctx, quic, p, end, first, info, ++packets[1] == 1);
                return true;
            }
            long next = longHeader(ctx, quic, p, end, first, info);
            if (next < 0) {
                return true;
            }
            quic.setLength((int) Math.min(next - p, b.remaining(p)));
            p = (int) next;
        }
        return true;
    }

    private static void shortHeader(DissectionContext ctx, FieldNode quic, int p, long end, int first, StringBuilder info,
                                    boolean firstShortHeader) {
        quic.add(QuicFields.FIXED_BIT, p, 1, (first & 0x40) != 0);
        quic.add(QuicFields.SPIN_BIT, p, 1, (first & 0x20) != 0);
        FieldNode header = quic.add(QuicFields.SHORT, p, 1, null);
        // the connection ids the in-order step learnt from earlier frames' long headers, if any matched
        int dcil = ctx.segmentPlan() != null && ctx.segmentPlan().conversationState instanceof QuicConnectionIds known
                ? known.match(ctx.buffer(), p + 1, end) : -1;
        if (dcil > 0) {
            quic.add(QuicFields.DCID, p + 1, dcil, ctx.treeBytes(p + 1, dcil));
        } else if (firstShortHeader) {
            // once per frame: a super-packet of short header datagrams would otherwise fill the summary's notes
            ctx.expert(header, QuicFields.DCID_UNKNOWN);
        }
        packetLength(quic, p, end);
        remaining(ctx, quic, p + 1 + Math.max(dcil, 0), end);
        if (info != null) {
            // the key phase bit is under header protection, so unknown without the keys; tshark's column then
            // says KP0 whatever the bit on the wire, and this keeps its text
            info.append("Protected Payload (KP0)");
            if (dcil > 0) {
                info.append(", DCID=").append(hex(ctx.buffer(), p + 1, dcil));
            }
        }
    }

    /** Decodes a long header packet; returns where the next coalesced packet starts, or -1 for none. */
    private static long longHeader(DissectionContext ctx, FieldNode quic, int p, long end, int first, StringBuilder info) {
        FrameBuffer b = ctx.buffer();
        if (!within(ctx, quic, p, 6, end)) {
            return -1;
        }
        long version = b.u32(p + 1);
        boolean negotiation = version == 0;
        int type = longType((first >>> 4) & 3, version);
        if (!negotiation) {
            if (type != 3) {
                // tshark shows no fixed bit for a Retry, whose first byte's low bits are unused, not protected
                quic.add(QuicFields.FIXED_BIT, p, 1, (first & 0x40) != 0);
            }
            quic.add(version == VERSION_2 ? QuicFields.LONG_PACKET_TYPE_V2 : QuicFields.LONG_PACKET_TYPE, p, 1,
                    (first >>> 4) & 3);
        }
        quic.add(QuicFields.VERSION, p + 1, 4, version);
        int at = p + 5;
        int dcil = b.u8(at);
        quic.add(QuicFields.DCIL, at, 1, dcil);
        if (!within(ctx, quic, at + 1, dcil + 1, end)) {
            return -1;
        }
        FieldNode dcid = quic.add(QuicFields.DCID, at + 1, dcil, ctx.treeBytes(at + 1, dcil));
        if (dcil > MAX_CID && !negotiation) {
            ctx.expert(dcid, QuicFields.CID_TOO_LONG, dcil);
        }
        at += 1 + dcil;
        int scil = b.u8(at);
        quic.add(QuicFields.SCIL, at, 1, scil);
        if (!within(ctx, quic, at + 1, scil, end)) {
            return -1;
        }
        FieldNode scid = quic.add(QuicFields.SCID, at + 1, scil, ctx.treeBytes(at + 1, scil));
        if (scil > MAX_CID && !negotiation) {
            ctx.expert(scid, QuicFields.CID_TOO_LONG, scil);
        }
        int dcidAt = p + 6;
        int scidAt = at + 1;
        at += 1 + scil;
        if (info != null) {
            String name = negotiation ? "Version Negotiation" : QuicFields.LONG_TYPES.get((long) type);
            info.append(name).append(", DCID=").append(hex(b, dcidAt, dcil)).append(", SCID=").append(hex(b, scidAt, scil));
        }
        if (negotiation) {
            // the rest of the datagram is the list of versions
            for (; at + 4 <= end; at += 4) {
                quic.add(QuicFields.SUPPORTED_VERSION, at, 4, b.u32(at));
            }
            packetLength(quic, p, end);
            return -1;
        }
        if (type == 3) {
            long tag = end - 16;
            if (tag < at) {
                ctx.expert(quic, QuicFields.HEADER_CUT, end - p);
                return -1;
            }
            quic.add(QuicFields.RETRY_TOKEN, at, (int) (tag - at), ctx.treeBytes(at, (int) (tag - at)));
            quic.add(QuicFields.RETRY_INTEGRITY_TAG, (int) tag, 16, ctx.treeBytes((int) tag, 16));
            packetLength(quic, p, end);
            return -1;
        }
        if (type == 0) {
            long tokenLength = varint(ctx, quic, at, end);
            if (tokenLength < 0) {
                return -1;
            }
            int size = varintSize(b.u8(at));
            quic.add(QuicFields.TOKEN_LENGTH, at, size, tokenLength);
            at += size;
            if (tokenLength > end - at) {
                ctx.expert(quic, QuicFields.LENGTH_BEYOND, tokenLength, end - at);
                return -1;
            }
            if (tokenLength > 0) {
                quic.add(QuicFields.TOKEN, at, (int) tokenLength, ctx.treeBytes(at, (int) tokenLength));
            }
            at += (int) tokenLength;
        }
        long length = varint(ctx, quic, at, end);
        if (length < 0) {
            return -1;
        }
        int size = varintSize(b.u8(at));
        FieldNode lengthNode = quic.add(QuicFields.LENGTH, at, size, length);
        at += size;
        long packetEnd = at + length;
        if (length > end - at) {
            ctx.expert(lengthNode, QuicFields.LENGTH_BEYOND, length, end - at);
            packetEnd = end;
        }
        quic.add(QuicFields.PACKET_LENGTH, p, 0, packetEnd - p).generated();
        remaining(ctx, quic, at, packetEnd);
        return length > end - at ? -1 : packetEnd;
    }

    /** The long packet type in version 1's numbering: version 2 permutes the codes (RFC 9369 section 3.2). */
    private static int longType(int wire, long version) {
        if (version != VERSION_2) {
            return wire;
        }
        return switch (wire) {
            case 0 -> 3;
            case 1 -> 0;
            case 2 -> 1;
            default -> 2;
        };
    }

    private static void packetLength(FieldNode quic, int p, long end) {
        quic.add(QuicFields.PACKET_LENGTH, p, 0, end - p).generated();
    }

    /** The protected bytes [{@code at}, {@code end}), as far as they were captured. */
    private static void remaining(DissectionContext ctx, FieldNode quic, int at, long end) {
        int n = (int) Math.min(end - at, ctx.buffer().remaining(at));
        if (n > 0) {
            quic.add(QuicFields.REMAINING_PAYLOAD, at, n, ctx.treeBytes(at, n));
        }
    }

    /** True when {@code n} bytes at {@code at} are inside the datagram; else a note on the packet. */
    private static boolean within(DissectionContext ctx, FieldNode quic, int at, int n, long end) {
        if ((long) at + n > end) {
            ctx.expert(quic, QuicFields.HEADER_CUT, end - quic.offset());
            return false;
        }
        return true;
    }

    /** A variable-length integer (RFC 9000 section 16) at {@code at}, or -1 with a note when it runs past the datagram. */
    private static long varint(DissectionContext ctx, FieldNode quic, int at, long end) {
        FrameBuffer b = ctx.buffer();
        if (!within(ctx, quic, at, 1, end)) {
            return -1;
        }
        int size = varintSize(b.u8(at));
        if (!within(ctx, quic, at, size, end)) {
            return -1;
        }
        long v = b.u8(at) & 0x3F;
        for (int i = 1; i < size; i++) {
            v = (v << 8) | b.u8(at + i);
        }
        return v;
    }

    private static int varintSize(int firstByte) {
        return 1 << (firstByte >>> 6);
    }

    private static String hex(FrameBuffer b, int at, int n) {
        return HEX.formatHex(b.bytes(at, Math.min(n, b.remaining(at))));
    }
}
