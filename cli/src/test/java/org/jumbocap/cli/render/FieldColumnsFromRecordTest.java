package org.jumbocap.cli.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/** Columns of record fields alone make, from the record, the line the tree makes, whatever the -E options. */
class FieldColumnsFromRecordTest {
    private static final List<List<String>> OPTIONS = List.of(List.of(), List.of("quote=d"), List.of("quote=s", "separator=,"),
            List.of("occurrence=f"), List.of("occurrence=l", "aggregator=/s"));

    @Test
    void recordFieldsGiveTheTreesLineForEveryFrameOfEverySample() throws IOException {
        FrameDissector dissector = new FrameDissector();
        List<List<String>> columnSets = List.of(List.of("frame.number"), List.of("frame.len", "frame.number", "frame.cap_len"),
                List.of("frame.cap_len", "frame.cap_len"));
        int lines = 0;
        for (Path sample : StatisticsFromSummaryTest.samples()) {
            for (FrameRecord f : StatisticsFromSummaryTest.frames(sample)) {
                FrameTree tree = dissector.dissect(f);
                for (List<String> fields : columnSets) {
                    for (List<String> options : OPTIONS) {
                        FieldColumns c = new FieldColumns(fields);
                        options.forEach(c::option);
                        assertTrue(c.fromRecordAlone());
                        assertEquals(c.line(tree), c.line(f), sample + " frame " + f.number() + " " + fields + " " + options);
                        lines++;
                    }
                }
            }
        }
        assertTrue(lines > 10_000, "lines compared: " + lines);
    }

    @Test
    void anyOtherFieldNeedsTheTree() {
        assertFalse(new FieldColumns(List.of("frame.number", "ip.src")).fromRecordAlone());
        assertFalse(new FieldColumns(List.of("frame.time_epoch")).fromRecordAlone());
    }
}
