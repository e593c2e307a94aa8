package org.jumbocap.proto.icmp;

import java.util.Map;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.dissect.IpContext;
import org.jumbocap.dissect.Tables;
import org.jumbocap.tree.FieldNode;

/**
 * ICMPv6 (RFC 4443) with Neighbor Discovery basics (RFC 4861). Error messages quote the invoking packet,
 * which is dissected one tunnel level deeper; a Parameter Problem pointer is matched against that quote
 * so a rejected Jumbo Payload option (RFC 2675 section 3) is named.
 */
public final class Icmpv6Dissector implements Dissector {
    public static final int IP_PROTOCOL = 58;
    static final int ETHERTYPE_IPV6 = 0x86DD;
    private static final int IPV6_HEADER = QuotedPacket.IPV6_HEADER;
    private static final int SOURCE_LINKADDR = 1;
    private static final int TARGET_LINKADDR = 2;

    private static final Map<Integer, IcmpBody> BODIES = Map.of(
            Icmpv6Fields.DEST_UNREACHABLE, Icmpv6Dissector::unusedThenInvoking,
            Icmpv6Fields.TIME_EXCEEDED, Icmpv6Dissector::unusedThenInvoking,
            Icmpv6Fields.PACKET_TOO_BIG, Icmpv6Dissector::packetTooBig,
            Icmpv6Fields.PARAMETER_PROBLEM, Icmpv6Dissector::parameterProblem,
            Icmpv6Fields.ECHO_REQUEST, Icmpv6Dissector::echo,
            Icmpv6Fields.ECHO_REPLY, Icmpv6Dissector::echo,
            Icmpv6Fields.ROUTER_SOLICITATION, Icmpv6Dissector::routerSolicitation,
            Icmpv6Fields.ROUTER_ADVERTISEMENT, Icmpv6Dissector::routerAdvertisement,
            Icmpv6Fields.NEIGHBOR_SOLICITATION, Icmpv6Dissector::neighborSolicitation,
            Icmpv6Fields.NEIGHBOR_ADVERTISEMENT, Icmpv6Dissector::neighborAdvertisement);

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        IpContext ip = ctx.ip();
        boolean partial = ctx.isPartialDatagram();
        FieldNode layer = ctx.addLayer(Icmpv6Fields.ICMPV6, offset, (int) Math.min(length, b.remaining(offset)));
        // what follows (an error's quoted packet) is only the start of some other datagram
        ctx.markPartialDatagram();
        int type = b.u8(offset);
        if (ctx.summary().icmpType < 0) {
            ctx.summary().icmpType = type;
        }
        int code = b.u8(offset + 1);
        layer.add(Icmpv6Fields.TYPE, offset, 1, (long) type);
        String codeName = Icmpv6Fields.CODE_NAMES.getOrDefault(type, Map.of()).get((long) code);
        FieldNode codeNode = layer.add(Icmpv6Fields.CODE, offset + 1, 1, (long) code);
        if (codeName != null) {
            codeNode.setText(() -> "Code: " + code + " (" + codeName + ")");
        }
        FieldNode checksum = layer.add(Icmpv6Fields.CHECKSUM, offset + 2, 2, (long) b.u16(offset + 2));
        ChecksumVerdict.Result r = ip == null || partial || !ctx.verifyChecksums()
                ? new ChecksumVerdict.Result(ChecksumVerdict.NOT_CHECKED, b.u16(offset + 2), -1)
                : ChecksumVerdict.check(b, offset, length, offset + 2, ip.pseudoHeaderSum(b, IP_PROTOCOL, length), false);
        IcmpChecksums.show(ctx, checksum, r, Icmpv6Fields.CHECKSUM_STATUS, Icmpv6Fields.CHECKSUM_BAD);

