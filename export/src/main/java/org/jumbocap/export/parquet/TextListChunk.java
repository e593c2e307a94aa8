package org.jumbocap.export.parquet;

import org.apache.parquet.column.ColumnDescriptor;
import org.jumbocap.export.ExportColumn;
import org.jumbocap.export.FrameRow;
import org.jumbocap.export.parquet.encoding.Utf8Cache;

/**
 * A list of strings in the standard three-level form ({@link ParquetSchema}): the items are the leaf
 * column's values. The first item of a row is at repetition level 0 and the others at 1; an item is at
 * the maximum definition level, an empty list one below it, a null list (of an optional column) at 0.
 */
final class TextListChunk extends TextChunk {
    TextListChunk(ExportColumn column, ColumnDescriptor descriptor, long dictionaryLimit, Utf8Cache utf8) {
        super(column, descriptor, dictionaryLimit, utf8);
    }

    @Override
    void add(FrameRow row) {
        if (row.isNull(column)) {
            level(0, 0);
        } else {
            int k = row.listSize(column);
            if (k == 0) {
                level(0, maxDefinition - 1);
            }
            for (int j = 0; j < k; j++) {
                level(j == 0 ? 0 : 1, maxDefinition);
                value(row.listItem(column, j));
            }
        }
        endRow();
    }
}
