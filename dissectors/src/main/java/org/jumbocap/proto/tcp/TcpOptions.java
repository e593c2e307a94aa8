package org.jumbocap.proto.tcp;

import java.util.Map;
import java.util.function.IntPredicate;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.field.FieldDef;
import org.jumbocap.tree.FieldNode;

/** The table of TCP option decoders by kind; kinds not in it are shown raw. */
final class TcpOptions {
    static final int EOL = 0;
    static final int NOP = 1;

    interface Body {
        void decode(FrameBuffer buffer, FieldNode node, int offset, int length);
    }

    /**
     * Decoder of one option kind. The option walk has already checked that the option's bytes lie inside
     * the header; {@link #body} runs only when {@link #fits} accepts the length.
     *
     * @param head           subtree head ("TCP Option - Window scale")
     * @param expectedLength the right lengths in words, for the expert message
     */
    record Decoder(FieldDef head, String expectedLength, IntPredicate fits, Body body) {
    }

    static final Map<Integer, Decoder> BY_KIND = Map.of(
            2, new Decoder(TcpFields.OPT_MSS, "4", l -> l == 4, TcpOptions::mss),
            3, new Decoder(TcpFields.OPT_WSCALE, "3", l -> l == 3, TcpOptions::windowScale),
            4, new Decoder(TcpFields.OPT_SACK_PERM, "2", l -> l == 2, (b, n, o, l) -> { }),
            5, new Decoder(TcpFields.OPT_SACK, "2 plus 8 per block", l -> l >= 10 && (l - 2) % 8 == 0, TcpOptions::sack),
            8, new Decoder(TcpFields.OPT_TIMESTAMP, "10", l -> l == 10, TcpOptions::timestamps),
            30, new Decoder(TcpFields.OPT_MPTCP, "at least 3", l -> l >= 3, TcpOptions::mptcp),
            34, new Decoder(TcpFields.OPT_TFO, "2, or 6 to 18 with a cookie", l -> l == 2 || l >= 6 && l <= 18, TcpOptions::fastOpen));

    static final int MSS = 2;
    static final int WINDOW_SCALE = 3;
    static final int SACK = 5;
    private static final Decoder[] BY_KIND_ARRAY = new Decoder[256];

    static {
        BY_KIND.forEach((kind, decoder) -> BY_KIND_ARRAY[kind] = decoder);
    }

    private TcpOptions() {
    }

    /** The decoder of an option kind (0-255), or null; no boxing on the per-frame path. */
    static Decoder decoder(int kind) {
        return BY_KIND_ARRAY[kind & 0xFF];
    }

    private static void mss(FrameBuffer b, FieldNode node, int offset, int length) {
        long mss = b.u16(offset + 2);
        node.add(TcpFields.MSS_VAL, offset + 2, 2, mss);
        node.setText("TCP Option - Maximum segment size: " + mss + " bytes");
    }

    private static void windowScale(FrameBuffer b, FieldNode node, int offset, int length) {
        int shift = b.u8(offset + 2);
        node.add(TcpFields.WSCALE_SHIFT, offset + 2, 1, (long) shift);
        long multiplier = 1L << Math.min(shift, 14);
        node.add(TcpFields.WSCALE_MULTIPLIER, offset + 2, 1, multiplier).generated();
        node.setText("TCP Option - Window scale: " + shift + " (multiply by " + multiplier + ")");
    }

    private static void sack(FrameBuffer b, FieldNode node, int offset, int length) {
        int blocks = (length - 2) / 8;
        StringBuilder text = new StringBuilder("TCP Option - SACK");
        for (int i = 0; i < blocks; i++) {
            int at = offset + 2 + 8 * i;
            long left = b.u32(at);
            long right = b.u32(at + 4);
            node.add(TcpFields.SACK_LE, at, 4, left);
            node.add(TcpFields.SACK_RE, at + 4, 4, right);
            text.append(i == 0 ? " " : ", ").append(left).append('-').append(right);
        }
        node.add(TcpFields.SACK_COUNT, offset, 0, (long) blocks).generated();
        node.setText(text.toString());
    }

    private static void timestamps(FrameBuffer b, FieldNode node, int offset, int length) {
        long tsval = b.u32(offset + 2);
        long tsecr = b.u32(offset + 6);
        node.add(TcpFields.TSVAL, offset + 2, 4, tsval);
        node.add(TcpFields.TSECR, offset + 6, 4, tsecr);
        node.setText("TCP Option - Timestamps: TSval " + tsval + ", TSecr " + tsecr);
    }

    private static void mptcp(FrameBuffer b, FieldNode node, int offset, int length) {
        long subtype = b.u8(offset + 2) >>> 4;
        node.add(TcpFields.MPTCP_SUBTYPE, offset + 2, 1, subtype);
        node.add(TcpFields.OPTION_DATA, offset + 2, length - 2, b.bytes(offset + 2, length - 2));
        String name = TcpFields.MPTCP_SUBTYPE.valueNames().getOrDefault(subtype, "subtype " + subtype);
        node.setText("TCP Option - Multipath TCP: " + name);
    }

    private static void fastOpen(FrameBuffer b, FieldNode node, int offset, int length) {
        if (length == 2) {
            node.add(TcpFields.TFO_REQUEST, offset, 2, null);
            node.setText("TCP Option - TCP Fast Open: Cookie Request");
        } else {
            node.add(TcpFields.TFO_COOKIE, offset + 2, length - 2, b.bytes(offset + 2, length - 2));
            node.setText("TCP Option - TCP Fast Open: Cookie (" + (length - 2) + " bytes)");
        }
    }
}
