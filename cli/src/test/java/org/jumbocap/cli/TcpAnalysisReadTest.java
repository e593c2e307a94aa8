package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jumbocap.cli.engine.Captures;
import org.jumbocap.render.FrameContext;
import org.jumbocap.render.Colors;
import org.jumbocap.render.SummaryLine;
import org.jumbocap.render.TimeFormat;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.junit.jupiter.api.Test;

/**
 * {@code read} with TCP conversation analysis on every kernel sample, against tshark's columns in
 * samples/expected/tshark-tcp/ (TShark 4.0.17): the summary line's analysis marks and its Seq, Ack and Len
 * are tshark's Info column's, {@code -Y tcp.analysis.flags} and {@code -Y 'tcp.stream == 1'} select tshark's
 * frames, and {@code --raw-sequence-numbers} shows tcp.seq_raw. The line made from the summary is byte for
 * byte the line made from the tree. Win is the window scaled by the handshake's window scale, tshark's
 * tcp.window_size. (tshark's Info also names the ports and more options; those are not compared.)
 */
class TcpAnalysisReadTest {
    private static final Pattern TSHARK_INFO = Pattern.compile("^((?:\\[TCP [^\\]]+\\] )*)\\d+ → \\d+ (.*)$");
    private static final Pattern OUR_INFO = Pattern.compile("^.* TCP \\d+ ((?:\\[TCP [^\\]]+\\] )*)\\[([^\\]]*)\\](.*)$");

    /** The frames built for every finding the kernel samples lack (samples/tcp-scenarios/). */
    static final Path SCENARIOS = Cli.SAMPLES.resolve("tcp-scenarios").resolve("analysis-scenarios.pcap");

    static Path tsv(Path sample) {
        if (sample.equals(SCENARIOS)) {
            return SCENARIOS.resolveSibling("analysis-scenarios.tsv");
        }
        return Cli.SAMPLES.resolve("expected").resolve("tshark-tcp").resolve(sample.getFileName() + ".tsv");
    }

    static List<Path> samples() {
        List<Path> all = new ArrayList<>(Cli.kernelSamples());
        all.add(SCENARIOS);
        return all;
    }

