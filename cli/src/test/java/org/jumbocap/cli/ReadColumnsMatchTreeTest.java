package org.jumbocap.cli;

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
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.SummaryText;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.jumbocap.tree.FrameTree;
import org.junit.jupiter.api.Test;

/**
 * The protocol and info {@code read} prints for every frame of every sample are the core's summary text
 * from the frame's full tree, whichever way {@code read} made them (from the summary where it holds the
 * facts, the tree otherwise). The viewer is held to the same tree text by its InfoColumnMatchesTreeTest.
 */
class ReadColumnsMatchTreeTest {
    /** number, time, source, arrow, destination, protocol, length, then info and the marks. */
    /** The protocol may hold a space, as Wireshark's "Inverse ARP" does: it ends before the length. */
    private static final Pattern LINE = Pattern.compile("\\s*(\\d+) (\\S+) (\\S+) \u2192 (\\S+) (.+?) (\\d+) ?(.*)");
    /** The marks read appends after the info: jumbo length and expert findings. */
    private static final Pattern MARKS = Pattern.compile("( \\[(JUMBO|BIG TCP) [^\\]]*\\]| \\[!(ERROR|WARN) [^\\]]*\\])+$");

    @Test
    void everyFrameOfEverySampleHasTheTreesProtocolAndInfo() throws IOException {
        Path samples = Path.of("..", "samples");
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Stream.concat(Files.list(samples), Files.list(samples.resolve("crafted")))) {
            s.filter(p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng")).sorted().forEach(files::add);
        }
        assertTrue(files.size() > 80, "samples found: " + files.size());
        FrameDissector dissector = new FrameDissector();
        int compared = 0;
        for (Path file : files) {
            List<String[]> read = readColumns(file);
            List<String[]> tree = treeColumns(dissector, file);
            assertEquals(tree.size(), read.size(), "frames of " + file.getFileName());
            for (int i = 0; i < tree.size(); i++) {
                String where = file.getFileName() + " frame " + (i + 1);
                assertEquals(tree.get(i)[0], read.get(i)[0], "protocol of " + where);
                assertEquals(tree.get(i)[1], read.get(i)[1], "info of " + where);
                compared++;
            }
        }
        assertTrue(compared > 800, "frames compared: " + compared);
    }

    private static List<String[]> treeColumns(FrameDissector dissector, Path file) {
        List<String[]> columns = new ArrayList<>();
        try (CaptureReader reader = CaptureFiles.open(file)) {
            FrameRecord rec = new FrameRecord();
            // the tree as read's pipeline makes it: with the TCP conversations followed (relative numbers, marks)
            FramePipeline pipeline = new FramePipeline(dissector, null, false,
                    new TcpConversations(true, TcpConversations.DEFAULT_MAX_OPEN));
            long first = Long.MIN_VALUE;
            long previous = 0;
            while (reader.next(rec)) {
                if (first == Long.MIN_VALUE) {
                    first = rec.timestampNanos();
                    previous = first;
                }
                pipeline.accept(rec, first, previous);
                FrameTree tree = pipeline.tree();
                columns.add(new String[] {SummaryText.protocol(tree), SummaryText.info(tree)});
                previous = rec.timestampNanos();
            }
        } catch (IOException cut) {
            // a cut sample: read stops at the same record
        }
        return columns;
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
