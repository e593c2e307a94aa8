package org.jumbocap.export.parquet;

import java.util.Arrays;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.statistics.Statistics;
import org.jumbocap.export.ExportColumn;
import org.jumbocap.export.FrameRow;
import org.jumbocap.export.parquet.encoding.ByteSink;

/** A BOOLEAN column, PLAIN: one bit a value, the first in the lowest bit. */
final class BooleanChunk extends ColumnChunkBuffer {
    private boolean[] values = new boolean[1024];
    private int count;

    BooleanChunk(ExportColumn column, ColumnDescriptor descriptor) {
        super(column, descriptor);
    }

    @Override
    void add(FrameRow row) {
        if (row.isNull(column)) {
            level(0, 0);
        } else {
            level(0, maxDefinition);
            if (count == values.length) {
                values = Arrays.copyOf(values, count * 2);
            }
            values[count++] = row.getBoolean(column);
        }
        endRow();
    }

    @Override
    Encoding encodeValues(PageEncoders encoders, ByteSink out, Statistics<?> statistics) {
        int n = count;
        count = 0;
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
