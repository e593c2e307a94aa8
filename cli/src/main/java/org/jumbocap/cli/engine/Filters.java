package org.jumbocap.cli.engine;

import org.jumbocap.displayfilter.DisplayFilter;

/** Compiles {@code -Y} display filters. */
public final class Filters {
    private Filters() {
    }

    /**
     * @return null for no filter (null or blank text)
     * @throws org.jumbocap.displayfilter.FilterSyntaxException (an IllegalArgumentException) with the column
     */
    public static FrameFilter compile(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        return new FrameFilter(DisplayFilter.compile(text));
    }
}
