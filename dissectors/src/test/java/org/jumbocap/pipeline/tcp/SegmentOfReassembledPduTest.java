package org.jumbocap.pipeline.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.proto.tcp.TcpFields;
import org.jumbocap.testing.TsharkCrossCheck;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * "[TCP segment of a reassembled PDU]" in the Info column where tshark 4.0 prints it, frame by frame on the
 * samples (samples/expected/tshark-fields): the whole Info of a segment that only begins a message completed
 * later, appended to TCP's Info on a segment that only continues one, nowhere else; from the summary (the
 * packet list) and from the tree alike.
 */
class SegmentOfReassembledPduTest {
    private static final String MARK = TcpFields.SEGMENT_OF_A_PDU;

    @ParameterizedTest
    @CsvSource({"tls-veth.pcap, tls-veth.pcap.tls-reassembled.tsv, 5", "http-veth.pcap, http-veth.pcap.http.tsv, 27"})
    void markedWhereTsharkMarks(String sample, String table, int tsharkMarks) throws Exception {
        List<String> lines = Files.readAllLines(TsharkCrossCheck.sample("expected").resolve("tshark-fields").resolve(table),
                StandardCharsets.UTF_8);
        int info = List.of(lines.get(0).split("\t", -1)).indexOf("_ws.col.Info");
        FramePipeline pipeline = new FramePipeline(new FrameDissector(), null, false, new TcpConversations());
        List<String> differences = new ArrayList<>();
        int marked = 0;
        try (CaptureReader reader = CaptureFiles.open(TsharkCrossCheck.sample(sample))) {
            FrameRecord record = new FrameRecord();
            FrameSummary summary = new FrameSummary();
            for (int row = 1; reader.next(record); row++) {
                pipeline.accept(record, 0, 0, summary);
                String fromSummary = SummaryText.info(summary, pipeline.tcpAnalysis());
                String fromTree = SummaryText.info(pipeline.tree());
                String theirs = lines.get(row).split("\t", -1)[info];
                marked += theirs.contains(MARK) ? 1 : 0;
                for (String mine : new String[] {fromSummary, fromTree}) {
                    boolean agrees;
                    if (theirs.equals(MARK)) {
                        agrees = MARK.equals(mine);
                    } else if (theirs.matches("\\d+ → \\d+ .*" + java.util.regex.Pattern.quote(" " + MARK))) {
                        // tshark's TCP Info also names the ports and timestamps: the mark's place is what counts
                        agrees = mine != null && mine.matches("\\[.*\\] Seq=.* " + java.util.regex.Pattern.quote(MARK));
                    } else if (theirs.endsWith("  " + MARK)) {
                        // tshark's HTTP reads a message's first line before it asks TCP for the rest, and keeps it
                        // in the Info ("HTTP/1.1 200 OK  [TCP segment of a reassembled PDU]", http-veth.pcap frame
                        // 6), and reads it again in every later segment of a chunked body (frames 38 to 46);
                        // jumbocap's HTTP measures its messages and is called only once they are whole, so these
                        // frames say the mark alone (first segment) or after TCP's Info (later ones)
                        agrees = MARK.equals(mine) || mine != null && mine.matches("\\[.*\\] Seq=.* "
                                + java.util.regex.Pattern.quote(MARK));
                    } else {
                        agrees = mine == null || !mine.contains(MARK);
                    }
                    if (!agrees) {
                        differences.add("frame " + record.number() + ": tshark " + theirs + ", jumbocap "
                                + (mine == fromSummary ? "summary " : "tree ") + mine);
                    }
                }
            }
        }
        assertEquals(tsharkMarks, marked, "frames tshark marks in " + table);
        assertEquals(List.of(), differences);
        assertTrue(marked > 0);
    }
}

