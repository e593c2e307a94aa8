package org.jumbocap.render;

import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;

/**
 * tcpdump's {@code -e} text for an Ethernet frame, put before the summary line's endpoints by {@code read
 * --link-header}: {@code "36:f6:6e:28:d4:a3 > 33:33:00:00:00:16, ethertype IPv6 (0x86dd), length 110: "}, and
 * for an 802.1Q tag tcpdump's {@code "vlan 100, p 0, ethertype IPv6 (0x86dd), "} after it. Frames of other link
 * types, and frames too short for the header, get nothing: the line is the usual one.
 */
public final class LinkHeaderText {
    private static final int TPID_8021Q = 0x8100;
    private static final int TPID_8021AD = 0x88a8;

    private LinkHeaderText() {
    }

    /** The header text; empty when the frame has no whole Ethernet header. */
    public static String of(FrameRecord frame) {
        if (frame.linkType() != LinkTypes.ETHERNET) {
            return "";
        }
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
