package org.jumbocap.render;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;

/**
 * tcpdump's {@code -e} text for a frame's link-level header, put before the summary line's endpoints by {@code read
 * --link-header}, as tcpdump 4.99 prints it for each link type jumbocap reads:
 * <ul>
 * <li>Ethernet: {@code "36:f6:6e:28:d4:a3 > 33:33:00:00:00:16, ethertype IPv6 (0x86dd), length 110: "}, and for an
 * 802.1Q tag {@code "vlan 100, p 0, ethertype IPv6 (0x86dd), "} after it;</li>
 * <li>Linux cooked v1: the direction right-aligned in three columns, the address, the type and the length:
 * {@code "Out 02:00:00:00:00:01 ethertype IPv6 (0x86dd), length 72: "};</li>
 * <li>Linux cooked v2: {@code "In  ifindex 7 02:00:00:00:00:01 ethertype IPv4 (0x0800), length 56: "}; tcpdump puts
 * an interface name first, which it looks up by the index on the machine that reads the file (and warns that it
 * may be wrong): that name is left out;</li>
 * <li>BSD null and OpenBSD loopback: {@code "AF IPv4 (2), length 40: "};</li>
 * <li>raw IP: {@code "ip: "}.</li>
 * </ul>
 * A frame too short for its header gets nothing: the line is the usual one.
 */
public final class LinkHeaderText {
    private static final int TPID_8021Q = 0x8100;
    private static final int TPID_8021AD = 0x88a8;

    private LinkHeaderText() {
    }

    /** Linux cooked capture v1 and v2: their header lengths. */
    private static final int SLL = 16;
    private static final int SLL2 = 20;

    /** The header text; empty when the frame has no whole link-level header. */
    public static String of(FrameRecord frame) {
        return switch (frame.linkType()) {
            case LinkTypes.ETHERNET -> ethernet(frame);
            case LinkTypes.LINUX_SLL -> cooked(frame, false);
            case LinkTypes.LINUX_SLL2 -> cooked(frame, true);
            case LinkTypes.NULL, LinkTypes.LOOP -> family(frame);
            case LinkTypes.RAW, LinkTypes.RAW_12, LinkTypes.RAW_14, LinkTypes.IPV4, LinkTypes.IPV6 -> "ip: ";
            default -> "";
        };
    }

    /**
     * Linux cooked capture: v1 is packet type (2 bytes), address type, address length, 8 bytes of address,
     * protocol; v2 is protocol, 2 reserved bytes, interface index (4), address type, packet type (1), address
     * length (1), 8 bytes of address.
     */
    private static String cooked(FrameRecord frame, boolean v2) {
        FrameBuffer b = frame.buffer();
        if (!b.has(0, v2 ? SLL2 : SLL)) {
            return "";
        }
        int packetType = v2 ? b.u8(10) : b.u16(0);
        int addressLength = v2 ? b.u8(11) : b.u16(4);
        int type = v2 ? b.u16(0) : b.u16(14);
        int address = v2 ? 12 : 6;
        StringBuilder out = new StringBuilder(96);
        String direction = direction(packetType);
        if (v2) {
            out.append(direction).append(" ".repeat(Math.max(0, 3 - direction.length()))).append(' ');
            out.append("ifindex ").append(Long.toString(b.u32(4))).append(' ');
        } else {
            out.append(" ".repeat(Math.max(0, 3 - direction.length()))).append(direction).append(' ');
        }
        // tcpdump takes a 6-byte address for Ethernet's, and prints no other
        if (addressLength == 6) {
            mac(b, address, out);
            out.append(' ');
        }
        if (type <= 1500) {
            out.append(type == 0x0001 ? "802.3" : type == 0x0004 ? "802.2" : String.format("ethertype Unknown (0x%04x)", type));
        } else {
            etherType(type, out);
        }
        out.append(", length ").append(Long.toString(frame.originalLength())).append(": ");
        int offset = v2 ? SLL2 : SLL;
        // a tag inside: tcpdump's "vlan ID, p PRIORITY, ethertype NAME, " (no number here)
        while (type == TPID_8021Q && b.has(offset, 4)) {
            int tci = b.u16(offset);
            type = b.u16(offset + 2);
            out.append("vlan ").append(Integer.toString(tci & 0x0fff)).append(", p ").append(Integer.toString(tci >>> 13));
            if ((tci & 0x1000) != 0) {
                out.append(", DEI");
            }
            out.append(", ethertype ").append(type <= 1500 ? "802.2" : name(type)).append(", ");
            offset += 4;
        }
        return out.toString();
    }

