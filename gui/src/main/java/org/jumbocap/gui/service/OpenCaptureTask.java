package org.jumbocap.gui.service;

import java.io.IOException;
import java.nio.file.Files;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import javafx.concurrent.Task;
import org.jumbocap.dissect.FrameSummary;
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
        long count = 0;
        updateMessage("Reading " + store.name());
        if (rows.size() == 0) {
            store.segmentPlans().clear();
        }
        try (CaptureReader reader = backend.open(store.file())) {
            Decoder decoder = new Decoder(reader, backend.newSummarizer());
            Thread decoding = new Thread(decoder, "jumbocap-list-decoder");
            decoding.setDaemon(true);
            decoding.start();
            try {
                while (!isCancelled()) {
                    Batch b = decoder.full.take();
                    for (int i = 0; i < b.count && !isCancelled(); i++) {
                        FrameRecord rec = b.records[i];
                        if (count == 0) {
                            store.noteNanoPrecision(b.nanoPrecision);
                        }
                        store.noteLinkType(rec.linkType());
                        long firstNanos = b.firstNanos;
                        long previousNanos = b.previousNanos[i];
                        step.next(rec, firstNanos, previousNanos, b.summaries[i]);
                        // the reassembly plan, so the row's texts and details decoded later are read's
                        SegmentPlan plan = step.analysis() == null ? null : step.analysis().segmentPlan;
                        store.segmentPlans().record(rows.size(), plan);
                        RowFactory.append(rows, rec, step.summary(), step.analysis(), () -> backend.dissect(rec, firstNanos, previousNanos, plan));
                        if (shown != null && step.passes(filter)) {
                            shown.append(rows.size() - 1);
                        }
                        count++;
                        if ((count & 0x3FFF) == 0) {
                            updateProgress(Math.max(0, rec.fileOffset()), size);
                            updateMessage("Reading " + store.name() + ": " + String.format(java.util.Locale.ROOT, "%,d", count) + " frames");
                        }
                    }
                    if (b.failure instanceof CaptureFormatException e) {
                        updateProgress(size, size);
                        return new Outcome(count, reader.formatName(), e.getMessage());
                    }
                    rethrow(b.failure);
                    if (b.last) {
                        break;
                    }
                    decoder.free.put(b);
                }
            } catch (InterruptedException e) {
                // cancelled while waiting for the decoder
                Thread.currentThread().interrupt();
            } finally {
                // the reader closes after this: the decoder must not read from it any more
                decoding.interrupt();
                joinUninterruptibly(decoding);
            }
            updateProgress(size, size);
            return new Outcome(count, reader.formatName(), null);
        }
    }

    private static void rethrow(Throwable failure) throws IOException {
        if (failure == null) {
            return;
        }
        if (failure instanceof IOException e) {
            throw e;
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(failure);
    }

    private static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Frames read and summarised together by the decoder, listed together by the task; reused. */
    private static final class Batch {
        final FrameRecord[] records = new FrameRecord[BATCH_FRAMES];
        final FrameSummary[] summaries = new FrameSummary[BATCH_FRAMES];
        final long[] previousNanos = new long[BATCH_FRAMES];
        long firstNanos;
        /** The file's times have nine decimals, as read decides it (known from its first frame). */
        boolean nanoPrecision;
        int count;
        /** The reader ended after these frames. */
        boolean last;
        /** Why it ended early (a format error, or what else the reader or the decoder threw), or null. */
        Throwable failure;

        Batch() {
            for (int i = 0; i < BATCH_FRAMES; i++) {
                records[i] = new FrameRecord();
                summaries[i] = new FrameSummary();
            }
        }
    }

    /**
     * 1,024 frames a batch, 8 batches: the decoder runs on while the task follows the conversations and
     * appends the rows of the batches before, in 8 Ki summaries.
     */
    private static final int BATCH_FRAMES = 1024;
    private static final int BATCHES = 8;

    /**
     * Reads the file and summarises each frame, on a thread of its own, while the task's thread takes the
     * summaries in frame order through the frame step (conversations, filter) and appends the rows: the
     * summaries, two thirds of the listing's CPU, on the other core (3 M small frames: the listing's
     * thread took 2.2-2.8 s of CPU alone).
     */
    private static final class Decoder implements Runnable {
        final BlockingQueue<Batch> full = new ArrayBlockingQueue<>(BATCHES);
        final BlockingQueue<Batch> free = new ArrayBlockingQueue<>(BATCHES);
        private final CaptureReader reader;
        private final CaptureBackend.FrameSummarizer summarizer;

        Decoder(CaptureReader reader, CaptureBackend.FrameSummarizer summarizer) {
            this.reader = reader;
            this.summarizer = summarizer;
            for (int i = 0; i < BATCHES; i++) {
                free.add(new Batch());
            }
        }

        @Override
        public void run() {
            boolean any = false;
            boolean nano = false;
            long first = 0;
            long previous = 0;
            try {
                while (true) {
                    Batch b = free.take();
                    b.count = 0;
                    try {
                        while (b.count < BATCH_FRAMES) {
                            FrameRecord rec = b.records[b.count];
                            if (!reader.next(rec)) {
                                b.last = true;
                                break;
                            }
                            long ts = rec.timestampNanos();
                            if (!any) {
                                first = previous = ts;
                                any = true;
                                // as read decides it, for times with nine decimals
                                nano = reader.formatName().contains("nsec")
                                        || reader.interfaces().stream().anyMatch(InterfaceInfo::finerThanMicroseconds);
                            }
                            b.firstNanos = first;
                            b.nanoPrecision = nano;
                            b.previousNanos[b.count] = previous;
                            summarizer.decode(rec, b.summaries[b.count]);
                            previous = ts;
                            b.count++;
                        }
                    } catch (Throwable t) {
                        // the frames before it are listed; the task ends on it as it would have
                        b.failure = t;
                        b.last = true;
                    }
                    full.put(b);
                    if (b.last) {
                        return;
                    }
                }
            } catch (InterruptedException e) {
                // the task stopped taking batches
            }
        }
    }
}
