package org.jumbocap.proto.ipv6.ext;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.tree.FieldNode;

/**
 * The options of a Hop-by-Hop or Destination Options header. Each step moves forward by at least one
 * byte inside the header, so the walk is bounded by the header's length.
 */
public final class Ipv6Options {
    /** Decodes one option's data; the option's type and length are already in the tree. */
    @FunctionalInterface
    interface OptionDecoder {
        void decode(ChainState s, FieldNode option, int headerStart, int optionOffset, int dataLength, boolean hopByHop);
    }

    private static OptionDecoder decoder(int type) {
        return switch (type) {
            case OptionFields.PADN -> Ipv6Options::padN;
            case OptionFields.ROUTER_ALERT -> Ipv6Options::routerAlert;
            case OptionFields.JUMBO -> Ipv6Options::jumbo;
            default -> null;
        };
    }

    private static String name(int type) {
        return switch (type) {
            case OptionFields.PADN -> "PadN";
            case OptionFields.ROUTER_ALERT -> "Router Alert";
            case OptionFields.JUMBO -> "Jumbo Payload";
            default -> null;
        };
    }

    private static final int JUMBO_DATA_LENGTH = 4;
    private static final int JUMBO_ALIGNMENT = 4;
    private static final int JUMBO_ALIGNMENT_REMAINDER = 2;
    private static final int ROUTER_ALERT_DATA_LENGTH = 2;

    private Ipv6Options() {
    }

    /**
     * @param headerStart frame offset of the extension header (alignment is counted from it)
     * @param start       first option byte
     * @param end         end of the header
     * @param hopByHop    true inside a Hop-by-Hop header, where a Jumbo Payload option belongs
     */
    public static void dissect(ChainState s, FieldNode header, int headerStart, int start, int end, boolean hopByHop) {
        FrameBuffer b = s.ctx().buffer();
        int p = start;
        while (p < end) {
            int type = b.u8(p);
            if (type == OptionFields.PAD1) {
                FieldNode opt = header.add(OptionFields.OPT, p, 1, null).setText("Pad1");
                addType(opt, p, type);
                opt.add(OptionFields.PAD1_FIELD, p, 1, null);
                p++;
                continue;
            }
            String known = name(type);
            FieldNode opt = header.add(OptionFields.OPT, p, end - p, null);
            if (known != null) {
                opt.setText(known);
            } else {
                opt.setText(() -> String.format(java.util.Locale.ROOT, "Unknown option 0x%02x", type));
            }
            addType(opt, p, type);
            if (p + 2 > end) {
                s.ctx().expert(opt, OptionFields.OVERRUN, p, 2, end - p);
                return;
            }
            int dataLength = b.u8(p + 1);
            FieldNode lengthNode = opt.add(OptionFields.LENGTH, p + 1, 1, dataLength);
            if (p + 2 + dataLength > end) {
                s.ctx().expert(lengthNode, OptionFields.OVERRUN, p, 2 + dataLength, end - p);
                return;
            }
            opt.setLength(2 + dataLength);
            if (hopByHop && type != OptionFields.PADN && type != OptionFields.JUMBO) {
                s.noteHopByHopOption(headerStart);
            }
            OptionDecoder decoder = decoder(type);
            if (decoder != null) {
                decoder.decode(s, opt, headerStart, p, dataLength, hopByHop);
            } else if (dataLength > 0) {
                opt.add(OptionFields.UNKNOWN, p + 2, dataLength, s.ctx().treeBytes(p + 2, dataLength));
            }
            p += 2 + dataLength;
        }
    }

    private static void addType(FieldNode opt, int p, int type) {
        FieldNode t = opt.add(OptionFields.TYPE, p, 1, type);
        t.add(OptionFields.TYPE_ACTION, p, 1, type >>> 6);
        t.add(OptionFields.TYPE_CHANGE, p, 1, (type >>> 5) & 1);
        t.add(OptionFields.TYPE_REST, p, 1, type & 0x1F);
    }

    private static void padN(ChainState s, FieldNode opt, int headerStart, int p, int dataLength, boolean hopByHop) {
        opt.add(OptionFields.PADN_FIELD, p + 2, dataLength, s.ctx().treeBytes(p + 2, dataLength));
    }

    private static void routerAlert(ChainState s, FieldNode opt, int headerStart, int p, int dataLength, boolean hopByHop) {
        if (dataLength == ROUTER_ALERT_DATA_LENGTH) {
            opt.add(OptionFields.ROUTER_ALERT_FIELD, p + 2, 2, s.ctx().buffer().u16(p + 2));
        } else if (dataLength > 0) {
            opt.add(OptionFields.UNKNOWN, p + 2, dataLength, s.ctx().treeBytes(p + 2, dataLength));
        }
    }

    /** RFC 2675 section 2: four data bytes, 4n+2 aligned, only in Hop-by-Hop, at most once. */
    private static void jumbo(ChainState s, FieldNode opt, int headerStart, int p, int dataLength, boolean hopByHop) {
        if (dataLength != JUMBO_DATA_LENGTH) {
            s.ctx().expert(opt, OptionFields.JUMBO_BAD_LENGTH, dataLength);
            if (dataLength > 0) {
                opt.add(OptionFields.UNKNOWN, p + 2, dataLength, s.ctx().treeBytes(p + 2, dataLength));
            }
            return;
        }
        long value = s.ctx().buffer().u32(p + 2);
        FieldNode node = opt.add(OptionFields.JUMBO_FIELD, p + 2, 4, value);
        if ((p - headerStart) % JUMBO_ALIGNMENT != JUMBO_ALIGNMENT_REMAINDER) {
            s.ctx().expert(opt, OptionFields.JUMBO_MISALIGNED, p - headerStart);
        }
        if (!hopByHop) {
            s.ctx().expert(node, OptionFields.JUMBO_NOT_IN_HBH);
        } else if (s.firstHopByHopJumboOption() != null) {
            s.ctx().expert(node, OptionFields.JUMBO_DUPLICATE);
        }
        s.addJumboOption(node, p, value, hopByHop);
    }
}
