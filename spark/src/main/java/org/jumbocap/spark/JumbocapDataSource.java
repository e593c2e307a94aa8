package org.jumbocap.spark;

import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * {@code spark.read.format("jumbocap").load(paths)}: pcap and pcapng files (gzip-compressed too) as a table
 * with one row per frame in the export schema, dissected on the executors by the jumbocap core, one
 * partition per file. Options: {@code displayFilter} (a {@code -Y} display filter applied while reading),
 * {@code verifyChecksums} (default true), {@code onCorruptFile} ({@code fail}, the default, fails the file's
 * task with jumbocap's one-line error; {@code skip} keeps the file's good rows and counts the file in the
 * scan's {@code corruptCaptureFiles} metric).
 */
public final class JumbocapDataSource implements TableProvider, DataSourceRegister {
    /** The name {@code format()} takes. */
    public static final String SHORT_NAME = "jumbocap";

    @Override
    public String shortName() {
        return SHORT_NAME;
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return SparkSchema.schema();
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return new CaptureTable(ScanOptions.of(properties));
    }
}
