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
        List<ColouringRule> used = new ArrayList<>();
        List<ViewerFilter> filters = new ArrayList<>();
        for (ColouringRule rule : rules) {
            if (!rule.enabled() || rule.filter().isEmpty() || used.size() == MAX_RULES) {
                continue;
            }
            try {
                filters.add(backend.compileFilter(rule.filter()));
                used.add(rule);
            } catch (org.jumbocap.displayfilter.FilterSyntaxException invalid) {
                // colours nothing, as an empty rule would
            }
        }
        byte[] ruleByIndex = new byte[Math.max(0, count)];
        if (!filters.isEmpty() && count > 0) {
            FrameScan.all(backend, store, count, cancelled, (index, frame) -> {
                for (int r = 0; r < filters.size(); r++) {
                    if (frame.passes(filters.get(r))) {
                        ruleByIndex[index] = (byte) (r + 1);
                        return;
                    }
                }
            });
        }
        return new RowColours(used, ruleByIndex);
    }
}
