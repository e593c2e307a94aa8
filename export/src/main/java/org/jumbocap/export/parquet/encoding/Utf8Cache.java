package org.jumbocap.export.parquet.encoding;

import java.nio.charset.StandardCharsets;

/**
 * The UTF-8 bytes of the texts last seen, by identity: rows hand in the same file name, address and expert
 * strings again and again, so each instance is encoded once.
 */
public final class Utf8Cache {
    private static final int SLOTS = 1024;
    private final String[] texts = new String[SLOTS];
    private final byte[][] bytes = new byte[SLOTS][];

    public byte[] utf8(String text) {
        int slot = System.identityHashCode(text) & (SLOTS - 1);
        if (texts[slot] == text) {
            return bytes[slot];
        }
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        texts[slot] = text;
        bytes[slot] = b;
        return b;
    }
}
