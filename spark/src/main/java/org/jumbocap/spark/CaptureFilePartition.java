package org.jumbocap.spark;

import org.apache.spark.sql.connector.read.InputPartition;

/** One capture file, read whole by one task. */
record CaptureFilePartition(String path) implements InputPartition {
}
