package org.jumbocap.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Paths;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.jumbocap.displayfilter.DisplayFilter;
import org.jumbocap.export.FrameRow;
import org.jumbocap.export.FrameRowReader;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.files.CaptureFiles;

/**
 * Reads one capture file on an executor through the core's {@link FrameRowReader}, in constant memory. A
 * local file is memory-mapped; any other file system's file (HDFS, S3, ...) is streamed through Hadoop's
 * {@code FileSystem} with the executor's default configuration. A cut or malformed file fails the task
 * with jumbocap's one-line error, or, when skipping, ends the partition after its good rows.
 */
final class CapturePartitionReader implements PartitionReader<InternalRow> {
    private final String path;
    private final boolean skipCorrupt;
    private final FrameRowReader reader;
    private final FrameRow row = new FrameRow();
    private InternalRow current;
    private long corruptFiles;

    CapturePartitionReader(String path, String displayFilter, boolean verifyChecksums, boolean skipCorrupt) {
        this.path = path;
        this.skipCorrupt = skipCorrupt;
        FrameRowReader opened = null;
        try {
            opened = new FrameRowReader(open(path), path,
                    displayFilter == null ? null : DisplayFilter.compile(displayFilter), verifyChecksums);
        } catch (IOException e) {
            if (!skipCorrupt) {
                throw new UncheckedIOException("jumbocap: " + message(e), e);
            }
            corruptFiles = 1;
        }
        this.reader = opened;
    }

    private static CaptureReader open(String path) throws IOException {
        URI uri = URI.create(path);
        if (uri.getScheme() == null || uri.getScheme().equals("file")) {
            return CaptureFiles.open(uri.getScheme() == null ? Paths.get(path) : Paths.get(uri));
        }
        Path p = new Path(uri);
        InputStream in = p.getFileSystem(new Configuration()).open(p);
        return CaptureFiles.open(in, path);
    }

    private String message(IOException e) {
        String m = e.getMessage();
        return m != null && m.contains(path) ? m : path + ": " + (m != null ? m : e.toString());
    }

    @Override
    public boolean next() throws IOException {
        if (reader == null) {
            return false;
        }
        try {
            if (!reader.next(row)) {
                return false;
            }
        } catch (IOException e) {
            if (skipCorrupt) {
                corruptFiles = 1;
                return false;
            }
            throw new IOException("jumbocap: " + message(e), e);
        }
        current = SparkSchema.toInternalRow(row);
        return true;
    }

    @Override
    public InternalRow get() {
        return current;
    }

    @Override
    public CustomTaskMetric[] currentMetricsValues() {
        return new CustomTaskMetric[] {CorruptFilesMetric.value(corruptFiles)};
    }

    @Override
    public void close() throws IOException {
        if (reader != null) {
            reader.close();
        }
    }
}
