package org.jumbocap.gui.viewmodel;

import java.io.IOException;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ObservableList;
import org.jumbocap.displayfilter.FilterSyntaxException;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.backend.CaptureBackend.ViewerFilter;
import org.jumbocap.gui.backend.CaptureBackend.FrameStep;
import org.jumbocap.gui.backend.CaptureBackend.SaveFormat;
import org.jumbocap.gui.live.LiveCaptureProvider;
import org.jumbocap.gui.live.LiveInterface;
import org.jumbocap.gui.live.LiveSource;
import org.jumbocap.gui.model.ExpertSummary;
import org.jumbocap.gui.model.FrameDetail;
import org.jumbocap.gui.model.IgnoredFrames;
import org.jumbocap.gui.model.IntColumn;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.model.RowFactory;
import org.jumbocap.gui.model.RowList;
import org.jumbocap.gui.model.RowOrder;
import org.jumbocap.gui.model.RowStore;
import org.jumbocap.gui.model.StatisticsReport;
import org.jumbocap.gui.service.ExportDissectionsTask;
import org.jumbocap.gui.service.FilterTask;
import org.jumbocap.gui.service.OpenCaptureTask;
import org.jumbocap.gui.service.SaveFramesTask;
import org.jumbocap.gui.service.FrameSelection;
import org.jumbocap.gui.store.FileFrameStore;
import org.jumbocap.gui.store.FrameStore;
import org.jumbocap.gui.store.MemoryFrameStore;
import org.jumbocap.io.FrameRecord;

/**
 * The state of the viewer window: the source (a file or a live capture) and the parts that work on it,
 * each its own view model with read-only properties: {@link #packetList()} (rows, order, counts),
 * {@link #displayFilter()}, {@link #selection()} (selected row and its detail), {@link #statistics()}
 * (expert pass, reports), {@link #live()} (capture counters) and {@link #work()} (worker threads, status,
 * progress). This class opens sources, runs the filter and saves, and keeps the parts in step; its
 * accessors below forward to the parts so views need not know which holds what. All work on frames runs
 * in background tasks; every property changes on the UI thread only.
 */
public final class CaptureViewModel implements AutoCloseable {
    /** {@code -Djumbocap.gui.timing=true}: one line on standard error at the first rows and at the end of a read, for the benchmark. */
    static final boolean TIMING = Boolean.getBoolean("jumbocap.gui.timing");

    private final CaptureBackend backend;
    private final BackgroundWork work = new BackgroundWork();
    private final PacketListViewModel packetList;
    private final DisplayFilterViewModel displayFilter;
    private final SelectionViewModel selection;
    private final StatisticsViewModel statistics;
    private final ColouringViewModel colouring;
    private final LiveCaptureViewModel live = new LiveCaptureViewModel();
    /** Frames left out of the list, the filters' results, the statistics and saves (Edit → Ignore Packet). */
    private final IgnoredFrames ignored = new IgnoredFrames();

    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("jumbocap");
    private final ReadOnlyStringWrapper loadError = new ReadOnlyStringWrapper();
    /** The last live capture's temporary file, while kept. */
    private final javafx.beans.property.ReadOnlyObjectWrapper<Path> liveFile = new javafx.beans.property.ReadOnlyObjectWrapper<>();
    private final javafx.beans.property.SimpleBooleanProperty liveSaved = new javafx.beans.property.SimpleBooleanProperty();
    /** What the last live capture was started with, for Restart; null before any. */
    private final javafx.beans.property.ReadOnlyObjectWrapper<LiveStart> lastLive = new javafx.beans.property.ReadOnlyObjectWrapper<>();
    /** Why the last live capture ended by itself or could not run (one line), or null. */
    private final ReadOnlyStringWrapper liveFailure = new ReadOnlyStringWrapper();

    /** The provider, interface, capture filter and snapshot length a live capture was started with. */
    public record LiveStart(LiveCaptureProvider provider, LiveInterface itf, String captureFilter, int snaplen) {
    }
    /** Where the listed frames' bytes are: the open file, or memory for a live capture; null before any. */
    private FrameStore store;
    /** A live capture's shown list and the filter its loop decides for each new frame (null: every frame shown). */
    private record LiveList(ViewerFilter filter, IntColumn indices) {
    }

