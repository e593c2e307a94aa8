package org.jumbocap.gui.service;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import javafx.concurrent.Task;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.backend.CaptureBackend.ViewerFilter;
import org.jumbocap.gui.model.IntColumn;
import org.jumbocap.gui.model.RowStore;
import org.jumbocap.gui.store.FrameStore;

/**
 * Runs a display filter over every listed frame through the viewer's frame loop ({@link FrameScan}: the
 * core's frame pipeline, on the summary where it decides, else on the tree), in as many slices of the file
 * as there are cores, each with its own reader. A filter on TCP conversation fields ({@code tcp.stream},
 * {@code tcp.analysis.*}, expert items) runs in one pass in frame order instead, following the
 * conversations as {@code read -Y} does, since a frame's analysis depends on every frame before it. The result holds the indices of the frames that match, in
 * frame order.
 */
public final class FilterTask extends Task<IntColumn> {
    private static final int CORES = Math.max(1, Runtime.getRuntime().availableProcessors());
    /** Slices smaller than this are not worth a thread. */
    private static final int MIN_SLICE = 50_000;
    private static final ExecutorService HELPERS = Executors.newFixedThreadPool(Math.max(1, CORES - 1), r -> {
        Thread t = new Thread(r, "jumbocap-filter");
        t.setDaemon(true);
        return t;
    });

    private final CaptureBackend backend;
    private final FrameStore store;
    private final ViewerFilter filter;
    private final RowStore rows;
    private final int count;

    public FilterTask(CaptureBackend backend, FrameStore store, ViewerFilter filter, RowStore rows) {
        this(backend, store, filter, rows, -1);
    }

    /** Over the first {@code count} rows only (negative: every row there is when it starts), for a capture still growing. */
    public FilterTask(CaptureBackend backend, FrameStore store, ViewerFilter filter, RowStore rows, int count) {
        this.backend = backend;
        this.store = store;
        this.filter = filter;
        this.rows = rows;
        this.count = count;
    }

    @Override
    protected IntColumn call() throws Exception {
        int total = count >= 0 ? Math.min(count, rows.size()) : rows.size();
        int slices = (int) Math.max(1, Math.min(CORES, total / MIN_SLICE));
        updateMessage("Filtering: " + filter.text());
        AtomicLong seen = new AtomicLong();
        if (filter.readsConversation()) {
            return toColumn(new BitSet[] {inOrder(total, seen)});
        }
        BitSet[] matches = new BitSet[slices];
        List<Future<?>> helpers = new ArrayList<>();
        for (int s = 1; s < slices; s++) {
            int slice = s;
            helpers.add(HELPERS.submit(() -> {
                matches[slice] = slice(slice * (long) total / slices, (slice + 1) * (long) total / slices, seen, total);
                return null;
            }));
        }
        matches[0] = slice(0, total / slices, seen, total);
        for (Future<?> f : helpers) {
            f.get();
        }
        return toColumn(matches);
    }

    private static IntColumn toColumn(BitSet[] matches) {
        IntColumn out = new IntColumn();
        for (BitSet m : matches) {
            for (int i = m.nextSetBit(0); i >= 0; i = m.nextSetBit(i + 1)) {
                out.append(i);
            }
        }
        return out;
    }

    /** Every frame's index that passes, with the conversations followed from the first frame on. */
    private BitSet inOrder(int total, AtomicLong seen) throws java.io.IOException {
        BitSet matches = new BitSet();
        FrameScan.all(backend, store, total, this::isCancelled, (index, frame) -> {
            if (frame.passes(filter)) {
                matches.set(index);
            }
            progress(seen, total);
        });
        return matches;
    }

    /** Frame indices {@code from .. to - 1} that pass. */
    private BitSet slice(long from, long to, AtomicLong seen, int total) throws java.io.IOException {
        BitSet matches = new BitSet();
        int first = (int) from;
        long firstNanos = rows.firstNanos();
        long previousNanos = first == 0 ? firstNanos : rows.timestampNanos(first - 1);
        FrameScan.range(backend, store, first, rows.fileOffset(first), (int) (to - from), firstNanos, previousNanos,
                this::isCancelled, (index, frame) -> {
                    if (frame.passes(filter)) {
                        matches.set(index);
                    }
                    progress(seen, total);
                });
        return matches;
    }

    private void progress(AtomicLong seen, int total) {
        long done = seen.incrementAndGet();
        if ((done & 0x3FFF) == 0) {
            updateProgress(done, total);
        }
    }
}
