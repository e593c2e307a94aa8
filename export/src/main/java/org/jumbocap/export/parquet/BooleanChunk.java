package org.jumbocap.export.parquet;

import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.statistics.Statistics;
import org.jumbocap.export.ExportColumn;
import org.jumbocap.export.parquet.encoding.ByteSink;

/** A BOOLEAN column, PLAIN: one bit a value, the first in the lowest bit. */
final class BooleanChunk extends ColumnChunkBuffer {
    BooleanChunk(ExportColumn column, ColumnDescriptor descriptor) {
        super(column, descriptor);
    }

    @Override
    ColumnPage newPage(int capacity) {
        return new ColumnPage.Booleans(column, maxDefinition, capacity);
    }

    @Override
    Encoding encodeValues(ColumnPage page, PageEncoders encoders, ByteSink out, Statistics<?> statistics) {
        ColumnPage.Booleans p = (ColumnPage.Booleans) page;
        int n = p.count;
        boolean[] values = p.values;
        boolean anyTrue = false;
        boolean anyFalse = false;
        int acc = 0;
        for (int i = 0; i < n; i++) {
            boolean b = values[i];
            anyTrue |= b;
            anyFalse |= !b;
            if (b) {
                acc |= 1 << (i & 7);
            }
            if ((i & 7) == 7) {
                out.writeByte(acc);
                acc = 0;
            }
        }
        if ((n & 7) != 0) {
            out.writeByte(acc);
        }
        if (anyFalse) {
            statistics.updateStats(false);
        }
        if (anyTrue) {
            statistics.updateStats(true);
        }
        return Encoding.PLAIN;
    }

    @Override
    DictionaryPage dictionaryPage(PageEncoders encoders) {
        return null;
    }

    @Override
    long dictionaryBytes() {
        return 0;
    }

    @Override
    void clearChunk() {
    }
}
