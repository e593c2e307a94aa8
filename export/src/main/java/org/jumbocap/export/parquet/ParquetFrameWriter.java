package org.jumbocap.export.parquet;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.jumbocap.export.ExportColumn;
import org.jumbocap.export.FrameRow;
import org.jumbocap.export.FrameRowBlock;
import org.jumbocap.export.parquet.encoding.Utf8Cache;
import org.xerial.snappy.Snappy;

/**
 * Writes export rows to one local Parquet file. The rows are gathered in pages column by column
 * ({@link RowPage}), each page is encoded here a column at a time ({@link ColumnChunkBuffer} and its
 * subclasses, over the encoders of {@code encoding}), and
 * parquet-java's {@link ParquetFileWriter} lays out the file: page headers, column chunk metadata, column
 * and offset indexes, footer. Its column writers are not used: their per-value work (a dictionary
 * fall-back check after every value, hash lookups, statistics compares) cost more than dissecting the frame.
 * No Hadoop runtime is needed (a local output file, no Hadoop configuration). Memory stays bounded by one
 * row group ({@link Limits}), held encoded until it is written out.
 */
public final class ParquetFrameWriter implements Closeable {
    /**
     * Bounds of the writer's buffers: a row group ends at {@code rowGroupBytes} of encoded data or
     * {@code rowGroupRows} rows, whichever comes first; a page holds {@code pageRows} rows; a column
     * chunk's dictionary page at most {@code dictionaryBytes} (then the rest of the chunk goes plain).
     */
    public record Limits(long rowGroupBytes, int rowGroupRows, int pageRows, long dictionaryBytes) {
        public Limits {
            if (rowGroupBytes <= 0 || rowGroupRows <= 0 || pageRows <= 0 || dictionaryBytes <= 0) {
                throw new IllegalArgumentException("limits must be positive: " + rowGroupBytes + ", " + rowGroupRows
                        + ", " + pageRows + ", " + dictionaryBytes);
            }
        }
    }

    /**
     * 64 MiB or 1 Mi rows a row group: engines read a row group per task, so a 1.5 M-frame capture makes two;
     * 16 Ki rows a page (a few hundred KiB of the widest column); dictionaries up to 1 MiB, as parquet-java's.
     */
    public static final Limits DEFAULT_LIMITS = new Limits(64L << 20, 1 << 20, 1 << 14, 1L << 20);

    /** Key-value metadata naming the schema's version, for readers that check it. */
    static final Map<String, String> METADATA = Map.of("jumbocap.schema", "frames-1");

    /** Columns whose values rarely repeat: delta-encoded, never dictionary-encoded. */
    private static final List<ExportColumn> UNIQUE_PER_FRAME = List.of(ExportColumn.FRAME_NUMBER, ExportColumn.TIME,
            ExportColumn.TIME_NS, ExportColumn.TCP_SEQ, ExportColumn.TCP_ACK);

    private static final ExportColumn[] COLUMNS = ExportColumn.all().toArray(new ExportColumn[0]);

    private final Limits limits;
    private final ParquetFileWriter file;
    private final ColumnChunkBuffer[] chunks = new ColumnChunkBuffer[COLUMNS.length];
    private final PageEncoders encoders = new PageEncoders();
    /** The page {@link #write} fills. */
    private final RowPage page;
    private long rowsInGroup;
    private long rows;
    private boolean closed;

    /** Creates (or replaces) the file. */
    public ParquetFrameWriter(Path path) throws IOException {
        this(path, DEFAULT_LIMITS);
    }

    /** With other bounds: small ones let a test see many pages, row groups and dictionary fall-backs. */
    ParquetFrameWriter(Path path, Limits limits) throws IOException {
        this.limits = limits;
        MessageType schema = ParquetSchema.schema();
        List<ColumnDescriptor> leaves = schema.getColumns();
        if (leaves.size() != COLUMNS.length) {
            throw new IllegalStateException("the Parquet schema has " + leaves.size() + " leaves for " + COLUMNS.length + " columns");
        }
        Utf8Cache utf8 = new Utf8Cache();
        for (int i = 0; i < COLUMNS.length; i++) {
            ExportColumn c = COLUMNS[i];
            ColumnDescriptor d = leaves.get(i);
            chunks[i] = switch (c.type()) {
                case INT32 -> new NumberChunk(c, d, true, false, limits.dictionaryBytes());
                case INT64, TIMESTAMP_MICROS -> new NumberChunk(c, d, false, UNIQUE_PER_FRAME.contains(c), limits.dictionaryBytes());
                case BOOLEAN -> new BooleanChunk(c, d);
                case STRING, STRING_LIST -> new TextChunk(c, d, limits.dictionaryBytes(), utf8);
            };
        }
        // the properties only shape what the file writer adds itself (column index truncation, page checksums)
        ParquetProperties properties = ParquetProperties.builder()
                .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_2_0).build();
        file = new ParquetFileWriter(new LocalOutputFile(path), schema, ParquetFileWriter.Mode.OVERWRITE,
                limits.rowGroupBytes(), ParquetWriter.MAX_PADDING_SIZE_DEFAULT, null, properties);
        file.start();
        page = newPage(limits.pageRows());
    }

    /**
     * Loads what the writer first needs at its first page and at the footer: snappy-java's native library
     * (extracted from its jar and loaded) and parquet-java's footer metadata (whose class sets up a JSON
     * mapper). About 80 ms together; the writing thread does it while it waits for its first rows, so
     * neither lands on a short export's critical path.
     */
    static void initializeLibraries() throws IOException {
        Snappy.maxCompressedLength(1);
        try {
            Class.forName(ParquetMetadata.class.getName(), true, ParquetFrameWriter.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private RowPage newPage(int rows) {
        ColumnPage[] columns = new ColumnPage[chunks.length];
        for (int i = 0; i < chunks.length; i++) {
            columns[i] = chunks[i].newPage(rows);
        }
        return new RowPage(columns, rows);
    }

    /** Takes the row's values; they are encoded with the rest of their page. */
    public void write(FrameRow row) throws IOException {
        write(row.block(), row.index(), 1);
    }

    /** Takes rows {@code [from, from + n)} of a block, as {@link #write(FrameRow)} of each in turn would. */
    public void write(FrameRowBlock block, int from, int n) throws IOException {
        int done = 0;
        while (done < n) {
            int k = Math.min(n - done, page.room());
            page.add(block, from + done, k);
            done += k;
            if (page.isFull()) {
                finishPage();
            }
        }
    }

    /** Encodes the page, if it has rows, and ends the row group when it is full. */
    private void finishPage() throws IOException {
        if (page.rows == 0) {
            return;
        }
        long bytes = 0;
        for (int i = 0; i < chunks.length; i++) {
            chunks[i].finishPage(page.columns[i], encoders);
            bytes += chunks[i].bufferedBytes();
        }
        rowsInGroup += page.rows;
        rows += page.rows;
        page.clear();
        if (bytes >= limits.rowGroupBytes() || rowsInGroup >= limits.rowGroupRows()) {
            writeRowGroup();
        }
    }

    private void writeRowGroup() throws IOException {
        if (rowsInGroup == 0) {
            return;
        }
        file.startBlock(rowsInGroup);
        for (ColumnChunkBuffer c : chunks) {
            c.writeTo(file, encoders);
        }
        file.endBlock();
        rowsInGroup = 0;
    }

    /** Rows encoded so far, or held in the page being filled. */
    public long rows() {
        return rows + page.rows;
    }

    /** Writes the last page and row group and the footer. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            finishPage();
            writeRowGroup();
            file.end(METADATA);
        } finally {
            file.close();
        }
    }
}
