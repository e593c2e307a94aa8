package org.jumbocap.spark;

import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.jumbocap.export.ColumnType;
import org.jumbocap.export.ExportColumn;
import org.jumbocap.export.FrameRow;

/** The export schema ({@link ExportColumn}) as a Spark struct, and a {@link FrameRow} as Spark's internal row. */
final class SparkSchema {
    private static final List<ExportColumn> COLUMNS = ExportColumn.all();
    private static final StructType SCHEMA = build();

    private SparkSchema() {
    }

    static StructType schema() {
        return SCHEMA;
    }

    private static StructType build() {
        StructField[] fields = new StructField[COLUMNS.size()];
        for (ExportColumn c : COLUMNS) {
            Metadata comment = new MetadataBuilder().putString("comment", c.description()).build();
            fields[c.ordinal()] = new StructField(c.columnName(), type(c.type()), c.nullable(), comment);
        }
        return new StructType(fields);
    }

    static DataType type(ColumnType t) {
        return switch (t) {
            case STRING -> DataTypes.StringType;
            case INT32 -> DataTypes.IntegerType;
            case INT64 -> DataTypes.LongType;
            case BOOLEAN -> DataTypes.BooleanType;
            // Spark's timestamp is microseconds since the epoch, UTC: the column's own unit
            case TIMESTAMP_MICROS -> DataTypes.TimestampType;
            case STRING_LIST -> DataTypes.createArrayType(DataTypes.StringType, false);
        };
    }

    /** A new internal row with the row's values (Spark may keep it, so nothing is reused). */
    static InternalRow toInternalRow(FrameRow row) {
        Object[] values = new Object[COLUMNS.size()];
        for (ExportColumn c : COLUMNS) {
            if (row.isNull(c)) {
                continue;
            }
            values[c.ordinal()] = switch (c.type()) {
                case STRING -> UTF8String.fromString(row.getString(c));
                case INT32 -> row.getInt(c);
                case INT64, TIMESTAMP_MICROS -> row.getLong(c);
                case BOOLEAN -> row.getBoolean(c);
                case STRING_LIST -> {
                    Object[] items = new Object[row.listSize(c)];
                    for (int i = 0; i < items.length; i++) {
                        items[i] = UTF8String.fromString(row.listItem(c, i));
                    }
                    yield new GenericArrayData(items);
                }
            };
        }
        return new GenericInternalRow(values);
    }
}
