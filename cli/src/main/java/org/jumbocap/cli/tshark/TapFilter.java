package org.jumbocap.cli.tshark;

import org.jumbocap.displayfilter.CompiledFilter;
import org.jumbocap.displayfilter.DisplayFilter;
import org.jumbocap.pipeline.FramePipeline;

/**
 * The display filter a {@code -z} report may end with ({@code -z conv,tcp,tcp.port==5201}): decided from
 * the frame's summary when it can, else from its tree, as {@code -Y} is.
 */
final class TapFilter {
    private final CompiledFilter filter;

    private TapFilter(CompiledFilter filter) {
        this.filter = filter;
    }

    /** Null text or blank: every frame. */
    static TapFilter of(String text) {
        return new TapFilter(text == null || text.isBlank() ? null : DisplayFilter.compile(text));
    }

    boolean passes(FramePipeline frame) {
        if (filter == null) {
            return true;
        }
        if (filter.canDecide(frame.summary(), frame.tcpAnalysis())) {
            return filter.matches(frame.summary(), frame.tcpAnalysis());
        }
        return filter.matches(frame.tree());
    }

    /** tshark's "Filter:" line: the text, or {@code <No Filter>}. */
    String label() {
        return filter == null ? "<No Filter>" : filter.text();
    }
}
