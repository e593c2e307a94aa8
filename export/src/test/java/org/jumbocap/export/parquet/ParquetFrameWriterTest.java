package org.jumbocap.export.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jumbocap.export.ExportColumn;
import org.jumbocap.export.FrameRow;
import org.jumbocap.export.FrameRowReader;
import org.jumbocap.io.files.CaptureFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The column writer read back by an independent reader (DuckDB): every value of every row, over many of
 * the writer's batches and several row groups, so rows that cross a batch or a row group keep their
 * values, nulls, empty lists and list items.
 */
class ParquetFrameWriterTest {
    private static final Path SAMPLES = Path.of("../samples");
    private static final List<ExportColumn> COLUMNS = ExportColumn.all();

    @TempDir
    Path tmp;

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
    void everyValueReadsBackAcrossBatchesAndRowGroups() throws IOException, SQLException {
        Path out = tmp.resolve("frames.parquet");
        List<String[]> expected = new ArrayList<>();
        // 512 KiB row groups: several in the file, where the command line's would hold all of it in one
        try (ParquetFrameWriter w = new ParquetFrameWriter(out, 512 << 10)) {
            FrameRow row = new FrameRow();
            for (int round = 0; expected.size() < 30_000; round++) {
                for (Path sample : samples()) {
                    String name = sample.getFileName() + "#" + round;
                    try (FrameRowReader r = new FrameRowReader(CaptureFiles.open(sample), name, null, true)) {
                        while (r.next(row)) {
                            w.write(row);
                            expected.add(texts(row));
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
                assertTrue(rs.getLong(1) >= 3, "row groups: " + rs.getLong(1));
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
