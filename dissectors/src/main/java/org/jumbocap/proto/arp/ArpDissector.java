package org.jumbocap.proto.arp;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.Dissector;
import org.jumbocap.tree.FieldFormat;
import org.jumbocap.tree.FieldNode;

/**
 * ARP (RFC 826) and its relatives on the same header: RARP (RFC 903), DRARP and Inverse ARP (RFC 2390).
 * Addresses are shown as MAC and IPv4 when the types and sizes say so, as bytes otherwise; Gratuitous ARP,
 * ARP Probe and ARP Announcement (RFC 5227) are recognised as Wireshark does, and the Info column says
 * what tshark's says. The address sizes are single bytes, so nothing here allocates more than 255 bytes;
 * a packet shorter than its sizes claim ends in a malformed or truncation note.
 */
final class ArpDissector implements Dissector {
    static final int ETHERTYPE_ARP = 0x0806;
    static final int ETHERTYPE_RARP = 0x8035;
    private static final int HEADER = 8;

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        FrameBuffer b = ctx.buffer();
        FieldNode arp = ctx.addLayer(ArpFields.ARP, offset, Math.min(HEADER, Math.max(0, b.remaining(offset))));
        int hwType = b.u16(offset);
        int protoType = b.u16(offset + 2);
        int hwSize = b.u8(offset + 4);
        int protoSize = b.u8(offset + 5);
        int opcode = b.u16(offset + 6);
        arp.add(ArpFields.HW_TYPE, offset, 2, hwType);
        arp.add(ArpFields.PROTO_TYPE, offset + 2, 2, protoType);
        arp.add(ArpFields.HW_SIZE, offset + 4, 1, hwSize);
        arp.add(ArpFields.PROTO_SIZE, offset + 5, 1, protoSize);
        FieldNode opNode = arp.add(ArpFields.OPCODE, offset + 6, 2, opcode);
        String column = columnName(opcode);
        if (column != null) {
            ctx.setProtocolColumn(column);
        }
        if (ctx.hasTree()) {
            opNode.setText(() -> "Opcode: " + opcodeName(opcode) + " (" + opcode + ")");
        }

        int sha = offset + HEADER;
        int spa = sha + hwSize;
        int tha = spa + protoSize;
        int tpa = tha + hwSize;
        int end = tpa + protoSize;
        // Every address must be there before any is shown, as in Wireshark: a short packet is malformed.
        if (!b.has(offset, end - offset)) {
            b.bytes(offset, end - offset); // throws the truncation the context turns into a note
        }
        arp.setLength(end - offset);
        boolean mac = isEther(hwType, hwSize);
        boolean ipv4 = isIpv4(protoType, protoSize);
        boolean gratuitous = ipv4 && equal(b, spa, tpa, 4);
        boolean thaZero = mac && allZero(b, tha, hwSize);
        boolean announcement = opcode == ArpFields.REQUEST && gratuitous && thaZero;
        boolean probe = opcode == ArpFields.REQUEST && !gratuitous && ipv4 && b.u32(spa) == 0 && thaZero;

