package org.jumbocap.export.parquet;

import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.io.api.Binary;
import org.jumbocap.export.ExportColumn;
import org.jumbocap.export.parquet.encoding.ByteSink;
import org.jumbocap.export.parquet.encoding.TextDictionary;
import org.jumbocap.export.parquet.encoding.Utf8Cache;

/**
 * A UTF-8 string column, or the items of a list of strings: dictionary-encoded while the dictionary page stays under its limit, then PLAIN
 * for the rest of the chunk. A page's min and max are found among the distinct dictionary entries it
 * uses, which for addresses and expert ids are a handful per page, not among all its values.
 */
final class TextChunk extends ColumnChunkBuffer {
    private final long dictionaryLimit;
    private final Utf8Cache utf8;
    private final TextDictionary dictionary = new TextDictionary();
    private boolean plainFromNowOn;
    /** The page in which each dictionary entry was last counted for the statistics. */
    private int[] seenInPage = new int[256];
    private int page;
    private final TextRange range = new TextRange();

    TextChunk(ExportColumn column, ColumnDescriptor descriptor, long dictionaryLimit, Utf8Cache utf8) {
        super(column, descriptor);
        this.dictionaryLimit = dictionaryLimit;
        this.utf8 = utf8;
    }

    @Override
    ColumnPage newPage(int capacity) {
        return column.type() == org.jumbocap.export.ColumnType.STRING_LIST
                ? new ColumnPage.TextLists(column, maxDefinition, capacity)
                : new ColumnPage.Texts(column, maxDefinition, capacity);
    }

    @Override
    Encoding encodeValues(ColumnPage page, PageEncoders encoders, ByteSink out, Statistics<?> statistics) {
        ColumnPage.TextValues p = (ColumnPage.TextValues) page;
        int n = p.count;
        String[] v = p.values;
        if (!plainFromNowOn) {
            int mark = dictionary.mark();
            int[] ids = encoders.ids(n);
            // the file name, a verdict that holds for the whole page: one look-up, one run
            int single = allSame(v, n) ? dictionary.idOf(v[0]) : -1;
            if (single < 0) {
                dictionary.idsOf(v, n, ids);
            }
            if (dictionary.plainBytes() <= dictionaryLimit) {
                pageStatistics(ids, single, n, statistics);
                encoders.dictionaryIndices(out, ids, single, n, dictionary.size());
                return Encoding.RLE_DICTIONARY;
            }
            dictionary.rollBack(mark);
            plainFromNowOn = true;
        }
        writePlain(v, n, out, statistics);
        return Encoding.PLAIN;
    }

    /** Whether every value is the same string instance (rows hand in the same instances again and again). */
    private static boolean allSame(String[] v, int n) {
        String first = v[0];
        for (int i = 1; i < n; i++) {
            if (v[i] != first) {
                return false;
            }
        }
        return true;
    }

    /** PLAIN: each text's length in four bytes, then its UTF-8 bytes. */
    private void writePlain(String[] v, int n, ByteSink out, Statistics<?> statistics) {
        range.reset();
        String previous = null;
        for (int i = 0; i < n; i++) {
            byte[] b = utf8.utf8(v[i]);
            out.writeIntLittleEndian(b.length);
            out.write(b);
            if (v[i] != previous) {
                previous = v[i];
                range.add(b);
            }
        }
        range.updateStatistics(statistics);
    }

    /** The min and max of the page's entries: {@code single}'s alone, or the distinct ones of {@code ids}. */
    private void pageStatistics(int[] ids, int single, int n, Statistics<?> statistics) {
        range.reset();
        if (single >= 0) {
            range.add(dictionary.utf8(single));
        } else {
            page++;
            if (seenInPage.length < dictionary.size()) {
                seenInPage = Arrays.copyOf(seenInPage, Math.max(dictionary.size(), seenInPage.length * 2));
            }
            for (int i = 0; i < n; i++) {
                int id = ids[i];
                if (seenInPage[id] != page) {
                    seenInPage[id] = page;
                    range.add(dictionary.utf8(id));
                }
            }
        }
        range.updateStatistics(statistics);
    }

    /** The smallest and largest of some UTF-8 texts, by unsigned bytes, as Parquet orders strings. */
    private static final class TextRange {
        private byte[] min;
        private byte[] max;

        void reset() {
            min = max = null;
        }

        void add(byte[] b) {
            if (min == null || Arrays.compareUnsigned(b, min) < 0) {
                min = b;
            }
            if (max == null || Arrays.compareUnsigned(b, max) > 0) {
                max = b;
            }
        }

        void updateStatistics(Statistics<?> statistics) {
            statistics.updateStats(Binary.fromConstantByteArray(min));
            statistics.updateStats(Binary.fromConstantByteArray(max));
        }
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
            byte[] b = dictionary.utf8(id);
            plain.writeIntLittleEndian(b.length);
            plain.write(b);
        }
        return encoders.dictionaryPage(plain, size);
    }

    @Override
    long dictionaryBytes() {
        return dictionary.plainBytes();
    }

    @Override
    void clearChunk() {
        dictionary.clear();
        plainFromNowOn = false;
        Arrays.fill(seenInPage, 0);
        page = 0;
    }
}
