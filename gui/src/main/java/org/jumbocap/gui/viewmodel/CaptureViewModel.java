package org.jumbocap.gui.viewmodel;

import java.io.IOException;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;
import javafx.util.Duration;
import org.jumbocap.displayfilter.FilterSyntaxException;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.gui.backend.CaptureBackend.CompiledFilter;
import org.jumbocap.gui.backend.CaptureBackend.FrameSummarizer;
import org.jumbocap.gui.backend.CaptureBackend.SaveFormat;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.live.LiveCaptureProvider;
import org.jumbocap.gui.live.LiveInterface;
import org.jumbocap.gui.live.LiveSource;
import org.jumbocap.gui.model.ExpertSummary;
import org.jumbocap.gui.model.FrameDetail;
import org.jumbocap.gui.model.IntColumn;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.model.RowFactory;
import org.jumbocap.gui.model.RowList;
import org.jumbocap.gui.model.RowOrder;
import org.jumbocap.gui.model.RowStore;
import org.jumbocap.gui.model.RowTexts;
import org.jumbocap.gui.model.ShownRows;
import org.jumbocap.gui.model.StatisticsAccumulator;
import org.jumbocap.gui.model.StatisticsReport;
import org.jumbocap.gui.service.DetailLoader;
import org.jumbocap.gui.service.ExpertScanTask;
import org.jumbocap.gui.service.FilterTask;
import org.jumbocap.gui.service.OpenCaptureTask;
import org.jumbocap.gui.service.RowTextLoader;
import org.jumbocap.gui.service.SaveFramesTask;
import org.jumbocap.gui.service.FrameSelection;
import org.jumbocap.gui.service.StatisticsScan;
import org.jumbocap.gui.store.FileFrameStore;
import org.jumbocap.gui.store.FrameStore;
import org.jumbocap.gui.store.MemoryFrameStore;
import org.jumbocap.io.FrameRecord;

/**
 * The state of the viewer window, exposed as read-only properties; views call the command methods and
 * observe. All work on frames runs in background tasks; every property changes on the UI thread only.
 */
public final class CaptureViewModel implements AutoCloseable {
    /** Time slices of the throughput curve. */
    private static final int THROUGHPUT_BINS = 200;

