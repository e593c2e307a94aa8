package org.jumbocap.export.parquet;

import java.util.HashMap;
import java.util.List;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.jumbocap.export.ExportColumn;
import org.jumbocap.export.FrameRow;

/** Hands each {@link FrameRow} to parquet-java's record consumer, column by column in schema order. */
final class FrameRowWriteSupport extends WriteSupport<FrameRow> {
    private static final List<ExportColumn> COLUMNS = ExportColumn.all();

    private RecordConsumer consumer;
    /** The Binary of each text last seen in each slot: rows repeat the same file, address and expert texts. */
    private final String[] cachedTexts = new String[1024];
    private final Binary[] cachedBinaries = new Binary[1024];

    @Override
    public WriteContext init(ParquetConfiguration configuration) {
        HashMap<String, String> metadata = new HashMap<>();
        metadata.put("jumbocap.schema", "frames-1");
        return new WriteContext(ParquetSchema.schema(), metadata);
    }

    @Override
    public WriteContext init(org.apache.hadoop.conf.Configuration configuration) {
        throw new UnsupportedOperationException("jumbocap writes Parquet without a Hadoop configuration");
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
        this.consumer = recordConsumer;
    }

    @Override
    public void write(FrameRow row) {
        RecordConsumer c = consumer;
        c.startMessage();
        for (int i = 0; i < COLUMNS.size(); i++) {
            ExportColumn column = COLUMNS.get(i);
            if (row.isNull(column)) {
                continue;
            }
            String name = column.columnName();
            c.startField(name, i);
            switch (column.type()) {
                case STRING -> c.addBinary(binary(row.getString(column)));
                case INT32 -> c.addInteger(row.getInt(column));
                case INT64, TIMESTAMP_MICROS -> c.addLong(row.getLong(column));
                case BOOLEAN -> c.addBoolean(row.getBoolean(column));
                case STRING_LIST -> writeList(c, row, column);
            }
            c.endField(name, i);
        }
        c.endMessage();
    }

    /** The UTF-8 bytes of a text, encoded once for a text instance the rows keep reusing. */
    private Binary binary(String text) {
        int slot = System.identityHashCode(text) & (cachedTexts.length - 1);
        if (cachedTexts[slot] == text) {
            return cachedBinaries[slot];
        }
        Binary b = Binary.fromConstantByteArray(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        cachedTexts[slot] = text;
        cachedBinaries[slot] = b;
        return b;
    }

    private void writeList(RecordConsumer c, FrameRow row, ExportColumn column) {
        c.startGroup();
        int n = row.listSize(column);
        if (n > 0) {
            c.startField(ParquetSchema.LIST, 0);
            for (int k = 0; k < n; k++) {
                c.startGroup();
                c.startField(ParquetSchema.ELEMENT, 0);
                c.addBinary(binary(row.listItem(column, k)));
                c.endField(ParquetSchema.ELEMENT, 0);
                c.endGroup();
            }
            c.endField(ParquetSchema.LIST, 0);
        }
        c.endGroup();
    }
}
