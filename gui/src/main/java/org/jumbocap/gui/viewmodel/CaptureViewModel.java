package org.jumbocap.gui.viewmodel;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
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
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
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
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.model.RowFactory;
import org.jumbocap.gui.model.StatisticsAccumulator;
import org.jumbocap.gui.model.StatisticsReport;
import org.jumbocap.gui.service.DetailLoader;
import org.jumbocap.gui.service.ExpertScanTask;
import org.jumbocap.gui.service.FilterTask;
import org.jumbocap.gui.service.OpenCaptureTask;
import org.jumbocap.gui.service.SaveFramesTask;
import org.jumbocap.gui.service.StatisticsScan;
import org.jumbocap.gui.service.UiBatcher;
import org.jumbocap.gui.store.FileFrameStore;
import org.jumbocap.gui.store.FrameStore;
import org.jumbocap.gui.store.MemoryFrameStore;
import org.jumbocap.gui.store.RowEntry;
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

    private final ObservableList<PacketRow> allRows = FXCollections.observableArrayList();
    private final ObservableList<PacketRow> shownRows = FXCollections.observableArrayList();
    private final ObservableList<PacketRow> allRowsView = FXCollections.unmodifiableObservableList(allRows);
    private final ObservableList<PacketRow> shownRowsView = FXCollections.unmodifiableObservableList(shownRows);

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
    private UiBatcher<RowEntry> batcher;
    private LiveSource liveSource;
    /** Refreshes the live counters while no frames come, and notices a capture that ended by itself. */
    private Timeline liveWatch;
    private String pendingFilter;

    public CaptureViewModel(CaptureBackend backend) {
        this.backend = backend;
        this.detailLoader = new DetailLoader(backend);
    }

    public CaptureBackend backend() {
        return backend;
    }

    // ---- read-only state -------------------------------------------------------------------------

    /** Every listed frame in frame order (index = number - 1). */
    public ObservableList<PacketRow> rows() {
        return allRowsView;
    }

    /** The frames the display filter lets through, in frame order. */
    public ObservableList<PacketRow> shownRows() {
        return shownRowsView;
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
        return !allRows.isEmpty();
    }

    /** The row of frame {@code number}, or null. */
    public PacketRow row(long number) {
        long index = number - 1;
        return index >= 0 && index < allRows.size() ? allRows.get((int) index) : null;
    }

    // ---- commands --------------------------------------------------------------------------------

    /** Opens a capture file, replacing what is listed; rows appear in batches while it streams. */
    public void open(Path file) {
        resetForNewSource(file.getFileName().toString());
        FileFrameStore fileStore = new FileFrameStore(backend, file);
        store = fileStore;
        batcher = new UiBatcher<>(UiBatcher.DEFAULT_PERIOD, this::addEntries);
        OpenCaptureTask task = new OpenCaptureTask(backend, fileStore, filter, batcher);
        UiBatcher<RowEntry> taskBatcher = batcher;
        run(task, outcome -> {
            taskBatcher.stopAndDrain();
            if (outcome.error() != null) {
                loadError.set(outcome.error());
                status.set(outcome.frames() + " frames (" + outcome.formatName() + ") before the fault: " + outcome.error());
            } else {
                status.set(outcome.frames() + " frames (" + outcome.formatName() + "), " + jumboCount()
                        + " jumbograms / BIG TCP super-packets" + filterStatus());
            }
            afterSourceComplete();
        }, failure -> {
            taskBatcher.stopAndDrain();
            loadError.set(oneLine(failure));
            status.set("Cannot open " + file.getFileName() + ": " + oneLine(failure));
        });
        batcher.start();
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
            shownRows.setAll(allRows);
            status.set(allRows.size() + " frames");
            return;
        }
        if (store == null) {
            shownRows.clear();
            return;
        }
        FilterTask task = new FilterTask(backend, store, compiled, allRows.size());
        run(task, matches -> {
            List<PacketRow> shown = new ArrayList<>();
            for (PacketRow r : allRows) {
                if (r.number() <= Integer.MAX_VALUE && matches.get((int) r.number())) {
                    shown.add(r);
                }
            }
            shownRows.setAll(shown);
            status.set(shown.size() + " of " + allRows.size() + " frames shown" + filterStatus());
        }, failure -> status.set("Filter failed: " + oneLine(failure)));
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
        BitSet numbers = new BitSet();
        for (PacketRow r : shownRows) {
            if (r.number() <= Integer.MAX_VALUE) {
                numbers.set((int) r.number());
            }
        }
        run(new SaveFramesTask(backend, store, numbers, target, format), written -> {
            status.set("Saved " + written + " frames to " + target);
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
        List<PacketRow> snapshot = new ArrayList<>(shownRows);
        boolean everyFrame = snapshot.size() == allRows.size();
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
        BitSet numbers = new BitSet();
        if (ready == null) {
            for (PacketRow r : snapshot) {
                if (r.number() <= Integer.MAX_VALUE) {
                    numbers.set((int) r.number());
                }
            }
        }
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

    /** Starts a live capture; frames stream into the list in batches. */
    public void startLive(LiveCaptureProvider provider, LiveInterface itf, String captureFilter, int snaplen)
            throws IOException {
        resetForNewSource("live: " + itf.name());
        MemoryFrameStore memory = new MemoryFrameStore(itf.name());
        store = memory;
        LiveSource source = provider.open(itf, captureFilter, snaplen);
        liveSource = source;
        UiBatcher<RowEntry> liveBatcher = new UiBatcher<>(UiBatcher.DEFAULT_PERIOD, entries -> {
            addEntries(entries);
            liveReceived.set(source.received());
            liveDropped.set(source.dropped());
            status.set("Capturing on " + itf.name() + ": " + allRows.size() + " frames");
        });
        batcher = liveBatcher;
        FrameSummarizer summarizer = backend.newSummarizer();
        RowFactory factory = new RowFactory();
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
        liveBatcher.start();
        source.start(frame -> {
            FrameRecord kept = memory.append(frame);
            if (times[0] == Long.MIN_VALUE) {
                times[0] = kept.timestampNanos();
                times[1] = times[0];
            }
            summarizer.decode(kept, summary);
            PacketRow row = factory.row(kept, summary, times[0]);
            boolean shown = liveFilter == null || liveFilter.test(kept, times[0], times[1]);
            times[1] = kept.timestampNanos();
            liveBatcher.offer(new RowEntry(row, shown));
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
        if (batcher != null) {
            batcher.stopAndDrain();
        }
        liveRunning.set(false);
        status.set("Capture stopped: " + allRows.size() + " frames, " + liveDropped.get() + " dropped"
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
        if (batcher != null) {
            batcher.stopAndDrain();
        }
        closeStore();
        detailLoader.clear();
        allRows.clear();
        shownRows.clear();
        selectedRow.set(null);
        detail.set(null);
        detailError.set(null);
        expertSummary.set(null);
        scanStatistics = null;
        loadError.set(null);
        liveReceived.set(0);
        liveDropped.set(0);
        title.set("jumbocap \u2014 " + name);
    }

    private void addEntries(List<RowEntry> entries) {
        List<PacketRow> rows = new ArrayList<>(entries.size());
        List<PacketRow> shown = new ArrayList<>(entries.size());
        for (RowEntry e : entries) {
            rows.add(e.row());
            if (e.shown()) {
                shown.add(e.row());
            }
        }
        allRows.addAll(rows);
        shownRows.addAll(shown);
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
        if (allRows.isEmpty() || store == null) {
            return;
        }
        ExpertScanTask task = new ExpertScanTask(backend, store, new ArrayList<>(allRows));
        expertTask = task;
        task.setOnSucceeded(e -> {
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

    private long jumboCount() {
        long n = 0;
        for (PacketRow r : allRows) {
            n += r.isJumbo() ? 1 : 0;
        }
        return n;
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