    private final CaptureBackend backend;
    private final ExecutorService workers = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "jumbocap-worker");
        t.setDaemon(true);
        return t;
    });
    private final DetailLoader detailLoader;

    /** Every listed frame, packed; replaced for each new file or capture. */
    private RowStore rowStore = new RowStore();
    private RowTexts texts;
    private RowTextLoader textLoader;
    private final ReadOnlyObjectWrapper<RowList> allRows = new ReadOnlyObjectWrapper<>(RowList.empty());
    private final ReadOnlyObjectWrapper<RowList> shownRows = new ReadOnlyObjectWrapper<>(allRows.get());
    /** What the table lists: always this one list, showing {@link #shownRows}. */
    private final ShownRows table = new ShownRows();
    private final ReadOnlyIntegerWrapper frameCount = new ReadOnlyIntegerWrapper();
    private final ReadOnlyIntegerWrapper shownCount = new ReadOnlyIntegerWrapper();
    /** Counts up whenever row texts arrive, so the table redraws. */
    private final ReadOnlyLongWrapper textsVersion = new ReadOnlyLongWrapper();
    private boolean textsRedrawQueued;
    /** The column and direction the shown rows are sorted by; null in frame order. */
    private RowOrder order;
    /** {@code -Djumbocap.gui.timing=true}: one line on standard error at the first rows and at the end of a read, for the benchmark. */
    private static final boolean TIMING = Boolean.getBoolean("jumbocap.gui.timing");
    private boolean firstRowsTimed;

    /** One timing line on standard error when {@code -Djumbocap.gui.timing=true}. */
    public static void timing(String what) {
        if (!TIMING) {
            return;
        }
        long sinceStart = System.currentTimeMillis() - java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
        System.err.println("jumbocap gui timing: " + what + " " + sinceStart + " ms after the JVM started");
    }

    /** Hands what the reader appended to the lists, ten times a second. */
    private final Timeline publisher = new Timeline(new KeyFrame(Duration.millis(100), e -> publishRows()));

    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("jumbocap");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("Ready");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper appliedFilter = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper loadError = new ReadOnlyStringWrapper();
    private final ReadOnlyObjectWrapper<PacketRow> selectedRow = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<FrameDetail> detail = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper detailError = new ReadOnlyStringWrapper();
    private final ReadOnlyObjectWrapper<ExpertSummary> expertSummary = new ReadOnlyObjectWrapper<>();
    /** Statistics over every listed frame from the expert pass; null until it ends. */
    private StatisticsAccumulator scanStatistics;
    private final ReadOnlyBooleanWrapper liveRunning = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyLongWrapper liveReceived = new ReadOnlyLongWrapper();
    private final ReadOnlyLongWrapper liveDropped = new ReadOnlyLongWrapper();

    private FrameStore store;
    private CompiledFilter filter;
    private Task<?> mainTask;
    private Task<?> expertTask;
    private LiveSource liveSource;
    /** Refreshes the live counters while no frames come, and notices a capture that ended by itself. */
    private Timeline liveWatch;
    private String pendingFilter;
    /** Capture format of the open file ("pcap", "pcapng"), or null. */
    private String formatName;

    public CaptureViewModel(CaptureBackend backend) {
        this.backend = backend;
        this.detailLoader = new DetailLoader(backend);
        publisher.setCycleCount(Animation.INDEFINITE);
        shownRows.addListener((obs, old, now) -> table.switchTo(now));
    }

    public CaptureBackend backend() {
        return backend;
    }

    // ---- read-only state -------------------------------------------------------------------------

    /** Every listed frame in frame order (index = number - 1); a new list for each file or capture. */
    public ObservableList<PacketRow> rows() {
        return allRows.get();
    }

    /** The frames the display filter lets through, in the order shown (frame order unless sorted). */
    public ObservableList<PacketRow> shownRows() {
        return table;
    }

    public ReadOnlyObjectProperty<RowList> shownRowsProperty() {
        return shownRows.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty frameCountProperty() {
        return frameCount.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty shownCountProperty() {
        return shownCount.getReadOnlyProperty();
    }

    /** Changes whenever texts of rows on screen have been made: the table redraws then. */
    public ReadOnlyLongProperty textsVersionProperty() {
        return textsVersion.getReadOnlyProperty();
    }

    /** The order of the shown rows, null for frame order. */
    public RowOrder order() {
        return order;
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Progress of the running task, 0..1, or -1 when unknown. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public boolean isBusy() {
        return busy.get();
    }

    public ReadOnlyStringProperty appliedFilterProperty() {
        return appliedFilter.getReadOnlyProperty();
    }

    /** One-line message of the last file that could not be read to its end (null when none). */
    public ReadOnlyStringProperty loadErrorProperty() {
        return loadError.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<PacketRow> selectedRowProperty() {
        return selectedRow.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<FrameDetail> detailProperty() {
        return detail.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty detailErrorProperty() {
        return detailError.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<ExpertSummary> expertSummaryProperty() {
        return expertSummary.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty liveRunningProperty() {
        return liveRunning.getReadOnlyProperty();
    }

    public ReadOnlyLongProperty liveReceivedProperty() {
        return liveReceived.getReadOnlyProperty();
    }

    public ReadOnlyLongProperty liveDroppedProperty() {
        return liveDropped.getReadOnlyProperty();
    }

    public boolean hasFrames() {
        return !rows().isEmpty();
    }

    /** The row of frame {@code number}, or null. */
    public PacketRow row(long number) {
        long index = number - 1;
        return index >= 0 && index < rows().size() ? rows().get((int) index) : null;
    }

    // ---- commands --------------------------------------------------------------------------------

    /** Opens a capture file, replacing what is listed; rows appear in batches while it streams. */
    public void open(Path file) {
        resetForNewSource(file.getFileName().toString());
        FileFrameStore fileStore = new FileFrameStore(backend, file);
        store = fileStore;
        IntColumn shownIndices = startRows(fileStore);
        OpenCaptureTask task = new OpenCaptureTask(backend, fileStore, filter, rowStore, shownIndices);
        run(task, outcome -> {
            publisher.stop();
            publishRows();
            if (outcome.error() != null) {
                loadError.set(outcome.error());
                status.set(frames(outcome.frames()) + " (" + outcome.formatName() + ") before the fault: " + outcome.error());
            } else {
                formatName = outcome.formatName();
                status.set(everyFrameStatus() + filterStatus());
            }
            if (TIMING) {
                timing(frames(outcome.frames()) + " read");
            }
            afterSourceComplete();
        }, failure -> {
            publisher.stop();
            publishRows();
            loadError.set(oneLine(failure));
            status.set("Cannot open " + file.getFileName() + ": " + oneLine(failure));
        });
        publisher.play();
    }

    /**
     * New lists over a new row store for a source; returns the column the reader puts the indices of the
     * frames the display filter passes in, or null when every frame is shown.
     */
    private IntColumn startRows(FrameStore frames) {
        rowStore = new RowStore();
        if (textLoader != null) {
            textLoader.close();
        }
        textLoader = new RowTextLoader(backend, frames, rowStore);
        texts = new RowTexts(rowStore, textLoader, this::textsArrived);
        RowList all = RowList.all(rowStore, texts);
        allRows.set(all);
        order = null;
        if (filter == null) {
            shownRows.set(all);
            return null;
        }
        IntColumn shownIndices = new IntColumn();
        shownRows.set(RowList.of(rowStore, texts, shownIndices));
        return shownIndices;
    }

    private void publishRows() {
        if (TIMING && !firstRowsTimed && rowStore.size() > 0) {
            firstRowsTimed = true;
            timing("first rows listed");
        }
        allRows.get().publish();
        shownRows.get().publish();
        frameCount.set(allRows.get().size());
        shownCount.set(shownRows.get().size());
    }

    private void textsArrived() {
        if (!textsRedrawQueued) {
            textsRedrawQueued = true;
            Platform.runLater(() -> {
                textsRedrawQueued = false;
                textsVersion.set(textsVersion.get() + 1);
            });
        }
    }

    /** Shows the rows in a new list and publishes its size. */
    private void show(RowList rows, RowOrder newOrder) {
        order = newOrder;
        rows.publish();
        shownRows.set(rows);
        shownCount.set(rows.size());
    }

    /** Checks a display filter without applying it; null when it compiles. */
    public FilterSyntaxException validateFilter(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            backend.compileFilter(text.strip());
            return null;
        } catch (FilterSyntaxException e) {
            return e;
        }
    }

    /**
     * Applies a display filter (empty shows everything). Throws when it does not compile; the frames are
     * then filtered in the background.
     */
    public void applyFilter(String text) throws FilterSyntaxException {
        String stripped = text == null ? "" : text.strip();
        CompiledFilter compiled = stripped.isEmpty() ? null : backend.compileFilter(stripped);
        if (mainTask != null && mainTask.isRunning()) {
            pendingFilter = stripped;
            status.set("Filter will apply when reading ends");
            return;
        }
        filter = compiled;
        appliedFilter.set(stripped);
        if (compiled == null) {
            show(allRows.get(), null);
            status.set(everyFrameStatus());
            return;
        }
        if (store == null) {
            show(RowList.of(rowStore, texts, new IntColumn()), null);
            return;
        }
        FilterTask task = new FilterTask(store, compiled, rowStore);
        RowStore filtered = rowStore;
        long filterStart = System.nanoTime();
        run(task, matches -> {
            if (TIMING) {
                timing("filter " + stripped + " took " + (System.nanoTime() - filterStart) / 1_000_000 + " ms,");
            }
            if (filtered != rowStore) {
                return;
            }
            show(RowList.of(rowStore, texts, matches), null);
            status.set(String.format(java.util.Locale.ROOT, "%,d", matches.size()) + " of " + frames(rowStore.size())
                    + " shown" + filterStatus());
        }, failure -> status.set("Filter failed: " + oneLine(failure)));
    }

    /**
     * Sorts the shown rows by a column in the background (null: frame order); the table shows the new
     * order when it is ready.
     */
    public void sortShown(RowOrder newOrder) {
        RowList current = shownRows.get();
        if (java.util.Objects.equals(newOrder, order) || (mainTask != null && mainTask.isRunning())) {
            return;
        }
        RowStore sorted = rowStore;
        int count = current.size();
        int[] indices = new int[count];
        for (int i = 0; i < count; i++) {
            indices[i] = current.frameIndex(i);
        }
        Task<int[]> task = new Task<>() {
            @Override
            protected int[] call() {
                updateMessage("Sorting " + frames(count));
                return RowOrder.sort(indices, sorted, newOrder);
            }
        };
        run(task, order -> {
            if (sorted == rowStore && current == shownRows.get()) {
                show(RowList.of(rowStore, texts, IntColumn.of(order, order.length)), newOrder);
                status.set(current == allRows.get() ? everyFrameStatus() : shownCount.get() + " of "
                        + frames(rowStore.size()) + " shown" + filterStatus());
            }
        }, failure -> status.set("Sort failed: " + oneLine(failure)));
    }

    /** Shows the detail of a row (null clears it). */
    public void select(PacketRow row) {
        selectedRow.set(row);
        if (row == null || store == null) {
            detailLoader.clear();
            detail.set(null);
            return;
        }
        long first = row.timestampNanos() - row.relativeNanos();
        PacketRow previous = row(row.number() - 1);
        long previousNanos = previous == null ? row.timestampNanos() : previous.timestampNanos();
        detailLoader.load(store, row, first, previousNanos, loaded -> {
            detailError.set(null);
            detail.set(loaded);
        }, message -> {
            detail.set(null);
            detailError.set(message);
        });
    }

    /** Writes the shown frames to a file. */
    public void saveShown(Path target, SaveFormat format, Consumer<String> done) {
        if (store == null) {
            return;
        }
        BitSet numbers = shownNumbers(shownRows.get());
        run(new SaveFramesTask(backend, store, numbers, target, format), written -> {
            status.set("Saved " + frames(written) + " to " + target);
            done.accept(null);
        }, failure -> {
            status.set("Save failed: " + oneLine(failure));
            done.accept(oneLine(failure));
        });
    }

    /**
     * Computes statistics over the shown rows in the background. With every frame shown they come from
     * the expert pass, which dissects each frame once for both (waiting for it when it still runs);
     * otherwise the shown frames are dissected for them.
     */
    public void computeStatistics(Consumer<StatisticsReport> done) {
        RowList shown = shownRows.get();
        List<PacketRow> snapshot = shown.subList(0, shown.size());
        boolean everyFrame = snapshot.size() == rows().size();
        Task<?> scan = expertTask;
        if (everyFrame && scanStatistics == null && scan != null && !scan.isDone() && !liveRunning.get()) {
            scan.stateProperty().addListener(new ChangeListener<Worker.State>() {
                @Override
                public void changed(ObservableValue<? extends Worker.State> obs, Worker.State old, Worker.State state) {
                    if (state == Worker.State.SUCCEEDED || state == Worker.State.FAILED
                            || state == Worker.State.CANCELLED) {
                        obs.removeListener(this);
                        // after the scan's own success handler has stored its statistics
                        Platform.runLater(() -> computeStatistics(done));
                    }
                }
            });
            return;
        }
        StatisticsAccumulator ready = everyFrame ? scanStatistics : null;
        FrameStore frames = store;
        BitSet numbers = ready == null ? shownNumbers(shown) : new BitSet();
        Task<StatisticsReport> task = new Task<>() {
            @Override
            protected StatisticsReport call() throws IOException {
                StatisticsAccumulator statistics = ready != null || frames == null ? ready
                        : StatisticsScan.over(backend, frames, numbers, this::isCancelled);
                return StatisticsReport.of(statistics == null ? new StatisticsAccumulator() : statistics, snapshot,
                        THROUGHPUT_BINS);
            }
        };
        task.setOnSucceeded(e -> done.accept(task.getValue()));
        task.setOnFailed(e -> status.set("Statistics failed: " + oneLine(task.getException())));
        workers.execute(task);
    }

    /**
     * The listed frames for the Conversations, Endpoints and I/O graph windows, which read them off the UI
     * thread: every frame, or those the display filter shows now; null while nothing is listed.
     */
    public FrameSelection frameSelection(boolean shownOnly) {
        int n = rowStore.size();
        if (store == null || n == 0) {
            return null;
        }
        BitSet numbers = shownOnly ? shownNumbers(shownRows.get()) : null;
        return new FrameSelection(store, numbers, rowStore.firstNanos(), rowStore.timestampNanos(n - 1),
                shownOnly ? appliedFilter.get() : "");
    }

    /** Starts a live capture; frames stream into the list in batches. */
    public void startLive(LiveCaptureProvider provider, LiveInterface itf, String captureFilter, int snaplen)
            throws IOException {
        resetForNewSource("live: " + itf.name());
        MemoryFrameStore memory = new MemoryFrameStore(itf.name());
        store = memory;
        LiveSource source = provider.open(itf, captureFilter, snaplen);
        liveSource = source;
        IntColumn shownIndices = startRows(memory);
        RowStore liveRows = rowStore;
        FrameSummarizer summarizer = backend.newSummarizer();
        FrameSummary summary = new FrameSummary();
        CompiledFilter liveFilter = filter;
        long[] times = {Long.MIN_VALUE, 0};
        liveRunning.set(true);
        liveWatch = new Timeline(new KeyFrame(Duration.millis(500), e -> {
            liveReceived.set(source.received());
            liveDropped.set(source.dropped());
            if (source.failure() != null && liveSource == source) {
                stopLive();
            }
        }));
        liveWatch.setCycleCount(Animation.INDEFINITE);
        liveWatch.play();
        publisher.play();
        source.start(frame -> {
            FrameRecord kept = memory.append(frame);
            if (times[0] == Long.MIN_VALUE) {
                times[0] = kept.timestampNanos();
                times[1] = times[0];
            }
            summarizer.decode(kept, summary);
            long previousNanos = times[1];
            RowFactory.append(liveRows, kept, summary, () -> backend.dissect(kept, times[0], previousNanos));
            if (shownIndices != null && liveFilter.test(kept, times[0], times[1])) {
                shownIndices.append(liveRows.size() - 1);
            }
            times[1] = kept.timestampNanos();
        });
        status.set("Capturing on " + itf.name());
    }

    /** Stops a live capture; the frames stay listed. */
    public void stopLive() {
        if (liveSource == null) {
            return;
        }
        if (liveWatch != null) {
            liveWatch.stop();
        }
        liveSource.stop();
        liveReceived.set(liveSource.received());
        liveDropped.set(liveSource.dropped());
        String failure = liveSource.failure();
        liveSource = null;
        publisher.stop();
        publishRows();
        liveRunning.set(false);
        status.set("Capture stopped: " + frames(rowStore.size()) + ", " + liveDropped.get() + " dropped"
                + (failure == null ? "" : " \u2014 " + failure));
        afterSourceComplete();
    }

    /** Cancels the running task (reading, filtering, saving). */
    public void cancel() {
        if (mainTask != null) {
            mainTask.cancel();
        }
    }

    /** Clears the last load error once the view has shown it. */
    public void acknowledgeLoadError() {
        loadError.set(null);
    }

    @Override
    public void close() {
        stopLive();
        cancel();
        if (expertTask != null) {
            expertTask.cancel();
        }
        detailLoader.close();
        if (textLoader != null) {
            textLoader.close();
        }
        publisher.stop();
        workers.shutdownNow();
        closeStore();
    }

    // ---- internals -------------------------------------------------------------------------------

    private void resetForNewSource(String name) {
        stopLive();
        cancel();
        if (expertTask != null) {
            expertTask.cancel();
        }
        publisher.stop();
        closeStore();
        detailLoader.clear();
        RowList none = RowList.empty();
        allRows.set(none);
        shownRows.set(none);
        order = null;
        frameCount.set(0);
        shownCount.set(0);
        selectedRow.set(null);
        detail.set(null);
        detailError.set(null);
        expertSummary.set(null);
        scanStatistics = null;
        loadError.set(null);
        liveReceived.set(0);
        liveDropped.set(0);
        formatName = null;
        title.set("jumbocap \u2014 " + name);
    }

    private static BitSet shownNumbers(RowList shown) {
        BitSet numbers = new BitSet();
        int n = shown.size();
        for (int i = 0; i < n; i++) {
            numbers.set(shown.frameIndex(i) + 1);
        }
        return numbers;
    }

    private void afterSourceComplete() {
        if (pendingFilter != null) {
            String text = pendingFilter;
            pendingFilter = null;
            try {
                applyFilter(text);
            } catch (FilterSyntaxException e) {
                status.set("Filter not applied: " + e.detail());
            }
        }
        if (rowStore.size() == 0 || store == null) {
            return;
        }
        ExpertScanTask task = new ExpertScanTask(backend, store, rowStore);
        expertTask = task;
        task.setOnSucceeded(e -> {
            if (TIMING) {
                timing("expert pass done");
            }
            scanStatistics = task.getValue().statistics();
            expertSummary.set(task.getValue().experts());
        });
        workers.execute(task);
    }

    private <T> void run(Task<T> task, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        if (mainTask != null && mainTask.isRunning()) {
            mainTask.cancel();
        }
        mainTask = task;
        busy.set(true);
        progress.bind(task.progressProperty());
        task.messageProperty().addListener((obs, old, message) -> {
            if (message != null && !message.isEmpty()) {
                status.set(message);
            }
        });
        task.stateProperty().addListener((obs, old, state) -> {
            if (state == Worker.State.SUCCEEDED || state == Worker.State.FAILED || state == Worker.State.CANCELLED) {
                if (mainTask == task) {
                    progress.unbind();
                    progress.set(0);
                }
                try {
                    if (state == Worker.State.SUCCEEDED) {
                        onSuccess.accept(task.getValue());
                    } else if (state == Worker.State.FAILED) {
                        onFailure.accept(task.getException());
                    } else if (mainTask == task) {
                        status.set("Cancelled");
                    }
                } finally {
                    if (mainTask == task) {
                        busy.set(false);
                    }
                }
            }
        });
        workers.execute(task);
    }

    /** "1 frame", "2 frames". */
    public static String frames(long n) {
        return String.format(java.util.Locale.ROOT, "%,d", n) + (n == 1 ? " frame" : " frames");
    }

    /** What the status line says of a whole file: frames, format, super-packets. */
    private String everyFrameStatus() {
        long jumbo = jumboCount();
        return frames(rowStore.size()) + (formatName == null ? "" : " (" + formatName + ")") + ", " + jumbo
                + (jumbo == 1 ? " jumbogram / BIG TCP super-packet" : " jumbograms / BIG TCP super-packets");
    }

    private long jumboCount() {
        return rowStore.jumboCount();
    }

    private String filterStatus() {
        return appliedFilter.get().isEmpty() ? "" : " \u2014 filter: " + appliedFilter.get();
    }

    private void closeStore() {
        if (store != null) {
            try {
                store.close();
            } catch (IOException ignored) {
                // nothing left to release
            }
            store = null;
        }
    }

    private static String oneLine(Throwable t) {
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
