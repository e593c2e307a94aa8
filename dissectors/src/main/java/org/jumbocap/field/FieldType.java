package org.jumbocap.field;

/** Value type of a field; decides how the filter engine compares it and how it prints. */
public enum FieldType {
    /** A protocol layer: presence only. */
    PROTOCOL,
    /** A label without a value (subtree heads, notes). */
    NONE,
    BOOLEAN,
    UINT8,
    UINT16,
    UINT24,
    UINT32,
    UINT64,
    INT32,
    /** Seconds as a double (relative times, deltas). */
    DOUBLE,
    /** Absolute time, nanoseconds since the epoch, as a long. */
    TIMESTAMP,
    /** 4 bytes. */
    IPV4,
    /** 16 bytes. */
    IPV6,
    /** 6 bytes. */
    ETHER,
    BYTES,
    STRING;

    public boolean isInteger() {
        return this == BOOLEAN || this == UINT8 || this == UINT16 || this == UINT24 || this == UINT32
                || this == UINT64 || this == INT32;
    }

    public boolean isAddress() {
        return this == IPV4 || this == IPV6 || this == ETHER;
    }
}
