package org.jumbocap.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The record-header walk that counts what libpcap's dump wrote and finds where a failed write left the
 * last whole record: on a kernel sample it agrees with the capture reader frame for frame, and on every
 * cut of the file inside a record it stops at that record's start.
 */
class PcapRecordsTest {
    private static final Path SAMPLE = Path.of("../samples/ipv4-bigtcp-veth.pcap");

    @TempDir
    Path dir;

    @Test
    void agreesWithTheReaderAndStopsAtACutRecord() throws IOException {
        List<FrameRecord> frames = LiveFileWriterTest.readAll(SAMPLE);
        List<long[]> lengths = new ArrayList<>();
        PcapDumpFile.PcapRecords.Walk whole = PcapDumpFile.PcapRecords.walk(SAMPLE,
                (cap, orig) -> lengths.add(new long[] {cap, orig}));
        assertEquals(frames.size(), whole.records());
        assertEquals(Files.size(SAMPLE), whole.wholeEnd());
        for (int i = 0; i < frames.size(); i++) {
            assertEquals(frames.get(i).capturedLength(), lengths.get(i)[0], "frame " + (i + 1));
            assertEquals(frames.get(i).originalLength(), lengths.get(i)[1], "frame " + (i + 1));
        }
        byte[] bytes = Files.readAllBytes(SAMPLE);
        long start = 24;
        for (int i = 0; i < frames.size(); i++) {
            long end = start + 16 + frames.get(i).capturedLength();
            // cut inside the header and inside the data of record i + 1
            for (long cut : new long[] {start + 7, start + 16 + frames.get(i).capturedLength() / 2}) {
                if (cut >= end) {
                    continue;
                }
                Path cutFile = dir.resolve("cut.pcap");
                Files.write(cutFile, java.util.Arrays.copyOf(bytes, (int) cut));
                PcapDumpFile.PcapRecords.Walk w = PcapDumpFile.PcapRecords.walk(cutFile, null);
                assertEquals(i, w.records(), "cut at " + cut);
                assertEquals(start, w.wholeEnd(), "cut at " + cut);
            }
            start = end;
        }
    }
}
