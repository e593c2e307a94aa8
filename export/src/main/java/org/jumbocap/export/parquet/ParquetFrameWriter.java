package org.jumbocap.export.parquet;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.jumbocap.export.ExportColumn;
import org.jumbocap.export.FrameRow;

/**
 * Writes export rows to one local Parquet file with parquet-java, through its Hadoop-free API (a local
 * output file and a plain configuration), so no Hadoop runtime is needed. Memory stays bounded by one row
 * group ({@link #ROW_GROUP_BYTES}), which parquet-java buffers before it writes it out.
 */
public final class ParquetFrameWriter implements Closeable {
    /**
     * Bytes of encoded data per row group. About 2 M rows of small frames: large enough for engines to read
     * efficiently, small enough that the writer's memory stays modest.
     */
    public static final long ROW_GROUP_BYTES = 64L << 20;

    /** Columns whose values rarely repeat: delta-encoded, never dictionary-encoded. */
    private static final List<ExportColumn> UNIQUE_PER_FRAME = List.of(ExportColumn.FRAME_NUMBER, ExportColumn.TIME,
            ExportColumn.TIME_NS, ExportColumn.TCP_SEQ, ExportColumn.TCP_ACK);

    private final ParquetWriter<FrameRow> writer;
    private long rows;

    /** Creates (or replaces) the file. */
    public ParquetFrameWriter(Path file) throws IOException {
        Builder builder = new Builder(new LocalOutputFile(file));
        for (ExportColumn c : UNIQUE_PER_FRAME) {
            // nearly every value differs: a dictionary would only fill up and fall back, at a cost per value
            builder.withDictionaryEncoding(c.columnName(), false);
        }
        writer = builder
                .withConf(new PlainParquetConfiguration())
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                // version 2 pages: delta-encoded numbers (frame numbers, times, sequence numbers) make the
                // file less than half the size of version 1's and write faster; DuckDB and Spark read them
                .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_2_0)
                .withCodecFactory(new SnappyCodecs())
                .withCompressionCodec(CompressionCodecName.SNAPPY)
                .withRowGroupSize(ROW_GROUP_BYTES)
                .build();
    }

    public void write(FrameRow row) throws IOException {
        writer.write(row);
        rows++;
    }

    /** Rows written so far. */
    public long rows() {
        return rows;
    }

    @Override
    public void close() throws IOException {
        writer.close();
    }

    private static final class Builder extends ParquetWriter.Builder<FrameRow, Builder> {
        Builder(OutputFile file) {
            super(file);
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected WriteSupport<FrameRow> getWriteSupport(ParquetConfiguration conf) {
            return new FrameRowWriteSupport();
        }

        @Override
        protected WriteSupport<FrameRow> getWriteSupport(org.apache.hadoop.conf.Configuration conf) {
            return new FrameRowWriteSupport();
        }
    }
}
