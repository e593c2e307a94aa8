package org.jumbocap.proto.ipv4;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.tree.FieldNode;

/** The options area of an IPv4 header: EOL, NOP, Router Alert, and the others as type, length and bytes. */
final class Ipv4Options {
    private static final int EOL = 0;
    private static final int NOP = 1;
    private static final int ROUTER_ALERT = 148;
    private static final int ROUTER_ALERT_LENGTH = 4;

    private Ipv4Options() {
    }

    /** Each step advances at least one byte inside an area of at most 40 bytes, so the walk is bounded. */
    static void dissect(DissectionContext ctx, FieldNode layer, int start, int areaLength) {
        FrameBuffer b = ctx.buffer();
        FieldNode options = layer.add(Ipv4Fields.OPTIONS, start, areaLength, null)
                .setText("Options: (" + areaLength + " bytes)");
        int end = start + areaLength;
        int p = start;
        while (p < end) {
            int type = b.u8(p);
            if (type == EOL || type == NOP) {
                FieldNode opt = options.add(Ipv4Fields.OPT, p, 1, null);
                addType(opt, p, type);
                opt.setText("IP Option - " + (type == EOL ? "End of Options List (EOL)" : "No-Operation (NOP)"));
                p++;
                if (type == EOL) {
                    if (p < end) {
                        options.add(Ipv4Fields.OPT_PADDING, p, end - p, b.bytes(p, end - p));
                    }
                    return;
                }
                continue;
            }
            FieldNode opt = options.add(Ipv4Fields.OPT, p, end - p, null);
            addType(opt, p, type);
            opt.setText("IP Option - " + Ipv4Fields.OPT_TYPE.valueNames().getOrDefault((long) type, "Unknown (" + type + ")"));
            if (p + 1 >= end) {
                ctx.expert(opt, Ipv4Fields.OPT_OVERRUN, 2, end - p);
                return;
            }
            int length = b.u8(p + 1);
            FieldNode lenNode = opt.add(Ipv4Fields.OPT_LEN, p + 1, 1, length);
            if (length < 2) {
                ctx.expert(lenNode, Ipv4Fields.OPT_LEN_INVALID, length);
                return;
            }
            if (length > end - p) {
                ctx.expert(lenNode, Ipv4Fields.OPT_OVERRUN, length, end - p);
                return;
            }
            opt.setLength(length);
            if (type == ROUTER_ALERT && length == ROUTER_ALERT_LENGTH) {
                opt.add(Ipv4Fields.OPT_RA, p + 2, 2, b.u16(p + 2));
            } else if (length > 2) {
                opt.add(Ipv4Fields.OPT_DATA, p + 2, length - 2, b.bytes(p + 2, length - 2));
            }
            p += length;
        }
    }

    private static void addType(FieldNode opt, int p, int type) {
        FieldNode t = opt.add(Ipv4Fields.OPT_TYPE, p, 1, type);
        t.add(Ipv4Fields.OPT_TYPE_COPY, p, 1, type >>> 7);
        t.add(Ipv4Fields.OPT_TYPE_CLASS, p, 1, (type >>> 5) & 3);
        t.add(Ipv4Fields.OPT_TYPE_NUMBER, p, 1, type & 0x1F);
    }
}
