package org.jumbocap.export;

/** How an export column's values are stored; every writer maps each type to its own once. */
public enum ColumnType {
    /** UTF-8 text. */
    STRING,
    /** Signed 32-bit integer. */
    INT32,
    /** Signed 64-bit integer. */
    INT64,
    BOOLEAN,
    /** Microseconds since the Unix epoch, UTC (a timestamp to Parquet, DuckDB and Spark). */
    TIMESTAMP_MICROS,
    /** A list of texts (never null inside). */
    STRING_LIST
}
