package org.jumbocap.gui.viewmodel;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import org.jumbocap.gui.service.FrameSelection;
import org.jumbocap.gui.service.TrafficScan;

/**
 * State of the Conversations and Endpoints windows, which share one count: the tables over every frame
 * or (limit to display filter) the frames shown, recounted in the background when the limit is switched
 * or, while limited, another display filter is applied. Properties change on the UI thread only.
 */
public final class TrafficTablesViewModel extends CaptureScanViewModel<TrafficScan.Result> {
    /** Its own thread, so the tables count beside the other windows' counts. */
    private static final ExecutorService WORKER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jumbocap-traffic");
        t.setDaemon(true);
        return t;
    });

    public TrafficTablesViewModel(CaptureViewModel capture) {
        super(capture, WORKER);
    }

    @Override
    protected TrafficScan.Result count(CaptureViewModel capture, FrameSelection selection, BooleanSupplier cancelled)
            throws Exception {
        return TrafficScan.over(capture.backend(), selection, cancelled);
    }

    @Override
    protected String describe(TrafficScan.Result r, FrameSelection selection) {
        return CaptureViewModel.frames(r.frames()) + (r.filter().isEmpty() ? "" : " shown by " + r.filter());
    }
}