    /** Held by the live capture's loop per frame, and by a filter applied during it. */
    private final Object liveLock = new Object();
    private volatile LiveList liveShown;
    /** The filter task running, or null. */
    private FilterTask filtering;
    /** True while a file is being read into the list. */
    private boolean reading;
    /** Capture format of the open file ("pcap", "pcapng"), or null. */
    private String formatName;

    /** True when {@code -Djumbocap.gui.timing=true} asks for the timing lines. */
    public static boolean timingOn() {
        return TIMING;
    }

    /** One timing line on standard error when {@code -Djumbocap.gui.timing=true}. */
    public static void timing(String what) {
        if (!TIMING) {
            return;
        }
        long sinceStart = System.currentTimeMillis() - java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
        // CPU time too: on a shared machine the wall time says more about the others' load than about the viewer
        String cpu = java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? ", process CPU " + os.getProcessCpuTime() / 1_000_000 + " ms" : "";
        System.err.println("jumbocap gui timing: " + what + " " + sinceStart + " ms after the JVM started" + cpu);
    }

    public CaptureViewModel(CaptureBackend backend) {
        this.backend = backend;
        this.packetList = new PacketListViewModel(backend, work);
        this.displayFilter = new DisplayFilterViewModel(backend);
        this.selection = new SelectionViewModel(backend);
        this.statistics = new StatisticsViewModel(backend, work);
        this.colouring = new ColouringViewModel(backend, work);
    }

    public CaptureBackend backend() {
        return backend;
    }

    // ---- the parts -------------------------------------------------------------------------------

    public PacketListViewModel packetList() {
        return packetList;
    }

    public DisplayFilterViewModel displayFilter() {
        return displayFilter;
    }

    public SelectionViewModel selection() {
        return selection;
    }

    public StatisticsViewModel statistics() {
        return statistics;
    }

    public ColouringViewModel colouring() {
        return colouring;
    }

    public LiveCaptureViewModel live() {
        return live;
    }

    public BackgroundWork work() {
        return work;
    }

    /** The open source's frames (for windows that read them on their own worker), or null. */
    public FrameStore frameStore() {
        return store;
    }

    // ---- read-only state, forwarded to the parts ----------------------------------------------------

    /** Every listed frame in frame order (index = number - 1); a new list for each file or capture. */
    public ObservableList<PacketRow> rows() {
        return packetList.rows();
    }

    /** The frames the display filter lets through, in the order shown (frame order unless sorted). */
    public ObservableList<PacketRow> shownRows() {
        return packetList.shownRows();
    }

    public ReadOnlyObjectProperty<RowList> shownRowsProperty() {
        return packetList.shownRowsProperty();
    }

    public ReadOnlyIntegerProperty frameCountProperty() {
        return packetList.frameCountProperty();
    }

    public ReadOnlyIntegerProperty shownCountProperty() {
        return packetList.shownCountProperty();
    }

    public ReadOnlyLongProperty textsVersionProperty() {
        return packetList.textsVersionProperty();
    }

    public RowOrder order() {
        return packetList.order();
    }

    public PacketRow row(long number) {
        return packetList.row(number);
    }

    public boolean hasFrames() {
        return !rows().isEmpty();
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return work.statusProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return work.progressProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return work.busyProperty();
    }

    public boolean isBusy() {
        return work.busyProperty().get();
    }

    public ReadOnlyStringProperty appliedFilterProperty() {
        return displayFilter.appliedFilterProperty();
    }

    /**
     * The filter the list is to show: the one last applied, or, once one is cancelled, the one in force
     * again (the bar shows it).
     */
    public ReadOnlyStringProperty wantedFilterProperty() {
        return displayFilter.wantedFilterProperty();
    }

