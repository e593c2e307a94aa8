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
    public static final class Experts extends CaptureScanViewModel<ExpertInformation> {
        public Experts(CaptureViewModel capture) {
            super(capture);
        }

        @Override
        protected ExpertInformation count(CaptureViewModel capture, FrameSelection selection, BooleanSupplier cancelled)
                throws Exception {
            return WindowScans.experts(capture.backend(), selection, cancelled);
        }
    }

    /** Protocol Hierarchy Statistics. */
    public static final class Hierarchy extends CaptureScanViewModel<ProtocolHierarchy> {
        public Hierarchy(CaptureViewModel capture) {
            super(capture);
        }

        @Override
        protected ProtocolHierarchy count(CaptureViewModel capture, FrameSelection selection, BooleanSupplier cancelled)
                throws Exception {
            return WindowScans.protocolHierarchy(capture.backend(), selection, cancelled);
        }
    }

    /** Capture File Properties. */
    public static final class Properties extends CaptureScanViewModel<CaptureProperties> {
        public Properties(CaptureViewModel capture) {
            super(capture);
        }

        @Override
        protected CaptureProperties count(CaptureViewModel capture, FrameSelection selection, BooleanSupplier cancelled)
                throws Exception {
            return WindowScans.properties(capture.backend(), selection, cancelled);
        }
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
