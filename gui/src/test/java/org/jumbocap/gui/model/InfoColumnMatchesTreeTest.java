package org.jumbocap.gui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.gui.backend.CoreBackend;
import org.jumbocap.gui.service.RowTextLoader;
import org.jumbocap.gui.store.FileFrameStore;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * The viewer's Protocol and Info columns say what the core's summary text says from each frame's full tree,
 * for every frame of every sample: the viewer takes them from the summary where it holds the facts and
 * from the tree otherwise (ICMP errors, fragments, frames without IP), page by page from frames read back
 * by offset, and must give the tree's text either way. The command line's {@code read} is held to the same
 * tree text by its ReadColumnsMatchTreeTest, so the two front ends agree without knowing each other.
 */
class InfoColumnMatchesTreeTest {
    @Test
    void everyFrameOfEverySampleHasTheTreesProtocolAndInfo() throws IOException {
        Path samples = Path.of("..", "samples");
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Stream.concat(Files.list(samples), Files.list(samples.resolve("crafted")))) {
            s.filter(p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng")).sorted().forEach(files::add);
        }
        assertTrue(files.size() > 80, "samples found: " + files.size());
        CoreBackend backend = new CoreBackend();
        int compared = 0;
        int icmpv6 = 0;
        for (Path file : files) {
            RowStore rows = viewerRows(backend, file);
            RowText[] texts = viewerTexts(backend, file, rows);
            List<String[]> read = treeColumns(backend, file);
            assertEquals(read.size(), rows.size(), "frames of " + file.getFileName());
            for (int i = 0; i < rows.size(); i++) {
                String where = file.getFileName() + " frame " + (i + 1);
                assertEquals(read.get(i)[0], rows.protocol(i), "protocol of " + where);
                assertEquals(read.get(i)[1], texts[i].info(), "info of " + where);
                icmpv6 += rows.protocol(i).equals("ICMPv6") ? 1 : 0;
                compared++;
            }
        }
        assertTrue(compared > 800, "frames compared: " + compared);
        assertTrue(icmpv6 > 20, "ICMPv6 frames compared: " + icmpv6);
    }

    /** The packed rows as the viewer's open pass makes them. */
    private static RowStore viewerRows(CoreBackend backend, Path file) {
        RowStore rows = new RowStore();
        FrameSummary summary = new FrameSummary();
        try (CaptureReader reader = backend.open(file)) {
            FrameRecord rec = new FrameRecord();
            long first = Long.MIN_VALUE;
            long previous = 0;
            while (reader.next(rec)) {
                if (first == Long.MIN_VALUE) {
                    first = rec.timestampNanos();
                    previous = first;
                }
                backend.newSummarizer().decode(rec, summary);
                long firstNanos = first;
                long previousNanos = previous;
                RowFactory.append(rows, rec, summary, () -> backend.dissect(rec, firstNanos, previousNanos));
                previous = rec.timestampNanos();
            }
        } catch (IOException cut) {
            // a cut sample: read stops at the same record
        }
        return rows;
    }

    /** The texts as the viewer makes them for the rows on screen: page by page, read back by offset. */
    private static RowText[] viewerTexts(CoreBackend backend, Path file, RowStore rows) throws IOException {
        RowText[] texts = new RowText[rows.size()];
        try (FileFrameStore frames = new FileFrameStore(backend, file)) {
            RowTextLoader loader = new RowTextLoader(backend, frames, rows);
            for (int first = 0; first < rows.size(); first += RowTexts.PAGE) {
                int count = Math.min(RowTexts.PAGE, rows.size() - first);
                System.arraycopy(loader.make(first, count), 0, texts, first, count);
            }
            loader.close();
        }
        return texts;
    }

    /** Protocol and info of each frame from its full tree, up to the first bad record. */
    private static List<String[]> treeColumns(CoreBackend backend, Path file) {
        List<String[]> columns = new ArrayList<>();
        try (CaptureReader reader = backend.open(file)) {
            FrameRecord rec = new FrameRecord();
            long first = Long.MIN_VALUE;
            long previous = 0;
            while (reader.next(rec)) {
                if (first == Long.MIN_VALUE) {
                    first = rec.timestampNanos();
                    previous = first;
                }
                FrameTree tree = backend.dissect(rec, first, previous);
                columns.add(new String[] {SummaryText.protocol(tree), SummaryText.info(tree)});
                previous = rec.timestampNanos();
            }
        } catch (IOException cut) {
            // a cut sample: compared up to the bad record
        }
        return columns;
    }
}
