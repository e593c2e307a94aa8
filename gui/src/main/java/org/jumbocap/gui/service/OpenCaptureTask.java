package org.jumbocap.gui.service;

import java.io.IOException;
import java.nio.file.Files;
import javafx.concurrent.Task;
import org.jumbocap.dissect.SegmentPlan;
import org.jumbocap.gui.backend.CaptureBackend.ViewerFilter;
import org.jumbocap.gui.backend.CaptureBackend.FrameStep;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.model.IntColumn;
import org.jumbocap.gui.model.RowFactory;
import org.jumbocap.gui.model.RowStore;
import org.jumbocap.gui.store.FileFrameStore;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.InterfaceInfo;

/**
 * Streams a capture file into packed rows on a background thread; the UI publishes what has been
 * appended on its own clock. A format error ends the pass with its one-line message while every frame
 * before it stays listed.
 */
public final class OpenCaptureTask extends Task<OpenCaptureTask.Outcome> {
    /** How the pass ended: frames read, and the format error's message or null. */
    public record Outcome(long frames, String formatName, String error) {
    }

    private final CaptureBackend backend;
    private final FileFrameStore store;
    private final ViewerFilter filter;
    private final RowStore rows;
    private final IntColumn shown;

    /**
     * @param filter the display filter in force, or null
     * @param shown  where the indices of the frames the filter passes go; null without a filter
     */
    public OpenCaptureTask(CaptureBackend backend, FileFrameStore store, ViewerFilter filter, RowStore rows,
                           IntColumn shown) {
        this.backend = backend;
        this.store = store;
        this.filter = filter;
        this.rows = rows;
        this.shown = shown;
    }

    @Override
    protected Outcome call() throws IOException {
        long size = Math.max(1, Files.size(store.file()));
        // the viewer's frame step (the pipeline of `read`, conversations followed), in frame order in the
        // loop that lists the rows; the display filter in force decided by it as everywhere else
        FrameStep step = backend.newFrameStep(true);
        FrameRecord rec = new FrameRecord();
        long count = 0;
        long first = 0;
        long previous = 0;
        updateMessage("Reading " + store.name());
        if (rows.size() == 0) {
            store.segmentPlans().clear();
        }
        try (CaptureReader reader = backend.open(store.file())) {
            try {
                while (!isCancelled() && reader.next(rec)) {
                    if (count == 0) {
                        first = rec.timestampNanos();
                        previous = first;
                        // as read decides it, for times with nine decimals
                        store.noteNanoPrecision(reader.formatName().contains("nsec")
                                || reader.interfaces().stream().anyMatch(InterfaceInfo::finerThanMicroseconds));
                    }
                    store.noteLinkType(rec.linkType());
                    long firstNanos = first;
                    long previousNanos = previous;
                    step.next(rec, firstNanos, previousNanos);
                    // the reassembly plan, so the row's texts and details decoded later are read's
                    SegmentPlan plan = step.analysis() == null ? null : step.analysis().segmentPlan;
                    store.segmentPlans().record(rows.size(), plan);
                    RowFactory.append(rows, rec, step.summary(), step.analysis(), () -> backend.dissect(rec, firstNanos, previousNanos, plan));
                    if (shown != null && step.passes(filter)) {
                        shown.append(rows.size() - 1);
                    }
                    previous = rec.timestampNanos();
                    count++;
                    if ((count & 0x3FFF) == 0) {
                        updateProgress(Math.max(0, rec.fileOffset()), size);
                        updateMessage("Reading " + store.name() + ": " + String.format(java.util.Locale.ROOT, "%,d", count) + " frames");
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
