package org.jumbocap.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.tree.FieldFormat;
import org.jumbocap.tree.FieldNode;
import org.jumbocap.tree.FrameTree;

/**
 * Compares jumbocap with a committed tshark {@code -T fields -E header=y -E occurrence=a -E aggregator=,}
 * table, frame by frame: {@code _ws.col.Protocol} and {@code _ws.col.Info} with the summary's columns,
 * every other column with the values of the field of that name in the tree, joined by commas as tshark
 * joins its occurrences. Returns every cell that differs, "frame N field: tshark X, jumbocap Y", so a test
 * can list the differences it knows, with why, and fail on any other.
 */
public final class TsharkCrossCheck {
    private TsharkCrossCheck() {
    }

    public static Path sample(String name) {
        Path p = Path.of("..", "samples", name);
        return Files.exists(p) ? p : Path.of("samples", name);
    }

    /** Differences between the sample's frames and samples/expected/tshark-fields/{@code table}. */
    public static List<String> differences(String sampleName, String table) throws IOException {
        return differences(sampleName, table, null);
    }

    /**
     * As above, comparing the Info column only on frames whose Protocol column tshark gives as one of
     * {@code infoOf} (null: every frame): the Info of the other frames (a DNS-over-TCP connection's
     * handshake) is the lower layers' concern, checked by their own tests.
     */
    public static List<String> differences(String sampleName, String table, java.util.Set<String> infoOf) throws IOException {
        return differences(sampleName, table, infoOf, false);
    }

    /**
     * As {@link #differences(String, String, java.util.Set)}, the frames taken in order through the
     * pipeline that follows the TCP conversations, as {@code read} does: with TCP reassembly for the
     * protocols above it.
     */
    public static List<String> differencesInOrder(String sampleName, String table, java.util.Set<String> infoOf)
            throws IOException {
        return differences(sampleName, table, infoOf, true);
    }

    private static List<String> differences(String sampleName, String table, java.util.Set<String> infoOf, boolean inOrder)
            throws IOException {
        FramePipeline pipeline = new FramePipeline(new FrameDissector(), null, false, new TcpConversations());
        FramePipeline summaries = new FramePipeline(new FrameDissector(), null, false, new TcpConversations());
        Path tsv = sample("expected").resolve("tshark-fields").resolve(table);
        assertTrue(Files.exists(tsv), tsv + " missing");
        List<String> lines = Files.readAllLines(tsv, StandardCharsets.UTF_8);
        String[] header = lines.get(0).split("\t", -1);
        List<String> out = new ArrayList<>();
        int frames = 0;
        try (CaptureReader reader = CaptureFiles.open(sample(sampleName))) {
            FrameRecord record = new FrameRecord();
            while (reader.next(record)) {
                frames++;
                FrameTree tree;
                // the packet list names the protocol from the summary alone: it must say what the tree says
                FrameSummary summary = new FrameSummary();
                if (inOrder) {
                    summaries.accept(record, 0, 0, summary);
                    pipeline.accept(record, 0, 0);
                    tree = pipeline.tree();
                } else {
                    tree = new FrameDissector().dissect(record);
                    new FrameDissector().summarize(record, summary);
                }
                if (!SummaryText.protocol(tree).equals(SummaryText.protocol(summary))) {
                    out.add("frame " + record.number() + " summary protocol " + SummaryText.protocol(summary)
                            + ", tree " + SummaryText.protocol(tree));
                }
                String[] cells = lines.get(frames).split("\t", -1);
                for (int i = 1; i < header.length; i++) {
                    String expected = i < cells.length ? cells[i] : "";
                    if (header[i].equals("_ws.col.Info") && infoOf != null && !infoOf.contains(cells[1])) {
                        continue;
                    }
                    String actual = value(tree, header[i]);
                    if (!expected.equals(actual)) {
                        out.add("frame " + record.number() + " " + header[i] + ": tshark " + expected + ", jumbocap " + actual);
                    }
                }
            }
        }
        assertTrue(frames == lines.size() - 1, sampleName + ": " + frames + " frames, tshark has " + (lines.size() - 1));
        return out;
    }

    /** What jumbocap's {@code read -T fields -e NAME} prints for the frame. */
    public static String value(FrameTree tree, String name) {
        if (name.equals("_ws.col.Protocol")) {
            return SummaryText.protocol(tree);
        }
        if (name.equals("_ws.col.Info")) {
            return SummaryText.info(tree);
        }
        List<String> values = new ArrayList<>();
        for (FieldNode n : tree.findAll(name)) {
            if (n.def().type() == org.jumbocap.field.FieldType.BYTES && n.value() == null) {
                // a node that points at the frame's bytes, printed as hex as read -T fields prints it
                values.add(java.util.HexFormat.of().formatHex(tree.frame().buffer().bytes(n.offset(),
                        Math.min(n.length(), tree.frame().buffer().remaining(n.offset())))));
            } else {
                values.add(FieldFormat.value(n));
            }
        }
        return String.join(",", values);
    }

    /** Fails listing every difference that matches none of the patterns in {@code known} (pattern to why). */
    public static void assertOnlyKnownPatterns(List<String> differences, Map<String, String> known) {
        List<java.util.regex.Pattern> patterns = known.keySet().stream().map(java.util.regex.Pattern::compile).toList();
        List<String> unexpected = differences.stream()
                .filter(d -> patterns.stream().noneMatch(p -> p.matcher(d).matches())).toList();
        assertTrue(unexpected.isEmpty(), "differences from tshark:\n" + String.join("\n", unexpected));
    }

    /** Fails listing every difference not in {@code known} (difference prefix to why). */
    public static void assertOnlyKnown(List<String> differences, Map<String, String> known) {
        List<String> unexpected = differences.stream()
                .filter(d -> known.keySet().stream().noneMatch(d::startsWith)).toList();
        assertTrue(unexpected.isEmpty(), "differences from tshark:\n" + String.join("\n", unexpected));
    }
}
