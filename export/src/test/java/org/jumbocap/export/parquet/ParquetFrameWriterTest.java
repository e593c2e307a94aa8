package org.jumbocap.export.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.io.LocalInputFile;
import org.jumbocap.export.ExportColumn;
import org.jumbocap.export.FrameRow;
import org.jumbocap.export.FrameRowBlock;
import org.jumbocap.export.FrameRowReader;
import org.jumbocap.io.files.CaptureFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer's pages read back by an independent reader (DuckDB): every value of every row, over many
 * pages and several row groups, so rows that cross a page or a row group keep their values, nulls, empty
 * lists and list items; and with dictionaries so small that every dictionary-encoded column falls back to
 * plain pages within its chunk, after pages that use the dictionary.
 */
class ParquetFrameWriterTest {
    private static final Path SAMPLES = Path.of("../samples");
    private static final List<ExportColumn> COLUMNS = ExportColumn.all();

    @TempDir
    Path tmp;

    /** The rows last written, each column's value as {@link FrameRow#value} gives it. */
    private final List<Object[]> values = new ArrayList<>();

    private static List<Path> samples() throws IOException {
        List<Path> all = new ArrayList<>();
        for (Path dir : List.of(SAMPLES, SAMPLES.resolve("crafted"))) {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(p -> p.getFileName().toString().matches(".*\\.pcap(ng)?")).sorted().forEach(all::add);
            }
        }
        return all;
    }

    @Test
    void everyValueReadsBackAcrossPagesAndRowGroups() throws IOException, SQLException {
        // pages of 1000 rows, row groups of 7000: many of both, where the command line's holds all in one
        ParquetFrameWriter.Limits small = new ParquetFrameWriter.Limits(64L << 20, 7000, 1000, 1L << 20);
        assertTrue(writeAndReadBack(small) >= 4, "row groups");
        pageStatisticsAreThoseOfTheirRows(7000, 1000);
    }

    /**
     * Rows written a block at a time ({@link ParquetFrameWriter#write(FrameRowBlock, int, int)}) make the
     * file that the same rows written one by one make, whatever the slices: with pages of 70 rows, blocks of 300
     * rows written in slices of 1, 37 and the rest start and end inside pages, and tiny dictionaries make
     * every dictionary column fall back to plain pages on the way.
     */
    @Test
    void blocksWriteTheSameFileAsRowsOneByOne() throws IOException {
        ParquetFrameWriter.Limits small = new ParquetFrameWriter.Limits(64L << 20, 1000, 70, 512);
        Path byRow = tmp.resolve("by-row.parquet");
        Path byBlock = tmp.resolve("by-block.parquet");
        FrameRowBlock block = new FrameRowBlock(300);
        long rows = 0;
        try (ParquetFrameWriter rowWriter = new ParquetFrameWriter(byRow, small);
             ParquetFrameWriter blockWriter = new ParquetFrameWriter(byBlock, small)) {
            int held = 0;
            for (Path sample : samples()) {
                try (FrameRowReader r = new FrameRowReader(CaptureFiles.open(sample), sample.toString(), null, true)) {
                    while (r.next(block.row(held))) {
                        rowWriter.write(block.row(held));
                        rows++;
                        if (++held == block.capacity()) {
                            writeInSlices(blockWriter, block, held);
                            held = 0;
                        }
                    }
                }
            }
            writeInSlices(blockWriter, block, held);
            assertEquals(rows, blockWriter.rows());
        }
        assertTrue(rows > 3 * block.capacity(), "rows: " + rows);
        assertArrayEquals(Files.readAllBytes(byRow), Files.readAllBytes(byBlock));
    }

    private static void writeInSlices(ParquetFrameWriter writer, FrameRowBlock block, int n) throws IOException {
        int first = Math.min(n, 1);
        int second = Math.min(n - first, 37);
        writer.write(block, 0, first);
        writer.write(block, first, second);
        writer.write(block, first + second, n - first - second);
    }

    /**
     * Every page's null count, min and max in the column index (which the file writer builds from the
     * statistics each page carries, and which engines use to skip pages) are those of the rows it holds.
     */
    private void pageStatisticsAreThoseOfTheirRows(int groupRows, int pageRows) throws IOException {
        int checked = 0;
        try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(tmp.resolve("frames.parquet")), SnappyReading.options())) {
            long groupStart = 0;
            for (BlockMetaData block : r.getFooter().getBlocks()) {
                for (int c = 0; c < COLUMNS.size(); c++) {
                    ColumnIndex index = r.readColumnIndex(block.getColumns().get(c));
                    for (int page = 0; page < index.getNullPages().size(); page++) {
                        int from = (int) groupStart + page * pageRows;
                        int to = (int) Math.min(groupStart + block.getRowCount(), from + pageRows);
                        PageFacts facts = new PageFacts();
                        for (int row = from; row < to; row++) {
                            facts.add(values.get(row)[c]);
                        }
                        String where = COLUMNS.get(c).columnName() + ", row group at row " + groupStart + ", page " + page;
                        assertEquals(facts.nulls, (long) index.getNullCounts().get(page), "nulls: " + where);
                        assertEquals(facts.min == null, index.getNullPages().get(page), "null page: " + where);
                        if (facts.min != null) {
                            assertArrayEquals(facts.min, bytes(index.getMinValues().get(page)), "min: " + where);
                            assertArrayEquals(facts.max, bytes(index.getMaxValues().get(page)), "max: " + where);
                        }
                        checked++;
                    }
                }
                assertTrue(block.getRowCount() <= groupRows, "rows in a group: " + block.getRowCount());
                groupStart += block.getRowCount();
            }
            assertEquals(values.size(), groupStart, "rows in the row groups");
        }
        assertTrue(checked > 100, "pages checked: " + checked);
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] a = new byte[b.remaining()];
        b.duplicate().get(a);
        return a;
    }

    /** A page's nulls, min and max, as Parquet's PLAIN encoding has them (little-endian numbers, UTF-8 texts). */
    private static final class PageFacts {
        long nulls;
        byte[] min;
        byte[] max;

        void add(Object value) {
            if (value == null) {
                nulls++;
            } else if (value instanceof String[] list) {
                if (list.length == 0) {
                    nulls++;
                }
                for (String item : list) {
                    add(item);
                }
            } else {
                byte[] b = plain(value);
                boolean unsigned = value instanceof String;
                if (min == null || compare(b, min, unsigned) < 0) {
                    min = b;
                }
                if (max == null || compare(b, max, unsigned) > 0) {
                    max = b;
                }
            }
        }

        private static byte[] plain(Object v) {
            if (v instanceof String s) {
                return s.getBytes(StandardCharsets.UTF_8);
            }
            if (v instanceof Boolean b) {
                return new byte[] {(byte) (b ? 1 : 0)};
            }
            if (v instanceof Integer i) {
                return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(i).array();
            }
            return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong((Long) v).array();
        }

        /** Texts by unsigned bytes, numbers by signed value (both little-endian, read back). */
        private static int compare(byte[] a, byte[] b, boolean unsigned) {
            if (unsigned) {
                return Arrays.compareUnsigned(a, b);
            }
            ByteBuffer x = ByteBuffer.wrap(a).order(ByteOrder.LITTLE_ENDIAN);
            ByteBuffer y = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
            return switch (a.length) {
                case 1 -> Byte.compare(a[0], b[0]);
                case 4 -> Integer.compare(x.getInt(), y.getInt());
                default -> Long.compare(x.getLong(), y.getLong());
            };
        }
    }

    @Test
    void everyValueReadsBackWhenDictionariesFallBackToPlainPages() throws IOException, SQLException {
        // 400 bytes of dictionary: addresses, lengths and windows outgrow it after a chunk's first pages
        ParquetFrameWriter.Limits tiny = new ParquetFrameWriter.Limits(64L << 20, 10_000, 200, 400);
        writeAndReadBack(tiny);
        // the pages' encodings, read by parquet-java's reader: dictionary pages first, then plain or delta ones
        Set<String> fellBack = new TreeSet<>();
        try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(tmp.resolve("frames.parquet")), SnappyReading.options())) {
            PageReadStore group;
            while ((group = r.readNextRowGroup()) != null) {
                for (ColumnDescriptor d : r.getFileMetaData().getSchema().getColumns()) {
                    PageReader pages = group.getPageReader(d);
                    boolean dictionary = false;
                    DataPage page;
                    while ((page = pages.readPage()) != null) {
                        Encoding e = ((DataPageV2) page).getDataEncoding();
                        if (e == Encoding.RLE_DICTIONARY) {
                            dictionary = true;
                        } else if (dictionary && page.getValueCount() > ((DataPageV2) page).getNullCount()) {
                            fellBack.add(d.getPrimitiveType().getName() + ":" + d.getPrimitiveType().getPrimitiveTypeName()
                                    + ":" + e);
                        }
                    }
                }
            }
        }
        for (String expected : List.of("src_addr:BINARY:PLAIN", "tcp_window:INT32:PLAIN", "ip_payload_length:INT64:DELTA_BINARY_PACKED")) {
            assertTrue(fellBack.contains(expected), "columns with dictionary pages, then others in one chunk: " + fellBack);
        }
    }

    @Test
    void theDefaultLimitsKeepSmallCapturesInOneRowGroup() throws IOException, SQLException {
        assertEquals(1, writeAndReadBack(ParquetFrameWriter.DEFAULT_LIMITS));
    }

    /** Writes about 30,000 rows of every sample, reads them back, compares them all; returns the row groups. */
    private long writeAndReadBack(ParquetFrameWriter.Limits limits) throws IOException, SQLException {
        Path out = tmp.resolve("frames.parquet");
        List<String[]> expected = new ArrayList<>();
        values.clear();
        long rowGroups;
        try (ParquetFrameWriter w = new ParquetFrameWriter(out, limits)) {
            FrameRow row = new FrameRow();
            for (int round = 0; expected.size() < 30_000; round++) {
                for (Path sample : samples()) {
                    String name = sample.getFileName() + "#" + round;
                    try (FrameRowReader r = new FrameRowReader(CaptureFiles.open(sample), name, null, true)) {
                        while (r.next(row)) {
                            w.write(row);
                            expected.add(texts(row));
                            Object[] v = new Object[COLUMNS.size()];
                            for (ExportColumn c : COLUMNS) {
                                v[c.ordinal()] = row.value(c);
                            }
                            values.add(v);
                        }
                    } catch (IOException e) {
                        // a crafted capture that is cut: its good rows were written, as the command line does
                    }
                }
            }
            assertEquals(expected.size(), w.rows());
        }

        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            String file = "'" + out.toAbsolutePath() + "'";
            try (ResultSet rs = s.executeQuery("SELECT count(DISTINCT row_group_id) FROM parquet_metadata(" + file + ")")) {
                rs.next();
                rowGroups = rs.getLong(1);
            }
            StringBuilder sql = new StringBuilder("SELECT ");
            for (ExportColumn col : COLUMNS) {
                String n = col.columnName();
                sql.append(switch (col.type()) {
                    case STRING_LIST -> "CASE WHEN " + n + " IS NULL THEN NULL ELSE '[' || array_to_string(" + n
                            + ", '|') || ']' END";
                    case TIMESTAMP_MICROS -> "CAST(epoch_us(" + n + ") AS VARCHAR)";
                    default -> "CAST(" + n + " AS VARCHAR)";
                }).append(", ");
            }
            sql.append("file_row_number FROM read_parquet(").append(file).append(", file_row_number = true)")
                    .append(" ORDER BY file_row_number");
            int i = 0;
            try (ResultSet rs = s.executeQuery(sql.toString())) {
                while (rs.next()) {
                    String[] got = new String[COLUMNS.size()];
                    for (int k = 0; k < got.length; k++) {
                        got[k] = rs.getString(k + 1);
                    }
                    assertArrayEquals(expected.get(i), got, "row " + i);
                    i++;
                }
            }
            assertEquals(expected.size(), i, "rows read back");
        }
        assertTrue(expected.stream().anyMatch(r -> r[ExportColumn.TCP_ANALYSIS.ordinal()] == null));
        assertTrue(expected.stream().anyMatch(r -> "[]".equals(r[ExportColumn.TCP_ANALYSIS.ordinal()])));
        assertTrue(expected.stream().anyMatch(r -> r[ExportColumn.EXPERT_IDS.ordinal()].contains("|")),
                "some row has several expert ids");
        return rowGroups;
    }

    /** Each column's value as DuckDB prints it: numbers, true/false, texts, lists as [a|b], null as null. */
    private static String[] texts(FrameRow row) {
        String[] t = new String[COLUMNS.size()];
        for (ExportColumn c : COLUMNS) {
            Object v = row.value(c);
            t[c.ordinal()] = v == null ? null : v instanceof String[] list ? "[" + String.join("|", list) + "]" : v.toString();
        }
        return t;
    }
}
