package org.jumbocap.gui.service;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.jumbocap.displayfilter.FilterSyntaxException;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.backend.CaptureBackend.ViewerFilter;
import org.jumbocap.stats.IoIntervals;

/**
 * The I/O graph's lines: frames and bytes per interval of every frame that passes each line's display
 * filter (decided as the filter bar decides it, by the viewer's frame loop, {@link FrameScan}), all lines
 * in one pass over the store. Runs in the background.
 */
public final class IoGraphScan {
    private IoGraphScan() {
    }

    /** A line's filter did not compile; {@code line} counts from 0. */
    public static final class BadLineFilter extends Exception {
        private final int line;

        BadLineFilter(int line, FilterSyntaxException cause) {
            super("line " + (line + 1) + ": " + cause.getMessage(), cause);
            this.line = line;
        }

        public int line() {
            return line;
        }
    }

    /**
     * @param filters one display filter per line; an empty one counts every frame
     * @return one series per line, each as long as the capture's span
     */
    public static List<IoIntervals> over(CaptureBackend backend, FrameSelection selection, long intervalNanos,
                                         List<String> filters, BooleanSupplier cancelled) throws IOException, BadLineFilter {
        int lines = filters.size();
        ViewerFilter[] compiled = new ViewerFilter[lines];
        List<IoIntervals> out = new ArrayList<>(lines);
        for (int i = 0; i < lines; i++) {
            String text = filters.get(i) == null ? "" : filters.get(i).trim();
            if (!text.isEmpty()) {
                try {
                    compiled[i] = backend.compileFilter(text);
                } catch (FilterSyntaxException e) {
                    throw new BadLineFilter(i, e);
                }
            }
            out.add(new IoIntervals(selection.firstNanos(), intervalNanos));
        }
        long first = selection.firstNanos();
        // the viewer's one frame loop, conversations followed: a line decides its filter as the filter bar does
        FrameScan.all(backend, selection.store(), -1, cancelled, (index, frame) -> {
            if (selection.includes(index + 1L)) {
                for (int i = 0; i < lines; i++) {
                    if (compiled[i] == null || frame.passes(compiled[i])) {
                        out.get(i).add(frame.record().timestampNanos(), frame.record().originalLength());
                    }
                }
            }
        });
        long span = Math.max(0, selection.lastNanos() - first);
        int intervals = (int) Math.min(IoIntervals.MAX_INTERVALS, span / intervalNanos + 1);
        for (IoIntervals series : out) {
            series.extendTo(intervals);
        }
        return out;
    }
}
