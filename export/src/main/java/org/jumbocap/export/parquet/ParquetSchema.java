package org.jumbocap.export.parquet;

import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

import org.jumbocap.export.ExportColumn;

/** The Parquet message type of the {@link ExportColumn} schema; lists use the standard three-level form. */
public final class ParquetSchema {
    /** The message type's name. */
    public static final String NAME = "jumbocap_frame";
    /** The inner names of the standard LIST form (Parquet's LogicalTypes.md). */
    static final String LIST = "list";
    static final String ELEMENT = "element";

    private static final MessageType SCHEMA = build();

    private ParquetSchema() {
    }

    public static MessageType schema() {
        return SCHEMA;
    }

    private static MessageType build() {
        Types.MessageTypeBuilder message = Types.buildMessage();
        for (ExportColumn c : ExportColumn.all()) {
            message.addField(type(c));
        }
        return message.named(NAME);
    }

    private static Type type(ExportColumn c) {
        Repetition repetition = c.nullable() ? Repetition.OPTIONAL : Repetition.REQUIRED;
        return switch (c.type()) {
            case STRING -> Types.primitive(PrimitiveTypeName.BINARY, repetition)
                    .as(LogicalTypeAnnotation.stringType()).named(c.columnName());
            case INT32 -> Types.primitive(PrimitiveTypeName.INT32, repetition).named(c.columnName());
            case INT64 -> Types.primitive(PrimitiveTypeName.INT64, repetition).named(c.columnName());
            case BOOLEAN -> Types.primitive(PrimitiveTypeName.BOOLEAN, repetition).named(c.columnName());
            case TIMESTAMP_MICROS -> Types.primitive(PrimitiveTypeName.INT64, repetition)
                    .as(LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MICROS))
                    .named(c.columnName());
            case STRING_LIST -> Types.buildGroup(repetition).as(LogicalTypeAnnotation.listType())
                    .addField(Types.repeatedGroup()
                            .addField(Types.required(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
                                    .named(ELEMENT))
                            .named(LIST))
                    .named(c.columnName());
        };
    }

}
