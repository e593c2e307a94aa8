package org.jumbocap.tree;

import java.time.Instant;
import java.util.HexFormat;
import org.jumbocap.field.FieldDef;

/** Default text for field values, shared by every front end. */
public final class FieldFormat {
    private static final HexFormat HEX = HexFormat.of();

    private FieldFormat() {
    }

    /** "Label: value" as the tree shows it. */
    static String label(FieldNode node) {
        FieldDef def = node.def();
        switch (def.type()) {
            case PROTOCOL:
            case NONE:
                return def.label();
            case DOUBLE:
                return def.label() + ": " + display(node) + " seconds";
            default:
                String v = display(node);
                return def.label() + ": " + v;
        }
    }

    /** Value with its name, when the field names its values ("6 (TCP)"). */
    static String display(FieldNode node) {
        FieldDef def = node.def();
        String v = node.valueText();
        if (node.value() instanceof Long l) {
            String named = def.valueNames().get(l);
            switch (def.base()) {
                case HEX:
                    v = hex(l, def);
                    break;
                case DEC_HEX:
                    v = l + " (" + hex(l, def) + ")";
                    break;
                default:
                    break;
            }
            if (named != null) {
                v = named + " (" + v + ")";
            }
        }
        return v;
    }

    private static String hex(long l, FieldDef def) {
        int digits = switch (def.type()) {
            case UINT8 -> 2;
            case UINT16 -> 4;
            case UINT24 -> 6;
            case UINT32, INT32 -> 8;
            default -> 1;
        };
        StringBuilder s = new StringBuilder(Long.toHexString(l));
        while (s.length() < digits) {
            s.insert(0, '0');
        }
        return "0x" + s;
    }

    /** The bare value as {@code -T fields} and JSON print it. */
    public static String value(FieldNode node) {
        Object v = node.value();
        FieldDef def = node.def();
        if (v == null) {
            return "";
        }
        switch (def.type()) {
            case IPV4:
            case IPV6:
                return address((byte[]) v);
            case ETHER:
                return mac((byte[]) v);
            case TIMESTAMP:
                long ns = (Long) v;
                return Instant.ofEpochSecond(Math.floorDiv(ns, 1_000_000_000L), Math.floorMod(ns, 1_000_000_000L)).toString();
            case BOOLEAN:
                if (v instanceof Boolean b) {
                    return b ? "1" : "0";
                }
                return String.valueOf(v);
            case BYTES:
                return v instanceof byte[] b ? colonHex(b) : String.valueOf(v);
            default:
                if (v instanceof Long l && def.base() == org.jumbocap.field.Base.HEX) {
                    return hex(l, def);
                }
                return String.valueOf(v);
        }
    }

    /**
     * Decimal seconds with nine fraction digits, computed from the exact nanoseconds as tshark prints
     * {@code frame.time_epoch} ("1700000000.000000000", "-0.000001000"), never through a double.
     */
    public static String seconds(long nanos) {
        // The magnitude as an unsigned value, so that even Long.MIN_VALUE prints right.
        long magnitude = nanos < 0 ? -nanos : nanos;
        String fraction = Long.toString(Long.remainderUnsigned(magnitude, 1_000_000_000L));
        StringBuilder s = new StringBuilder(21);
        if (nanos < 0) {
            s.append('-');
        }
        s.append(Long.toUnsignedString(Long.divideUnsigned(magnitude, 1_000_000_000L))).append('.');
        for (int pad = fraction.length(); pad < 9; pad++) {
            s.append('0');
        }
        return s.append(fraction).toString();
    }

    /** Compressed text of a 4- or 16-byte address (RFC 5952 for IPv6). */
    public static String address(byte[] a) {
        if (a.length == 16) {
            return compressIpv6(a);
        }
        if (a.length == 4) {
            return (a[0] & 0xFF) + "." + (a[1] & 0xFF) + "." + (a[2] & 0xFF) + "." + (a[3] & 0xFF);
        }
        return HEX.formatHex(a);
    }

    private static String compressIpv6(byte[] a) {
        int[] words = new int[8];
        for (int i = 0; i < 8; i++) {
            words[i] = ((a[2 * i] & 0xFF) << 8) | (a[2 * i + 1] & 0xFF);
        }
        int bestStart = -1;
        int bestLen = 0;
        for (int i = 0; i < 8; ) {
            if (words[i] == 0) {
                int j = i;
                while (j < 8 && words[j] == 0) {
                    j++;
                }
                if (j - i > bestLen && j - i >= 2) {
                    bestStart = i;
                    bestLen = j - i;
                }
                i = j;
            } else {
                i++;
            }
        }
        StringBuilder s = new StringBuilder(39);
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                s.append("::");
                i += bestLen - 1;
                continue;
            }
            if (s.length() > 0 && s.charAt(s.length() - 1) != ':') {
                s.append(':');
            }
            s.append(Integer.toHexString(words[i]));
        }
        return s.toString();
    }

    public static String mac(byte[] m) {
        StringBuilder s = new StringBuilder(17);
        for (int i = 0; i < m.length; i++) {
            if (i > 0) {
                s.append(':');
            }
            s.append(Character.forDigit((m[i] >> 4) & 0xF, 16)).append(Character.forDigit(m[i] & 0xF, 16));
        }
        return s.toString();
    }

    public static String colonHex(byte[] b) {
        return mac(b);
    }
}
