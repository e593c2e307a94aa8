package org.jumbocap.cli.render;

import java.util.HexFormat;
import org.jumbocap.follow.TcpFollow;

/** A followed TCP stream as tshark's {@code -z follow,tcp,raw} and {@code -z follow,tcp,ascii} print it. */
public final class FollowText {
    private static final String RULE = "=".repeat(67);
    private static final HexFormat HEX = HexFormat.of();

    private FollowText() {
    }

    /**
     * @param mode "raw" (each chunk in hex on one line) or "ascii" (its length, then the bytes with
     *             everything but printable ASCII, CR and LF shown as '.'); the other side's chunks are
     *             indented by a tab
     */
    public static void render(TcpFollow follow, String mode, StringBuilder s) {
        s.append('\n').append(RULE).append('\n');
        s.append("Follow: tcp,").append(mode).append('\n');
        s.append("Filter: tcp.stream eq ").append(follow.stream()).append('\n');
        s.append("Node 0: ").append(follow.client()).append('\n');
        s.append("Node 1: ").append(follow.server()).append('\n');
        for (TcpFollow.Chunk c : follow.chunks()) {
            if (c.fromServer()) {
                s.append('\t');
            }
            if (mode.equals("raw")) {
                s.append(HEX.formatHex(c.data()));
            } else {
                s.append(c.data().length).append('\n');
                for (byte b : c.data()) {
                    int v = b & 0xFF;
                    s.append(v == '\n' || v == '\r' || (v >= 0x20 && v < 0x7F) ? (char) v : '.');
                }
            }
            s.append('\n');
        }
        s.append(RULE).append('\n');
    }
}
