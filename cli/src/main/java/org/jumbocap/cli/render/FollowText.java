package org.jumbocap.cli.render;

import java.util.HexFormat;
import java.util.Locale;
import org.jumbocap.follow.TcpFollow;

/** A followed TCP stream as tshark's {@code -z follow,tcp,raw|ascii|hex|yaml} prints it. */
public final class FollowText {
    private static final String RULE = "=".repeat(67);
    private static final HexFormat HEX = HexFormat.of();

    private FollowText() {
    }

    /**
     * @param mode "raw" (each chunk in hex on one line), "ascii" (its length, then the bytes with everything
     *             but printable ASCII, CR and LF shown as '.'), "hex" (a hex dump of each chunk, offsets
     *             counting each side's bytes) or "yaml" (peers, then each chunk's frame, side, time and
     *             base64 data); in the first three the other side's chunks are indented by a tab
     */
    public static void render(TcpFollow follow, String mode, StringBuilder s) {
        if (mode.equals("yaml")) {
            yaml(follow, s);
            return;
        }
        s.append('\n').append(RULE).append('\n');
        s.append("Follow: tcp,").append(mode).append('\n');
        s.append("Filter: tcp.stream eq ").append(follow.stream()).append('\n');
        s.append("Node 0: ").append(follow.client()).append('\n');
        s.append("Node 1: ").append(follow.server()).append('\n');
        long[] offsets = new long[2];
        for (TcpFollow.Chunk c : follow.chunks()) {
            String indent = c.fromServer() ? "\t" : "";
            switch (mode) {
                case "raw" -> s.append(indent).append(HEX.formatHex(c.data())).append('\n');
                case "hex" -> {
                    int side = c.fromServer() ? 1 : 0;
                    hexDump(c.data(), offsets[side], indent, s);
                    offsets[side] += c.data().length;
                }
                default -> {
                    s.append(indent).append(c.data().length).append('\n');
                    for (byte b : c.data()) {
                        int v = b & 0xFF;
                        s.append(v == '\n' || v == '\r' || printable(v) ? (char) v : '.');
                    }
                    s.append('\n');
                }
            }
        }
        s.append(RULE).append('\n');
    }

    private static boolean printable(int v) {
        return v >= 0x20 && v < 0x7F;
    }

    /** 16 bytes a line: offset, two groups of eight in hex, then the same bytes as ASCII in two groups. */
    private static void hexDump(byte[] data, long offset, String indent, StringBuilder s) {
        for (int line = 0; line < data.length; line += 16) {
            int start = s.length();
            s.append(indent).append(String.format(Locale.ROOT, "%08X  ", offset + line));
            int n = Math.min(16, data.length - line);
            for (int i = 0; i < 16; i++) {
                if (i < n) {
                    s.append(Character.forDigit((data[line + i] >> 4) & 0xF, 16)).append(Character.forDigit(data[line + i] & 0xF, 16));
                    s.append(' ');
                } else {
                    s.append("   ");
                }
                if (i == 7) {
                    s.append(' ');
                }
            }
            s.append(' ');
            for (int i = 0; i < n; i++) {
                if (i == 8) {
                    s.append(' ');
                }
                int v = data[line + i] & 0xFF;
                s.append(printable(v) ? (char) v : '.');
            }
            // tshark's line loses one trailing space (a space as the last byte shown, or the second of two)
            if (s.length() > start && s.charAt(s.length() - 1) == ' ') {
                s.setLength(s.length() - 1);
            }
            s.append('\n');
        }
    }

    private static void yaml(TcpFollow follow, StringBuilder s) {
        s.append("peers:\n");
        String[] peers = {follow.client(), follow.server()};
        for (int i = 0; i < 2; i++) {
            s.append("  - peer: ").append(i).append('\n');
            s.append("    host: ").append(TcpFollow.host(peers[i])).append('\n');
            s.append("    port: ").append(TcpFollow.port(peers[i])).append('\n');
        }
        s.append("packets:\n");
        java.util.Base64.Encoder base64 = java.util.Base64.getMimeEncoder(76, new byte[] {'\n'});
        for (TcpFollow.Chunk c : follow.chunks()) {
            s.append("  - packet: ").append(c.frame()).append('\n');
            s.append("    peer: ").append(c.fromServer() ? 1 : 0).append('\n');
            // tshark prints the time as a double with nine decimals
            double seconds = c.nanos() < 0 ? 0 : Math.floorDiv(c.nanos(), 1_000_000_000L) + Math.floorMod(c.nanos(), 1_000_000_000L) / 1e9;
            // as C's %.9f: the double's exact value rounded (Java's %f rounds its shortest decimal form)
            s.append("    timestamp: ").append(new java.math.BigDecimal(seconds).setScale(9, java.math.RoundingMode.HALF_EVEN)
                    .toPlainString()).append('\n');
            s.append("    data: !!binary |\n");
            for (String line : base64.encodeToString(c.data()).split("\n")) {
                s.append("      ").append(line).append('\n');
            }
        }
    }
}
