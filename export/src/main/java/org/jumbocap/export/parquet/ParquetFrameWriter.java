package org.jumbocap.export.parquet;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.jumbocap.export.ExportColumn;
import org.jumbocap.export.FrameRow;

/**
 * Writes export rows to one local Parquet file with parquet-java, through its Hadoop-free API (a local
 * output file, no Hadoop configuration), so no Hadoop runtime is needed. Memory stays bounded by one row
 * group ({@link #ROW_GROUP_BYTES}), buffered before it is written out.
 *
 * <p>Rows go straight to parquet-java's column writers ({@code ColumnWriter.write(value, repetition level,
 * definition level)}), one per leaf column, not through its record layer ({@code RecordConsumer} and the
 * message's column I/O tree), whose per-field bookkeeping cost more than the encoding itself. The levels of
 * this flat schema are fixed per column and worked out once here: a required column is always at
 * definition level 0, an optional one at 1 when set; the lists use the standard three-level form
 * ({@link ParquetSchema}).
 */
public final class ParquetFrameWriter implements Closeable {
    /**
     * Bytes of encoded data per row group. About 2 M rows of small frames: large enough for engines to read
     * efficiently, small enough that the writer's memory stays modest.
     */
    public static final long ROW_GROUP_BYTES = 64L << 20;

    /** Key-value metadata naming the schema's version, for readers that check it. */
    static final Map<String, String> METADATA = Map.of("jumbocap.schema", "frames-1");

    /** Columns whose values rarely repeat: delta-encoded, never dictionary-encoded. */
    private static final List<ExportColumn> UNIQUE_PER_FRAME = List.of(ExportColumn.FRAME_NUMBER, ExportColumn.TIME,
            ExportColumn.TIME_NS, ExportColumn.TCP_SEQ, ExportColumn.TCP_ACK);

    /** Rows held before they go to the column writers (and between two looks at the row group's size). */
    private static final int BATCH_ROWS = 4096;

    private static final ExportColumn[] COLUMNS = ExportColumn.all().toArray(new ExportColumn[0]);
    private static final BytesInputCompressor COMPRESSOR = new SnappyCodecs().getCompressor(CompressionCodecName.SNAPPY);

    private final MessageType schema = ParquetSchema.schema();
    private final ParquetProperties properties;
    private final ParquetFileWriter file;
    /** The leaf column of each export column, in schema order (one leaf each, lists included). */
    private final ColumnDescriptor[] leaves;
    private final ColumnWriter[] writers = new ColumnWriter[COLUMNS.length];
    private ColumnChunkPageWriteStore pages;
    private ColumnWriteStore columns;
    /** The batch, column by column: whether each row has a value, and the value. */
    private final boolean[][] defined = new boolean[COLUMNS.length][BATCH_ROWS];
    private final long[][] numbers = new long[COLUMNS.length][];
    private final Binary[][] texts = new Binary[COLUMNS.length][];
    private final ListBatch[] lists = new ListBatch[COLUMNS.length];
    private int batched;
    private long rowsInGroup;
    private long rows;
    private boolean closed;

    /** The Binary of each text last seen in each slot: rows repeat the same file, address and expert texts. */
    private final String[] cachedTexts = new String[1024];
    private final Binary[] cachedBinaries = new Binary[1024];

    private final long rowGroupBytes;

    /** Creates (or replaces) the file. */
    public ParquetFrameWriter(Path path) throws IOException {
        this(path, ROW_GROUP_BYTES);
    }

