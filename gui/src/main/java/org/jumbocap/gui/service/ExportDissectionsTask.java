package org.jumbocap.gui.service;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import javafx.concurrent.Task;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.store.FileFrameStore;
import org.jumbocap.gui.store.FrameStore;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.InterfaceInfo;
import org.jumbocap.render.Colors;
import org.jumbocap.render.FrameContext;
import org.jumbocap.render.Json;
import org.jumbocap.render.JsonFrame;
import org.jumbocap.render.SummaryLine;
import org.jumbocap.render.TimeFormat;
import org.jumbocap.render.TreeText;
import org.jumbocap.tree.FrameTree;

/**
 * File → Export Packet Dissections: writes the frames whose numbers are set (the shown ones) as {@code
 * jumbocap read} prints them (summary lines, or with {@code -V}'s tree), or as {@code read -T json}.
 * Times are against the file's first frame, deltas against the frame before in the file, as there.
 * Result: frames written.
 */
public final class ExportDissectionsTask extends Task<Long> {
    /** What the export writes, as the command line options name it. */
    public enum Format {
        SUMMARY("Plain text, packet summary lines", "*.txt"),
        DETAILS("Plain text, summary lines and packet details", "*.txt"),
        JSON("JSON, packet details", "*.json");

        private final String label;
        private final String glob;

        Format(String label, String glob) {
            this.label = label;
            this.glob = glob;
        }

        public String label() {
            return label;
        }

        public String glob() {
            return glob;
        }
    }

    private final CaptureBackend backend;
    private final FrameStore store;
    private final BitSet numbers;
    private final Path target;
    private final Format format;

    public ExportDissectionsTask(CaptureBackend backend, FrameStore store, BitSet numbers, Path target, Format format) {
        this.backend = backend;
        this.store = store;
        this.numbers = numbers;
        this.target = target;
        this.format = format;
    }

    @Override
    protected Long call() throws Exception {
        updateMessage("Exporting dissections to " + target.getFileName());
        long total = Math.max(1, numbers.cardinality());
        long[] written = {0};
        long[] clock = {Long.MIN_VALUE, 0};
        try (Writer out = new BufferedWriter(Files.newBufferedWriter(target, StandardCharsets.UTF_8), 1 << 16)) {
            boolean json = format == Format.JSON;
            // the command line's own writers: these bytes are what `read`, `read -V` and `read -T json` print
            SummaryLine summaryLine = new SummaryLine(TimeFormat.RELATIVE, Colors.NONE);
            TreeText treeText = new TreeText(Colors.NONE);
            String name = store instanceof FileFrameStore file ? file.file().toString() : store.name();
            if (json) {
                out.write('[');
            }
            StringBuilder text = new StringBuilder(4096);
            // every frame goes through the loop, shown or not: the conversations need them all, as in `read -Y`
            CaptureBackend.FrameStep loop = backend.newFrameStep(true, format != Format.SUMMARY);
            Clock nano = new Clock();
            FrameVisit visit = frame -> {
                long ts = frame.timestampNanos();
                if (clock[0] == Long.MIN_VALUE) {
                    clock[0] = ts;
                    clock[1] = ts;
                }
                long previous = clock[1];
                clock[1] = ts;
                loop.next(frame, clock[0], previous);
                if (frame.number() > Integer.MAX_VALUE || !numbers.get((int) frame.number())) {
                    return;
                }
                FrameTree tree = loop.tree();
                FrameContext context = new FrameContext(name, clock[0], previous, nano.nanos);
                text.setLength(0);
                if (json) {
                    out.write(written[0] == 0 ? "\n" : ",\n");
                    JsonFrame.render(tree, context, new Json(text));
                } else {
                    text.append(summaryLine.render(tree, context)).append('\n');
                    if (format == Format.DETAILS) {
                        treeText.render(tree, text);
                        text.append('\n');
                    }
                }
                out.append(text);
                written[0]++;
                updateProgress(written[0], total);
            };
            if (store instanceof FileFrameStore file) {
                // the file's own reader, to know its time precision as the command line does
                try (CaptureReader reader = backend.open(file.file())) {
                    FrameRecord rec = new FrameRecord();
                    while (!isCancelled() && reader.next(rec)) {
                        nano.nanos = reader.formatName().contains("nsec")
                                || reader.interfaces().stream().anyMatch(InterfaceInfo::finerThanMicroseconds);
                        visit.frame(rec);
                    }
                } catch (IOException fault) {
                    // a damaged tail: every frame before it is written, as the list shows them
                    if (written[0] == 0) {
                        throw fault;
                    }
                }
            } else {
                nano.nanos = true;
                store.scan(visit::frame, this::isCancelled);
            }
            if (json) {
                out.write(written[0] == 0 ? "]\n" : "\n]\n");
            }
        }
        return written[0];
    }

    private static final class Clock {
        boolean nanos;
    }

    @FunctionalInterface
    private interface FrameVisit {
        void frame(FrameRecord frame) throws IOException;
    }
}
