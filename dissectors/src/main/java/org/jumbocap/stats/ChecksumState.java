package org.jumbocap.stats;

import java.util.Locale;

/** What a transport checksum turned out to be, as the dissector's {@code checksum.status} field says. */
public enum ChecksumState {
    GOOD,
    BAD,
    /** Left for the NIC to fill (a partial or zero checksum on a GSO/GRO super-packet). */
    OFFLOADED,
    /** Not verified: verification disabled, the bytes were not all captured, or no status field. */
    NOT_CHECKED;

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /**
     * Reads a status from the value's display name ("Good", "Bad", "Offloaded"...), falling back on
     * Wireshark's numbering (0 bad, 1 good, 2 unverified) when the field names no values.
     */
    static ChecksumState of(String valueName, long value) {
        if (valueName != null) {
            String n = valueName.toLowerCase(Locale.ROOT);
            if (n.contains("offload") || n.contains("partial")) {
                return OFFLOADED;
            }
            if (n.contains("bad") || n.contains("incorrect")) {
                return BAD;
            }
            if (n.contains("good") || n.contains("correct")) {
                return GOOD;
            }
            return NOT_CHECKED;
        }
        if (value == 0) {
            return BAD;
        }
        return value == 1 ? GOOD : NOT_CHECKED;
    }
}
