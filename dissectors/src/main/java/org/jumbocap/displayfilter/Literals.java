package org.jumbocap.displayfilter;

/** Parsing of unquoted filter literals: integers, IPv4 / IPv6 addresses, MAC addresses and byte strings. */
final class Literals {
    private Literals() {
    }

    /** Decimal or 0x-hex, optionally negative; null when the text is not an integer or overflows 64 bits. */
    static Long integer(String text) {
        boolean negative = text.startsWith("-");
        String t = negative ? text.substring(1) : text;
        int radix = 10;
        if (t.length() > 2 && (t.startsWith("0x") || t.startsWith("0X"))) {
            t = t.substring(2);
            radix = 16;
        }
        if (t.isEmpty() || t.length() > 20) {
            return null;
        }
        for (int i = 0; i < t.length(); i++) {
            if (Character.digit(t.charAt(i), radix) < 0) {
                return null;
            }
        }
        try {
            long v = negative ? Long.parseLong("-" + t, radix) : Long.parseUnsignedLong(t, radix);
            return v;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Dotted-quad IPv4 address, or null. */
    static byte[] ipv4(String text) {
        String[] parts = text.split("\\.", -1);
        if (parts.length != 4) {
            return null;
        }
        byte[] out = new byte[4];
        for (int i = 0; i < 4; i++) {
            String p = parts[i];
            if (p.isEmpty() || p.length() > 3) {
                return null;
            }
            int v = 0;
            for (int j = 0; j < p.length(); j++) {
                char c = p.charAt(j);
                if (c < '0' || c > '9') {
                    return null;
                }
                v = v * 10 + (c - '0');
            }
            if (v > 255) {
                return null;
            }
            out[i] = (byte) v;
        }
        return out;
    }

    /** IPv6 address in any RFC 4291 text form (with "::" and an IPv4 tail), or null. Never resolves names. */
    static byte[] ipv6(String text) {
        int gap = text.indexOf("::");
        if (gap >= 0 && text.indexOf("::", gap + 1) >= 0) {
            return null;
        }
        int[] head = gap < 0 ? groups(text) : groups(text.substring(0, gap));
        int[] tail = gap < 0 ? new int[0] : groups(text.substring(gap + 2));
        if (head == null || tail == null) {
            return null;
        }
        int total = head.length + tail.length;
        if (gap < 0 ? total != 8 : total > 7) {
            return null;
        }
        byte[] out = new byte[16];
        for (int i = 0; i < head.length; i++) {
            out[2 * i] = (byte) (head[i] >>> 8);
            out[2 * i + 1] = (byte) head[i];
        }
        for (int i = 0; i < tail.length; i++) {
            int g = 8 - tail.length + i;
            out[2 * g] = (byte) (tail[i] >>> 8);
            out[2 * g + 1] = (byte) tail[i];
        }
        return out;
    }

    /** 16-bit groups of one side of "::"; a trailing dotted quad counts as two groups. */
    private static int[] groups(String side) {
        if (side.isEmpty()) {
            return new int[0];
        }
        String[] parts = side.split(":", -1);
        int extra = 0;
        byte[] v4 = null;
        if (parts[parts.length - 1].contains(".")) {
            v4 = ipv4(parts[parts.length - 1]);
            if (v4 == null) {
                return null;
            }
            extra = 1;
        }
        int hexParts = parts.length - (v4 != null ? 1 : 0);
        int[] out = new int[hexParts + 2 * extra];
        for (int i = 0; i < hexParts; i++) {
            String p = parts[i];
            if (p.isEmpty() || p.length() > 4) {
                return null;
            }
            int v = 0;
            for (int j = 0; j < p.length(); j++) {
                int d = Character.digit(p.charAt(j), 16);
                if (d < 0) {
                    return null;
                }
                v = v * 16 + d;
            }
            out[i] = v;
        }
        if (v4 != null) {
            out[hexParts] = ((v4[0] & 0xFF) << 8) | (v4[1] & 0xFF);
            out[hexParts + 1] = ((v4[2] & 0xFF) << 8) | (v4[3] & 0xFF);
        }
        return out;
    }

    /**
     * Bytes written as hex pairs separated by ':', '-' or '.' ("aa:bb:cc", "aa-bb", "aabb.ccdd.eeff"),
     * or unseparated ("0a0b"), or null. A MAC address is six of them; a lone digit between separators
     * is one byte ("1:2:3").
     */
    static byte[] bytes(String text) {
        if (text.isEmpty()) {
            return null;
        }
        String[] parts = text.split("[:.-]", -1);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(parts.length);
        for (String p : parts) {
            if (p.length() == 1 && parts.length > 1) {
                int d = Character.digit(p.charAt(0), 16);
                if (d < 0) {
                    return null;
                }
                out.write(d);
                continue;
            }
            if (p.isEmpty() || p.length() % 2 != 0) {
                return null;
            }
            for (int j = 0; j < p.length(); j += 2) {
                int hi = Character.digit(p.charAt(j), 16);
                int lo = Character.digit(p.charAt(j + 1), 16);
                if (hi < 0 || lo < 0) {
                    return null;
                }
                out.write(hi << 4 | lo);
            }
        }
        return out.toByteArray();
    }
}
