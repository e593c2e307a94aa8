package org.jumbocap.gui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jumbocap.cli.JumbocapCommand;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.gui.engine.CoreBackend;
import org.jumbocap.gui.service.FileFrameStore;
import org.jumbocap.gui.service.RowTextLoader;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.Test;

/**
 * The viewer's Protocol and Info columns say what {@code jumbocap read} says, for every frame of every
 * sample: both take them from the core's one summary text (the fast path where the summary holds the
 * facts, the tree otherwise: ICMP errors, fragments, frames without IP). The viewer's side runs its own
 * code: the open pass's packed rows, and the texts made page by page from frames read back by offset.
 */
class InfoColumnMatchesReadTest {
    /** number, time, source, arrow, destination, protocol, length, then info and the marks. */
    private static final Pattern LINE = Pattern.compile("\\s*(\\d+) (\\S+) (\\S+) \u2192 (\\S+) (\\S+) (\\d+) ?(.*)");
    /** The marks read appends after the info: jumbo length and expert findings, shown apart in the viewer. */
    private static final Pattern MARKS = Pattern.compile("( \\[(JUMBO|BIG TCP) [^\\]]*\\]| \\[!(ERROR|WARN) [^\\]]*\\])+$");

    @Test
    void everyFrameOfEverySampleHasReadsProtocolAndInfo() throws IOException {
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
            List<String[]> read = readColumns(file);
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

    /** Protocol and info (marks taken off) of each line {@code read} prints. */
    private static List<String[]> readColumns(Path file) {
        StringWriter out = new StringWriter();
        JumbocapCommand.create(new PrintWriter(out), new PrintWriter(new StringWriter()), false)
                .execute("read", file.toString());
        List<String[]> columns = new ArrayList<>();
        for (String line : out.toString().split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            Matcher m = LINE.matcher(line);
            assertTrue(m.matches(), "a summary line: " + line);
            columns.add(new String[] {m.group(5), MARKS.matcher(m.group(7)).replaceAll("")});
        }
        return columns;
    }
}