        addHw(ctx, arp, sha, hwSize, mac, ArpFields.SRC_HW_MAC, ArpFields.SRC_HW);
        addProto(ctx, arp, spa, protoSize, ipv4, ArpFields.SRC_PROTO_IPV4, ArpFields.SRC_PROTO);
        addHw(ctx, arp, tha, hwSize, mac, ArpFields.DST_HW_MAC, ArpFields.DST_HW);
        addProto(ctx, arp, tpa, protoSize, ipv4, ArpFields.DST_PROTO_IPV4, ArpFields.DST_PROTO);
        if (gratuitous) {
            arp.add(ArpFields.IS_GRATUITOUS, offset, 0, true).generated();
        }
        if (probe) {
            arp.add(ArpFields.IS_PROBE, offset, 0, true).generated();
        }
        if (announcement) {
            arp.add(ArpFields.IS_ANNOUNCEMENT, offset, 0, true).generated();
        }
        if (!ctx.hasTree()) {
            return;
        }
        String shaText = address(b, sha, hwSize, mac, false);
        String spaText = address(b, spa, protoSize, false, ipv4);
        String thaText = address(b, tha, hwSize, mac, false);
        String tpaText = address(b, tpa, protoSize, false, ipv4);
        String info = info(opcode, gratuitous, announcement, probe, shaText, spaText, thaText, tpaText);
        ctx.setInfo(() -> info);
        String kind = announcement ? "ARP Announcement" : probe ? "ARP Probe"
                : gratuitous && (opcode == ArpFields.REQUEST || opcode == ArpFields.REPLY) ? opcodeName(opcode) + "/gratuitous ARP"
                : ArpFields.OPCODE.valueNames().containsKey((long) opcode) ? opcodeName(opcode)
                : String.format(java.util.Locale.ROOT, "opcode 0x%04x", opcode);
        arp.setText(() -> ArpFields.ARP.label() + " (" + kind + ")");
    }

    /** tshark's Info column for the operation. */
    static String info(int opcode, boolean gratuitous, boolean announcement, boolean probe,
                       String sha, String spa, String tha, String tpa) {
        switch (opcode) {
            case ArpFields.REQUEST:
                if (announcement) {
                    return "ARP Announcement for " + tpa;
                }
                if (gratuitous) {
                    return "Gratuitous ARP for " + tpa + " (Request)";
                }
                if (probe) {
                    return "Who has " + tpa + "? (ARP Probe)";
                }
                return "Who has " + tpa + "? Tell " + spa;
            case ArpFields.REPLY:
                return gratuitous ? "Gratuitous ARP for " + spa + " (Reply)" : spa + " is at " + sha;
            case 3, 5, 8:
                return "Who is " + tha + "? Tell " + sha;
            case 4, 6:
                return tha + " is at " + tpa;
            case 7:
                return "DRARP Error";
            case 9:
                return sha + " is at " + spa;
            case 10:
                return "ARP NAK";
            default:
                return String.format(java.util.Locale.ROOT, "Unknown ARP opcode 0x%04x", opcode);
        }
    }

    /** The Protocol column where it is not "ARP", as Wireshark names the relatives. */
    static String columnName(int opcode) {
        switch (opcode) {
            case 3, 4:
                return "RARP";
            case 5, 6, 7:
                return "DRARP";
            case 8, 9:
                return "Inverse ARP";
            default:
                return null;
        }
    }

    private static String opcodeName(int opcode) {
        String name = ArpFields.OPCODE.valueNames().get((long) opcode);
        return name != null ? name : "Unknown";
    }

    /** Ethernet and IEEE 802 hardware with 6-byte addresses carry MACs. */
    private static boolean isEther(int hwType, int hwSize) {
        return (hwType == 1 || hwType == 6) && hwSize == 6;
    }

    /** IPv4 (and AX.25's IPv4 type 0xCC) with 4-byte addresses. */
    private static boolean isIpv4(int protoType, int protoSize) {
        return (protoType == 0x0800 || protoType == 0x00CC) && protoSize == 4;
    }

    private static void addHw(DissectionContext ctx, FieldNode arp, int at, int size, boolean mac,
                              org.jumbocap.field.FieldDef macField, org.jumbocap.field.FieldDef bytesField) {
        if (size == 0) {
            return;
        }
        arp.add(mac ? macField : bytesField, at, size, ctx.treeBytes(at, size));
    }

    private static void addProto(DissectionContext ctx, FieldNode arp, int at, int size, boolean ipv4,
                                 org.jumbocap.field.FieldDef ipv4Field, org.jumbocap.field.FieldDef bytesField) {
        if (size == 0) {
            return;
        }
        arp.add(ipv4 ? ipv4Field : bytesField, at, size, ctx.treeBytes(at, size));
    }

    /** An address as tshark's Info column prints it: MAC, dotted IPv4, or plain hex; "<No address>" when empty. */
    private static String address(FrameBuffer b, int at, int size, boolean mac, boolean ipv4) {
        if (size == 0) {
            return "<No address>";
        }
        byte[] a = b.bytes(at, size);
        if (mac) {
            return FieldFormat.mac(a);
        }
        if (ipv4) {
            return FieldFormat.address(a);
        }
        return java.util.HexFormat.of().formatHex(a);
    }

    private static boolean equal(FrameBuffer b, int x, int y, int n) {
        for (int i = 0; i < n; i++) {
            if (b.u8(x + i) != b.u8(y + i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean allZero(FrameBuffer b, int at, int n) {
        for (int i = 0; i < n; i++) {
            if (b.u8(at + i) != 0) {
                return false;
            }
        }
        return true;
    }
}
