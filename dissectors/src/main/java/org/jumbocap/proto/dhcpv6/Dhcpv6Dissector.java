package org.jumbocap.proto.dhcpv6;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Locale;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.field.FieldDef;
import org.jumbocap.tree.FieldFormat;
import org.jumbocap.tree.FieldNode;

/**
 * DHCPv6 (RFC 8415) on UDP ports 546 and 547: the client and server messages (type, transaction id) and the
 * relay messages (hop count, link and peer addresses), each followed by its options. Decoded: client and
 * server identifiers (the DUID and its LLT, EN, LL and UUID forms), IA_NA, IA_TA and IA_PD with their
 * addresses and prefixes and the options inside them, Option Request, Preference, Elapsed time, Relay
 * Message (the relayed message decoded in place), Server unicast, Status code, Interface-Id, DNS servers,
 * Domain Search List, SNTP servers and Lifetime; any other option as its code and length. Every length is
 * checked against the end of what contains it before it is used, each loop consumes at least the 4 bytes
 * of an option header, and nesting (relays in relays, options in IAs) stops at {@link #MAX_DEPTH} with a
 * note, so a hostile message costs at most its own length. The Info column is tshark's: the message type,
 * "L: link-address" for a relay, "XID: 0x..." , "CID: client DUID" and "IAA: address" as they are met,
 * each followed by a space, the relayed message's after its relay's.
 */
final class Dhcpv6Dissector implements Dissector {
    static final int CLIENT_PORT = 546;
    static final int SERVER_PORT = 547;
    /** Relay messages nest at most 32 deep (RFC 8415's HOP_COUNT_LIMIT); IAs add a level or two below that. */
    static final int MAX_DEPTH = 34;
    private static final int RELAY_FORW = 12;
    private static final int RELAY_REPL = 13;
    private static final int RELAY_HEADER = 34;
    private static final int CLIENT_HEADER = 4;
    /** DUID-LLT times count seconds from 2000-01-01 00:00:00 UTC. */
    private static final long DUID_EPOCH = 946_684_800L;
    /** tshark writes at most 36 bytes of a client identifier in the Info column, then an ellipsis. */
    private static final int INFO_BYTES = 36;
    private static final DateTimeFormatter TREE_TIME =
            DateTimeFormatter.ofPattern("MMM ppd, yyyy HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        int end = (int) Math.min(offset + length, Integer.MAX_VALUE);
        FieldNode layer = ctx.addLayer(Dhcpv6Fields.DHCPV6, offset, Math.min(end - offset, b.remaining(offset)));
        ctx.setProtocolColumn("DHCPv6");
        StringBuilder info = ctx.hasTree() ? new StringBuilder() : null;
        try {
            message(ctx, layer, offset, end, 0, info);
        } finally {
            // a message cut by the capture keeps the Info it had reached, as tshark's column does
            if (info != null) {
                String text = info.toString();
                ctx.setInfo(() -> text);
            }
        }
    }

    private static void message(DissectionContext ctx, FieldNode node, int offset, int end, int depth, StringBuilder info) {
        FrameBuffer b = ctx.buffer();
        if (end - offset < 1) {
            ctx.expert(node, Dhcpv6Fields.SHORT, (long) (end - offset), (long) CLIENT_HEADER);
            return;
        }
        int type = b.u8(offset);
        append(info, Dhcpv6Fields.MESSAGE_TYPES.getOrDefault((long) type, "Message Type " + type) + " ");
        int header = type == RELAY_FORW || type == RELAY_REPL ? RELAY_HEADER : CLIENT_HEADER;
        if (end - offset < header) {
            node.add(Dhcpv6Fields.MSGTYPE, offset, 1, type);
            ctx.expert(node, Dhcpv6Fields.SHORT, (long) (end - offset), (long) header);
            return;
        }
        // the header's last byte: a header cut by the capture stops here, with or without a tree
        b.u8(offset + header - 1);
        node.add(Dhcpv6Fields.MSGTYPE, offset, 1, type);
        if (header == RELAY_HEADER) {
            node.add(Dhcpv6Fields.HOPCOUNT, offset + 1, 1, b.u8(offset + 1));
            byte[] link = ctx.treeBytes(offset + 2, 16);
            node.add(Dhcpv6Fields.LINKADDR, offset + 2, 16, link);
            node.add(Dhcpv6Fields.PEERADDR, offset + 18, 16, ctx.treeBytes(offset + 18, 16));
            if (info != null) {
                info.append("L: ").append(address(link)).append(' ');
            }
        } else {
            int xid = b.u24(offset + 1);
            node.add(Dhcpv6Fields.XID, offset + 1, 3, xid);
            append(info, String.format(Locale.ROOT, "XID: 0x%06x ", xid));
        }
        options(ctx, node, offset + header, end, depth, info);
    }

