package org.jumbocap.gui.model;

import java.util.ArrayList;
import java.util.List;
import org.jumbocap.follow.TcpFollow;

/**
 * A followed TCP stream as the lines the Follow TCP Stream window lists, each tagged with its side so
 * the two directions get their colours: ASCII (printable bytes, others as '.', a line per line of the
 * data), a hex dump with each side's own offsets (the server's indented, as Wireshark's), or raw hex.
 */
public final class FollowLines {
    /** How the data is shown. */
    public enum Format {
        ASCII("ASCII"), HEX("Hex Dump"), RAW("Raw");

        private final String label;

        Format(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** One line of the view, from the client (false) or the server (true). */
    public record Line(boolean fromServer, String text) {
    }

    private static final int HEX_WIDTH = 16;
    private static final int RAW_WIDTH = 32;
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private FollowLines() {
    }

    public static List<Line> of(TcpFollow follow, Format format) {
        List<Line> out = new ArrayList<>();
        long[] offsets = new long[2];
        for (TcpFollow.Chunk c : follow.chunks()) {
            byte[] d = c.data();
            switch (format) {
                case ASCII -> ascii(c.fromServer(), d, out);
                case HEX -> {
                    int side = c.fromServer() ? 1 : 0;
                    hex(c.fromServer(), d, offsets[side], out);
                    offsets[side] += d.length;
                }
                case RAW -> raw(c.fromServer(), d, out);
            }
        }
        return out;
    }

    private static void ascii(boolean server, byte[] d, List<Line> out) {
        StringBuilder s = new StringBuilder();
        for (byte b : d) {
            int v = b & 0xFF;
            if (v == '\n') {
                out.add(new Line(server, s.toString()));
                s.setLength(0);
            } else if (v == '\r') {
                continue;
            } else {
                s.append(v >= 0x20 && v < 0x7F || v == '\t' ? (char) v : '.');
            }
        }
        if (s.length() > 0) {
            out.add(new Line(server, s.toString()));
        }
    }

    private static void hex(boolean server, byte[] d, long base, List<Line> out) {
        for (int i = 0; i < d.length; i += HEX_WIDTH) {
            StringBuilder s = new StringBuilder(server ? "    " : "");
            String offset = Long.toHexString(base + i);
            s.append("0".repeat(Math.max(0, 8 - offset.length()))).append(offset).append("  ");
            int n = Math.min(HEX_WIDTH, d.length - i);
            for (int j = 0; j < HEX_WIDTH; j++) {
                if (j < n) {
                    int v = d[i + j] & 0xFF;
                    s.append(HEX[v >>> 4]).append(HEX[v & 15]).append(' ');
                } else {
                    s.append("   ");
                }
                if (j == 7) {
                    s.append(' ');
                }
            }
            s.append(' ');
            for (int j = 0; j < n; j++) {
                int v = d[i + j] & 0xFF;
                s.append(v >= 0x20 && v < 0x7F ? (char) v : '.');
            }
            out.add(new Line(server, s.toString()));
        }
    }

    private static void raw(boolean server, byte[] d, List<Line> out) {
        for (int i = 0; i < d.length; i += RAW_WIDTH) {
            int n = Math.min(RAW_WIDTH, d.length - i);
            StringBuilder s = new StringBuilder(2 * n);
            for (int j = 0; j < n; j++) {
                int v = d[i + j] & 0xFF;
                s.append(HEX[v >>> 4]).append(HEX[v & 15]);
            }
            out.add(new Line(server, s.toString()));
        }
    }

    /** Bytes each side sent in the followed data: client, server. */
    public static long[] bytesPerSide(TcpFollow follow) {
        long[] n = new long[2];
        for (TcpFollow.Chunk c : follow.chunks()) {
            n[c.fromServer() ? 1 : 0] += c.data().length;
        }
        return n;
    }
}
