package org.jumbocap.pipeline.tcp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * The TCP analysis columns of samples/expected/tshark-tcp/ (made by samples/generate.sh with TShark 4.0.17)
 * and the same columns as jumbocap's pipeline gives them, from the frame's analysis and from its tree.
 */
final class TsharkTcpColumns {
    static final Path SAMPLES = Path.of("..", "samples");
    static final Path EXPECTED = SAMPLES.resolve("expected").resolve("tshark-tcp");
    static final Path SCENARIOS_TSV = SAMPLES.resolve("tcp-scenarios").resolve("analysis-scenarios.tsv");

    private TsharkTcpColumns() {
    }

    /** Rows of a tshark TSV keyed by column name, one per frame in order. */
    static List<Map<String, String>> tshark(Path tsv) throws IOException {
        List<String> lines = Files.readAllLines(tsv, StandardCharsets.UTF_8);
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

    static List<String> columns(Path tsv) throws IOException {
        String header = Files.readAllLines(tsv, StandardCharsets.UTF_8).get(0);
        return List.of(header.split("\t", -1));
    }

    /** Every frame's tree (with the analysis added) as tshark would print the named fields. */
    static List<Map<String, String>> jumbocap(Path capture, List<String> columns, boolean relative, boolean verifyChecksums)
            throws IOException {
        List<Map<String, String>> rows = new ArrayList<>();
        FramePipeline pipeline = new FramePipeline(new FrameDissector(), null, verifyChecksums, new TcpConversations(relative,
                TcpConversations.DEFAULT_MAX_OPEN));
        try (CaptureReader reader = CaptureFiles.open(capture)) {
            FrameRecord rec = new FrameRecord();
            long first = -1;
            long previous = 0;
            while (reader.next(rec)) {
                if (first < 0) {
                    first = rec.timestampNanos();
                    previous = first;
                }
                pipeline.accept(rec, first, previous);
                previous = rec.timestampNanos();
                FrameTree tree = pipeline.tree();
                Map<String, String> row = new LinkedHashMap<>();
                for (String c : columns) {
                    row.put(c, c.startsWith("_ws") ? "" : values(tree, c));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** tshark's -T fields text of every occurrence: values joined by ',', "1" for a label. */
    static String values(FrameTree tree, String name) {
        List<FieldNode> all = tree.findAll(name);
        StringBuilder s = new StringBuilder();
        for (FieldNode n : all) {
            if (s.length() > 0) {
                s.append(',');
            }
            s.append(n.value() == null ? "1" : n.valueText());
        }
        return s.toString();
    }
}