    /** The options from {@code p} to {@code end}, each a child of {@code parent}. */
    private static void options(DissectionContext ctx, FieldNode parent, int p, int end, int depth, StringBuilder info) {
        FrameBuffer b = ctx.buffer();
        while (p < end) {
            if (end - p < 4) {
                FieldNode option = parent.add(Dhcpv6Fields.OPTION_TYPE, p, end - p, end - p >= 2 ? (long) b.u16(p) : null);
                ctx.expert(option, Dhcpv6Fields.BOGUS_LENGTH, 4L, (long) (end - p));
                return;
            }
            int code = b.u16(p);
            int len = b.u16(p + 2);
            FieldNode option = parent.add(Dhcpv6Fields.OPTION_TYPE, p, 4, code);
            if (ctx.hasTree()) {
                option.setText(Dhcpv6Fields.OPTION_NAMES.getOrDefault((long) code, "DHCP option " + code));
            }
            option.add(Dhcpv6Fields.OPTION_LENGTH, p + 2, 2, len);
            int value = p + 4;
            if (len > end - value) {
                ctx.expert(option, Dhcpv6Fields.BOGUS_LENGTH, (long) len, (long) (end - value));
                return;
            }
            option.setLength(4 + len);
            option(ctx, option, code, value, len, depth, info);
            p = value + len;
        }
    }

