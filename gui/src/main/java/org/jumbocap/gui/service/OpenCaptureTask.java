package org.jumbocap.gui.service;

import java.io.IOException;
import java.nio.file.Files;
import javafx.concurrent.Task;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.gui.backend.CaptureBackend.CompiledFilter;
import org.jumbocap.gui.backend.CaptureBackend.FrameSummarizer;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.model.RowFactory;
import org.jumbocap.gui.store.FileFrameStore;
import org.jumbocap.gui.store.RowEntry;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;

/**
 * Streams a capture file into rows on a background thread. Rows go to the batcher as they are made; a
 * format error ends the pass with its one-line message while every frame before it stays listed.
 */
public final class OpenCaptureTask extends Task<OpenCaptureTask.Outcome> {
    /** How the pass ended: frames read, and the format error's message or null. */
    public record Outcome(long frames, String formatName, String error) {
    }

    private final CaptureBackend backend;
    private final FileFrameStore store;
    private final CompiledFilter filter;
    private final UiBatcher<RowEntry> batcher;

    public OpenCaptureTask(CaptureBackend backend, FileFrameStore store, CompiledFilter filter, UiBatcher<RowEntry> batcher) {
        this.backend = backend;
        this.store = store;
        this.filter = filter;
        this.batcher = batcher;
    }

    @Override
    protected Outcome call() throws IOException {
        long size = Math.max(1, Files.size(store.file()));
        FrameSummarizer summarizer = backend.newSummarizer();
        FilterEvaluator evaluator = new FilterEvaluator(backend, filter);
        RowFactory rows = new RowFactory();
        FrameSummary summary = new FrameSummary();
        FrameRecord rec = new FrameRecord();
        long count = 0;
        long first = 0;
        long previous = 0;
        updateMessage("Reading " + store.name());
        try (CaptureReader reader = backend.open(store.file())) {
            try {
                while (!isCancelled() && reader.next(rec)) {
                    if (count == 0) {
                        first = rec.timestampNanos();
                        previous = first;
                    }
                    store.noteLinkType(rec.linkType());
                    summarizer.decode(rec, summary);
                    PacketRow row = rows.row(rec, summary, first);
                    batcher.offer(new RowEntry(row, evaluator.test(rec, first, previous)));
                    previous = rec.timestampNanos();
                    count++;
                    if ((count & 0x3FF) == 0) {
                        updateProgress(Math.max(0, rec.fileOffset()), size);
                        updateMessage("Reading " + store.name() + ": " + count + " frames");
                    }
                }
            } catch (CaptureFormatException e) {
                updateProgress(size, size);
                return new Outcome(count, reader.formatName(), e.getMessage());
            }
            updateProgress(size, size);
            return new Outcome(count, reader.formatName(), null);
        }
    }
}
