package org.jumbocap.export.parquet;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.jumbocap.export.ExportColumn;
import org.jumbocap.export.parquet.encoding.ByteSink;

/**
 * One leaf column's share of the row group being written: its pages, encoded and compressed as they are
 * filled ({@link ColumnPage}), until {@link #writeTo} hands them to the file with the dictionary page (if
 * any) before them. Subclasses encode the values of their type and keep the chunk's dictionary.
 *
 * <p>Pages are version 2 data pages: levels RLE-encoded without a length and left uncompressed, values
 * snappy-compressed. Each page carries min/max statistics of its values, from which the file writer builds
 * the chunk's statistics and its column index.
 */
abstract class ColumnChunkBuffer {
    /** A page ready for the file. */
    private record EncodedPage(int rows, int nulls, int values, byte[] repetitionLevels, byte[] definitionLevels,
            Encoding encoding, byte[] data, int uncompressedSize, Statistics<?> statistics) {
    }

    final ExportColumn column;
    final ColumnDescriptor descriptor;
    final int maxDefinition;
    final int maxRepetition;

    private final List<EncodedPage> pages = new ArrayList<>();
    private long encodedBytes;
    private long chunkValues;

    ColumnChunkBuffer(ExportColumn column, ColumnDescriptor descriptor) {
        this.column = column;
        this.descriptor = descriptor;
        this.maxDefinition = descriptor.getMaxDefinitionLevel();
        this.maxRepetition = descriptor.getMaxRepetitionLevel();
    }

    /** An empty page of this column for {@code capacity} rows, to fill. */
    abstract ColumnPage newPage(int capacity);

    /**
     * Appends the page's values (of at least one), in an encoding of the subclass's choice, to {@code out}
     * and updates the statistics with their min and max.
     */
    abstract Encoding encodeValues(ColumnPage page, PageEncoders encoders, ByteSink out, Statistics<?> statistics)
            throws IOException;

    /** The dictionary page the chunk's pages refer to, compressed, or null when they refer to none. */
    abstract DictionaryPage dictionaryPage(PageEncoders encoders) throws IOException;

    /** Bytes the chunk's dictionary page takes, before compression; 0 without one. */
    abstract long dictionaryBytes();

    /** Makes ready for the next row group's chunk: a new dictionary. */
    abstract void clearChunk();

    /** Encodes a filled page, if it has rows, and keeps it for the row group; the page is not changed. */
    final void finishPage(ColumnPage page, PageEncoders encoders) throws IOException {
        if (page.rows == 0) {
            return;
        }
        byte[] rep = encoders.levels(page.repetitions, page.levelCount, maxRepetition);
        byte[] def = encoders.levels(page.definitions, page.levelCount, maxDefinition);
        Statistics<?> statistics = Statistics.createStats(descriptor.getPrimitiveType());
        statistics.incrementNumNulls(page.nulls);
        ByteSink data = encoders.data;
        data.reset();
        Encoding encoding = page.valueCount() == 0 ? Encoding.PLAIN : encodeValues(page, encoders, data, statistics);
        byte[] compressed = encoders.compress(data);
        pages.add(new EncodedPage(page.rows, page.nulls, page.levelCount, rep, def, encoding, compressed, data.size(),
                statistics));
        encodedBytes += rep.length + def.length + compressed.length;
        chunkValues += page.levelCount;
    }

    /** Bytes the row group holds for this column so far: its pages and its dictionary. */
    final long bufferedBytes() {
        return encodedBytes + dictionaryBytes();
    }

    /** Writes the column chunk (dictionary page, then the data pages) and starts the next one empty. */
    final void writeTo(ParquetFileWriter file, PageEncoders encoders) throws IOException {
        file.startColumn(descriptor, chunkValues, CompressionCodecName.SNAPPY);
        DictionaryPage dictionary = dictionaryPage(encoders);
        if (dictionary != null) {
            file.writeDictionaryPage(dictionary);
        }
        for (EncodedPage p : pages) {
            file.writeDataPageV2(p.rows, p.nulls, p.values, BytesInput.from(p.repetitionLevels),
                    BytesInput.from(p.definitionLevels), p.encoding, BytesInput.from(p.data), p.uncompressedSize,
                    p.statistics);
        }
        file.endColumn();
        pages.clear();
        encodedBytes = 0;
        chunkValues = 0;
        clearChunk();
    }
}