    private static void option(DissectionContext ctx, FieldNode option, int code, int value, int len, int depth,
                               StringBuilder info) {
        FrameBuffer b = ctx.buffer();
        switch (code) {
            case 1, 2 -> {
                if (code == 1 && info != null) {
                    // the bytes first: an identifier cut by the capture adds nothing, as in tshark
                    String hex = infoHex(b, value, len);
                    info.append("CID: ").append(hex).append(' ');
                }
                duid(ctx, option, code, value, len);
            }
            case 3, 25 -> {
                // IA_NA and IA_PD: IAID, T1, T2, then options (IA Address or IA Prefix, Status code)
                if (wrongLength(ctx, option, code, len, len < 12)) {
                    return;
                }
                option.add(Dhcpv6Fields.IAID, value, 4, ctx.hasTree() ? HexFormat.of().formatHex(b.bytes(value, 4)) : null);
                option.add(Dhcpv6Fields.IAID_T1, value + 4, 4, b.u32(value + 4));
                option.add(Dhcpv6Fields.IAID_T2, value + 8, 4, b.u32(value + 8));
                nested(ctx, option, value + 12, value + len, depth, info);
            }
            case 4 -> {
                if (wrongLength(ctx, option, code, len, len < 4)) {
                    return;
                }
                option.add(Dhcpv6Fields.IATA, value, 4, ctx.hasTree() ? HexFormat.of().formatHex(b.bytes(value, 4)) : null);
                nested(ctx, option, value + 4, value + len, depth, info);
            }
            case 5 -> {
                if (wrongLength(ctx, option, code, len, len < 24)) {
                    return;
                }
                byte[] address = ctx.treeBytes(value, 16);
                option.add(Dhcpv6Fields.IAADDR_IP, value, 16, address);
                if (info != null) {
                    info.append("IAA: ").append(address(address)).append(' ');
                }
                option.add(Dhcpv6Fields.IAADDR_PREF_LIFETIME, value + 16, 4, b.u32(value + 16));
                option.add(Dhcpv6Fields.IAADDR_VALID_LIFETIME, value + 20, 4, b.u32(value + 20));
                nested(ctx, option, value + 24, value + len, depth, info);
            }
            case 26 -> {
                if (wrongLength(ctx, option, code, len, len < 25)) {
                    return;
                }
                option.add(Dhcpv6Fields.IAPREFIX_PREF_LIFETIME, value, 4, b.u32(value));
                option.add(Dhcpv6Fields.IAPREFIX_VALID_LIFETIME, value + 4, 4, b.u32(value + 4));
                option.add(Dhcpv6Fields.IAPREFIX_PREF_LEN, value + 8, 1, b.u8(value + 8));
                option.add(Dhcpv6Fields.IAPREFIX_PREF_ADDR, value + 9, 16, ctx.treeBytes(value + 9, 16));
                nested(ctx, option, value + 25, value + len, depth, info);
            }
            case 6 -> {
                if (wrongLength(ctx, option, code, len, len % 2 != 0)) {
                    return;
                }
                for (int i = 0; i < len; i += 2) {
                    option.add(Dhcpv6Fields.REQUESTED_OPTION_CODE, value + i, 2, b.u16(value + i));
                }
            }
            case 7 -> {
                if (!wrongLength(ctx, option, code, len, len != 1)) {
                    option.add(Dhcpv6Fields.OPTION_PREFERENCE, value, 1, b.u8(value));
                }
            }
            case 8 -> {
                if (!wrongLength(ctx, option, code, len, len != 2)) {
                    // the wire counts hundredths of a second; the field holds milliseconds, as tshark's does
                    long milliseconds = b.u16(value) * 10L;
                    FieldNode elapsed = option.add(Dhcpv6Fields.ELAPSED_TIME, value, 2, milliseconds);
                    if (ctx.hasTree()) {
                        elapsed.setText("Elapsed time: " + milliseconds + "ms");
                    }
                }
            }
            case 9 -> {
                if (depth + 1 >= MAX_DEPTH) {
                    ctx.expert(option, Dhcpv6Fields.TOO_DEEP, (long) MAX_DEPTH);
                    return;
                }
                FieldNode relayed = option.add(Dhcpv6Fields.DHCPV6, value, len, null);
                message(ctx, relayed, value, value + len, depth + 1, info);
            }
            case 12 -> {
                if (!wrongLength(ctx, option, code, len, len != 16)) {
                    option.add(Dhcpv6Fields.UNICAST, value, 16, ctx.treeBytes(value, 16));
                }
            }
            case 13 -> {
                if (wrongLength(ctx, option, code, len, len < 2)) {
                    return;
                }
                option.add(Dhcpv6Fields.STATUS_CODE, value, 2, b.u16(value));
                option.add(Dhcpv6Fields.STATUS_MSG, value + 2, len - 2, ctx.hasTree() ? b.string(value + 2, len - 2) : null);
            }
            case 18 -> bytes(ctx, option, Dhcpv6Fields.INTERFACE_ID, value, len);
            case 23, 31 -> {
                if (wrongLength(ctx, option, code, len, len % 16 != 0)) {
                    return;
                }
                FieldDef def = code == 23 ? Dhcpv6Fields.DNS_SERVER : Dhcpv6Fields.SNTP_SERVER;
                for (int i = 0; i < len; i += 16) {
                    option.add(def, value + i, 16, ctx.treeBytes(value + i, 16));
                }
            }
            case 24 -> domainList(ctx, option, code, value, value + len);
            case 32 -> {
                if (!wrongLength(ctx, option, code, len, len != 4)) {
                    option.add(Dhcpv6Fields.LIFETIME, value, 4, b.u32(value));
                }
            }
            default -> {
            }
        }
    }

    /** Options inside an option, one level deeper. */
    private static void nested(DissectionContext ctx, FieldNode option, int p, int end, int depth, StringBuilder info) {
        if (p >= end) {
            return;
        }
        if (depth + 1 >= MAX_DEPTH) {
            ctx.expert(option, Dhcpv6Fields.TOO_DEEP, (long) MAX_DEPTH);
            return;
        }
        options(ctx, option, p, end, depth + 1, info);
    }

