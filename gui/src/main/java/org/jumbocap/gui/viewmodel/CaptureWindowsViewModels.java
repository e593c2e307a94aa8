package org.jumbocap.gui.viewmodel;

import java.util.function.BooleanSupplier;
import org.jumbocap.gui.model.CaptureProperties;
import org.jumbocap.gui.model.ExpertInformation;
import org.jumbocap.gui.model.TcpStreamGraph;
import org.jumbocap.gui.service.FrameSelection;
import org.jumbocap.gui.service.TcpStreamGraphScan;
import org.jumbocap.gui.service.WindowScans;
import org.jumbocap.stats.ProtocolHierarchy;

/** The view models of the Expert Information, Protocol Hierarchy, Capture File Properties and TCP Stream Graph windows. */
public final class CaptureWindowsViewModels {
    private CaptureWindowsViewModels() {
    }

    /** Expert Information: every finding, by severity. */
    public static CaptureScanViewModel<ExpertInformation> experts(CaptureViewModel capture) {
        return CaptureScanViewModel.of(capture, (c, selection, cancelled) -> WindowScans.experts(c.backend(), selection, cancelled));
    }

    /** Protocol Hierarchy Statistics. */
    public static CaptureScanViewModel<ProtocolHierarchy> hierarchy(CaptureViewModel capture) {
        return CaptureScanViewModel.of(capture,
                (c, selection, cancelled) -> WindowScans.protocolHierarchy(c.backend(), selection, cancelled));
    }

    /** Capture File Properties. */
    public static CaptureScanViewModel<CaptureProperties> properties(CaptureViewModel capture) {
        return CaptureScanViewModel.of(capture, (c, selection, cancelled) -> WindowScans.properties(c.backend(), selection, cancelled));
    }

    /** TCP Stream Graphs: the data segments of one stream, the one chosen last. */
    public static final class StreamGraph extends CaptureScanViewModel<TcpStreamGraph> {
        private long stream = -1;

        public StreamGraph(CaptureViewModel capture) {
            super(capture);
        }

        /** The stream to draw from the next count on. */
        public void setStream(long stream) {
            this.stream = stream;
        }

        @Override
        protected TcpStreamGraph count(CaptureViewModel capture, FrameSelection selection, BooleanSupplier cancelled)
                throws Exception {
            return TcpStreamGraphScan.over(capture.backend(), selection.store(), stream, selection.firstNanos(), cancelled);
        }

        @Override
        protected String describe(TcpStreamGraph result, FrameSelection selection) {
            return String.format(java.util.Locale.ROOT, "TCP stream %d, %s: %,d data segments, %,d bytes", result.stream(),
                    result.sender(), result.segments().size(), result.bytes());
        }
    }
}
