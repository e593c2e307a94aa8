package org.jumbocap.gui.view.hex;

/**
 * Column arithmetic of one hex line: {@code OOOOOOOO  hh hh hh hh hh hh hh hh  hh hh ... hh  ASCII}.
 * The skin draws with it and the behavior maps clicks back through it, so they cannot disagree.
 */
final class HexLayout {
    static final int HEX_COLUMN = 10;
    static final int ASCII_COLUMN = HEX_COLUMN + 3 * HexView.BYTES_PER_LINE + 2;
    static final int LINE_COLUMNS = ASCII_COLUMN + HexView.BYTES_PER_LINE;

    private HexLayout() {
    }

    /** Text column of the first hex digit of byte {@code i} of a line. */
    static int hexColumn(int i) {
        return HEX_COLUMN + 3 * i + (i >= 8 ? 1 : 0);
    }

    static int asciiColumn(int i) {
        return ASCII_COLUMN + i;
    }

    /** Byte index within a line at a text column, or -1 over the offset and the gaps' far sides. */
    static int byteAtColumn(int column) {
        if (column >= ASCII_COLUMN && column < ASCII_COLUMN + HexView.BYTES_PER_LINE) {
            return column - ASCII_COLUMN;
        }
        for (int i = 0; i < HexView.BYTES_PER_LINE; i++) {
            int c = hexColumn(i);
            if (column >= c && column <= c + 1) {
                return i;
            }
        }
        return -1;
    }

    /** The text of one line; bytes past {@code length} are left blank. */
    static String line(byte[] bytes, int length, int lineIndex) {
        int start = lineIndex * HexView.BYTES_PER_LINE;
        char[] out = new char[LINE_COLUMNS];
        java.util.Arrays.fill(out, ' ');
        String offset = String.format("%08x", start);
        offset.getChars(0, 8, out, 0);
        for (int i = 0; i < HexView.BYTES_PER_LINE && start + i < length; i++) {
            int b = bytes[start + i] & 0xFF;
            int c = hexColumn(i);
            out[c] = Character.forDigit(b >> 4, 16);
            out[c + 1] = Character.forDigit(b & 0xF, 16);
            out[asciiColumn(i)] = b >= 0x20 && b < 0x7F ? (char) b : '.';
        }
        return new String(out);
    }
}
