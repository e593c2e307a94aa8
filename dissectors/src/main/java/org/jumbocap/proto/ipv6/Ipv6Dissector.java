package org.jumbocap.proto.ipv6;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DataDissector;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.jumbo.JumboRules;
import org.jumbocap.proto.ip.IpProtocols;
import org.jumbocap.proto.ip.JumboMarks;
import org.jumbocap.proto.ipv6.ext.ChainState;
import org.jumbocap.proto.ipv6.ext.ExtensionChain;
import org.jumbocap.tree.FieldNode;

/**
 * IPv6: the fixed header, the extension-header chain, the jumbogram verdict ({@link JumboRules}) and the
 * hand-off to the transport with the real upper-layer length.
 */
public final class Ipv6Dissector implements Dissector {
    public static final Ipv6Dissector INSTANCE = new Ipv6Dissector();
    static final int HEADER = 40;
    private static final long MIN_JUMBO = 65536;

    private Ipv6Dissector() {
    }

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        FrameSummary summary = ctx.summary();
        if (!b.has(offset, HEADER)) {
            summary.notePartialHeader(b, offset);
        }
        FieldNode layer = ctx.addLayer(Ipv6Fields.IPV6, offset, HEADER);
        long first = b.u32(offset);
        int version = (int) (first >>> 28);
        FieldNode versionNode = layer.add(Ipv6Fields.VERSION, offset, 1, version);
        if (version != 6) {
            ctx.expert(versionNode, Ipv6Fields.BAD_VERSION, version);
        }
        int trafficClass = (int) (first >>> 20) & 0xFF;
        FieldNode tclass = layer.add(Ipv6Fields.TCLASS, offset, 2, trafficClass);
        if (ctx.hasTree()) {
            tclass.setText(() -> String.format(java.util.Locale.ROOT, "Traffic Class: 0x%02x (DSCP: %d, ECN: %s)", trafficClass,
                    trafficClass >>> 2, Ipv6Fields.TCLASS_ECN.valueNames().get((long) (trafficClass & 3))));
        }
        tclass.add(Ipv6Fields.TCLASS_DSCP, offset, 2, trafficClass >>> 2);
        tclass.add(Ipv6Fields.TCLASS_ECN, offset + 1, 1, trafficClass & 3);
        layer.add(Ipv6Fields.FLOW, offset + 1, 3, first & 0xFFFFF);
        int payloadLength = b.u16(offset + 4);
        FieldNode plenNode = layer.add(Ipv6Fields.PLEN, offset + 4, 2, payloadLength);
        int nextHeader = b.u8(offset + 6);
        layer.add(Ipv6Fields.NXT, offset + 6, 1, nextHeader);
        layer.add(Ipv6Fields.HLIM, offset + 7, 1, b.u8(offset + 7));
        if (ctx.hasTree()) {
            byte[] src = b.bytes(offset + 8, 16);
            byte[] dst = b.bytes(offset + 24, 16);
            layer.add(Ipv6Fields.SRC, offset + 8, 16, src);
            layer.add(Ipv6Fields.DST, offset + 24, 16, dst);
            layer.add(Ipv6Fields.ADDR, offset + 8, 16, src).hidden();
            layer.add(Ipv6Fields.ADDR, offset + 24, 16, dst).hidden();
        }
        int summaryLayer = summary.beginIpLayer(6, nextHeader, offset);
        summary.srcHi = b.u64(offset + 8);
        summary.srcLo = b.u64(offset + 16);
        summary.dstHi = b.u64(offset + 24);
        summary.dstLo = b.u64(offset + 32);
        summary.ipHeaderLength = HEADER;
        if (length < HEADER) {
            summary.l3PayloadLength = payloadLength;
            summary.endIpLayer(summaryLayer);
            // the IP layer gave fewer bytes than the header: the tree's next-header field is all there is
            summary.incomplete = true;
            ctx.expert(layer, Ipv6Fields.SHORT_HEADER, length);
            return;
        }
        long bytesAfterHeader = length - HEADER;
        int chainStart = offset + HEADER;

        ChainState chain = ExtensionChain.walk(ctx, layer, nextHeader, chainStart);
        int extensionBytes = chain.bytesFrom(chainStart);
        layer.setLength(HEADER + extensionBytes);
        summary.ipHeaderLength = HEADER + extensionBytes;

