package org.jumbocap.export.parquet;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.jumbocap.export.ExportColumn;
import org.jumbocap.export.FrameRow;
import org.jumbocap.export.parquet.encoding.ByteSink;

/**
 * One leaf column's share of the row group being written: the levels and values of the page being filled,
 * then the row group's pages, encoded and compressed, until {@link #writeTo} hands them to the file with
 * the dictionary page (if any) before them. Subclasses hold the values of their type and encode them.
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

    private byte[] definitions = new byte[1024];
    private byte[] repetitions = new byte[1024];
    private int levelCount;
    private int pageRows;
    private int pageNulls;

    private final List<EncodedPage> pages = new ArrayList<>();
    private long encodedBytes;
    private long chunkValues;

    ColumnChunkBuffer(ExportColumn column, ColumnDescriptor descriptor) {
        this.column = column;
        this.descriptor = descriptor;
        this.maxDefinition = descriptor.getMaxDefinitionLevel();
        this.maxRepetition = descriptor.getMaxRepetitionLevel();
    }

    /** Takes this column's value(s) of the row. */
    abstract void add(FrameRow row);

    /**
     * Appends the page's values, in an encoding of the subclass's choice, to {@code out}; updates the
     * statistics with their min and max; and forgets them for the next page.
     */
    abstract Encoding encodeValues(PageEncoders encoders, ByteSink out, Statistics<?> statistics) throws IOException;

    /** The dictionary page the chunk's pages refer to, compressed, or null when they refer to none. */
    abstract DictionaryPage dictionaryPage(PageEncoders encoders) throws IOException;

    /** Bytes the chunk's dictionary page takes, before compression; 0 without one. */
    abstract long dictionaryBytes();

    /** Makes ready for the next row group's chunk: a new dictionary. */
    abstract void clearChunk();

    /** One value (or list item, or null) at these levels: below the maximum definition level it is a null. */
    final void level(int repetition, int definition) {
        if (levelCount == definitions.length) {
            definitions = Arrays.copyOf(definitions, levelCount * 2);
            repetitions = Arrays.copyOf(repetitions, levelCount * 2);
        }
        definitions[levelCount] = (byte) definition;
        repetitions[levelCount] = (byte) repetition;
        levelCount++;
        if (definition < maxDefinition) {
            pageNulls++;
        }
    }

    /** Ends a row: every column calls it once per {@link #add}. */
    final void endRow() {
        pageRows++;
    }

    /** Encodes the page filled so far, if any, and keeps it for the row group. */
    final void finishPage(PageEncoders encoders) throws IOException {
        if (pageRows == 0) {
            return;
        }
        byte[] rep = encoders.levels(repetitions, levelCount, maxRepetition);
        byte[] def = encoders.levels(definitions, levelCount, maxDefinition);
        Statistics<?> statistics = Statistics.createStats(descriptor.getPrimitiveType());
        statistics.incrementNumNulls(pageNulls);
        ByteSink data = encoders.data;
        data.reset();
        Encoding encoding = encodeValues(encoders, data, statistics);
        byte[] compressed = encoders.compress(data);
        pages.add(new EncodedPage(pageRows, pageNulls, levelCount, rep, def, encoding, compressed, data.size(), statistics));
        encodedBytes += rep.length + def.length + compressed.length;
        chunkValues += levelCount;
        levelCount = 0;
        pageRows = 0;
        pageNulls = 0;
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
