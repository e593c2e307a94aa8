package org.jumbocap.cli.engine;

import org.jumbocap.fast.FastSummary;
import org.jumbocap.filter.CompiledFilter;
import org.jumbocap.filter.DisplayFilter;
import org.jumbocap.tree.FrameTree;

/** Compiles {@code -Y} display filters. */
public final class Filters {
    private Filters() {
    }

    /**
     * @return null for no filter (null or blank text)
     * @throws org.jumbocap.filter.FilterSyntaxException (an IllegalArgumentException) with the column
     */
    public static FrameFilter compile(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        CompiledFilter f = DisplayFilter.compile(text);
        boolean fast = f.canUseFastPath();
        return new FrameFilter() {
            @Override
            public boolean canUseFastPath() {
                return fast;
            }

            @Override
            public boolean matches(FastSummary summary) {
                return f.matches(summary);
            }

            @Override
            public boolean matches(FrameTree tree) {
                return f.matches(tree);
            }

            @Override
            public String toString() {
                return f.text();
            }
        };
    }
}
