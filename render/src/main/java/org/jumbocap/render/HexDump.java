package org.jumbocap.render;

import java.util.Locale;

/** The {@code -x} dump: offset, sixteen bytes in hex, the same bytes as ASCII. */
public final class HexDump {
    private HexDump() {
    }

    /**
     * @param data     frame bytes
     * @param length   captured bytes in {@code data}
     * @param maxBytes dump at most this many, then say how many were left out
     * @param original length on the wire, to say how many bytes the capture did not keep
     */
    public static void render(byte[] data, int length, int maxBytes, long original, StringBuilder out) {
        int shown = Math.min(length, Math.max(0, maxBytes));
        String offsetFormat = length > 0xFFFF ? "%06x" : "%04x";
        for (int row = 0; row < shown; row += 16) {
            out.append(String.format(Locale.ROOT, offsetFormat, row)).append("  ");
            int end = Math.min(row + 16, shown);
            for (int i = row; i < row + 16; i++) {
                if (i < end) {
                    int b = data[i] & 0xFF;
                    out.append(Character.forDigit(b >> 4, 16)).append(Character.forDigit(b & 0xF, 16)).append(' ');
                } else {
                    out.append("   ");
                }
                if (i == row + 7) {
                    out.append(' ');
                }
            }
            out.append(' ');
            for (int i = row; i < end; i++) {
                int b = data[i] & 0xFF;
                out.append(b >= 0x20 && b < 0x7F ? (char) b : '.');
            }
            out.append('\n');
        }
        if (shown < length) {
            out.append(String.format(Locale.ROOT, "... %,d more bytes not shown (--max-hex-bytes)%n", length - shown));
        }
        if (original > length) {
            out.append(String.format(Locale.ROOT, "... %,d bytes were not captured (snaplen)%n", original - length));
        }
    }
}