    /** With row groups of about {@code rowGroupBytes} of encoded data: small ones let a test see several. */
    ParquetFrameWriter(Path path, long rowGroupBytes) throws IOException {
        this.rowGroupBytes = rowGroupBytes;
        ParquetProperties.Builder p = ParquetProperties.builder()
                // version 2 pages: delta-encoded numbers (frame numbers, times, sequence numbers) make the
                // file less than half the size of version 1's and write faster; DuckDB and Spark read them
                .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_2_0);
        for (ExportColumn c : UNIQUE_PER_FRAME) {
            // nearly every value differs: a dictionary would only fill up and fall back, at a cost per value
            p.withDictionaryEncoding(c.columnName(), false);
        }
        properties = p.build();
        List<ColumnDescriptor> all = schema.getColumns();
        if (all.size() != COLUMNS.length) {
            throw new IllegalStateException("the Parquet schema has " + all.size() + " leaves for " + COLUMNS.length + " columns");
        }
        leaves = all.toArray(new ColumnDescriptor[0]);
        for (int i = 0; i < COLUMNS.length; i++) {
            switch (COLUMNS[i].type()) {
                case INT32, INT64, TIMESTAMP_MICROS, BOOLEAN -> numbers[i] = new long[BATCH_ROWS];
                case STRING -> texts[i] = new Binary[BATCH_ROWS];
                case STRING_LIST -> lists[i] = new ListBatch();
            }
        }
        file = new ParquetFileWriter(new LocalOutputFile(path), schema, ParquetFileWriter.Mode.OVERWRITE,
                rowGroupBytes, ParquetWriter.MAX_PADDING_SIZE_DEFAULT, null, properties);
        file.start();
        startRowGroup();
    }

    private void startRowGroup() {
        // this constructor, not the builder of newer versions: Spark (whose tests run this writer) ships 1.16
        pages = new ColumnChunkPageWriteStore(COMPRESSOR, schema, properties.getAllocator(),
                properties.getColumnIndexTruncateLength(), properties.getPageWriteChecksumEnabled());
        columns = properties.newColumnWriteStore(schema, pages, pages);
        for (int i = 0; i < leaves.length; i++) {
            writers[i] = columns.getColumnWriter(leaves[i]);
        }
        rowsInGroup = 0;
    }

    /** Takes the row's values; they reach the column writers with the rest of their batch. */
    public void write(FrameRow row) throws IOException {
        int r = batched;
        for (int i = 0; i < COLUMNS.length; i++) {
            ExportColumn c = COLUMNS[i];
            boolean set = !row.isNull(c);
            defined[i][r] = set;
            if (!set) {
                continue;
            }
            switch (c.type()) {
                case INT32, INT64, TIMESTAMP_MICROS, BOOLEAN -> numbers[i][r] = row.getLong(c);
                case STRING -> texts[i][r] = binary(row.getString(c));
                case STRING_LIST -> lists[i].add(r, row, c, this);
            }
        }
        rows++;
        if (++batched == BATCH_ROWS) {
            writeBatch();
        }
    }

    /**
     * Hands the batch to the column writers a column at a time: each writer gets a run of values, which
     * keeps its encoders in the cache and the calls into them predictable, where a row at a time goes
     * round thirty writers per row.
     */
    private void writeBatch() throws IOException {
        int n = batched;
        if (n == 0) {
            return;
        }
        for (int i = 0; i < COLUMNS.length; i++) {
            ExportColumn c = COLUMNS[i];
            ColumnWriter w = writers[i];
            boolean[] set = defined[i];
            int level = c.nullable() ? 1 : 0;
            switch (c.type()) {
                case INT32 -> {
                    long[] v = numbers[i];
                    for (int r = 0; r < n; r++) {
                        if (set[r]) {
                            w.write((int) v[r], 0, level);
                        } else {
                            w.writeNull(0, 0);
                        }
                    }
                }
                case INT64, TIMESTAMP_MICROS -> {
                    long[] v = numbers[i];
                    for (int r = 0; r < n; r++) {
                        if (set[r]) {
                            w.write(v[r], 0, level);
                        } else {
                            w.writeNull(0, 0);
                        }
                    }
                }
                case BOOLEAN -> {
                    long[] v = numbers[i];
                    for (int r = 0; r < n; r++) {
                        if (set[r]) {
                            w.write(v[r] != 0, 0, level);
                        } else {
                            w.writeNull(0, 0);
                        }
                    }
                }
                case STRING -> {
                    Binary[] v = texts[i];
                    for (int r = 0; r < n; r++) {
                        if (set[r]) {
                            w.write(v[r], 0, level);
                        } else {
                            w.writeNull(0, 0);
                        }
                    }
                }
                case STRING_LIST -> lists[i].writeTo(w, set, n, level);
            }
        }
        for (int r = 0; r < n; r++) {
            columns.endRecord();
        }
        rowsInGroup += n;
        batched = 0;
        for (ListBatch l : lists) {
            if (l != null) {
                l.clear();
            }
        }
        if (columns.getBufferedSize() >= rowGroupBytes) {
            flushRowGroup();
            startRowGroup();
        }
    }

    /** A list column's items for the batch, one after the other, and how many each row has. */
    private static final class ListBatch {
        final int[] sizes = new int[BATCH_ROWS];
        Binary[] items = new Binary[BATCH_ROWS * 2];
        int itemCount;

        void add(int row, FrameRow from, ExportColumn c, ParquetFrameWriter texts) {
            int k = from.listSize(c);
            sizes[row] = k;
            if (itemCount + k > items.length) {
                items = Arrays.copyOf(items, Math.max(items.length * 2, itemCount + k));
            }
            for (int j = 0; j < k; j++) {
                items[itemCount++] = texts.binary(from.listItem(c, j));
            }
        }

        /**
         * A list's items: the first at repetition level 0 (a new row), the others at 1 (the same list).
         * The element is required, so an item's definition level is one more than the list's own,
         * {@code level} (0 for a required list, 1 for an optional one), for its repeated group. An empty
         * list is a null at the list's own level, a null list a null at level 0.
         */
        void writeTo(ColumnWriter w, boolean[] set, int rowCount, int level) {
            int next = 0;
            for (int r = 0; r < rowCount; r++) {
                if (!set[r]) {
                    w.writeNull(0, 0);
                    continue;
                }
                int k = sizes[r];
                if (k == 0) {
                    w.writeNull(0, level);
                    continue;
                }
                for (int j = 0; j < k; j++) {
                    w.write(items[next++], j == 0 ? 0 : 1, level + 1);
                }
            }
        }

        void clear() {
            Arrays.fill(items, 0, itemCount, null);
            itemCount = 0;
        }
    }

    /** The UTF-8 bytes of a text, encoded once for a text instance the rows keep reusing. */
    private Binary binary(String text) {
        int slot = System.identityHashCode(text) & (cachedTexts.length - 1);
        if (cachedTexts[slot] == text) {
            return cachedBinaries[slot];
        }
        Binary b = Binary.fromConstantByteArray(text.getBytes(StandardCharsets.UTF_8));
        cachedTexts[slot] = text;
        cachedBinaries[slot] = b;
        return b;
    }

    private void flushRowGroup() throws IOException {
        if (rowsInGroup > 0) {
            file.startBlock(rowsInGroup);
            columns.flush();
            pages.flushToFileWriter(file);
            file.endBlock();
        }
        columns.close();
        pages.close();
    }

    /** Rows written so far. */
    public long rows() {
        return rows;
    }

    /** Writes the last row group and the footer. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            writeBatch();
            flushRowGroup();
            file.end(METADATA);
        } finally {
            file.close();
        }
    }
}