    static List<Map<String, String>> tshark(Path sample) throws IOException {
        List<String> lines = Files.readAllLines(tsv(sample), StandardCharsets.UTF_8);
        String[] header = lines.get(0).split("\t", -1);
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split("\t", -1);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], i < cells.length ? cells[i] : "");
            }
            rows.add(row);
        }
        return rows;
    }

    private static String token(String text, String name) {
        Matcher m = Pattern.compile("(?:^| )" + name + "=(\\d+)").matcher(text);
        return m.find() ? m.group(1) : null;
    }

    @Test
    void summaryLinesCarryTsharksMarksAndRelativeNumbers() throws IOException {
        int marked = 0;
        int twoMarks = 0;
        for (Path sample : samples()) {
            List<Map<String, String>> rows = tshark(sample);
            Cli.Result r = Cli.run("read", sample.toString());
            assertEquals(0, r.code(), r.err());
            List<String> lines = r.outLines();
            assertEquals(rows.size(), lines.size(), sample.toString());
            for (int i = 0; i < lines.size(); i++) {
                Map<String, String> row = rows.get(i);
                if (row.get("tcp.nxtseq").isEmpty()) {
                    continue; // not a TCP segment both tools analyse
                }
                String where = sample.getFileName() + " frame " + (i + 1) + ": " + lines.get(i) + " | tshark: " + row.get("_ws.col.Info");
                Matcher t = TSHARK_INFO.matcher(row.get("_ws.col.Info"));
                Matcher o = OUR_INFO.matcher(lines.get(i));
                assertTrue(t.matches() && o.matches(), where);
                assertEquals(t.group(1), o.group(1), where);
                marked += t.group(1).isEmpty() ? 0 : 1;
                twoMarks += t.group(1).split("\\] \\[").length > 1 ? 1 : 0;
                for (String name : List.of("Seq", "Ack", "Len", "Win")) {
                    assertEquals(token(t.group(2), name), token(o.group(3), name), name + " of " + where);
                }
            }
        }
        assertTrue(marked > 20, "the samples hold analysis marks (" + marked + ")");
        assertTrue(twoMarks >= 2, "frames with two marks, whose order is tshark's: " + twoMarks);
    }

    @Test
    void analysisAndStreamFiltersSelectTsharksFrames() throws IOException {
        for (Path sample : samples()) {
            List<Map<String, String>> rows = tshark(sample);
            for (String[] f : new String[][] {{"tcp.analysis.flags", "tcp.analysis.flags", ""}, {"tcp.stream == 1", "tcp.stream", "1"},
                    {"tcp.analysis.retransmission", "tcp.analysis.retransmission", ""}}) {
                List<Long> want = new ArrayList<>();
                for (Map<String, String> row : rows) {
                    String v = row.get(f[1]);
                    if (f[2].isEmpty() ? !v.isEmpty() : v.equals(f[2])) {
                        want.add(Long.parseLong(row.get("frame.number")));
                    }
                }
                Cli.Result r = Cli.run("read", "-T", "fields", "-e", "frame.number", "-Y", f[0], sample.toString());
                assertEquals(0, r.code(), r.err());
                assertEquals(want, r.outLines().stream().map(Long::parseLong).toList(), sample + " -Y " + f[0]);
            }
        }
        Path loss = Cli.SAMPLES.resolve("ipv6-bigtcp-loss.pcap");
        assertFalse(Cli.run("read", "-Y", "tcp.analysis.retransmission", loss.toString()).outLines().isEmpty(),
                "the loss sample has retransmissions");
    }

    @Test
    void rawSequenceNumbersOnRequest() throws IOException {
        Path sample = Cli.SAMPLES.resolve("ipv6-bigtcp-loss.pcap");
        List<Map<String, String>> rows = tshark(sample);
        Cli.Result r = Cli.run("read", "--raw-sequence-numbers", sample.toString());
        assertEquals(0, r.code(), r.err());
        Cli.Result fields = Cli.run("read", "--raw-sequence-numbers", "-T", "fields", "-e", "tcp.seq", "-e", "tcp.nxtseq",
                sample.toString());
        int checked = 0;
        for (int i = 0; i < rows.size(); i++) {
            String raw = rows.get(i).get("tcp.seq_raw");
            if (raw.isEmpty()) {
                continue;
            }
            assertEquals(raw, token(r.outLines().get(i).replaceAll("^.*\\] Seq=", "Seq="), "Seq"), r.outLines().get(i));
            String[] cols = fields.outLines().get(i).split("\t", -1);
            assertEquals(raw, cols[0]);
            long next = (Long.parseLong(raw) + Long.parseLong(rows.get(i).get("tcp.nxtseq")) - Long.parseLong(rows.get(i).get("tcp.seq")))
                    & 0xFFFFFFFFL;
            assertEquals(Long.toString(next), cols[1]);
            checked++;
        }
        assertTrue(checked > 100);
    }

    /** {@code read -T fields} prints every analysis column as tshark -T fields does. */
    @Test
    void fieldsOutputIsTsharks() throws IOException {
        for (Path sample : samples()) {
            List<Map<String, String>> rows = tshark(sample);
            List<String> names = new ArrayList<>(rows.get(0).keySet());
            names.remove("_ws.col.Info");
            List<String> args = new ArrayList<>(List.of("read", "-T", "fields"));
            for (String n : names) {
                args.add("-e");
                args.add(n);
            }
            args.add(sample.toString());
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            assertEquals(0, r.code(), r.err());
            for (int i = 0; i < rows.size(); i++) {
                String[] cells = r.outLines().get(i).split("\t", -1);
                boolean fragment = !rows.get(i).get("tcp.stream").isEmpty() && rows.get(i).get("tcp.nxtseq").isEmpty();
                for (int c = 0; c < names.size(); c++) {
                    String want = rows.get(i).get(names.get(c));
                    if (names.get(c).equals("tcp.analysis.duplicate_ack") && want.equals("1,1")) {
                        want = "1"; // tshark counts its label and the expert item of the same name
                    }
                    if (fragment && names.get(c).equals("tcp.len")) {
                        continue; // jumbocap's length of a segment in an IP fragment (samples/expected/README.md)
                    }
                    if (fragment && names.get(c).equals("tcp.window_size") && !want.isEmpty()) {
                        // tshark prints the handshake's factor on a segment in an IP fragment but leaves its
                        // window unscaled (ipv6-bigtcp-vxlan.pcap frame 20: 64, factor 1024); the receiver
                        // reads 64 x 1024, which jumbocap gives
                        want = Long.toString(Long.parseLong(want) * Long.parseLong(rows.get(i).get("tcp.window_size_scalefactor")));
                    }
                    assertEquals(want, cells[c], sample.getFileName() + " frame " + (i + 1) + " " + names.get(c));
                }
            }
        }
    }

    /** The fast path's line and the tree's line of every frame are the same text. */
    @Test
    void theLineFromTheSummaryIsTheLineFromTheTree() throws IOException {
        SummaryLine lines = new SummaryLine(TimeFormat.RELATIVE, Colors.NONE);
        int compared = 0;
        for (Path sample : samples()) {
            for (boolean relative : new boolean[] {true, false}) {
                FramePipeline p = new FramePipeline(new FrameDissector(), null, false,
                        new TcpConversations(relative, TcpConversations.DEFAULT_MAX_OPEN));
                try (CaptureReader reader = Captures.open(sample.toString())) {
                    FrameRecord rec = new FrameRecord();
                    long first = -1;
                    long previous = 0;
                    while (reader.next(rec)) {
                        if (first < 0) {
                            first = rec.timestampNanos();
                            previous = first;
                        }
                        FrameContext ctx = new FrameContext(sample.toString(), first, previous, false);
                        p.accept(rec, first, previous);
                        previous = rec.timestampNanos();
                        String fast = lines.render(p.summary(), p.tcpAnalysis(), p.frame(), ctx);
                        String full = lines.render(p.tree(), ctx);
                        assertNotNull(full);
                        if (fast != null) {
                            assertEquals(full, fast, sample + " frame " + rec.number());
                            compared++;
                        }
                    }
                }
            }
        }
        assertTrue(compared > 500, "lines compared: " + compared);
    }
}
