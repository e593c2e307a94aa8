package org.jumbocap.gui.view.hex;

/** The text forms the hex pane copies bytes in, as Wireshark's Copy Bytes menu names them. */
public enum HexCopy {
    /** As {@code jumbocap read -x} prints a frame; bytes of the lines outside the range are left blank. */
    HEX_DUMP("Copy Bytes as Hex + ASCII Dump"),
    HEX_STREAM("Copy Bytes as Hex Stream"),
    C_ARRAY("Copy Bytes as C Array");

    private final String label;

    HexCopy(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** {@code length} bytes from {@code start} of {@code bytes} in this form. */
    public String format(byte[] bytes, int start, int length) {
        return format(bytes, start + length, start, length);
    }

    /**
     * {@code length} bytes from {@code start} of a frame of {@code frameLength} bytes in this form; the
     * frame's length sets the dump's offset width (four hex digits, six past 64 KiB), as {@code read -x}.
     */
    public String format(byte[] bytes, int frameLength, int start, int length) {
        StringBuilder s = new StringBuilder(length * 4 + 32);
        switch (this) {
            case HEX_DUMP -> {
                String offsetFormat = frameLength > 0xFFFF ? "%06x" : "%04x";
                int end = start + length;
                for (int row = start - start % 16; row < end; row += 16) {
                    s.append(String.format(java.util.Locale.ROOT, offsetFormat, row)).append("  ");
                    StringBuilder ascii = new StringBuilder(16);
                    for (int i = row; i < row + 16; i++) {
                        if (i >= start && i < end) {
                            int b = bytes[i] & 0xFF;
                            s.append(Character.forDigit(b >> 4, 16)).append(Character.forDigit(b & 0xF, 16)).append(' ');
                            ascii.append(b >= 0x20 && b < 0x7F ? (char) b : '.');
                        } else {
                            s.append("   ");
                            if (i < start) {
                                ascii.append(' ');
                            }
                        }
                        if (i == row + 7) {
                            s.append(' ');
                        }
                    }
                    s.append(' ').append(ascii).append('\n');
                }
            }
            case HEX_STREAM -> {
                for (int i = start; i < start + length; i++) {
                    s.append(Character.forDigit((bytes[i] >> 4) & 0xF, 16)).append(Character.forDigit(bytes[i] & 0xF, 16));
                }
            }
            case C_ARRAY -> {
                s.append("static const unsigned char frame_bytes[").append(length).append("] = {");
                for (int i = 0; i < length; i++) {
                    s.append(i % 8 == 0 ? "\n    " : " ").append(String.format("0x%02x", bytes[start + i] & 0xFF));
                    if (i < length - 1) {
                        s.append(',');
                    }
                }
                s.append("\n};\n");
            }
            default -> throw new IllegalStateException(name());
        }
        return s.toString();
    }
}
