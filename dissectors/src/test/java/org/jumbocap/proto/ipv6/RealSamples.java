package org.jumbocap.proto.ipv6;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.expert.Severity;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/** The kernel-made captures under samples/ and the fields tshark printed for them. */
public final class RealSamples {
    private static final FrameDissector DISSECTOR = new FrameDissector();
    /** Expert ids the link and IP dissectors own. */
    private static final List<String> IP_PREFIXES = List.of("ip.", "ipv6.", "ah.", "esp.", "mip6.", "eth.", "vlan.", "sll.",
            "null.", "raw.");

    /** One dissected frame with tshark's fields for it. */
    public interface FrameCheck {
        void check(FrameRecord frame, FrameTree tree, Map<String, String> tshark);
    }

    private RealSamples() {
    }

    public static Path sample(String name) {
        Path p = Path.of("..", "samples", name);
        return Files.exists(p) ? p : Path.of("samples", name);
    }

    /** Rows of samples/expected/tshark-fields/NAME.tsv by frame number, column name to value. */
    public static Map<Long, Map<String, String>> tsharkFields(String name) throws IOException {
        Path tsv = sample("expected").resolve("tshark-fields").resolve(name + ".tsv");
        assertTrue(Files.exists(tsv), tsv + " missing");
        List<String> lines = Files.readAllLines(tsv, StandardCharsets.UTF_8);
        String[] header = lines.get(0).split("\t", -1);
        Map<Long, Map<String, String>> rows = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split("\t", -1);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.length && i < cells.length; i++) {
                row.put(header[i], cells[i]);
            }
            rows.put(Long.parseLong(cells[0]), row);
        }
        return rows;
    }

    /** Dissects every frame of a sample and hands it with tshark's row to the check; returns the frame count. */
    public static int forEachFrame(String name, FrameCheck check) throws IOException {
        Path file = sample(name);
        assertTrue(Files.exists(file), file + " missing");
        Map<Long, Map<String, String>> rows = tsharkFields(name);
        int frames = 0;
        try (CaptureReader reader = CaptureFiles.open(file)) {
            FrameRecord record = new FrameRecord();
            while (reader.next(record)) {
                frames++;
                FrameTree tree = DISSECTOR.dissect(record);
                Map<String, String> row = rows.get(record.number());
                assertTrue(row != null, name + ": tshark has no row for frame " + record.number());
                check.check(record, tree, row);
            }
        }
        return frames;
    }

    /** The first value of a tshark cell ("0x0800,0x86dd" gives "0x0800"); empty when the field was absent. */
    public static String first(Map<String, String> row, String field) {
        String v = row.getOrDefault(field, "");
        int comma = v.indexOf(',');
        return comma < 0 ? v : v.substring(0, comma);
    }

    /** The first top-level layer with this name, or null. */
    public static FieldNode layer(FrameTree tree, String name) {
        for (FieldNode l : tree.layers()) {
            if (l.name().equals(name)) {
                return l;
            }
        }
        return null;
    }

    /** Warnings and errors raised by the link and IP dissectors. */
    public static List<String> ipProblems(FrameTree tree) {
        return tree.experts().stream().filter(e -> e.severity().compareTo(Severity.WARN) >= 0)
                .map(ExpertItem::id).filter(id -> IP_PREFIXES.stream().anyMatch(id::startsWith)).toList();
    }
}
