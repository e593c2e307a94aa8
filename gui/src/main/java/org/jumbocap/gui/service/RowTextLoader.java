package org.jumbocap.gui.service;

import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import javafx.application.Platform;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.gui.backend.CaptureBackend.FrameSummarizer;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.model.RowFactory;
import org.jumbocap.gui.model.RowStore;
import org.jumbocap.gui.model.RowText;
import org.jumbocap.gui.model.RowTexts;
import org.jumbocap.gui.store.FrameStore;
import org.jumbocap.gui.store.SegmentPlans;
import org.jumbocap.dissect.SegmentPlan;
import org.jumbocap.pipeline.tcp.TcpAnalysis;

/**
 * Makes the texts of a page of rows on its own thread: reads the page's frames back by their offsets,
 * summarises them and renders them with the core's summary text. Pages asked for most recently are made
 * first, so scrolling far does not wait for the pages passed on the way.
 */
public final class RowTextLoader implements RowTexts.Loader, AutoCloseable {
    private final CaptureBackend backend;
    private final FrameStore frames;
    private final RowStore rows;
    private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jumbocap-row-texts");
        t.setDaemon(true);
        return t;
    });
    private final java.util.concurrent.LinkedBlockingDeque<Runnable> wanted = new java.util.concurrent.LinkedBlockingDeque<>();
    private final FrameSummarizer summarizer;
    private final RowFactory factory = new RowFactory();
    private final FrameSummary summary = new FrameSummary();
    private final TcpAnalysis analysis = new TcpAnalysis();
    /**
     * On the loader's thread only: plans of rows the listing pass did not keep, one replay per stream for the
     * few most recently asked, so a page of interleaved streams does not follow each again from its start.
     */
    private final java.util.LinkedHashMap<Integer, TcpStreamReplay> replays = new java.util.LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(java.util.Map.Entry<Integer, TcpStreamReplay> eldest) {
            return size() > REPLAYED_STREAMS;
        }
    };
    private static final int REPLAYED_STREAMS = 4;

    public RowTextLoader(CaptureBackend backend, FrameStore frames, RowStore rows) {
        this.backend = backend;
        this.frames = frames;
        this.rows = rows;
        this.summarizer = backend.newSummarizer();
    }

    @Override
    public void load(int first, int count, Consumer<RowText[]> done) {
        wanted.addFirst(() -> {
            RowText[] made;
            try {
                made = make(first, count);
            } catch (IOException | RuntimeException e) {
                made = null;
            }
            RowText[] result = made;
            Platform.runLater(() -> done.accept(result));
        });
        executor.execute(() -> {
            Runnable next = wanted.pollFirst();
            if (next != null) {
                next.run();
            }
        });
    }

    /** The texts of rows {@code first .. first + count - 1}; on the loader's thread (or a test's). */
    public RowText[] make(int first, int count) throws IOException {
        RowText[] out = new RowText[count];
        long firstNanos = rows.firstNanos();
        int[] at = {0};
        frames.visitRange(first + 1L, rows.fileOffset(first), count, frame -> {
            int index = first + at[0];
            if (at[0] >= count || frame.number() != index + 1L) {
                throw new IOException(frames.name() + ": frame " + (index + 1) + " is gone (file changed?)");
            }
            long previousNanos = index == 0 ? firstNanos : rows.timestampNanos(index - 1);
            summarizer.decode(frame, summary);
            SegmentPlan plan = segmentPlan(index);
            if (plan != null) {
                summarizer.decode(frame, summary, plan);
            }
            out[at[0]++] = factory.text(summary, rows.tcpAnalysis(index, analysis, summary.tcpWindow),
                    () -> backend.dissect(frame, firstNanos, previousNanos, plan));
        });
        if (at[0] < count) {
            throw new IOException(frames.name() + ": frame " + (first + at[0] + 1) + " is gone (file changed?)");
        }
        return out;
    }

    /**
     * The TCP reassembly plan of frame {@code index}: the listing pass's, or, where that was not kept (a
     * live capture, a capture past the plans' budget), found by following the frame's stream again. A
     * datagram's plan only as the listing pass kept it.
     */
    private SegmentPlan segmentPlan(int index) throws IOException {
        int stream = rows.tcpStream(index);
        SegmentPlans plans = frames.segmentPlans();
        if (stream < 0) {
            // a datagram's plan (QUIC's connection ids), as the listing pass kept it; no stream to follow again
            return plans.knows(index) ? plans.get(index) : null;
        }
        if (plans.knows(index)) {
            return plans.get(index);
        }
        TcpAnalysis followed = replays.computeIfAbsent(stream, s -> new TcpStreamReplay(backend)).analysisOf(frames, rows, index);
        return followed == null ? null : followed.segmentPlan;
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
