package org.jumbocap.gui.service;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import javafx.application.Platform;
import org.jumbocap.dissect.SegmentPlan;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.model.FrameDetail;
import org.jumbocap.gui.model.PacketRow;
import org.jumbocap.gui.store.FrameStore;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.pipeline.tcp.TcpAnalysisTree;
import org.jumbocap.tree.FrameTree;

/**
 * Reads and dissects the selected frame on its own thread. Only the newest request is delivered: a user
 * running down the list with the arrow key does not queue up a dissection per row passed.
 */
public final class DetailLoader implements AutoCloseable {
    private final CaptureBackend backend;
    private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jumbocap-detail");
        t.setDaemon(true);
        return t;
    });
    private final AtomicLong generation = new AtomicLong();
    /** On the loader's thread only. */
    private final TcpStreamReplay replay;

    public DetailLoader(CaptureBackend backend) {
        this.backend = backend;
        this.replay = new TcpStreamReplay(backend);
    }

    /** Forgets any request in flight. */
    public void clear() {
        generation.incrementAndGet();
    }

    /**
     * @param previousNanos timestamp of the frame before, for the delta time
     * @param onLoaded      called on the UI thread with the detail
     * @param onError       called on the UI thread with a one-line message
     */
    public void load(FrameStore store, PacketRow row, long firstNanos, long previousNanos,
                     Consumer<FrameDetail> onLoaded, Consumer<String> onError) {
        long ticket = generation.incrementAndGet();
        executor.execute(() -> {
            if (generation.get() != ticket) {
                return;
            }
            try {
                FrameRecord frame = store.read(row);
                if (generation.get() != ticket) {
                    return;
                }
                // the TCP analysis subtree and the payload as reassembly planned it, as `read -V` shows them
                TcpAnalysis analysis = replay.analysisOf(store, row.rowStore(), row.index());
                // a datagram has no stream to follow: its plan (QUIC's connection ids) is the listing pass's
                SegmentPlan plan = analysis != null ? analysis.segmentPlan
                        : store.segmentPlans().knows(row.index()) ? store.segmentPlans().get(row.index()) : null;
                FrameTree tree = backend.dissect(frame, firstNanos, previousNanos, plan);
                if (analysis != null) {
                    TcpAnalysisTree.addTo(tree, analysis);
                }
                // a query's response frame, from the listing that saw every frame (tshark shows it after -2)
                row.rowStore().dnsResponses().addTo(tree, row.number());
                FrameDetail detail = new FrameDetail(row, frame, tree);
                Platform.runLater(() -> {
                    if (generation.get() == ticket) {
                        onLoaded.accept(detail);
                    }
                });
            } catch (Exception | StackOverflowError e) {
                String message = "Frame " + row.number() + ": " + e.getMessage();
                Platform.runLater(() -> {
                    if (generation.get() == ticket) {
                        onError.accept(message);
                    }
                });
            }
        });
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
