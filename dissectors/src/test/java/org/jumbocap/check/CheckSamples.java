package org.jumbocap.check;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;

/** Kernel-made samples checked through the summary-only pipeline, and tshark's recorded fields for them. */
final class CheckSamples {
    static final Path SAMPLES = Path.of("../samples");

    private CheckSamples() {
    }

    /** The check of a sample, fed as the command line feeds it: summaries, no trees, no checksum sums. */
    static CaptureCheck check(String sample) {
        CaptureCheck check = new CaptureCheck();
        check.startFile(sample);
        FramePipeline pipeline = new FramePipeline(new FrameDissector(), null, false);
        try (CaptureReader r = CaptureFiles.open(SAMPLES.resolve(sample))) {
            FrameRecord rec = new FrameRecord();
            long first = -1;
            long previous = 0;
            while (r.next(rec)) {
                if (first < 0) {
                    first = rec.timestampNanos();
                    previous = first;
                }
                pipeline.accept(rec, first, previous);
                if (pipeline.hasTree()) {
                    throw new AssertionError("the check must not build trees");
                }
                check.add(pipeline.summary(), rec);
                previous = rec.timestampNanos();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return check;
    }

    /** The flow that carried the most payload. */
    static CaptureCheck.FlowCheck bulk(CaptureCheck check) {
        return check.flows().stream().max(java.util.Comparator.comparingLong(f -> f.data().stats().payloadBytes()))
                .orElseThrow();
    }

    /** Rows of samples/expected/tshark-fields/SAMPLE.tsv, by column name. */
    static List<Map<String, String>> tshark(String sample) {
        try {
            List<String> lines = Files.readAllLines(SAMPLES.resolve("expected/tshark-fields/" + sample + ".tsv"));
            String[] header = lines.get(0).split("\t", -1);
            List<Map<String, String>> rows = new ArrayList<>();
            for (String line : lines.subList(1, lines.size())) {
                String[] cells = line.split("\t", -1);
                Map<String, String> row = new HashMap<>();
                for (int i = 0; i < header.length; i++) {
                    row.put(header[i], i < cells.length ? cells[i] : "");
                }
                rows.add(row);
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static long number(Map<String, String> row, String field) {
        String v = row.get(field);
        if (v == null || v.isEmpty()) {
            return -1;
        }
        return Long.parseLong(v.split(",")[v.split(",").length - 1]);
    }
}
