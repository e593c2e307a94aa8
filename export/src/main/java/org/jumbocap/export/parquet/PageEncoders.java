package org.jumbocap.export.parquet;

import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.jumbocap.export.parquet.encoding.ByteSink;
import org.jumbocap.export.parquet.encoding.DeltaEncoder;
import org.jumbocap.export.parquet.encoding.HybridEncoder;
import org.xerial.snappy.Snappy;

/**
 * The encoders and buffers one page at a time needs, shared by every column of a writer (pages are
 * encoded one after the other on the writer's thread), so encoding allocates only the bytes it keeps.
 */
final class PageEncoders {
    final ByteSink levels = new ByteSink(1 << 12);
    final ByteSink data = new ByteSink(1 << 16);
    final HybridEncoder hybrid = new HybridEncoder();
    final DeltaEncoder delta = new DeltaEncoder();
    int[] ids = new int[1 << 12];
    private byte[] compressed = new byte[1 << 16];

    /** The levels {@code [0 .. count)}, RLE-encoded without a length (version 2 pages), or none at level 0. */
    byte[] levels(byte[] values, int count, int maxLevel) {
        if (maxLevel == 0) {
            return new byte[0];
        }
        levels.reset();
        int width = HybridEncoder.bitWidth(maxLevel);
        if (allEqual(values, count)) {
            // a column without nulls (or only nulls): one run, not a pass of the encoder per level
            hybrid.encodeRun(levels, values[0], count, width);
        } else {
            hybrid.encode(levels, values, count, width);
        }
        return levels.toByteArray();
    }

    private static boolean allEqual(byte[] values, int count) {
        byte first = values[0];
        for (int i = 1; i < count; i++) {
            if (values[i] != first) {
                return false;
            }
        }
        return true;
    }

    /**
     * Dictionary indices as a data page has them: their bit width in a byte, then the hybrid encoding of
     * {@code ids[0 .. n)}, or, when {@code single} is an index (not -1), one run of {@code n} copies of it.
     */
    void dictionaryIndices(ByteSink out, int[] ids, int single, int n, int dictionarySize) {
        int width = HybridEncoder.bitWidth(dictionarySize - 1);
        out.writeByte(width);
        if (single >= 0) {
            hybrid.encodeRun(out, single, n, width);
        } else {
            hybrid.encode(out, ids, n, width);
        }
    }

    /** Room for {@code n} dictionary indices. */
    int[] ids(int n) {
        if (ids.length < n) {
            ids = new int[Math.max(n, ids.length * 2)];
        }
        return ids;
    }

    /** A dictionary page of {@code size} entries, PLAIN-encoded in {@code plain}, compressed. */
    DictionaryPage dictionaryPage(ByteSink plain, int size) throws IOException {
        return new DictionaryPage(BytesInput.from(compress(plain)), plain.size(), size, Encoding.PLAIN);
    }

    /** The sink's bytes, snappy-compressed, in an array of their own. */
    byte[] compress(ByteSink sink) throws IOException {
        int max = Snappy.maxCompressedLength(sink.size());
        if (compressed.length < max) {
            compressed = new byte[Math.max(max, compressed.length * 2)];
        }
        int n = Snappy.compress(sink.array(), 0, sink.size(), compressed, 0);
        return Arrays.copyOf(compressed, n);
    }
}
