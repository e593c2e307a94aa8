package org.jumbocap.export;

import org.jumbocap.tree.FieldFormat;

/**
 * The text of addresses kept as numbers (as {@link org.jumbocap.dissect.FrameSummary} keeps them), from a
 * small direct-mapped cache: a capture repeats few addresses, so a row rarely formats one.
 */
final class AddressText {
    // 1,024: a capture of 64 addresses thrashed 256 slots (FieldFormat.address was 2 % of the export's dissecting thread)
    private static final int SLOTS = 1024;

    private final int[] versions = new int[SLOTS];
    private final long[] highs = new long[SLOTS];
    private final long[] lows = new long[SLOTS];
    private final String[] texts = new String[SLOTS];

    /** IPv4 in the low 32 bits of {@code lo}; IPv6 as high and low 64 bits. */
    String of(int version, long hi, long lo) {
        long h = hi * 0x9E3779B97F4A7C15L + lo * 0xC2B2AE3D27D4EB4FL + version;
        int slot = (int) (h ^ (h >>> 29)) & (SLOTS - 1);
        String text = texts[slot];
        if (text != null && lows[slot] == lo && highs[slot] == hi && versions[slot] == version) {
            return text;
        }
        text = FieldFormat.address(bytes(version, hi, lo));
        versions[slot] = version;
        highs[slot] = hi;
        lows[slot] = lo;
        texts[slot] = text;
        return text;
    }

    private static byte[] bytes(int version, long hi, long lo) {
        byte[] a = new byte[version == 4 ? 4 : 16];
        if (version == 4) {
            for (int i = 0; i < 4; i++) {
                a[i] = (byte) (lo >>> (24 - 8 * i));
            }
            return a;
        }
        for (int i = 0; i < 8; i++) {
            a[i] = (byte) (hi >>> (56 - 8 * i));
            a[8 + i] = (byte) (lo >>> (56 - 8 * i));
        }
        return a;
    }
}
