package org.jumbocap.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;

/** Shipped to the executors: makes the reader of each file's partition. */
final class CaptureReaderFactory implements PartitionReaderFactory {
    private final ScanOptions options;
    private final String displayFilter;

    CaptureReaderFactory(ScanOptions options, String displayFilter) {
        this.options = options;
        this.displayFilter = displayFilter;
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        return new CapturePartitionReader(((CaptureFilePartition) partition).path(), displayFilter,
                options.verifyChecksums(), options.skipCorruptFiles());
    }
}