    /** A DUID (RFC 8415 section 11): its bytes, its type, and the parts of the four known types. */
    private static void duid(DissectionContext ctx, FieldNode option, int code, int value, int len) {
        FrameBuffer b = ctx.buffer();
        if (wrongLength(ctx, option, code, len, len < 2)) {
            return;
        }
        bytes(ctx, option, Dhcpv6Fields.DUID_BYTES, value, len);
        int type = b.u16(value);
        option.add(Dhcpv6Fields.DUID_TYPE, value, 2, type);
        switch (type) {
            case 1 -> {
                if (len < 8) {
                    ctx.expert(option, Dhcpv6Fields.MALFORMED_OPTION, (long) code, (long) len);
                    return;
                }
                option.add(Dhcpv6Fields.DUIDLLT_HWTYPE, value + 2, 2, b.u16(value + 2));
                long seconds = b.u32(value + 4) + DUID_EPOCH;
                FieldNode time = option.add(Dhcpv6Fields.DUIDLLT_TIME, value + 4, 4, seconds * 1_000_000_000L);
                if (ctx.hasTree()) {
                    time.setText(() -> "DUID Time: " + TREE_TIME.format(Instant.ofEpochSecond(seconds)) + ".000000000 UTC");
                }
                option.add(Dhcpv6Fields.DUIDLLT_LINK_LAYER_ADDR, value + 8, len - 8, linkLayer(ctx, value + 8, len - 8));
            }
            case 2 -> {
                if (len < 6) {
                    ctx.expert(option, Dhcpv6Fields.MALFORMED_OPTION, (long) code, (long) len);
                    return;
                }
                option.add(Dhcpv6Fields.DUIDEN_ENTERPRISE, value + 2, 4, b.u32(value + 2));
                bytes(ctx, option, Dhcpv6Fields.DUIDEN_IDENTIFIER, value + 6, len - 6);
            }
            case 3 -> {
                if (len < 4) {
                    ctx.expert(option, Dhcpv6Fields.MALFORMED_OPTION, (long) code, (long) len);
                    return;
                }
                option.add(Dhcpv6Fields.DUIDLL_HWTYPE, value + 2, 2, b.u16(value + 2));
                option.add(Dhcpv6Fields.DUIDLL_LINK_LAYER_ADDR, value + 4, len - 4, linkLayer(ctx, value + 4, len - 4));
            }
            case 4 -> {
                if (len != 18) {
                    ctx.expert(option, Dhcpv6Fields.MALFORMED_OPTION, (long) code, (long) len);
                    return;
                }
                bytes(ctx, option, Dhcpv6Fields.DUIDUUID_BYTES, value + 2, 16);
            }
            default -> {
            }
        }
    }

    /**
     * The Domain Search List (RFC 3646): DNS names, uncompressed, one after the other; each written as tshark
     * writes it, with its final dot. A label that runs past the option, a compression pointer or a name left
     * open at the option's end is noted and ends the list.
     */
    private static void domainList(DissectionContext ctx, FieldNode option, int code, int p, int end) {
        FrameBuffer b = ctx.buffer();
        while (p < end) {
            int start = p;
            StringBuilder name = ctx.hasTree() ? new StringBuilder() : null;
            while (true) {
                if (p >= end) {
                    ctx.expert(option, Dhcpv6Fields.MALFORMED_DNS, (long) (start - option.offset()), (long) code);
                    return;
                }
                int label = b.u8(p);
                if (label == 0) {
                    p++;
                    break;
                }
                if (label > 63 || label > end - p - 1) {
                    ctx.expert(option, Dhcpv6Fields.MALFORMED_DNS, (long) (start - option.offset()), (long) code);
                    return;
                }
                if (name != null) {
                    name.append(b.string(p + 1, label)).append('.');
                }
                p += 1 + label;
            }
            option.add(Dhcpv6Fields.SEARCH_LIST_ENTRY, start, p - start, name == null ? null : name.isEmpty() ? "<Root>" : name.toString());
        }
    }

    /** A bytes field: a copy of its few bytes for the tree, so every output has its value. */
    private static void bytes(DissectionContext ctx, FieldNode option, FieldDef def, int at, int len) {
        option.add(def, at, len, ctx.treeBytes(at, len));
    }

    private static boolean wrongLength(DissectionContext ctx, FieldNode option, int code, int len, boolean wrong) {
        if (wrong) {
            ctx.expert(option, Dhcpv6Fields.MALFORMED_OPTION, (long) code, (long) len);
        }
        return wrong;
    }

    /** A link-layer address as tshark writes it: hex bytes joined by colons. */
    private static String linkLayer(DissectionContext ctx, int at, int len) {
        byte[] raw = ctx.treeBytes(at, len);
        if (raw == null) {
            return null;
        }
        StringBuilder s = new StringBuilder(len * 3);
        for (byte x : raw) {
            if (!s.isEmpty()) {
                s.append(':');
            }
            s.append(HexFormat.of().toHexDigits(x));
        }
        return s.toString();
    }

    private static String infoHex(FrameBuffer b, int at, int len) {
        String hex = HexFormat.of().formatHex(b.bytes(at, Math.min(len, INFO_BYTES)));
        return len > INFO_BYTES ? hex + "\u2026" : hex;
    }

    private static String address(byte[] sixteen) {
        return FieldFormat.address(sixteen);
    }

    private static void append(StringBuilder info, String text) {
        if (info != null) {
            info.append(text);
        }
    }
}
