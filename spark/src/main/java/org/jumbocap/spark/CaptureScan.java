package org.jumbocap.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.StructType;
import org.jumbocap.displayfilter.DisplayFilter;

/**
 * One partition per capture file. A pcap or pcapng file is not split: records have no sync marker, so a
 * reader starting at an arbitrary byte cannot find the next record boundary safely (a pcap record header
 * is only lengths and a timestamp, which payload bytes can imitate), and pcapng's interface blocks must be
 * read before any packet block. Splitting would need an offset index made by reading the file first.
 */
final class CaptureScan implements Scan, Batch {
    private final ScanOptions options;
    private final String displayFilter;

    CaptureScan(ScanOptions options, String displayFilter) {
        this.options = options;
        this.displayFilter = displayFilter;
        if (displayFilter != null) {
            DisplayFilter.compile(displayFilter); // a bad filter fails the query on the driver, not in every task
        }
    }

    @Override
    public StructType readSchema() {
        return SparkSchema.schema();
    }

    @Override
    public String description() {
        return "jumbocap capture files" + (displayFilter == null ? "" : ", display filter: " + displayFilter);
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        Configuration conf = SparkContext.getOrCreate().hadoopConfiguration();
        List<InputPartition> partitions = new ArrayList<>();
        for (String p : options.paths()) {
            for (String file : expand(new Path(p), conf)) {
                partitions.add(new CaptureFilePartition(file));
            }
        }
        return partitions.toArray(InputPartition[]::new);
    }

    /** A glob or directory as its files (a directory's visible files, not recursively); a file as itself. */
    private static List<String> expand(Path path, Configuration conf) {
        try {
            FileSystem fs = path.getFileSystem(conf);
            FileStatus[] matches = fs.globStatus(path);
            if (matches == null || matches.length == 0) {
                throw new IllegalArgumentException("jumbocap: " + path + ": no such file");
            }
            // a path given without a scheme stays one in the file column, as the export command names it
            boolean plain = path.toUri().getScheme() == null && "file".equals(fs.getUri().getScheme());
            List<String> files = new ArrayList<>();
            for (FileStatus m : matches) {
                if (m.isDirectory()) {
                    for (FileStatus child : fs.listStatus(m.getPath())) {
                        String name = child.getPath().getName();
                        if (child.isFile() && !name.startsWith(".") && !name.startsWith("_")) {
                            files.add(name(child.getPath(), plain));
                        }
                    }
                } else {
                    files.add(name(m.getPath(), plain));
                }
            }
            files.sort(null);
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException("jumbocap: " + path + ": " + e.getMessage(), e);
        }
    }

    private static String name(Path file, boolean plain) {
        return plain ? file.toUri().getPath() : file.toString();
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return new CaptureReaderFactory(options, displayFilter);
    }

    @Override
    public CustomMetric[] supportedCustomMetrics() {
        return new CustomMetric[] {new CorruptFilesMetric()};
    }
}
