package org.jumbocap.proto.udp;

import java.util.List;
import java.util.Locale;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.dissect.DataDissector;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.dissect.DissectorTable;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.dissect.HeuristicDissector;
import org.jumbocap.dissect.IpContext;
import org.jumbocap.dissect.Tables;
import org.jumbocap.jumbo.JumboRules;
import org.jumbocap.tree.FieldNode;

/**
 * UDP (RFC 768), with RFC 2675 section 4: in a jumbogram a UDP length of 0 means the length is the IP
 * layer's upper-layer length. The payload goes to the {@link Tables#UDP_PORT} dissector of the
 * destination port, else of the source port, else of the first {@link Tables#UDP_HEURISTIC} dissector that
 * accepts it, else shows as data.
 */
public final class UdpDissector implements Dissector {
    public static final int IP_PROTOCOL = 17;
    private static final int HEADER = 8;
    /** The MTU a datagram is held against where the file does not say the link's: Ethernet's. */
    public static final int ETHERNET_MTU = 1500;

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        IpContext ip = ctx.ip();
        FieldNode udp = ctx.addLayer(UdpFields.UDP, offset, Math.min(HEADER, b.remaining(offset)));
        FrameSummary summary = ctx.summary();
        if (!b.has(offset, HEADER)) {
            summary.notePartialHeader(b, offset);
        }
        summary.transportOffset = offset;
        int srcPort = b.u16(offset);
        int dstPort = b.u16(offset + 2);
        summary.srcPort = srcPort;
        summary.dstPort = dstPort;
        summary.addUdp(srcPort, dstPort, offset, b.has(offset + 4, 2) ? b.u16(offset + 4) : -1);
        udp.add(UdpFields.SRCPORT, offset, 2, (long) srcPort);
        udp.add(UdpFields.DSTPORT, offset + 2, 2, (long) dstPort);
        udp.add(UdpFields.PORT, offset, 2, (long) srcPort).hidden();
        udp.add(UdpFields.PORT, offset + 2, 2, (long) dstPort).hidden();
        int lengthField = b.u16(offset + 4);
        summary.udpLengthField = lengthField;
        FieldNode lengthNode = udp.add(UdpFields.LENGTH, offset + 4, 2, (long) lengthField);
        int checksumField = b.u16(offset + 6);
        FieldNode checksum = udp.add(UdpFields.CHECKSUM, offset + 6, 2, (long) checksumField);

        boolean partial = ctx.isPartialDatagram();
        long datagramLength;
        boolean lengthBad = false;
        if (partial && lengthField > length) {
            ctx.expert(lengthNode, UdpFields.LENGTH_PARTIAL, lengthField, length);
            datagramLength = length;
        } else if (lengthField != 0 && (lengthField < HEADER || lengthField > length)) {
            // Which length is wrong cannot be known, so neither is the checksum's coverage: not verified.
            ctx.expert(lengthNode, UdpFields.LENGTH_BAD, lengthField, length);
            datagramLength = JumboRules.udpDatagramLength(lengthField, length);
            lengthBad = true;
        } else {
            datagramLength = datagramLength(ctx, ip, lengthNode, lengthField, length);
        }
        if (datagramLength != lengthField) {
            udp.add(UdpFields.LENGTH_EFFECTIVE, offset + 4, 0, datagramLength).generated();
        }

