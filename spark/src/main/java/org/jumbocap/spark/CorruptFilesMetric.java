package org.jumbocap.spark;

import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/** Capture files that were cut or malformed and, with {@code onCorruptFile=skip}, read only up to the damage. */
public final class CorruptFilesMetric extends CustomSumMetric {
    static final String NAME = "corruptCaptureFiles";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "capture files cut or malformed (good frames kept)";
    }

    /** A task's value of the metric. */
    static CustomTaskMetric value(long files) {
        return new CustomTaskMetric() {
            @Override
            public String name() {
                return NAME;
            }

            @Override
            public long value() {
                return files;
            }
        };
    }
}
