package org.jumbocap.export.parquet.encoding;

/**
 * Parquet's DELTA_BINARY_PACKED encoding of 64-bit integers (Encodings.md): a header, then blocks of 128
 * deltas, each block its smallest delta and four miniblocks of 32 deltas less that minimum, bit-packed at
 * the width the miniblock needs. Frame numbers (delta 1: width 0, no data) and arrival times pack into a few
 * bits a value. Arithmetic wraps, as the format's does, so any sequence of longs round-trips.
 */
public final class DeltaEncoder {
    private static final int BLOCK = 128;
    private static final int MINIBLOCKS = 4;
    private static final int MINIBLOCK = BLOCK / MINIBLOCKS;

    private final long[] deltas = new long[BLOCK];

    /** Appends the encoding of {@code values[0 .. count)} to {@code out}. */
    public void encode(long[] values, int count, ByteSink out) {
        out.writeUnsignedVarLong(BLOCK);
        out.writeUnsignedVarLong(MINIBLOCKS);
        out.writeUnsignedVarLong(count);
        out.writeZigZagVarLong(count > 0 ? values[0] : 0);
        for (int start = 1; start < count; start += BLOCK) {
            int n = Math.min(BLOCK, count - start);
            long min = Long.MAX_VALUE;
            for (int j = 0; j < n; j++) {
                long d = values[start + j] - values[start + j - 1];
                deltas[j] = d;
                if (d < min) {
                    min = d;
                }
            }
            for (int j = n; j < BLOCK; j++) {
                deltas[j] = min; // padding: 0 once the minimum is taken off
            }
            out.writeZigZagVarLong(min);
            int widthsAt = out.size();
            for (int m = 0; m < MINIBLOCKS; m++) {
                out.writeByte(0);
            }
            int used = (n + MINIBLOCK - 1) / MINIBLOCK;
            for (int m = 0; m < used; m++) {
                long or = 0;
                int from = m * MINIBLOCK;
                for (int j = from; j < from + MINIBLOCK; j++) {
                    long d = deltas[j] - min;
                    deltas[j] = d;
                    or |= d;
                }
                int width = 64 - Long.numberOfLeadingZeros(or);
                out.setByte(widthsAt + m, width);
                pack32(deltas, from, width, out);
            }
        }
    }

    /** Packs 32 values of {@code width} bits, low bits first; values fit their width. */
    private static void pack32(long[] v, int from, int width, ByteSink out) {
        if (width == 0) {
            return;
        }
        out.ensure(4 * width);
        long acc = 0;
        int bits = 0;
        for (int i = from; i < from + MINIBLOCK; i++) {
            long x = v[i];
            if (width <= 56) {
                acc |= x << bits;
                bits += width;
                while (bits >= 8) {
                    out.writeByte((int) acc);
                    acc >>>= 8;
                    bits -= 8;
                }
            } else {
                int left = width;
                while (left > 0) {
                    int take = Math.min(left, 8 - bits);
                    acc |= (x & ((1L << take) - 1)) << bits;
                    x >>>= take;
                    left -= take;
                    bits += take;
                    if (bits == 8) {
                        out.writeByte((int) acc);
                        acc = 0;
                        bits = 0;
                    }
                }
            }
        }
    }
}
