package org.jumbocap.proto.dhcp;

import java.util.Locale;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.field.FieldDef;
import org.jumbocap.tree.FieldNode;

/**
 * The BOOTP header (RFC 951) and the DHCP options after the magic cookie (RFC 2131, 2132): the message type
 * (53), requested address (50), lease time (51), server identifier (54), parameter request list (55), host
 * name (12) and client identifier (61) decoded, every other option as its code, length and value. Each
 * option's length is checked against the message's end before it is used; the loop consumes at least one
 * byte each turn. The Info column is tshark's ("DHCP Discover - Transaction ID 0x3903f326").
 */
final class DhcpDissector implements Dissector {
    static final int SERVER_PORT = 67;
    static final int CLIENT_PORT = 68;
    /** op to file, then the 4-byte magic cookie. */
    static final int FIXED = 236;
    static final long MAGIC_COOKIE = 0x63825363L;

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        int end = (int) Math.min(offset + length, Integer.MAX_VALUE);
        FieldNode dhcp = ctx.addLayer(DhcpFields.DHCP, offset, Math.min(end - offset, b.remaining(offset)));
        if (length < FIXED) {
            ctx.expert(dhcp, DhcpFields.SHORT, length, (long) FIXED);
            ctx.setProtocolColumn("BOOTP");
            return;
        }
        // the fixed header's last byte: a cut header stops here, with or without a tree
        b.u8(offset + FIXED - 1);
        int op = b.u8(offset);
        int htype = b.u8(offset + 1);
        int hlen = b.u8(offset + 2);
        long id = b.u32(offset + 4);
        dhcp.add(DhcpFields.TYPE, offset, 1, op);
        dhcp.add(DhcpFields.HW_TYPE, offset + 1, 1, htype);
        dhcp.add(DhcpFields.HW_LEN, offset + 2, 1, hlen);
        dhcp.add(DhcpFields.HOPS, offset + 3, 1, b.u8(offset + 3));
        dhcp.add(DhcpFields.ID, offset + 4, 4, id);
        dhcp.add(DhcpFields.SECS, offset + 8, 2, b.u16(offset + 8));
        int flags = b.u16(offset + 10);
        dhcp.add(DhcpFields.FLAGS, offset + 10, 2, flags).add(DhcpFields.FLAGS_BC, offset + 10, 2, (flags & 0x8000) != 0);
        dhcp.add(DhcpFields.IP_CLIENT, offset + 12, 4, ctx.treeBytes(offset + 12, 4));
        dhcp.add(DhcpFields.IP_YOUR, offset + 16, 4, ctx.treeBytes(offset + 16, 4));
        dhcp.add(DhcpFields.IP_SERVER, offset + 20, 4, ctx.treeBytes(offset + 20, 4));
        dhcp.add(DhcpFields.IP_RELAY, offset + 24, 4, ctx.treeBytes(offset + 24, 4));
        if (htype == 1 && hlen == 6) {
            dhcp.add(DhcpFields.HW_MAC_ADDR, offset + 28, 6, ctx.treeBytes(offset + 28, 6));
        }
        dhcp.add(DhcpFields.SERVER, offset + 44, 64, ctx.hasTree() ? cString(b, offset + 44, 64) : null);
        dhcp.add(DhcpFields.FILE, offset + 108, 128, ctx.hasTree() ? cString(b, offset + 108, 128) : null);
        int messageType = -1;
        if (length >= FIXED + 4 && b.u32(offset + FIXED) == MAGIC_COOKIE) {
            dhcp.add(DhcpFields.COOKIE, offset + FIXED, 4, ctx.treeBytes(offset + FIXED, 4));
            messageType = options(ctx, dhcp, offset + FIXED + 4, end);
        }
        if (messageType < 0) {
            // without a DHCP message type it is plain BOOTP, as tshark names it
            ctx.setProtocolColumn("BOOTP");
        } else if (ctx.hasTree()) {
            String name = DhcpFields.MESSAGE_TYPES.getOrDefault((long) messageType, "Unknown (" + messageType + ")");
            ctx.setInfo(() -> String.format(Locale.ROOT, "DHCP %-8s - Transaction ID 0x%x", name, id));
        }
    }

    /** The options from {@code p} to {@code end}; returns the DHCP message type (option 53), or -1. */
    private static int options(DissectionContext ctx, FieldNode dhcp, int p, int end) {
        FrameBuffer b = ctx.buffer();
        int messageType = -1;
        while (p < end) {
            int code = b.u8(p);
            if (code == 0) {
                // a run of Pad bytes is one item, as Wireshark shows it
                int run = p;
                while (run < end && b.u8(run) == 0) {
                    run++;
                }
                dhcp.add(DhcpFields.OPTION_TYPE, p, run - p, code);
                p = run;
                continue;
            }
            FieldNode option = dhcp.add(DhcpFields.OPTION_TYPE, p, 1, code);
            if (code == 255) {
                option.add(DhcpFields.OPTION_END, p, 1, code);
                return messageType;
            }
            if (p + 2 > end) {
                ctx.expert(option, DhcpFields.OPTION_BEYOND, 1L, (long) (end - p - 1));
                return messageType;
            }
            int len = b.u8(p + 1);
            option.add(DhcpFields.OPTION_LENGTH, p + 1, 1, len);
            int value = p + 2;
            if (value + len > end) {
                ctx.expert(option, DhcpFields.OPTION_BEYOND, (long) len, (long) (end - value));
                return messageType;
            }
            option.setLength(2 + len);
            option.add(DhcpFields.OPTION_VALUE, value, len, ctx.treeBytes(value, len));
            switch (code) {
                case 53 -> {
                    if (fixedLength(ctx, option, code, len, 1)) {
                        messageType = b.u8(value);
                        option.add(DhcpFields.OPTION_DHCP, value, 1, messageType);
                    }
                }
                case 50 -> address(ctx, option, code, DhcpFields.OPTION_REQUESTED_IP, value, len);
                case 54 -> address(ctx, option, code, DhcpFields.OPTION_SERVER_ID, value, len);
                case 51 -> {
                    if (fixedLength(ctx, option, code, len, 4)) {
                        option.add(DhcpFields.OPTION_LEASE_TIME, value, 4, b.u32(value));
                    }
                }
                case 55 -> {
                    for (int i = 0; i < len; i++) {
                        option.add(DhcpFields.OPTION_REQUEST_LIST_ITEM, value + i, 1, b.u8(value + i));
                    }
                }
                case 12 -> option.add(DhcpFields.OPTION_HOSTNAME, value, len, ctx.hasTree() ? b.string(value, len) : null);
                case 61 -> {
                    // a client identifier of hardware type 1 is a MAC address, shown as tshark shows it
                    if (len == 7 && b.u8(value) == 1) {
                        option.add(DhcpFields.HW_TYPE, value, 1, 1);
                        option.add(DhcpFields.HW_MAC_ADDR, value + 1, 6, ctx.treeBytes(value + 1, 6));
                    }
                }
                default -> {
                }
            }
            p = value + len;
        }
        return messageType;
    }

    private static void address(DissectionContext ctx, FieldNode option, int code, FieldDef def, int value, int len) {
        if (fixedLength(ctx, option, code, len, 4)) {
            option.add(def, value, 4, ctx.treeBytes(value, 4));
        }
    }

    private static boolean fixedLength(DissectionContext ctx, FieldNode option, int code, int len, int needed) {
        if (len != needed) {
            ctx.expert(option, DhcpFields.OPTION_BAD_LENGTH, (long) code, (long) len);
            return false;
        }
        return true;
    }

    /** A NUL-terminated string in a fixed field of {@code n} bytes. */
    private static String cString(FrameBuffer b, int at, int n) {
        int len = 0;
        while (len < n && b.u8(at + len) != 0) {
            len++;
        }
        return b.string(at, len);
    }
}
