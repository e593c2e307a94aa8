package org.jumbocap.gui.view.hex;

/** The text forms the hex pane copies bytes in, as Wireshark's Copy Bytes menu names them. */
public enum HexCopy {
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
        StringBuilder s = new StringBuilder(length * 4 + 32);
        switch (this) {
            case HEX_DUMP -> {
                int firstLine = start / HexView.BYTES_PER_LINE;
                int lastLine = (start + length - 1) / HexView.BYTES_PER_LINE;
                for (int line = firstLine; line <= lastLine; line++) {
                    s.append(HexLayout.line(bytes, start + length, line).stripTrailing()).append('\n');
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