    /** tcpdump's names of the Linux packet types. */
    private static String direction(int packetType) {
        return switch (packetType) {
            case 0 -> "In";
            case 1 -> "B";
            case 2 -> "M";
            case 3 -> "P";
            case 4 -> "Out";
            default -> "?";
        };
    }

    /**
     * BSD null (the capturing host's byte order) and OpenBSD loopback (network order): a 4-byte address family,
     * taken in whichever order makes it a small number, as tcpdump takes it.
     */
    private static String family(FrameRecord frame) {
        FrameBuffer b = frame.buffer();
        if (!b.has(0, 4)) {
            return "";
        }
        long family = frame.linkType() == LinkTypes.NULL ? b.u32le(0) : b.u32(0);
        if ((family & 0xFFFF0000L) != 0) {
            family = frame.linkType() == LinkTypes.NULL ? b.u32(0) : b.u32le(0);
        }
        String name = switch ((int) family) {
            case 2 -> "IPv4";
            case 6 -> "NS";
            case 7 -> "ISO";
            case 16 -> "Appletalk";
            case 23 -> "IPX";
            case 24, 28, 30 -> "IPv6";
            default -> "Unknown";
        };
        return "AF " + name + " (" + family + "), length " + frame.originalLength() + ": ";
    }

    private static String ethernet(FrameRecord frame) {
        FrameBuffer b = frame.buffer();
        if (!b.has(0, 14)) {
            return "";
        }
        StringBuilder out = new StringBuilder(96);
        mac(b, 6, out);
        out.append(" > ");
        mac(b, 0, out);
        int type = b.u16(12);
        out.append(", ");
        etherType(type, out);
        out.append(", length ").append(Long.toString(frame.originalLength())).append(": ");
        int offset = 14;
        // tcpdump prints each tag as "vlan ID, p PRIORITY, " then the type inside it
        while ((type == TPID_8021Q || type == TPID_8021AD) && b.has(offset, 4)) {
            int tci = b.u16(offset);
            type = b.u16(offset + 2);
            out.append("vlan ").append(Integer.toString(tci & 0x0fff)).append(", p ").append(Integer.toString(tci >>> 13));
            if ((tci & 0x1000) != 0) {
                out.append(", DEI");
            }
            out.append(", ");
            etherType(type, out);
            out.append(", ");
            offset += 4;
        }
        return out.toString();
    }

    private static void etherType(int type, StringBuilder out) {
        if (type < 0x0600) {
            // tcpdump names a length field as 802.3
            out.append("802.3");
            return;
        }
        out.append("ethertype ").append(name(type)).append(" (0x").append(String.format("%04x", type)).append(")");
    }

    /** tcpdump's names for the types a capture here meets; tcpdump's "Unknown" for the rest. */
    private static String name(int type) {
        return switch (type) {
            case 0x0800 -> "IPv4";
            case 0x86dd -> "IPv6";
            case 0x0806 -> "ARP";
            case 0x8035 -> "Reverse ARP";
            case TPID_8021Q -> "802.1Q";
            case TPID_8021AD -> "802.1Q-QinQ";
            case 0x8847 -> "MPLS unicast";
            case 0x8848 -> "MPLS multicast";
            case 0x88cc -> "LLDP";
            case 0x8864 -> "PPPoE S";
            case 0x8863 -> "PPPoE D";
            case 0x88e5 -> "MACsec";
            case 0x888e -> "EAPOL";
            default -> "Unknown";
        };
    }

    private static void mac(FrameBuffer b, int offset, StringBuilder out) {
        for (int i = 0; i < 6; i++) {
            if (i > 0) {
                out.append(':');
            }
            int v = b.u8(offset + i);
            out.append(Character.forDigit(v >>> 4, 16)).append(Character.forDigit(v & 0xf, 16));
        }
    }

    /** Where the text goes: the summary line's StringBuilder or its UTF-8 buffer. */
    public interface CharSink {
        CharSink add(CharSequence text);
    }
}
