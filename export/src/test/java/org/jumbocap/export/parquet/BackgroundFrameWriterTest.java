package org.jumbocap.export.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jumbocap.export.FrameRow;
import org.jumbocap.export.FrameRowReader;
import org.jumbocap.io.files.CaptureFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer on its own thread writes exactly the file the plain writer writes, over many batches, and
 * rows taken back are not written.
 */
class BackgroundFrameWriterTest {
    private static final Path SAMPLES = Path.of("../samples");

    @TempDir
    Path tmp;

    private static List<Path> samples() throws IOException {
        try (Stream<Path> s = Files.list(SAMPLES)) {
            return s.filter(p -> p.getFileName().toString().matches(".*\\.pcap(ng)?")).sorted().toList();
        }
    }

    @Test
    void writesTheSameBytesAsThePlainWriter() throws IOException {
        Path plain = tmp.resolve("plain.parquet");
        Path background = tmp.resolve("background.parquet");
        long rows = 0;
        try (ParquetFrameWriter p = new ParquetFrameWriter(plain); BackgroundFrameWriter b = new BackgroundFrameWriter(background)) {
            FrameRow row = new FrameRow();
            // the samples 120 times over: some 60 k rows, more pages than go round between the two threads
            for (int round = 0; round < 120; round++) {
                for (Path sample : samples()) {
                    try (FrameRowReader r = new FrameRowReader(CaptureFiles.open(sample), sample.toString(), null, true)) {
                        while (r.next(row)) {
                            p.write(row);
                            copyInto(row, b.nextRow());
                            rows++;
                            if (rows % 7 == 0) {
                                // a row handed out, filled, then taken back: it must not reach the file
                                FrameRow unused = b.nextRow();
                                copyInto(row, unused);
                                b.cancelRow();
                            }
                        }
                    }
                }
            }
            assertEquals(rows, b.rows());
        }
        assertTrue(rows > 3 * ParquetFrameWriter.DEFAULT_LIMITS.pageRows(), "rows: " + rows);
        assertArrayEquals(Files.readAllBytes(plain), Files.readAllBytes(background));
    }

    private static void copyInto(FrameRow from, FrameRow to) {
        to.clear();
        for (org.jumbocap.export.ExportColumn c : org.jumbocap.export.ExportColumn.all()) {
            if (from.isNull(c)) {
                continue;
            }
            switch (c.type()) {
                case STRING -> to.setString(c, from.getString(c));
                case INT32, INT64, TIMESTAMP_MICROS -> to.setLong(c, from.getLong(c));
                case BOOLEAN -> to.setBoolean(c, from.getBoolean(c));
                case STRING_LIST -> {
                    to.startList(c);
                    for (int i = 0; i < from.listSize(c); i++) {
                        to.addToList(c, from.listItem(c, i));
                    }
                }
            }
        }
    }

    @Test
    void takingBackWithoutARowIsAMistake() throws IOException {
        try (BackgroundFrameWriter b = new BackgroundFrameWriter(tmp.resolve("empty.parquet"))) {
            assertThrows(IllegalStateException.class, b::cancelRow);
            b.nextRow();
            b.cancelRow();
            assertEquals(0, b.rows());
        }
    }
}
