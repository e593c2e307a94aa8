package org.jumbocap.gui.service;

import java.util.ArrayList;
import java.util.List;
import javafx.concurrent.Task;
import org.jumbocap.gui.backend.CaptureBackend;
import org.jumbocap.gui.backend.CaptureBackend.ViewerFilter;
import org.jumbocap.gui.model.ColouringRule;
import org.jumbocap.gui.model.RowColours;
import org.jumbocap.gui.store.FrameStore;

/**
 * Decides the colouring rule of every frame in one pass of the viewer's frame loop ({@link FrameScan}), so
 * each rule's filter is decided exactly as the filter bar decides it, TCP analysis included: first enabled
 * rule that passes wins. A rule whose filter does not compile colours nothing (the editor refuses such
 * filters; a hand-edited settings file may still hold one).
 */
public final class ColouringScan extends Task<RowColours> {
    /** Rule positions are kept in one byte per frame. */
    public static final int MAX_RULES = 255;

    private final CaptureBackend backend;
    private final FrameStore store;
    private final List<ColouringRule> rules;
    private final int count;

    public ColouringScan(CaptureBackend backend, FrameStore store, List<ColouringRule> rules, int count) {
        this.backend = backend;
        this.store = store;
        this.rules = List.copyOf(rules);
        this.count = count;
    }

    @Override
    protected RowColours call() throws Exception {
        return over(backend, store, rules, count, this::isCancelled);
    }

    /** The colours of the first {@code count} frames; stops early (the rest plain) when cancelled. */
    public static RowColours over(CaptureBackend backend, FrameStore store, List<ColouringRule> rules, int count,
                                  java.util.function.BooleanSupplier cancelled) throws java.io.IOException {
        Compiled compiled = Compiled.of(backend, rules);
        byte[] ruleByIndex = new byte[Math.max(0, count)];
        if (!compiled.filters.isEmpty() && count > 0) {
            FrameScan.all(backend, store, count, cancelled, (index, frame) -> ruleByIndex[index] = (byte) compiled.ruleOf(frame));
        }
        return new RowColours(compiled.used, ruleByIndex);
    }

    /** The enabled rules whose filters compile, with their filters, in the order they are tried. */
    public static final class Compiled {
        private final List<ColouringRule> used = new ArrayList<>();
        private final List<ViewerFilter> filters = new ArrayList<>();

        public static Compiled of(CaptureBackend backend, List<ColouringRule> rules) {
            Compiled c = new Compiled();
            for (ColouringRule rule : rules) {
                if (!rule.enabled() || rule.filter().isEmpty() || c.used.size() == MAX_RULES) {
                    continue;
                }
                try {
                    c.filters.add(backend.compileFilter(rule.filter()));
                    c.used.add(rule);
                } catch (org.jumbocap.displayfilter.FilterSyntaxException invalid) {
                    // colours nothing, as an empty rule would
                }
            }
            return c;
        }

        /** The rules tried, for {@link RowColours}. */
        public List<ColouringRule> used() {
            return used;
        }

        /** The position plus one of the first rule whose filter the frame passes, as the filter bar decides it; 0 for none. */
        public int ruleOf(CaptureBackend.FrameStep frame) {
            for (int r = 0; r < filters.size(); r++) {
                if (frame.passes(filters.get(r))) {
                    return r + 1;
                }
            }
            return 0;
        }
    }
}