        IcmpBody body = BODIES.get(type);
        if (body != null) {
            body.decode(ctx, layer, offset, length);
        } else if (length > 4) {
            IcmpChecksums.rest(ctx, layer, Icmpv6Fields.DATA, offset + 4, length - 4);
        }
    }

    private static void unusedThenInvoking(DissectionContext ctx, FieldNode layer, int offset, long length) {
        layer.add(Icmpv6Fields.RESERVED, offset + 4, 4, ctx.buffer().bytes(offset + 4, 4));
        invoking(ctx, offset, length);
    }

    private static void packetTooBig(DissectionContext ctx, FieldNode layer, int offset, long length) {
        long mtu = ctx.buffer().u32(offset + 4);
        FieldNode node = layer.add(Icmpv6Fields.MTU, offset + 4, 4, mtu);
        if (mtu < 1280) {
            ctx.expert(node, Icmpv6Fields.MTU_BELOW_MINIMUM, mtu);
        } else if (mtu > 0xFFFF) {
            ctx.expert(node, Icmpv6Fields.MTU_JUMBO, mtu);
        }
        invoking(ctx, offset, length);
    }

    private static void parameterProblem(DissectionContext ctx, FieldNode layer, int offset, long length) {
        long pointer = ctx.buffer().u32(offset + 4);
        FieldNode node = layer.add(Icmpv6Fields.POINTER, offset + 4, 4, pointer);
        PointerTarget target = pointerTarget(ctx.buffer(), offset + 8, pointer);
        node.add(Icmpv6Fields.POINTER_TARGET, offset + 4, 0, target.description()).generated();
        if (target.jumbo()) {
            ctx.expert(node, Icmpv6Fields.POINTER_JUMBO, target.description());
        }
        invoking(ctx, offset, length);
    }

    private record PointerTarget(String description, boolean jumbo) {
    }

    /** Names the field a Parameter Problem pointer designates in the quoted invoking packet. */
    static PointerTarget pointerTarget(FrameBuffer b, int invoking, long pointer) {
        if (pointer < IPV6_HEADER) {
            String field = pointer < 4 ? "Version, Traffic Class or Flow Label" : pointer < 6 ? "the Payload Length"
                    : pointer == 6 ? "the Next Header" : pointer == 7 ? "the Hop Limit"
                    : pointer < 24 ? "the Source Address" : "the Destination Address";
            // RFC 2675 section 3: payload length 0 with a Hop-by-Hop header but no Jumbo Payload option.
            boolean jumbo = field.equals("the Payload Length") && b.has(invoking + 4, 3)
                    && b.u16(invoking + 4) == 0 && b.u8(invoking + 6) == 0;
            return new PointerTarget(field, jumbo);
        }
        int option = QuotedPacket.jumboOption(b, invoking);
        if (option >= 0) {
            long at = option - invoking;
            if (pointer == at) {
                return new PointerTarget("the Jumbo Payload option's type", true);
            }
            if (pointer == at + 1) {
                return new PointerTarget("the Jumbo Payload option's Opt Data Len", true);
            }
            if (pointer >= at + 2 && pointer < at + 6) {
                return new PointerTarget("the Jumbo Payload Length", true);
            }
        }
        return new PointerTarget("byte " + pointer + " of the invoking packet", false);
    }

    /**
     * The quoted invoking packet, one tunnel level deeper, with the length its own header states (see
     * {@link QuotedPacket}).
     */
    private static void invoking(DissectionContext ctx, int offset, long length) {
        int start = offset + 8;
        if (length > 8 && ctx.buffer().remaining(start) > 0) {
            // the summary describes this frame's own packet, not the one it quotes: only the tree has both
            ctx.summary().incomplete = true;
            if (!ctx.hasTree()) {
                return;
            }
            ctx.handoffTunnel(Tables.ETHERTYPE, ETHERTYPE_IPV6, start, QuotedPacket.ipv6Length(ctx.buffer(), start, length - 8));
        }
    }
    private static void echo(DissectionContext ctx, FieldNode layer, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        layer.add(Icmpv6Fields.ECHO_IDENTIFIER, offset + 4, 2, (long) b.u16(offset + 4));
        layer.add(Icmpv6Fields.ECHO_SEQUENCE, offset + 6, 2, (long) b.u16(offset + 6));
        if (length > 8) {
            IcmpChecksums.rest(ctx, layer, Icmpv6Fields.DATA, offset + 8, length - 8);
        }
    }

    private static void routerSolicitation(DissectionContext ctx, FieldNode layer, int offset, long length) {
        layer.add(Icmpv6Fields.RESERVED, offset + 4, 4, ctx.buffer().bytes(offset + 4, 4));
        options(ctx, layer, offset + 8, offset + length);
    }

    private static void routerAdvertisement(DissectionContext ctx, FieldNode layer, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        layer.add(Icmpv6Fields.RA_CUR_HOP_LIMIT, offset + 4, 1, (long) b.u8(offset + 4));
        int flags = b.u8(offset + 5);
        FieldNode f = layer.add(Icmpv6Fields.RA_FLAG, offset + 5, 1, (long) flags);
        f.add(Icmpv6Fields.RA_FLAG_M, offset + 5, 1, (flags & 0x80) != 0);
        f.add(Icmpv6Fields.RA_FLAG_O, offset + 5, 1, (flags & 0x40) != 0);
        layer.add(Icmpv6Fields.RA_ROUTER_LIFETIME, offset + 6, 2, (long) b.u16(offset + 6));
        layer.add(Icmpv6Fields.RA_REACHABLE_TIME, offset + 8, 4, b.u32(offset + 8));
        layer.add(Icmpv6Fields.RA_RETRANS_TIMER, offset + 12, 4, b.u32(offset + 12));
        options(ctx, layer, offset + 16, offset + length);
    }

    private static void neighborSolicitation(DissectionContext ctx, FieldNode layer, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        layer.add(Icmpv6Fields.RESERVED, offset + 4, 4, b.bytes(offset + 4, 4));
        layer.add(Icmpv6Fields.NS_TARGET, offset + 8, 16, b.bytes(offset + 8, 16));
        options(ctx, layer, offset + 24, offset + length);
    }

    private static void neighborAdvertisement(DissectionContext ctx, FieldNode layer, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        long flags = b.u32(offset + 4);
        FieldNode f = layer.add(Icmpv6Fields.NA_FLAG, offset + 4, 4, flags);
        f.add(Icmpv6Fields.NA_FLAG_R, offset + 4, 1, (flags & 0x80000000L) != 0);
        f.add(Icmpv6Fields.NA_FLAG_S, offset + 4, 1, (flags & 0x40000000L) != 0);
        f.add(Icmpv6Fields.NA_FLAG_O, offset + 4, 1, (flags & 0x20000000L) != 0);
        layer.add(Icmpv6Fields.NA_TARGET, offset + 8, 16, b.bytes(offset + 8, 16));
        options(ctx, layer, offset + 24, offset + length);
    }

    /** Neighbor Discovery options (type, length in 8-byte units, body shown raw) up to the message end. */
    private static void options(DissectionContext ctx, FieldNode layer, int start, long end) {
        FrameBuffer b = ctx.buffer();
        int q = start;
        while (q < end) {
            int type = b.u8(q);
            int units = b.u8(q + 1);
            int bytes = units * 8;
            FieldNode opt = layer.add(Icmpv6Fields.OPT, q, (int) Math.max(2, Math.min(bytes, end - q)), null);
            opt.add(Icmpv6Fields.OPT_TYPE, q, 1, (long) type);
            FieldNode len = opt.add(Icmpv6Fields.OPT_LENGTH, q + 1, 1, (long) units).setText("Length: " + units + " (" + bytes + " bytes)");
            String name = Icmpv6Fields.OPT_TYPE.valueNames().getOrDefault((long) type, "Unknown");
            opt.setText("ICMPv6 Option (" + name + ")");
            if (units == 0) {
                ctx.expert(len, Icmpv6Fields.OPTION_LENGTH_ZERO);
                return;
            }
            if (bytes > end - q) {
                ctx.expert(len, Icmpv6Fields.OPTION_OVERRUN, bytes, end - q);
                return;
            }
            byte[] body = b.bytes(q + 2, bytes - 2);
            if (type == SOURCE_LINKADDR || type == TARGET_LINKADDR) {
                // Wireshark's names: the address under one name, and hidden under one naming its direction.
                opt.add(Icmpv6Fields.OPT_LINKADDR, q + 2, bytes - 2, body);
                opt.add(type == SOURCE_LINKADDR ? Icmpv6Fields.OPT_SRC_LINKADDR : Icmpv6Fields.OPT_TARGET_LINKADDR,
                        q + 2, bytes - 2, body).hidden();
            } else {
                opt.add(Icmpv6Fields.OPT_DATA, q + 2, bytes - 2, body);
            }
            q += bytes;
        }
    }
}