        ChainState.JumboOption jumbo = chain.firstHopByHopJumboOption();
        JumboKind kind = JumboRules.ipv6Kind(payloadLength, jumbo != null, bytesAfterHeader);
        long realPayload = JumboRules.ipv6PayloadLength(kind, payloadLength, jumbo == null ? 0 : jumbo.value(), bytesAfterHeader);
        summary.l3PayloadLength = realPayload;
        summary.jumboKind = kind;
        summary.setIpHeaders(summaryLayer, HEADER + extensionBytes, chain.fragment() != null);
        summary.setHopByHop(summaryLayer, chain.hopByHopOffset(), chain.hopByHopLength(),
                jumbo == null ? -1 : jumbo.offset(), chain.hopByHopOnlyJumbo());
        summary.endIpLayer(summaryLayer);
        if (chain.end() != ChainState.End.STOPPED) {
            // the transport, or the header the chain ended at (ESP, a later fragment's next header)
            summary.ipProto = chain.nextHeader();
        } else {
            // a broken or cut chain: the tree still shows the last header's next-header field, the summary
            // has no protocol to offer
            summary.incomplete = true;
        }
        long carried = checkLengths(ctx, chain, jumbo, kind, payloadLength, plenNode, realPayload, bytesAfterHeader);
        if (kind != null) {
            JumboMarks.mark(ctx, layer, kind, realPayload);
        }
        if (extensionBytes > carried) {
            ctx.expert(layer, Ipv6Fields.EXT_EXCEED_PAYLOAD, extensionBytes, carried);
            return;
        }
        long upperLayerLength = carried - extensionBytes;
        int upperOffset = chain.offset();
        switch (chain.end()) {
            case STOPPED:
                return;
            case OPAQUE:
                ctx.call(DataDissector.INSTANCE, upperOffset, upperLayerLength);
                return;
            default:
                break;
        }
        if (chain.nextHeader() == ExtensionChain.NO_NEXT_HEADER) {
            int trailing = (int) Math.min(upperLayerLength, b.remaining(upperOffset));
            if (trailing > 0) {
                layer.add(Ipv6Fields.NO_NEXT_DATA, upperOffset, trailing, ctx.treeBytes(upperOffset, trailing));
            }
            return;
        }
        ctx.setIp(6, offset + 8, offset + 24, upperLayerLength, kind, chain.moreFragments());
        IpProtocols.handoff(ctx, chain.nextHeader(), upperOffset, upperLayerLength);
    }

    /**
     * The jumbogram rules of RFC 2675 and the payload length against what the frame carried.
     *
     * @return bytes after the fixed header that belong to the packet: the real payload length, cut to what
     *         the frame carried when the header claims more
     */
    private static long checkLengths(DissectionContext ctx, ChainState chain, ChainState.JumboOption jumbo, JumboKind kind,
                                     int payloadLength, FieldNode plenNode, long realPayload, long bytesAfterHeader) {
        if (jumbo != null && payloadLength != 0) {
            ctx.expert(jumbo.node(), Ipv6Fields.JUMBO_PLEN_NOT_ZERO, payloadLength);
        }
        if (payloadLength == 0 && jumbo == null && chain.hopByHop() != null) {
            ctx.expert(chain.hopByHop(), Ipv6Fields.JUMBO_MISSING);
        }
        if (jumbo != null && chain.fragment() != null) {
            ctx.expert(jumbo.node(), Ipv6Fields.JUMBO_WITH_FRAGMENT);
        }
        if (kind == JumboKind.IPV6_HBH) {
            ctx.expert(jumbo.node(), Ipv6Fields.JUMBO_HBH, realPayload);
            if (realPayload < MIN_JUMBO) {
                ctx.expert(jumbo.node(), Ipv6Fields.JUMBO_TOO_SMALL, realPayload);
            }
            if (realPayload > bytesAfterHeader) {
                ctx.expert(jumbo.node(), Ipv6Fields.JUMBO_EXCEEDS_FRAME, realPayload, bytesAfterHeader);
                return bytesAfterHeader;
            }
            if (realPayload < bytesAfterHeader) {
                ctx.expert(jumbo.node(), Ipv6Fields.JUMBO_TRAILER, bytesAfterHeader - realPayload, realPayload);
            }
            return realPayload;
        }
        if (kind == JumboKind.IPV6_ZERO_LENGTH) {
            ctx.expert(plenNode, Ipv6Fields.PLEN_ZERO_BIGTCP, realPayload);
            return realPayload;
        }
        if (realPayload > bytesAfterHeader) {
            ctx.expert(plenNode, IpProtocols.insideFragment(ctx) ? Ipv6Fields.PLEN_IN_FRAGMENT : Ipv6Fields.PLEN_EXCEEDS_FRAME,
                    realPayload, bytesAfterHeader);
            return bytesAfterHeader;
        }
        if (realPayload < bytesAfterHeader) {
            ctx.expert(plenNode, Ipv6Fields.PLEN_TRAILER, bytesAfterHeader - realPayload, realPayload);
        }
        return realPayload;
    }
}
