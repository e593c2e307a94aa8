package org.jumbocap.export.parquet;

import java.io.IOException;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.statistics.Statistics;
import org.jumbocap.export.ExportColumn;
import org.jumbocap.export.parquet.encoding.ByteSink;
import org.jumbocap.export.parquet.encoding.LongDictionary;

/**
 * An INT32 or INT64 column (timestamps included). Values that rarely repeat (frame numbers, times,
 * sequence numbers) are delta-encoded; the others are dictionary-encoded while the dictionary stays under
 * its limit, then written plain (INT32) or delta-encoded (INT64) for the rest of the chunk.
 */
final class NumberChunk extends ColumnChunkBuffer {
    private final boolean int32;
    private final boolean deltaOnly;
    private final long dictionaryLimit;
    private final LongDictionary dictionary = new LongDictionary();
    private boolean plainFromNowOn;
    NumberChunk(ExportColumn column, ColumnDescriptor descriptor, boolean int32, boolean deltaOnly, long dictionaryLimit) {
        super(column, descriptor);
        this.int32 = int32;
        this.deltaOnly = deltaOnly;
        this.dictionaryLimit = dictionaryLimit;
    }

    @Override
    ColumnPage newPage(int capacity) {
        return new ColumnPage.Longs(column, maxDefinition, int32, capacity);
    }

    private int valueBytes() {
        return int32 ? 4 : 8;
    }

    @Override
    Encoding encodeValues(ColumnPage page, PageEncoders encoders, ByteSink out, Statistics<?> statistics) {
        ColumnPage.Longs p = (ColumnPage.Longs) page;
        int n = p.count;
        long[] v = p.values;
        long min = min(v, n);
        long max = max(v, n);
        if (int32) {
            statistics.updateStats((int) min);
            statistics.updateStats((int) max);
        } else {
            statistics.updateStats(min);
            statistics.updateStats(max);
        }
        if (!deltaOnly && !plainFromNowOn) {
            int mark = dictionary.mark();
            int[] ids = encoders.ids(n);
            // one value in the whole page (a link type, a version, a depth): one look-up, one run
            int single = min == max ? dictionary.idOf(min) : -1;
            if (single < 0) {
                dictionary.idsOf(v, n, ids);
            }
            if ((long) dictionary.size() * valueBytes() <= dictionaryLimit) {
                encoders.dictionaryIndices(out, ids, single, n, dictionary.size());
                return Encoding.RLE_DICTIONARY;
            }
            // too many distinct values for a dictionary: this page and the rest of the chunk go without
            dictionary.rollBack(mark);
            plainFromNowOn = true;
        }
        return plain(v, n, encoders, out);
    }

    /** Without the dictionary: PLAIN for INT32, delta-encoded for INT64. */
    private Encoding plain(long[] v, int n, PageEncoders encoders, ByteSink out) {
        if (int32) {
            out.writeIntsLittleEndian(v, n);
            return Encoding.PLAIN;
        }
        encoders.delta.encode(v, n, out);
        return Encoding.DELTA_BINARY_PACKED;
    }

    // the loops are methods of their own so that each compiles once, whichever column reaches it first

    private static long min(long[] v, int n) {
        long min = v[0];
        for (int i = 1; i < n; i++) {
            min = Math.min(min, v[i]);
        }
        return min;
    }

    private static long max(long[] v, int n) {
        long max = v[0];
        for (int i = 1; i < n; i++) {
            max = Math.max(max, v[i]);
        }
        return max;
    }

    @Override
    DictionaryPage dictionaryPage(PageEncoders encoders) throws IOException {
        int size = dictionary.size();
        if (size == 0) {
            return null;
        }
        ByteSink plain = encoders.data;
        plain.reset();
        for (int id = 0; id < size; id++) {
            if (int32) {
                plain.writeIntLittleEndian((int) dictionary.value(id));
            } else {
                plain.writeLongLittleEndian(dictionary.value(id));
            }
        }
        return encoders.dictionaryPage(plain, size);
    }

    @Override
    long dictionaryBytes() {
        return (long) dictionary.size() * valueBytes();
    }

    @Override
    void clearChunk() {
        dictionary.clear();
        plainFromNowOn = false;
    }
}
