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
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.Test;

/**
 * The viewer's Protocol and Info columns say what {@code jumbocap read} says, for every frame of every
 * sample: both take them from the core's one summary text (the fast path where the summary holds the
 * facts, the tree otherwise: ICMP errors, fragments, frames without IP).
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
            List<PacketRow> rows = viewerRows(backend, file);
            List<String[]> read = readColumns(file);
            assertEquals(read.size(), rows.size(), "frames of " + file.getFileName());
            for (int i = 0; i < rows.size(); i++) {
                String where = file.getFileName() + " frame " + rows.get(i).number();
                assertEquals(read.get(i)[0], rows.get(i).protocol(), "protocol of " + where);
                assertEquals(read.get(i)[1], rows.get(i).info(), "info of " + where);
                icmpv6 += rows.get(i).protocol().equals("ICMPv6") ? 1 : 0;
                compared++;
            }
        }
        assertTrue(compared > 800, "frames compared: " + compared);
        assertTrue(icmpv6 > 20, "ICMPv6 frames compared: " + icmpv6);
    }

    private static List<PacketRow> viewerRows(CoreBackend backend, Path file) {
        List<PacketRow> rows = new ArrayList<>();
        RowFactory factory = new RowFactory();
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
                rows.add(factory.row(rec, summary, first, () -> backend.dissect(rec, firstNanos, previousNanos)));
                previous = rec.timestampNanos();
            }
        } catch (IOException cut) {
            // a cut sample: read stops at the same record
        }
        return rows;
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
