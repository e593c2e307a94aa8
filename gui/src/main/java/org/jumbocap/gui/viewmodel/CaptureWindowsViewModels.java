package org.jumbocap.gui.viewmodel;

import java.util.function.BooleanSupplier;
import org.jumbocap.gui.model.CaptureProperties;
import org.jumbocap.gui.model.ExpertInformation;
import org.jumbocap.gui.service.FrameSelection;
import org.jumbocap.gui.service.WindowScans;
import org.jumbocap.stats.ProtocolHierarchy;

/** The view models of the Expert Information, Protocol Hierarchy and Capture File Properties windows. */
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
}