        int payloadOffset = offset + HEADER;
        long payloadLength = Math.max(0, datagramLength - HEADER);
        summary.transportPayloadLength = payloadLength;
        int captured = (int) Math.min(b.remaining(payloadOffset), payloadLength);
        if (captured > 0 && ctx.hasTree()) {
            udp.add(UdpFields.PAYLOAD, payloadOffset, captured, null).setText(captured == payloadLength
                    ? "Payload (" + captured + " bytes)" : "Payload (" + captured + " of " + payloadLength + " bytes captured)");
        }
        boolean gsoCandidate = !partial && !lengthBad && looksLikeUdpGso(ctx, ip, checksumField, offset, datagramLength);
        int ipLayers = summary.ipLayerCount;
        decodePayload(ctx, ip, checksum, checksumField, offset, datagramLength, partial || lengthBad, srcPort, dstPort,
                payloadOffset, payloadLength);
        // an IP layer inside the payload makes this a tunnel's outer datagram, long because of the packet it carries
        if (gsoCandidate && summary.ipLayerCount == ipLayers) {
            long ipPacket = offset - summary.ipOffset + datagramLength;
            ctx.expert(udp.add(UdpFields.GSO_SUSPECTED, offset, 0, null).generated(), UdpFields.GSO_SUSPECTED_NOTE, ipPacket);
        }
    }

    /**
     * The one place a UDP GSO super-packet is recognised in a file without the kernel's facts, for the summary
     * and the tree alike: the sending side's datagram in one IP packet longer than Ethernet's MTU, neither a
     * fragment nor inside a tunnel nor a jumbogram, whose checksum is the pseudo-header sum left for the NIC.
     * A host does not send such a packet itself (it would fragment it); GSO hands the NIC one and lets it cut.
     * A link with a larger MTU (loopback, jumbo frames) can carry such a datagram whole: hence only suspected;
     * Linux's loopback, whose Ethernet header has two zero addresses, is left out. The caller also checks that no IP layer follows in the payload (a tunnel's outer datagram).
     */
    private static boolean looksLikeUdpGso(DissectionContext ctx, IpContext ip, int checksumField, int offset,
                                           long datagramLength) {
        FrameSummary s = ctx.summary();
        if (ctx.hasRecordedGso() || ip == null || ip.isJumbo() || ip.moreFragments() || ctx.tunnelDepth() > 0
                || s.ipLayerCount != 1 || s.ipOffset < 0 || checksumField == 0 || s.ethSrc == 0 && s.ethDst == 0) {
            return false;
        }
        return offset - s.ipOffset + datagramLength > ETHERNET_MTU
                && ChecksumVerdict.isOffloaded(checksumField, ip.pseudoHeaderSum(ctx.buffer(), IP_PROTOCOL, datagramLength));
    }

    /** The payload to the port's dissector, and the checksum's verdict (for a tunnel, after its inner layers). */
    private static void decodePayload(DissectionContext ctx, IpContext ip, FieldNode checksum, int checksumField,
                                      int offset, long datagramLength, boolean unverifiable, int srcPort, int dstPort,
                                      int payloadOffset, long payloadLength) {
        FrameSummary summary = ctx.summary();
        Dissector next = null;
        if (payloadLength > 0) {
            DissectorTable ports = ctx.registry().table(Tables.UDP_PORT);
            next = ports.get(dstPort);
            if (next == null) {
                next = ports.get(srcPort);
            }
            if (next == null) {
                next = heuristic(ctx, payloadOffset, payloadLength);
            }
        }
        if (!ctx.hasTree() && !ctx.verifyChecksums()) {
            summaryChecksum(ctx, ip, checksum, checksumField, offset, datagramLength, unverifiable, next,
                    payloadOffset, payloadLength);
            return;
        }
        ChecksumVerdict.Result checked = check(ctx, ip, checksumField, offset, datagramLength, unverifiable);
        if (next == null || checked.verdict() != ChecksumVerdict.BAD) {
            show(ctx, offset, checksum, checked);
            if (payloadLength > 0) {
                ctx.call(next != null ? next : DataDissector.INSTANCE, payloadOffset, payloadLength);
            }
            return;
        }
        // A tunnel's checksum may be right only for the packet the NIC sends: judge it after the inner layers.
        if (!ctx.hasTree()) {
            ctx.call(next, payloadOffset, payloadLength);
            if (checked.field() != 0 && checked.expected() >= 0) {
                // the tree may find it right once the inner offloaded checksum is completed
                summary.incomplete = true;
            }
            show(ctx, offset, checksum, checked);
            return;
        }
        int layersBefore = ctx.tree().layers().size();
        ctx.call(next, payloadOffset, payloadLength);
        FieldNode inner = innerOffloadedChecksum(ctx.tree().layers(), layersBefore);
        if (inner != null) {
            FieldNode calculated = inner.children().stream()
                    .filter(n -> n.name().endsWith(".checksum_calculated")).findFirst().orElse(null);
            boolean odd = ((inner.offset() - offset) & 1) != 0;
            if (calculated != null && ChecksumVerdict.goodAfterReplacing(checked, (int) inner.longValue(),
                    (int) calculated.longValue(), odd)) {
                addStatus(checksum, checked, ChecksumVerdict.OFFLOADED);
                summary.noteTransportChecksum(offset, ChecksumVerdict.OFFLOADED);
                checksum.setText(() -> String.format(Locale.ROOT, "Checksum: 0x%04x [right once the inner checksum is completed]", checked.field()));
                ctx.expert(checksum, UdpFields.CHECKSUM_OUTER_OFFLOADED, checked.field(), inner.def().protocolName().toUpperCase(Locale.ROOT));
                return;
            }
        }
        show(ctx, offset, checksum, checked);
    }

    /** The first heuristic dissector that accepts a payload no port claimed, or null. */
    private static Dissector heuristic(DissectionContext ctx, int offset, long length) {
        List<Dissector> heuristics = ctx.registry().table(Tables.UDP_HEURISTIC).inKeyOrder();
        for (int i = 0; i < heuristics.size(); i++) { // by index: no iterator per datagram
            if (heuristics.get(i) instanceof HeuristicDissector h && h.accepts(ctx, offset, length)) {
                return h;
            }
        }
        return null;
    }

    /**
     * What {@link #check} and {@link #show} record for the summary when no byte is summed, in the same order,
     * without a {@code Result}: IPv6's forbidden zero (judged after the inner layers of a tunnel, as the tree
     * does), or the offload judgement from the pseudo-header.
     */
    private static void summaryChecksum(DissectionContext ctx, IpContext ip, FieldNode checksum, int field, int offset,
                                        long datagramLength, boolean unverifiable, Dissector next, int payloadOffset,
                                        long payloadLength) {
        FrameSummary summary = ctx.summary();
        boolean absent = field == 0 && ip != null && ip.version() == 4;
        boolean judged = ip != null && !unverifiable && !absent;
        if (judged && field == 0) {
            summary.noteTransportChecksum(offset, ChecksumVerdict.BAD);
            if (payloadLength > 0) {
                ctx.call(next != null ? next : DataDissector.INSTANCE, payloadOffset, payloadLength);
            }
            ctx.expert(checksum, UdpFields.CHECKSUM_ZERO);
            return;
        }
        if (judged && ChecksumVerdict.isOffloaded(field, ip.pseudoHeaderSum(ctx.buffer(), IP_PROTOCOL, datagramLength))) {
            summary.noteTransportChecksum(offset, ChecksumVerdict.OFFLOADED);
            ctx.expert(checksum, UdpFields.CHECKSUM_OFFLOADED_UNVERIFIED);
        } else {
            summary.noteTransportChecksum(offset, absent ? ChecksumVerdict.NOT_PRESENT : ChecksumVerdict.NOT_CHECKED);
        }
        if (payloadLength > 0) {
            ctx.call(next != null ? next : DataDissector.INSTANCE, payloadOffset, payloadLength);
        }
    }

    /** The checksum field of the first TCP or UDP layer added since {@code from}, when it was offloaded. */
    private static FieldNode innerOffloadedChecksum(List<FieldNode> layers, int from) {
        for (int i = from; i < layers.size(); i++) {
            String name = layers.get(i).name();
            if (name.equals("tcp") || name.equals("udp")) {
                FieldNode field = layers.get(i).find(name + ".checksum");
                FieldNode status = field == null ? null : field.find(name + ".checksum.status");
                return status != null && status.longValue() == ChecksumVerdict.OFFLOADED.code() ? field : null;
            }
        }
        return null;
    }

    /** The datagram's header-and-data length when the field is 0 (RFC 2675) or within the IP length. */
    private static long datagramLength(DissectionContext ctx, IpContext ip, FieldNode lengthNode, int lengthField, long ipLength) {
        if (lengthField == 0) {
            if (ip != null && ip.isJumbo()) {
                lengthNode.setText(() -> "Length: 0 (jumbogram: " + ipLength + " from the IP layer)");
                ctx.expert(lengthNode, UdpFields.LENGTH_JUMBO, ipLength);
            } else {
                ctx.expert(lengthNode, UdpFields.LENGTH_ZERO, ipLength);
            }
        } else if (lengthField < ipLength) {
            ctx.expert(lengthNode, UdpFields.LENGTH_SHORT, lengthField, ipLength);
        }
        return JumboRules.udpDatagramLength(lengthField, ipLength);
    }

    private static ChecksumVerdict.Result check(DissectionContext ctx, IpContext ip, int field, int offset,
                                                long datagramLength, boolean unverifiable) {
        if (field == 0 && ip != null && ip.version() == 4) {
            return new ChecksumVerdict.Result(ChecksumVerdict.NOT_PRESENT, 0, -1);
        }
        if (ip == null || unverifiable) {
            return new ChecksumVerdict.Result(ChecksumVerdict.NOT_CHECKED, field, -1);
        }
        long pseudo = ip.pseudoHeaderSum(ctx.buffer(), IP_PROTOCOL, datagramLength);
        if (!ctx.verifyChecksums()) {
            // IPv6's forbidden zero is judged without the sum: the field alone says it
            ChecksumVerdict.Result judged = ChecksumVerdict.judgeOffload(ctx.buffer(), offset + 6, pseudo, true);
            return field == 0 ? new ChecksumVerdict.Result(ChecksumVerdict.BAD, 0, -1) : judged;
        }
        ChecksumVerdict.Result r = ChecksumVerdict.check(ctx.buffer(), offset, datagramLength, offset + 6, pseudo, true,
                ip.isJumbo());
        if (field == 0) {
            // IPv6 forbids "no checksum" (RFC 8200 section 8.1), even where 0 would sum right as 0xFFFF.
            return new ChecksumVerdict.Result(ChecksumVerdict.BAD, 0, r.expected());
        }
        return r;
    }

    private static void addStatus(FieldNode checksum, ChecksumVerdict.Result r, ChecksumVerdict verdict) {
        checksum.add(UdpFields.CHECKSUM_STATUS, checksum.offset(), 0, (long) verdict.code()).generated();
        if (r.expected() >= 0) {
            checksum.add(UdpFields.CHECKSUM_CALCULATED, checksum.offset(), 0, (long) udpValue(r.expected())).generated();
        }
    }

    /** A computed 0 is sent as 0xFFFF (RFC 768): 0 means "no checksum". */
    private static int udpValue(int expected) {
        return expected == 0 ? 0xFFFF : expected;
    }

    private static void show(DissectionContext ctx, int offset, FieldNode checksum, ChecksumVerdict.Result r) {
        ctx.summary().noteTransportChecksum(offset, r.verdict());
        int field = r.field();
        int expected = udpValue(r.expected());
        addStatus(checksum, r, r.verdict());
        if (field == 0 && r.verdict() == ChecksumVerdict.BAD) {
            ctx.expert(checksum, UdpFields.CHECKSUM_ZERO);
            checksum.setText("Checksum: 0x0000 [illegal in IPv6]");
            return;
        }
        boolean tree = ctx.hasTree();
        switch (r.verdict()) {
            case BAD -> {
                if (tree) {
                    checksum.setText(() -> String.format(Locale.ROOT, "Checksum: 0x%04x incorrect, should be 0x%04x", field, expected));
                }
                ctx.expert(checksum, UdpFields.CHECKSUM_BAD, field, expected);
            }
            case OFFLOADED -> {
                if (tree) {
                    checksum.setText(() -> String.format(Locale.ROOT, "Checksum: 0x%04x [offloaded: pseudo-header sum only]", field));
                }
                if (r.expected() >= 0) {
                    ctx.expert(checksum, UdpFields.CHECKSUM_OFFLOADED, field, expected);
                } else {
                    ctx.expert(checksum, ctx.verifyChecksums() ? UdpFields.CHECKSUM_OFFLOADED_UNCAPTURED
                            : UdpFields.CHECKSUM_OFFLOADED_UNVERIFIED, field);
                }
            }
            case GOOD -> {
                if (tree) {
                    checksum.setText(() -> String.format(Locale.ROOT, "Checksum: 0x%04x [correct]", field));
                }
            }
            case NOT_PRESENT -> checksum.setText("Checksum: 0x0000 [zero-value ignored]");
            default -> {
                if (tree) {
                    checksum.setText(() -> String.format(Locale.ROOT, "Checksum: 0x%04x [unverified]", field));
                }
            }
        }
    }
}
