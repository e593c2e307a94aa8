package org.jumbocap.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownFilters;
import org.apache.spark.sql.sources.Filter;

/** Takes Spark's filters the core can apply while reading ({@link FilterTranslation}). */
final class CaptureScanBuilder implements ScanBuilder, SupportsPushDownFilters {
    private final ScanOptions options;
    private Filter[] pushed = new Filter[0];
    private String pushedFilter;

    CaptureScanBuilder(ScanOptions options) {
        this.options = options;
    }

    @Override
    public Filter[] pushFilters(Filter[] filters) {
        List<Filter> taken = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (Filter f : filters) {
            String text = FilterTranslation.of(f);
            if (text != null) {
                taken.add(f);
                texts.add("(" + text + ")");
            }
        }
        pushed = taken.toArray(Filter[]::new);
        pushedFilter = texts.isEmpty() ? null : String.join(" && ", texts);
        // every filter is still applied by Spark: a translation may pass more rows than the filter
        return filters;
    }

    @Override
    public Filter[] pushedFilters() {
        return pushed;
    }

    @Override
    public Scan build() {
        String filter = options.displayFilter();
        if (pushedFilter != null) {
            filter = filter == null ? pushedFilter : "(" + filter + ") && " + pushedFilter;
        }
        return new CaptureScan(options, filter);
    }
}
