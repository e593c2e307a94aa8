package org.jumbocap.spark;

import java.util.EnumSet;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** The capture files of one {@code load}, readable in batch. */
final class CaptureTable implements SupportsRead {
    private final ScanOptions options;

    CaptureTable(ScanOptions options) {
        this.options = options;
    }

    @Override
    public String name() {
        return "jumbocap " + String.join(",", options.paths());
    }

    @Override
    public StructType schema() {
        return SparkSchema.schema();
    }

    @Override
    public Set<TableCapability> capabilities() {
        return EnumSet.of(TableCapability.BATCH_READ);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap ignored) {
        return new CaptureScanBuilder(options);
    }
}