    /** One-line message of the last file that could not be read to its end (null when none). */
    public ReadOnlyStringProperty loadErrorProperty() {
        return loadError.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<PacketRow> selectedRowProperty() {
        return selection.selectedRowProperty();
    }

    public ReadOnlyObjectProperty<FrameDetail> detailProperty() {
        return selection.detailProperty();
    }

    public ReadOnlyStringProperty detailErrorProperty() {
        return selection.detailErrorProperty();
    }

    public ReadOnlyObjectProperty<ExpertSummary> expertSummaryProperty() {
        return statistics.expertSummaryProperty();
    }

    public ReadOnlyBooleanProperty liveRunningProperty() {
        return live.liveRunningProperty();
    }

    public ReadOnlyLongProperty liveReceivedProperty() {
        return live.liveReceivedProperty();
    }

    public ReadOnlyLongProperty liveDroppedProperty() {
        return live.liveDroppedProperty();
    }

    // ---- commands --------------------------------------------------------------------------------

    /** Opens a capture file, replacing what is listed; rows appear in batches while it streams. */
    public void open(Path file) {
        resetForNewSource(file.getFileName().toString());
        FileFrameStore fileStore = new FileFrameStore(backend, file);
        store = fileStore;
        // the new file is listed through the filter the bar last asked for
        ViewerFilter filter = displayFilter.wanted();
        displayFilter.setInForce(displayFilter.wantedText(), filter);
        IntColumn shownIndices = packetList.start(fileStore, filter != null);
        OpenCaptureTask task = new OpenCaptureTask(backend, fileStore, filter, packetList.store(), shownIndices);
        reading = true;
        work.run(task, outcome -> {
            reading = false;
            packetList.stopStreaming();
            if (outcome.error() != null) {
                loadError.set(outcome.error());
                work.status(BackgroundWork.frames(outcome.frames()) + " (" + outcome.formatName() + ") before the fault: "
                        + outcome.error());
            } else {
                formatName = outcome.formatName();
                work.status(listStatus());
            }
            if (TIMING) {
                timing(BackgroundWork.frames(outcome.frames()) + " read");
            }
            afterSourceComplete();
        }, failure -> {
            reading = false;
            packetList.stopStreaming();
            loadError.set(BackgroundWork.oneLine(failure));
            work.status("Cannot open " + file.getFileName() + ": " + BackgroundWork.oneLine(failure));
        });
        packetList.startStreaming();
    }

    /** Checks a display filter without applying it; null when it compiles. */
    public FilterSyntaxException validateFilter(String text) {
        return displayFilter.validate(text);
    }

    /**
     * Applies a display filter (empty shows everything). Throws when it does not compile; the frames are
     * then filtered in the background.
     */
    public void applyFilter(String text) throws FilterSyntaxException {
        String stripped = text == null ? "" : text.strip();
        ViewerFilter compiled = displayFilter.compile(stripped);
        displayFilter.want(stripped, compiled);
        if (filtering != null) {
            // a filter still runs: the new one replaces it
            filtering.cancel();
            filtering = null;
        }
        if (work.mainTaskRunning()) {
            // a file is read, sorted or saved: the filter runs when that ends (a read lists through the filter it began with)
            work.status((stripped.isEmpty() ? "Every frame will show" : "Filter " + stripped + " will apply")
                    + " when the " + (reading ? "reading" : "task") + " ends");
            work.whenIdle(this::applyWanted);
            return;
        }
        applyWanted();
    }

    /** Runs the filter last asked for over the listed frames, unless the list already shows its frames. */
    private void applyWanted() {
        applyWanted(false);
    }

    /** As {@link #applyWanted()}; {@code again}: runs it even when the list shows its frames (the ignored ones changed). */
    private void applyWanted(boolean again) {
        if (!again && displayFilter.wantedInForce() && filtering == null) {
            work.status(listStatus());
            return;
        }
        String stripped = displayFilter.wantedText();
        ViewerFilter compiled = displayFilter.wanted();
        if (compiled == null) {
            synchronized (liveLock) {
                liveShown = null;
            }
            displayFilter.setInForce("", null);
            showEveryFrame();
            work.status(listStatus());
            return;
        }
        if (store == null) {
            displayFilter.setInForce(stripped, compiled);
            packetList.showOnly(new IntColumn());
            return;
        }
        if (live.running()) {
            filterWhileLive(stripped, compiled);
            return;
        }
        RowStore filtered = packetList.store();
        FilterTask task = new FilterTask(backend, store, compiled, filtered);
        filtering = task;
        long filterStart = System.nanoTime();
        work.run(task, matches -> {
            if (TIMING) {
                timing("filter " + stripped + " took " + (System.nanoTime() - filterStart) / 1_000_000 + " ms,");
            }
            if (task != filtering || filtered != packetList.store()) {
                return;
            }
            filtering = null;
            displayFilter.setInForce(stripped, compiled);
            packetList.showOnly(ignored.without(filtered, matches));
            work.status(listStatus());
        }, failure -> {
            if (task == filtering) {
                filtering = null;
                work.status("Filter failed: " + BackgroundWork.oneLine(failure) + listStatusSuffix());
            }
        });
    }

    /**
     * A filter applied during a live capture: the capture's loop decides it for every frame from now on,
     * a filter task for the frames listed before; the list then shows both, and grows as frames come.
     */
    private void filterWhileLive(String stripped, ViewerFilter compiled) {
        RowStore liveRows = packetList.store();
        IntColumn after = new IntColumn();
        int before;
        synchronized (liveLock) {
            before = liveRows.size();
            liveShown = new LiveList(compiled, after);
        }
        FilterTask task = new FilterTask(backend, store, compiled, liveRows, before);
        filtering = task;
        work.run(task, matches -> {
            if (task != filtering || liveRows != packetList.store()) {
                return;
            }
            filtering = null;
            IntColumn shown = new IntColumn();
            synchronized (liveLock) {
                for (int i = 0; i < matches.size(); i++) {
                    shown.append(matches.get(i));
                }
                for (int i = 0; i < after.size(); i++) {
                    shown.append(after.get(i));
                }
                liveShown = new LiveList(compiled, shown);
            }
            displayFilter.setInForce(stripped, compiled);
            packetList.showOnly(shown);
            work.status(listStatus());
        }, failure -> {
            if (task == filtering) {
                filtering = null;
                work.status("Filter failed: " + BackgroundWork.oneLine(failure) + listStatusSuffix());
            }
        });
    }

    /**
     * Sorts the shown rows by a column in the background (null: frame order); the table shows the new
     * order when it is ready.
     */
    public void sortShown(RowOrder newOrder) {
        packetList.sort(newOrder, this::listStatus);
    }

    /**
     * The frames a packet range can choose from: every listed frame, those shown, the marked ones (numbers)
     * and the selected one (0 when none); the ignored ones are left out of every choice.
     */
    public org.jumbocap.gui.model.PacketRange packetRange(BitSet marked, long selected) {
        RowStore rows = packetList.store();
        return new org.jumbocap.gui.model.PacketRange(rows.size(), shownNumbers(packetList.shown()), marked,
                ignored.numbers(rows), selected);
    }

    /** Every listed frame but the ignored ones. */
    private void showEveryFrame() {
        RowStore rows = packetList.store();
        if (ignored.numbers(rows).isEmpty()) {
            packetList.showEveryRow();
        } else {
            packetList.showOnly(ignored.allBut(rows, rows.size()));
        }
    }

    /** The frames ignored (Edit → Ignore Packet). */
    public IgnoredFrames ignored() {
        return ignored;
    }

    /**
     * Ignores a frame, or brings an ignored one back, as Wireshark's Ignore Packet (Ctrl+D): the list, the
     * filter's result, the statistics of the shown frames and saves leave it out. Not while a live capture
     * runs (its loop lists each new frame as it comes); false then, or when nothing is listed.
     */
    public boolean toggleIgnore(PacketRow row) {
        if (row == null || live.running() || store == null) {
            return false;
        }
        ignored.toggle(row);
        relistForIgnored();
        return true;
    }

    /** Brings every ignored frame back (Edit → Unignore All). */
    public void unignoreAll() {
        if (ignored.countProperty().get() == 0) {
            return;
        }
        ignored.clear();
        relistForIgnored();
    }

    /** Lists the filter's frames again without the ignored ones, once the running task has ended. */
    private void relistForIgnored() {
        if (work.mainTaskRunning() || filtering != null) {
            work.whenIdle(() -> applyWanted(true));
            return;
        }
        applyWanted(true);
    }

    /** Shows the detail of a row (null clears it). */
    public void select(PacketRow row) {
        selection.select(row, row == null ? null : row(row.number() - 1), store);
    }

    /** Writes the shown frames to a file. */
    public void saveShown(Path target, SaveFormat format, Consumer<String> done) {
        saveFrames(shownNumbers(packetList.shown()), target, format, done);
    }

    /** Writes the frames whose numbers are set (the marked ones, say) to a file. */
    public void saveFrames(BitSet numbers, Path target, SaveFormat format, Consumer<String> done) {
        if (store == null) {
            return;
        }
        work.run(new SaveFramesTask(backend, store, numbers, target, format), written -> {
            work.status("Saved " + BackgroundWork.frames(written) + " to " + target);
            done.accept(null);
        }, failure -> {
            work.status("Save failed: " + BackgroundWork.oneLine(failure));
            done.accept(BackgroundWork.oneLine(failure));
        });
    }

    /** Writes the shown frames' dissections (text as {@code read} / {@code read -V}, or JSON) to a file. */
    public void exportShown(Path target, ExportDissectionsTask.Format format, Consumer<String> done) {
        exportFrames(shownNumbers(packetList.shown()), target, format, done);
    }

    /** Writes the dissections of the frames whose numbers are set (a packet range's) to a file. */
    public void exportFrames(BitSet numbers, Path target, ExportDissectionsTask.Format format, Consumer<String> done) {
        if (store == null) {
            return;
        }
        work.run(new ExportDissectionsTask(backend, store, numbers, target, format), written -> {
            work.status("Exported " + BackgroundWork.frames(written) + " to " + target);
            done.accept(null);
        }, failure -> {
            work.status("Export failed: " + BackgroundWork.oneLine(failure));
            done.accept(BackgroundWork.oneLine(failure));
        });
    }

    /**
     * Computes statistics over the shown rows in the background (see {@link StatisticsViewModel}).
     */
    public void computeStatistics(Consumer<StatisticsReport> done) {
        RowList shown = packetList.shown();
        var snapshot = shown.subList(0, shown.size());
        boolean everyFrame = snapshot.size() == rows().size();
        statistics.compute(snapshot, everyFrame ? new BitSet() : shownNumbers(shown), everyFrame, live.running(), store,
                done, () -> computeStatistics(done));
    }

    /**
     * The listed frames for the Conversations, Endpoints and I/O graph windows, which read them off the UI
     * thread: every frame, or those the display filter shows now; null while nothing is listed.
     */
    public FrameSelection frameSelection(boolean shownOnly) {
        RowStore rowStore = packetList.store();
        int n = rowStore == null ? 0 : rowStore.size();
        if (store == null || n == 0) {
            return null;
        }
        // ignored frames are in no count, as Wireshark leaves them undissected
        BitSet numbers = shownOnly ? shownNumbers(packetList.shown())
                : ignored.numbers(rowStore).isEmpty() ? null : withoutIgnored(rowStore, n);
        return new FrameSelection(store, numbers, rowStore.firstNanos(), rowStore.timestampNanos(n - 1),
                shownOnly ? displayFilter.appliedFilterProperty().get() : "");
    }

    /**
     * Starts a live capture; frames stream into the list in batches. A source that writes a file (the
     * capture process) is followed in that file, whose frames the viewer reads again on demand as an opened
     * file's, so memory holds the rows and not the bytes; that file is the capture's until it is saved or
     * discarded ({@link #liveFileProperty()}).
     */
    public void startLive(LiveCaptureProvider provider, LiveInterface itf, String captureFilter, int snaplen)
            throws IOException {
        resetForNewSource("live: " + itf.name());
        lastLive.set(new LiveStart(provider, itf, captureFilter, snaplen));
        liveFailure.set(null);
        LiveSource opened = provider.open(itf, captureFilter, snaplen);
        Path file = opened.file();
        MemoryFrameStore memory = file == null ? new MemoryFrameStore(itf.name()) : null;
        FileFrameStore followed = file == null ? null : new FileFrameStore(backend, file);
        if (followed != null) {
            followed.growing(true);
            followed.noteNanoPrecision(true);
            store = followed;
            liveFile.set(file);
            liveSaved.set(false);
        } else {
            store = memory;
        }
        ViewerFilter liveFilter = displayFilter.wanted();
        displayFilter.setInForce(displayFilter.wantedText(), liveFilter);
        IntColumn shownIndices = packetList.start(store, liveFilter != null);
        RowStore liveRows = packetList.store();
        liveShown = liveFilter == null ? null : new LiveList(liveFilter, shownIndices);
        // the viewer's frame step, as for a file: conversations followed, the filter decided as read -Y does
        FrameStep step = backend.newFrameStep(true);
        // the rows are coloured while capturing, beside this loop
        colouring.startLive(store, liveRows);
        long[] times = {Long.MIN_VALUE, 0};
        packetList.startStreaming();
        live.start(opened, frame -> {
            // under the lock, so a filter applied now splits the frames exactly: those listed before it are
            // the filter task's, those after it this loop's
            synchronized (liveLock) {
                FrameRecord kept;
                if (memory != null) {
                    kept = memory.append(frame);
                } else {
                    kept = frame;
                    followed.noteLinkType(frame.linkType());
                }
                if (times[0] == Long.MIN_VALUE) {
                    times[0] = kept.timestampNanos();
                    times[1] = times[0];
                }
                long previousNanos = times[1];
                step.next(kept, times[0], previousNanos);
                RowFactory.append(liveRows, kept, step.summary(), step.analysis(), () -> backend.dissect(kept, times[0], previousNanos));
                LiveList shown = liveShown;
                if (shown != null && step.passes(shown.filter())) {
                    shown.indices().append(liveRows.size() - 1);
                }
                times[1] = kept.timestampNanos();
            }
        }, this::stopLive);
        work.status("Capturing on " + itf.name());
    }

    /**
     * Stop as the user asks it: the capture process is signalled and writes its last frames, which are
     * listed; the capture then ends as {@link #stopLive()} ends it, without the UI thread waiting.
     */
    public void requestStopLive() {
        if (!live.stopsInBackground()) {
            // a source kept in memory stops at once
            stopLive();
            return;
        }
        if (live.requestStop()) {
            work.status("Stopping the capture\u2026");
        }
    }

    /** The last live capture's settings (Restart is possible when not null). */
    public ReadOnlyObjectProperty<LiveStart> lastLiveProperty() {
        return lastLive.getReadOnlyProperty();
    }

    /** Why the last live capture failed (the capture process's own line), or null. */
    public ReadOnlyStringProperty liveFailureProperty() {
        return liveFailure.getReadOnlyProperty();
    }

    /** Starts the last live capture again; the view has asked about the unsaved one first. */
    public void restartLive() throws IOException {
        LiveStart last = lastLive.get();
        if (last != null) {
            startLive(last.provider(), last.itf(), last.captureFilter(), last.snaplen());
        }
    }

    /** Stops a live capture (the capture process writes its last frames, which are listed); the frames stay listed. */
    public void stopLive() {
        if (!live.running()) {
            return;
        }
        String failure = live.stop();
        liveFailure.set(failure);
        if (store instanceof FileFrameStore followed) {
            followed.growing(false);
        }
        packetList.stopStreaming();
        work.status("Capture stopped: " + BackgroundWork.frames(packetList.store().size()) + ", "
                + String.format(java.util.Locale.ROOT, "%,d", live.liveDroppedProperty().get()) + " dropped"
                + (failure == null ? "" : " \u2014 " + failure)
                + (displayFilter.inForce() == null ? "" : "; " + listStatus()));
        afterSourceComplete();
    }

    /**
     * The temporary file of the last live capture, while it is kept (until saved or discarded and a new
     * source replaces it); null otherwise.
     */
    public ReadOnlyObjectProperty<Path> liveFileProperty() {
        return liveFile.getReadOnlyProperty();
    }

    /** True when a live capture's frames exist only in its temporary file: Close and Quit ask first. */
    public boolean hasUnsavedCapture() {
        return liveFile.get() != null && !liveSaved.get();
    }

    /**
     * Copies the live capture's file to {@code target} in the background (stopping the capture first), as
     * Save does in Wireshark: the bytes the capture process wrote, pcapng as it is.
     */
    public void saveLiveCapture(Path target, Consumer<String> done) {
        Path file = liveFile.get();
        if (file == null) {
            done.accept("no live capture to save");
            return;
        }
        stopLive();
        work.run(new javafx.concurrent.Task<Long>() {
            @Override
            protected Long call() throws IOException {
                updateMessage("Saving " + target.getFileName());
                Path part = target.resolveSibling(target.getFileName() + ".part");
                java.nio.file.Files.copy(file, part, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                java.nio.file.Files.move(part, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                return java.nio.file.Files.size(target);
            }
        }, bytes -> {
            liveSaved.set(true);
            title.set("jumbocap \u2014 " + target.getFileName());
            work.status("Saved " + BackgroundWork.frames(packetList.store().size()) + " to " + target);
            done.accept(null);
        }, failure -> {
            work.status("Save failed: " + BackgroundWork.oneLine(failure));
            done.accept(BackgroundWork.oneLine(failure));
        });
    }

    /** Stops a live capture and removes its temporary file (the list is cleared when it was the source). */
    public void discardLiveCapture() {
        Path file = liveFile.get();
        if (file == null) {
            return;
        }
        stopLive();
        if (store instanceof FileFrameStore followed && followed.file().equals(file)) {
            resetForNewSource("");
            title.set("jumbocap");
        }
        deleteLiveFile();
    }

    private void deleteLiveFile() {
        Path file = liveFile.get();
        if (file == null) {
            return;
        }
        liveFile.set(null);
        liveSaved.set(false);
        try {
            java.nio.file.Files.deleteIfExists(file);
            java.nio.file.Path dir = file.getParent();
            if (dir != null && dir.getFileName().toString().startsWith("jumbocap-capture-")) {
                java.nio.file.Files.deleteIfExists(dir);
            }
        } catch (IOException ignored) {
            // the temporary directory is the system's to clean
        }
    }

    /** Cancels the running task (reading, filtering, saving). */
    public void cancel() {
        work.cancel();
        if (filtering != null) {
            // the list keeps the frames of the filter in force: that one is the bar's again
            filtering = null;
            String text = displayFilter.appliedFilterProperty().get();
            ViewerFilter inForce = displayFilter.inForce();
            displayFilter.want(text, inForce);
            if (live.running()) {
                // the capture's loop was already deciding the cancelled filter: run the one in force again
                synchronized (liveLock) {
                    liveShown = null;
                }
                if (inForce != null) {
                    filterWhileLive(text, inForce);
                    return;
                }
                packetList.showEveryRow();
            }
            work.status("Filter cancelled \u2014 " + listStatus());
        }
    }

    /** Clears the last load error once the view has shown it. */
    public void acknowledgeLoadError() {
        loadError.set(null);
    }

    @Override
    public void close() {
        stopLive();
        statistics.clear();
        selection.close();
        packetList.close();
        work.close();
        closeStore();
        deleteLiveFile();
    }

    // ---- internals -------------------------------------------------------------------------------

    private void resetForNewSource(String name) {
        stopLive();
        Path previousLive = liveFile.get();
        work.cancel();
        filtering = null;
        reading = false;
        liveShown = null;
        statistics.clear();
        packetList.clear();
        closeStore();
        selection.clear();
        loadError.set(null);
        live.clear();
        ignored.clear();
        formatName = null;
        if (previousLive != null) {
            // the view asked before replacing an unsaved capture: its temporary file goes with it
            deleteLiveFile();
        }
        title.set("jumbocap \u2014 " + name);
    }

    /** The numbers of every listed frame but the ignored ones. */
    private BitSet withoutIgnored(RowStore rows, int n) {
        BitSet numbers = new BitSet(n + 1);
        numbers.set(1, n + 1);
        numbers.andNot(ignored.numbers(rows));
        return numbers;
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
        if (packetList.store().size() == 0 || store == null) {
            return;
        }
        statistics.startExpertPass(store, packetList.store());
        colouring.start(store, packetList.store().size());
    }

    /** "1 frame", "2 frames". */
    public static String frames(long n) {
        return BackgroundWork.frames(n);
    }

    /**
     * What the status line says of the list: the whole file's frames, format and super-packets, or how
     * many frames the filter in force shows, and which filter.
     */
    private String listStatus() {
        int ignoredCount = ignored.numbers(packetList.store()).cardinality();
        String ignoredText = ignoredCount == 0 ? "" : String.format(java.util.Locale.ROOT, ", %,d ignored", ignoredCount);
        if (displayFilter.inForce() == null) {
            return everyFrameStatus() + ignoredText;
        }
        return String.format(java.util.Locale.ROOT, "%,d", packetList.shownCountProperty().get()) + " of "
                + frames(packetList.store().size()) + " shown" + ignoredText + displayFilter.statusSuffix();
    }

    /** " (the list: ...)" after a message that is not about the list. */
    private String listStatusSuffix() {
        return " \u2014 " + listStatus();
    }

    /** What the status line says of a whole file: frames, format, super-packets. */
    private String everyFrameStatus() {
        long jumbo = packetList.store().jumboCount();
        return frames(packetList.store().size()) + (formatName == null ? "" : " (" + formatName + ")") + ", "
                + String.format(java.util.Locale.ROOT, "%,d", jumbo)
                + (jumbo == 1 ? " jumbogram / BIG TCP super-packet" : " jumbograms / BIG TCP super-packets");
    }

    private void closeStore() {
        colouring.clear();
        if (store != null) {
            try {
                store.close();
            } catch (IOException ignored) {
                // nothing left to release
            }
            store = null;
        }
    }
}
